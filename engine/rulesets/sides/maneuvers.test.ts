import { describe, expect, it } from 'vitest';
import type { Command } from '../../core/commands';
import type { Encounter } from '../../encounter/encounter';
import { openPrompt } from '../../encounter/prompts';
import { combatantNamed, ENEMIES, idOf, refuse, run, stepWithDice } from '../../test-support';
import { MORTALLY_INJURED, UNCONSCIOUS } from './health';
import { addS, finalEvent, firstEvent, newSides, startWith, SWORD, takeTurn, weaponId } from './testing';
import type { SidesCommand } from './commands';

const DAGGER = { name: 'Dagger', kind: 'weapon', damage: '1d4', attribute: 'either', skill: 'stab', use: 'melee', shock: 1, shockAc: 15 };
const BOW = { name: 'Bow', kind: 'weapon', damage: '1d6', attribute: 'dex', skill: 'shoot', use: 'ranged-two', range: 50, longRange: 100, reload: 'bow' };
const CROSSBOW = { ...BOW, name: 'Crossbow', damage: '1d10', reload: 'crossbow' };
const CLUB = { ...SWORD, name: 'Club', nonLethal: true };
const hp = (e: Encounter, name: string) => combatantNamed(e, name).tracks.hp?.value;

function ready(ann: Parameters<typeof addS>[1] = {}): Encounter {
  // Ann's side first; her turn taken.
  const e = run(newSides(), addS('Ann', { gear: [SWORD, DAGGER, BOW, CROSSBOW, CLUB], ...ann }), addS('Orc', { factionId: ENEMIES, hp: 20 }));
  return takeTurn(startWith(e, [8, 1]), 'Ann');
}

describe('dual wielding', () => {
  // "at least level 1 in the relevant weapon skills … On a hit, the weapon does +2 damage so long
  // as the target is within range of both wielded weapons. This bonus does not add to Shock. …
  // applies a -1 penalty to all attack rolls."
  it('is −1 to hit and +2 damage on a hit, and needs the skills', () => {
    let e = ready({ stab: 1 });
    const cmd = { type: 'sides/attack', attackerId: idOf(e, 'Ann'), targetId: idOf(e, 'Orc'), weaponId: weaponId(e, 'Ann', 'Sword'), offhandId: weaponId(e, 'Ann', 'Dagger'), dice: { attack: 12, damage: [5] } } satisfies SidesCommand;
    e = run(e, cmd);
    const attacked = firstEvent(e, 'sides/attacked');
    expect(attacked.modifiers).toEqual([{ label: 'Dual wielding', amount: -1 }]);
    expect(attacked.total).toBe(12);
    e = run(e, { type: 'answer-prompt', promptId: openPrompt(e.state)?.id ?? '', answer: { respond: 'land' } });
    expect(hp(e, 'Orc')).toBe(13);
    // Marked as dual wielding, every attack takes the −1, a snap attack's too.
    const marked = run(ready({ stab: 1, traits: ['dualWield'] }), { type: 'end-turn' });
    const snap = run(marked, { type: 'sides/attack', attackerId: idOf(marked, 'Ann'), targetId: idOf(marked, 'Orc'), weaponId: weaponId(marked, 'Ann', 'Sword'), way: 'snap', dice: { attack: 12 } } satisfies SidesCommand);
    expect(firstEvent(snap, 'sides/attacked').modifiers).toEqual([{ label: 'Snap attack', amount: -4 }, { label: 'Dual wielding', amount: -1 }]);
    const unskilled = ready();
    expect(refuse(unskilled, { ...cmd, attackerId: idOf(unskilled, 'Ann') } as Command).message).toBe('Dual wielding takes at least level 1 in each weapon\'s skill; Ann has stab 0.');
  });
});

describe('execution attacks', () => {
  const execute = (e: Encounter, weapon: string, dice: object, more: object = {}): Command =>
    ({ type: 'sides/execute', attackerId: idOf(e, 'Ann'), targetId: idOf(e, 'Orc'), weaponId: weaponId(e, 'Ann', weapon), unsuspecting: true, dice, ...more }) satisfies SidesCommand;

  it('needs a target entirely unsuspecting', () => {
    const e = ready();
    expect(refuse(e, { ...execute(e, 'Sword', {}), unsuspecting: false } as Command).code).toBe('sides/suspecting');
  });

  it('hits in melee; a failed Physical save (less the combat skill) is 0 HP and Mortally Injured', () => {
    // Save 15; Stab 2: 16 − 2 = 14 fails.
    const e = run(ready({ stab: 2 }), execute(ready({ stab: 2 }), 'Sword', { save: 16 }));
    expect(hp(e, 'Orc')).toBe(0);
    expect(combatantNamed(e, 'Orc').marks).toContain(MORTALLY_INJURED);
  });

  it('knocks out instead with a non-lethal weapon, and a saved one still takes maximum damage', () => {
    const out = run(ready(), execute(ready(), 'Club', { save: 3 }));
    expect(combatantNamed(out, 'Orc').marks).toContain(UNCONSCIOUS);
    const saved = run(ready({ str: 1 }), execute(ready({ str: 1 }), 'Sword', { save: 18 }));
    // 1d8's 8 + STR 1.
    expect(hp(saved, 'Orc')).toBe(11);
  });

  it('takes the Main action in a running fight, as the attack it is', () => {
    // "If this time is granted, the assassin may make a melee attack" — a melee attack is a Main action.
    const e = run(ready(), execute(ready(), 'Sword', { save: 20 }));
    expect(e.events.some((x) => x.type === 'action-used' && x.spends === 'main')).toBe(true);
    const again = refuse(e, execute(e, 'Dagger', { save: 20 }));
    expect(again).toMatchObject({ code: 'action/spent' });
    expect(again.message).toMatch(/no Main action left/);
  });

  it('shoots with a DEX/Shoot check that ignores AC: +4 within 10 ft, +2 within normal range', () => {
    // 2d6 5 + 2 (normal range) = 7 against the default 8: wide. Within 10 ft, + 4 = 9: a hit.
    const wide = run(ready(), execute(ready(), 'Bow', { check: [2, 3] }, { within10: false, withinRange: true }));
    expect(hp(wide, 'Orc')).toBe(20);
    const close = run(ready(), execute(ready(), 'Bow', { check: [2, 3], save: 20 }, { within10: true }));
    expect(hp(close, 'Orc')).toBe(14);
  });
});

describe('reloading', () => {
  const reload = (e: Encounter, weapon: string): Command => ({ type: 'sides/reload', combatantId: idOf(e, 'Ann'), weaponId: weaponId(e, 'Ann', weapon) }) satisfies SidesCommand;
  const spent = (e: Encounter) => {
    const last = e.events.at(-1);
    if (last?.type !== 'action-used') throw new Error(`The last event is ${last?.type ?? 'none'}, not an action taken.`);
    return last;
  };

  it('takes a Main for a crossbow, and a bow is free at Shoot-1, a Move without', () => {
    expect(spent(run(ready(), reload(ready(), 'Crossbow'))).spends).toBe('main');
    expect(spent(run(ready({}), reload(ready(), 'Bow'))).spends).toBe('move');
    let skilled = run(ready(), { type: 'set-stat', combatantId: idOf(ready(), 'Ann'), stat: 'shoot', value: 1 });
    expect(spent(run(skilled, reload(skilled, 'Bow'))).spends).toBe('free');
    // The setting that reads the crossbow as a bow.
    skilled = run(skilled, { type: 'set-setting', key: 'crossbowReload', value: 'as-bow' });
    expect(spent(run(skilled, reload(skilled, 'Crossbow'))).spends).toBe('free');
    expect(refuse(ready(), reload(ready(), 'Sword')).message).toBe('Sword needs no reloading.');
  });
});

describe("the GM's checks", () => {
  it('rolls nerve against the score, by the settings', () => {
    const e = ready();
    const held = stepWithDice(e, [3, 4], { type: 'sides/nerve', combatantId: idOf(e, 'Orc') } satisfies SidesCommand).encounter;
    expect(finalEvent(held, 'sides/nerve-checked').holds).toBe(true);
    const broke = stepWithDice(e, [5, 4], { type: 'sides/nerve', combatantId: idOf(e, 'Orc') } satisfies SidesCommand).encounter;
    expect(finalEvent(broke, 'sides/nerve-checked').holds).toBe(false);
  });

  it('rolls the opposed check of a stealthy approach against WIS/Notice', () => {
    const e = run(newSides(), addS('Ann', { dex: 1 }), addS('Orc', { factionId: ENEMIES }));
    const checked = run(e, { type: 'sides/surprise-check', sneakerId: idOf(e, 'Ann'), noticerId: idOf(e, 'Orc'), approach: 'sneak', dice: { attacker: [4, 4], defender: [3, 3] } } satisfies SidesCommand);
    expect(finalEvent(checked, 'sides/surprise-checked').contest.attackerWins).toBe(true);
  });
});

describe("the GM's weapons for a character", () => {
  it('keeps the ids of weapons named by id and gives new ones fresh ids; a bad weapon is refused', () => {
    const e = ready();
    const sword = weaponId(e, 'Ann', 'Sword');
    const set = run(e, { type: 'sides/set-gear', combatantId: idOf(e, 'Ann'), gear: [{ id: sword, ...SWORD }, { name: 'Axe', kind: 'weapon', damage: '1d8' }] } satisfies SidesCommand);
    const gear = (combatantNamed(set, 'Ann').rules as { gear: { id: string; name: string }[] }).gear;
    expect(gear.map((w) => w.name)).toEqual(['Sword', 'Axe']);
    expect(gear[0]?.id).toBe(sword);
    expect(gear[1]?.id).not.toBe(sword);
    expect(refuse(e, { type: 'sides/set-gear', combatantId: idOf(e, 'Ann'), gear: [{ name: 'Bow', kind: 'weapon', use: 'thrown', range: 60, longRange: 30 }] }).message).toBe("Bow: its long range can't be shorter than its normal range.");
  });
});
