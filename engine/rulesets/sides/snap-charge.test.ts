import { describe, expect, it } from 'vitest';
import type { Command } from '../../core/commands';
import type { Encounter } from '../../encounter/encounter';
import { openPrompt } from '../../encounter/prompts';
import { statOf } from '../../core/effects';
import { drawnMap } from '../../testing/grids';
import { combatantNamed, ENEMIES, idOf, refuse, run, stepWithDice } from '../../test-support';
import { SIDES_ACTIONS } from './economy';
import { addS, eventsOf, firstEvent, newSides, startWith, SWORD, takeTurn, weaponId } from './testing';
import type { SidesCommand } from './commands';
import type { AttackWay } from './plan';

const hp = (e: Encounter, name: string) => combatantNamed(e, name).tracks.hp?.value;
const attack = (e: Encounter, who: string, target: string, d20: number, way: AttackWay = 'attack'): Command =>
  ({ type: 'sides/attack', attackerId: idOf(e, who), targetId: idOf(e, target), weaponId: weaponId(e, who, 'Sword'), way, dice: { attack: d20 } }) satisfies SidesCommand;
const answer = (e: Encounter, respond: Record<string, unknown>): Command => ({ type: 'answer-prompt', promptId: openPrompt(e.state)?.id ?? '', answer: respond }) as Command;

function fight(): Encounter {
  const e = run(newSides(), addS('Ann', { gear: [SWORD], attack: 2 }), addS('Orc', { factionId: ENEMIES, hp: 3, gear: [SWORD], attack: 1 }), addS('Goblin', { factionId: ENEMIES, hp: 5, gear: [SWORD] }));
  // The party (8, adding its best DEX modifier, 0) goes before the enemies (1).
  return startWith(e, [8, 1]);
}

describe('snap attacks', () => {
  it('can strike down a foe who has hit before the damage lands, and the damage never comes', () => {
    // Ann's turn passes without her Main spent.
    let e = run(takeTurn(fight(), 'Ann'), { type: 'end-turn' });
    // Ann spent nothing: her Main is unspent, so she may snap-attack as the Orc's blow waits.
    e = run(takeTurn(e, 'Orc'), attack(e, 'Orc', 'Ann', 15));
    const labels = openPrompt(e.state)?.choices.map((c) => c.label);
    expect(labels).toContain('Ann snap-attacks Orc with Sword (−4)');
    // Her snap attack: 14 + 2 − 4 = 12 against AC 10 hits; the d8 shows 5: the Orc drops.
    e = stepWithDice(e, [14, 5], answer(e, { respond: 'snap', by: idOf(e, 'Ann') })).encounter;
    expect(hp(e, 'Orc')).toBe(0);
    expect(openPrompt(e.state)).toBeNull();
    expect(hp(e, 'Ann')).toBe(10);
    const landed = eventsOf(e, 'sides/blow-landed');
    expect(landed.at(-1)).toMatchObject({ attackerId: idOf(e, 'Orc'), cancelled: true });
    // Her Main is given up: nobody is left to answer the Goblin's hit, which lands at once.
    e = run(e, { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(e, 'Goblin') });
    e = stepWithDice(e, [4], attack(e, 'Goblin', 'Ann', 15)).encounter;
    expect(openPrompt(e.state)).toBeNull();
    expect(hp(e, 'Ann')).toBe(6);
  });

  it('answers from the prompt with a weapon that can strike: not a stowed bow, nor a readied bow in melee, listed first', () => {
    // Snap attack: "either Make a Melee Attack or Make a Ranged Attack at a -4 penalty"; a stowed
    // weapon isn't at hand, and "bows and other two-handed ranged weapons cannot be fired at all"
    // with an enemy in melee range. Ann at A1 carries a bow (stowed, then readied) before her sword; the Orc at B1 hits her.
    const bow = { name: 'Bow', kind: 'weapon', damage: '1d6', attribute: 'dex', skill: 'shoot', use: 'ranged-two', range: 50, longRange: 100 };
    for (const carried of ['stowed', 'readied']) {
      let e = run(newSides(), addS('Ann', { gear: [{ ...bow, carried }, SWORD] }), addS('Orc', { factionId: ENEMIES, hp: 3, gear: [SWORD] }), { type: 'set-grid', mapId: 'm', name: 'Map', map: drawnMap(['....', '....']) });
      e = run(e, { type: 'place-on-grid', combatantId: idOf(e, 'Ann'), x: 0, y: 0 }, { type: 'place-on-grid', combatantId: idOf(e, 'Orc'), x: 1, y: 0 });
      e = run(takeTurn(startWith(e, [1, 8]), 'Orc'), attack(e, 'Orc', 'Ann', 15));
      expect(openPrompt(e.state)?.choices.map((c) => c.label).filter((l) => l.includes('snap'))).toEqual(['Ann snap-attacks Orc with Sword (−4)']);
      // Answered without a weapon named, she strikes with the sword: 16 − 4 = 12 against AC 10 hits, the d8's 5 drops the Orc.
      e = stepWithDice(e, [16, 5], answer(e, { respond: 'snap', by: idOf(e, 'Ann') })).encounter;
      expect(hp(e, 'Orc')).toBe(0);
      expect(hp(e, 'Ann')).toBe(10);
    }
  });

  it('is refused once the Main action is spent, and to an untrained NPC', () => {
    let e = takeTurn(fight(), 'Ann');
    e = run(e, attack(e, 'Ann', 'Goblin', 2));
    if (openPrompt(e.state)) e = run(e, answer(e, { respond: 'land' }));
    e = run(e, { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(e, 'Goblin') });
    expect(refuse(e, attack(e, 'Ann', 'Goblin', 10, 'snap')).message).toBe('Ann has no Main action left for Make a snap attack.');
    expect(refuse(e, attack(e, 'Orc', 'Ann', 10, 'snap')).message).toBe('Only well-trained NPCs can make a snap attack; mark Orc as trained, or rule it.');
  });
});

describe('charge', () => {
  it('takes the Main and the Move, hits at +2, and leaves the charger at −2 AC until the round ends', () => {
    let e = takeTurn(fight(), 'Ann');
    e = run(e, attack(e, 'Ann', 'Goblin', 2, 'charge'));
    const attacked = firstEvent(e, 'sides/attacked');
    expect(attacked.modifiers).toEqual([{ label: 'Charge', amount: 2 }]);
    if (openPrompt(e.state)) e = run(e, answer(e, { respond: 'land' }));
    expect(statOf(combatantNamed(e, 'Ann'), 'ac')).toBe(8);
    expect(refuse(e, { type: 'use-action', combatantId: idOf(e, 'Ann'), actionId: 'run' }).message).toBe("Ann can't run now: no Move action left (only Free and Instant actions left).");
    // Still −2 on the enemies' go, back to 10 as the round ends.
    e = run(e, { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(e, 'Goblin') });
    expect(statOf(combatantNamed(e, 'Ann'), 'ac')).toBe(8);
    e = run(e, { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(e, 'Orc') }, { type: 'end-turn' });
    expect(e.state.round).toBe(2);
    expect(statOf(combatantNamed(e, 'Ann'), 'ac')).toBe(10);
  });
});

describe('the action table', () => {
  it('marks the actions the text says provoke an attack of opportunity, and no others', () => {
    // "Charge Move+Main Yes; Use a Skill Main Yes; Screen an Ally Move Sometimes; Run Move Yes;
    // Pick up an Item Move Yes; Stand Up Move Yes"; every other row: No.
    const provoking = SIDES_ACTIONS.filter((a) => a.provokes !== null).map((a) => a.id);
    expect(provoking).toEqual(['charge', 'skill', 'screen', 'run', 'pick-up', 'stand-up']);
    // The table's Type column; reloading's real cost follows the weapon (`reload.ts`), Main for a crossbow.
    const costs = Object.fromEntries(SIDES_ACTIONS.map((a) => [a.id, a.spends]));
    expect(costs).toMatchObject({ melee: 'main', ranged: 'main', swarm: 'main', charge: 'main-move', skill: 'main', reload: ['main', 'move', 'free'], ready: 'main', disengage: 'main', screen: 'move', run: 'move', 'pick-up': 'move', 'stand-up': 'move', hold: 'move', prone: 'free', 'total-defence': 'instant-main', snap: 'instant-main' });
    expect(SIDES_ACTIONS.find((a) => a.id === 'reload')?.cost).toBe('Main');
  });
});
