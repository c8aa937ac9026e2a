import { describe, expect, it } from 'vitest';
import type { Command } from '../../core/commands';
import type { Encounter } from '../../encounter/encounter';
import { isFailure } from '../../core/checks';
import type { Failure } from '../../result';
import { drawnMap } from '../../testing/grids';
import { combatantNamed, ENEMIES, idOf, refuse, run } from '../../test-support';
import { planSurpriseCheck } from './checks';
import { planExecution } from './execution-plan';
import { planGrapple, planShove } from './maneuver-plan';
import { fightOf } from './fight';
import { planBreakFree, planDrag } from './grapple-plan';
import { planAttack } from './plan';
import { addS, lastEvent, newSides, startWith, SWORD, takeTurn, weaponId } from './testing';
import { hitVerdict } from './verdict';
import type { SidesCommand } from './commands';

// The forms show what these plans say before anything is rolled; each command then rolls with the
// same numbers. Each test reads a plan, then dispatches with dice entered at the plan's edge and
// checks the event used exactly what the plan showed.

const BOW = { name: 'Bow', kind: 'weapon', damage: '1d6', attribute: 'dex', skill: 'shoot', use: 'ranged-two', range: 50, longRange: 100 };
const KNIFE = { name: 'Knife', kind: 'weapon', damage: '1d4', attribute: 'dex', skill: 'stab', use: 'thrown', range: 10, longRange: 30 };

const stat = (e: Encounter, who: string, key: string, value: number): Command => ({ type: 'set-stat', combatantId: idOf(e, who), stat: key, value });
const isUnderProne = (e: Encounter) => combatantNamed(e, 'Orc').conditions.some((k) => k.name === 'Prone');
function ok<T extends object>(x: T | Failure): T {
  if (isFailure(x)) throw new Error(x.message);
  return x;
}

/** Ann (DEX 1, Shoot 1, Stab 2, STR 1, Brawl 1) and an Orc (STR 1, Exert 2), at the squares given on an open map; Ann's turn. */
function field(ann: { x: number; y: number } | null, orc: { x: number; y: number } | null): Encounter {
  let e = run(newSides(), addS('Ann', { dex: 1, str: 1, stab: 2, gear: [SWORD, BOW, KNIFE] }), addS('Orc', { factionId: ENEMIES, str: 1, hp: 20 }));
  e = run(e, stat(e, 'Ann', 'shoot', 1), stat(e, 'Ann', 'brawl', 1), stat(e, 'Orc', 'exert', 2), stat(e, 'Orc', 'wis', 1), stat(e, 'Orc', 'notice', 1), stat(e, 'Ann', 'sneak', 2));
  if (ann && orc) {
    e = run(e, { type: 'set-grid', mapId: 'm', name: 'Field', map: drawnMap(['..............................']) });
    e = run(e, { type: 'place-on-grid', combatantId: idOf(e, 'Ann'), ...ann }, { type: 'place-on-grid', combatantId: idOf(e, 'Orc'), ...orc });
  }
  return takeTurn(startWith(e, [8, 1]), 'Ann');
}

const execute = (e: Encounter, weapon: string, dice: object, more: object = {}): Command =>
  ({ type: 'sides/execute', attackerId: idOf(e, 'Ann'), targetId: idOf(e, 'Orc'), weaponId: weaponId(e, 'Ann', weapon), unsuspecting: true, dice, ...more }) satisfies SidesCommand;

describe('the execution plan', () => {
  it('names the DEX/Shoot parts, the distance bonus read from the map, the save and its odds, and the command rolls with them', () => {
    // 10 ft apart: "+4 bonus for an attack within 10'". The check against 10 (a setting).
    const e = run(field({ x: 0, y: 0 }, { x: 2, y: 0 }), { type: 'set-setting', key: 'executionDifficulty', value: 10 });
    const plan = ok(planExecution(e.state, { attackerId: idOf(e, 'Ann'), targetId: idOf(e, 'Orc'), weaponId: weaponId(e, 'Ann', 'Bow'), within10: false }));
    expect(plan.check?.bonus.parts).toEqual([{ label: 'DEX', amount: 1 }, { label: 'Shoot', amount: 1 }, { label: 'Within 10 ft', amount: 4 }]);
    expect(plan.check).toMatchObject({ dice: '2d6', difficulty: 10 });
    // "at a penalty equal to the assailant's combat skill": Shoot 1 against the save of 15.
    expect(plan.save).toMatchObject({ penalty: { label: 'Shoot', amount: 1 }, score: 15, needs: 16, chance: 0.25 });
    // 1d6's 6 + DEX 1.
    expect(plan.maxDamage).toBe(7);
    // The check's dice at the plan's edge: 1 + 3 + 6 = 10 hits; the save at its needs saves.
    const edge = plan.check ? plan.check.difficulty - plan.check.bonus.total : 0;
    const hit = run(e, execute(e, 'Bow', { check: [1, edge - 1], save: plan.save.needs }, { within10: false }));
    const event = lastEvent(hit, 'sides/executed');
    expect(event.check).toMatchObject({ total: plan.check?.difficulty, difficulty: plan.check?.difficulty });
    expect(event.hit).toBe(true);
    expect(event.save).toMatchObject({ penalty: plan.save.penalty.amount, target: plan.save.score, saved: true });
    expect(event.damage).toBe(plan.maxDamage);
    // One less on the save fails it: the plan's mark.
    const failed = run(e, execute(e, 'Bow', { check: [1, edge - 1], save: plan.save.needs - 1 }));
    expect(combatantNamed(failed, 'Orc').marks).toContain(plan.failMark);
    // One less on the check: wide.
    const wide = run(e, execute(e, 'Bow', { check: [1, edge - 2] }));
    expect(lastEvent(wide, 'sides/executed').hit).toBe(false);
  });

  it('takes +2 within normal range and nothing past it, from the map; off it, from the GM', () => {
    const at = (x: number) => {
      const e = field({ x: 0, y: 0 }, { x, y: 0 });
      return ok(planExecution(e.state, { attackerId: idOf(e, 'Ann'), targetId: idOf(e, 'Orc'), weaponId: weaponId(e, 'Ann', 'Bow') })).check?.bonus.parts.slice(2);
    };
    expect(at(4)).toEqual([{ label: 'Within normal range', amount: 2 }]);
    expect(at(12)).toEqual([]);
    const off = field(null, null);
    const plan = (asked: object) => ok(planExecution(off.state, { attackerId: idOf(off, 'Ann'), targetId: idOf(off, 'Orc'), weaponId: weaponId(off, 'Ann', 'Bow'), ...asked })).check?.bonus.parts.slice(2);
    expect(plan({ within10: true })).toEqual([{ label: 'Within 10 ft', amount: 4 }]);
    expect(plan({})).toEqual([{ label: 'Within normal range', amount: 2 }]);
    expect(plan({ withinRange: false })).toEqual([]);
  });

  it('takes the Shoot of the check off a thrown execution\'s save, not the weapon\'s Stab', () => {
    // "make a DEX/Shoot check … a Physical saving throw at a penalty equal to the assailant's combat skill."
    const e = field(null, null);
    const plan = ok(planExecution(e.state, { attackerId: idOf(e, 'Ann'), targetId: idOf(e, 'Orc'), weaponId: weaponId(e, 'Ann', 'Knife'), within10: true }));
    expect(plan.save.penalty).toEqual({ label: 'Shoot', amount: 1 });
    // Save 16 less Shoot 1 = 15: saved (less Stab 2 it would have failed).
    const done = run(e, execute(e, 'Knife', { check: [3, 3], save: 16 }, { within10: true }));
    expect(lastEvent(done, 'sides/executed').save).toMatchObject({ penalty: 1, saved: true });
    // A melee one takes the weapon's skill: the sword's Stab 2.
    const melee = ok(planExecution(e.state, { attackerId: idOf(e, 'Ann'), targetId: idOf(e, 'Orc'), weaponId: weaponId(e, 'Ann', 'Sword') }));
    expect(melee.check).toBeNull();
    expect(melee.save.penalty).toEqual({ label: 'Stab', amount: 2 });
  });

  it('needs the victim within melee range for a melee execution, and within long range for a shot; the GM may rule it', () => {
    // "getting to within melee range of the victim. If this time is granted, the assassin may make a melee attack, automatically hitting."
    const far = field({ x: 0, y: 0 }, { x: 3, y: 0 });
    const refused = refuse(far, execute(far, 'Sword', { save: 20 }));
    expect(refused.code).toBe('sides/reach');
    const ruled = run(far, { ...execute(far, 'Sword', { save: 20 }), gmRuling: true } as Command);
    expect(lastEvent(ruled, 'sides/executed')).toMatchObject({ hit: true, ruling: true });
    const beside = field({ x: 0, y: 0 }, { x: 1, y: 0 });
    expect(lastEvent(run(beside, execute(beside, 'Sword', { save: 20 })), 'sides/executed').hit).toBe(true);
    // Past the bow's long range of 100 ft there is no shot.
    const distant = field({ x: 0, y: 0 }, { x: 21, y: 0 });
    expect(refuse(distant, execute(distant, 'Bow', { check: [6, 6] })).code).toBe('sides/range');
  });
});

describe('the surprise check plan', () => {
  it('names each side\'s parts from the sheet (or the typed bonus) and its odds, and the check rolls with them', () => {
    const e = field(null, null);
    const plan = ok(planSurpriseCheck(e.state, { approach: 'sneak', sneakerId: idOf(e, 'Ann'), noticerId: idOf(e, 'Orc') }));
    expect(plan.sneaker.parts).toEqual([{ label: 'DEX', amount: 1 }, { label: 'Sneak', amount: 2 }]);
    expect(plan.noticer.parts).toEqual([{ label: 'WIS', amount: 1 }, { label: 'Notice', amount: 1 }]);
    expect([plan.check, plan.against]).toEqual(['DEX/Sneak', 'WIS/Notice']);
    const exert = ok(planSurpriseCheck(e.state, { approach: 'exert', sneakerId: idOf(e, 'Ann'), noticerBonus: 3 }));
    expect(exert.sneaker.parts).toEqual([{ label: 'STR', amount: 1 }, { label: 'Exert', amount: 0 }]);
    expect(exert.noticer).toEqual({ parts: [{ label: 'Typed', amount: 3 }], total: 3 });
    expect(planSurpriseCheck(e.state, { approach: 'sneak', sneakerId: idOf(e, 'Ann'), noticerId: idOf(e, 'Ann') })).toMatchObject({ code: 'sides/surprise-check' });
    const checked = run(e, { type: 'sides/surprise-check', sneakerId: idOf(e, 'Ann'), noticerId: idOf(e, 'Orc'), approach: 'sneak', dice: { attacker: [2, 2], defender: [3, 3] } } satisfies SidesCommand);
    const contest = lastEvent(checked, 'sides/surprise-checked').contest;
    // 4 + 3 = 7 against 6 + 2 = 8.
    expect(contest).toMatchObject({ attackerBonus: plan.sneaker.total, defenderBonus: plan.noticer.total, attackerWins: false });
  });
});

describe('the grapple and shove plans', () => {
  it('names the grapple\'s STR/Brawl parts with the size penalty, the verdict and the odds, and the grapple rolls with them', () => {
    const e = field({ x: 0, y: 0 }, { x: 1, y: 0 });
    const plan = ok(planGrapple(e.state, { attackerId: idOf(e, 'Ann'), targetId: idOf(e, 'Orc'), size: 'larger' }));
    // "Grappling or shoving significantly larger but still humanoid targets is done at a -2 penalty."
    expect(plan.attackerBonus.parts).toEqual([{ label: 'STR', amount: 1 }, { label: 'Brawl', amount: 1 }, { label: 'Much larger target', amount: -2 }]);
    expect(plan.defenderBonus.parts).toEqual([{ label: 'STR', amount: 1 }, { label: 'Brawl', amount: 0 }]);
    expect(plan.check).toBe('STR/Brawl');
    expect(plan.attack.weapon.name).toBe('Unarmed');
    expect(plan.winChance).toBeGreaterThan(0);
    const grapple = (d20: number): Command => ({ type: 'sides/grapple', attackerId: idOf(e, 'Ann'), targetId: idOf(e, 'Orc'), size: 'larger', dice: { attack: d20, attacker: [4, 4], defender: [3, 3] } }) satisfies SidesCommand;
    const held = lastEvent(run(e, grapple(plan.verdict.needs)), 'sides/grappled');
    expect(held.attack).toMatchObject({ total: plan.verdict.needs + plan.verdict.modifier, hit: true });
    expect(held.contest).toMatchObject({ attackerBonus: plan.attackerBonus.total, defenderBonus: plan.defenderBonus.total });
    expect(lastEvent(run(e, grapple(plan.verdict.needs - 1)), 'sides/grappled').attack.hit).toBe(false);
  });

  it('names the shove\'s better of Brawl and Exert for each side, and the shove rolls with them', () => {
    const e = field({ x: 0, y: 0 }, { x: 1, y: 0 });
    const plan = ok(planShove(e.state, { attackerId: idOf(e, 'Ann'), targetId: idOf(e, 'Orc'), weaponId: weaponId(e, 'Ann', 'Sword'), size: 'huge' }));
    expect(plan.attackerBonus.parts).toEqual([{ label: 'STR', amount: 1 }, { label: 'Brawl', amount: 1 }, { label: 'Barely manageable target', amount: -4 }]);
    expect(plan.defenderBonus.parts).toEqual([{ label: 'STR', amount: 1 }, { label: 'Exert', amount: 2 }]);
    expect(plan.attack.weapon.name).toBe('Sword');
    const shove = { type: 'sides/shove', attackerId: idOf(e, 'Ann'), targetId: idOf(e, 'Orc'), weaponId: weaponId(e, 'Ann', 'Sword'), outcome: 'prone', size: 'huge', dice: { attack: plan.verdict.needs, attacker: [6, 6], defender: [1, 1] } } satisfies SidesCommand;
    const shoved = lastEvent(run(e, shove), 'sides/shoved');
    expect(shoved.attack).toMatchObject({ total: plan.verdict.needs + plan.verdict.modifier, hit: true });
    expect(shoved.contest).toMatchObject({ attackerBonus: plan.attackerBonus.total, defenderBonus: plan.defenderBonus.total });
  });
});

describe('the break-free and drag plans', () => {
  // "the defender is grappled and remains that way until released or until they spend a Main
  // Action and succeed in a new opposed check … the defender's single skill check is compared
  // against all of their foes. … If the attacker wishes to move the target, they must spend a Main
  // Action and succeed in an opposed STR/Brawl check. If they win, the target is either moved 10ft
  // along with them, or thrown 5ft and knocked prone. If they lose, the defender breaks free. …
  // a -2 penalty on all skill checks by the attacker."

  /** Ann has grappled the Orc, taken as much larger; it is the Orc's turn. */
  function held(): Encounter {
    const e = field(null, null);
    const grapple = { type: 'sides/grapple', attackerId: idOf(e, 'Ann'), targetId: idOf(e, 'Orc'), size: 'larger', dice: { attack: 15, attacker: [6, 6], defender: [1, 1] } } satisfies SidesCommand;
    return takeTurn(run(e, grapple, { type: 'end-turn' }), 'Orc');
  }
  const breakFree = (e: Encounter, dice: object) => run(e, { type: 'sides/break-free', combatantId: idOf(e, 'Orc'), dice } satisfies SidesCommand);
  const drag = (e: Encounter, how: 'move' | 'throw', dice: object) => run(e, { type: 'sides/drag', combatantId: idOf(e, 'Ann'), how, dice } satisfies SidesCommand);

  it('sets the grappled\'s STR/Brawl against each grappler\'s, less the size the grapple was taken with, and breaking free rolls with them', () => {
    const e = held();
    const plan = ok(planBreakFree(e.state, idOf(e, 'Orc')));
    expect(plan.bonus.parts).toEqual([{ label: 'STR', amount: 1 }, { label: 'Brawl', amount: 0 }]);
    expect(plan.holds.map((h) => [h.grappler.name, h.bonus.parts])).toEqual([['Ann', [{ label: 'STR', amount: 1 }, { label: 'Brawl', amount: 1 }, { label: 'Much larger target', amount: -2 }]]]);
    expect([plan.check, plan.dice]).toEqual(['STR/Brawl', '2d6']);
    expect(plan.holds[0]?.winChance).toBeGreaterThan(0.5);
    // The Orc's 6 + 1 = 7 against Ann's 6 + 0 = 6: free (against her STR 1 + Brawl 1 alone, 8, it would not be).
    const freed = breakFree(e, { attacker: [3, 3], defender: [3, 3] });
    const ended = lastEvent(freed, 'sides/grapple-ended');
    expect(ended.contests[0]?.contest).toMatchObject({ attackerBonus: plan.bonus.total, defenderBonus: plan.holds[0]?.bonus.total });
    expect(ended.from).toEqual([idOf(e, 'Ann')]);
    expect(fightOf(freed.state).grapples).toEqual([]);
    // One below the grappler's total: still held.
    expect(fightOf(breakFree(e, { attacker: [2, 3], defender: [3, 3] }).state).grapples).toHaveLength(1);
    // Free, the Orc has nothing to break: no plan, and the command is refused alike.
    expect(planBreakFree(freed.state, idOf(e, 'Orc'))).toMatchObject({ code: 'sides/not-grappled', message: "Orc isn't grappled." });
    const refused = refuse(freed, { type: 'sides/break-free', combatantId: idOf(e, 'Orc') } satisfies SidesCommand);
    expect([refused.code, refused.message]).toEqual(['sides/not-grappled', "Orc isn't grappled."]);
  });

  it('names the drag\'s STR/Brawl parts with the grapple\'s size, how far, and the odds; the drag rolls with them and a lost one lets go', () => {
    const e = takeTurn(run(held(), { type: 'end-turn' }), 'Ann');
    const plan = ok(planDrag(e.state, idOf(e, 'Ann')));
    expect(plan.grapplerBonus.parts).toEqual([{ label: 'STR', amount: 1 }, { label: 'Brawl', amount: 1 }, { label: 'Much larger target', amount: -2 }]);
    expect(plan.targetBonus.parts).toEqual([{ label: 'STR', amount: 1 }, { label: 'Brawl', amount: 0 }]);
    expect([plan.target.name, plan.size, plan.dragFeet, plan.throwFeet]).toEqual(['Orc', 'larger', 10, 5]);
    expect(plan.winChance).toBeLessThan(0.5);
    // Ann's 7 + 0 = 7 against the Orc's 5 + 1 = 6: dragged, and still held.
    const dragged = drag(e, 'move', { attacker: [3, 4], defender: [2, 3] });
    expect(lastEvent(dragged, 'sides/dragged').contest).toMatchObject({ attackerBonus: plan.grapplerBonus.total, defenderBonus: plan.targetBonus.total, attackerWins: true });
    expect(fightOf(dragged.state).grapples).toHaveLength(1);
    // 6 against 6 + 1 = 7: lost, the Orc breaks free.
    const lost = drag(e, 'move', { attacker: [3, 3], defender: [3, 3] });
    expect(fightOf(lost.state).grapples).toEqual([]);
    // Thrown on a win: prone and free.
    const thrown = drag(e, 'throw', { attacker: [3, 4], defender: [2, 3] });
    expect([isUnderProne(thrown), fightOf(thrown.state).grapples]).toEqual([true, []]);
    // Once the Orc is free Ann holds nobody: no plan, and the command is refused alike.
    expect(planDrag(lost.state, idOf(e, 'Ann'))).toMatchObject({ code: 'sides/not-grappling', message: "Ann isn't grappling anyone." });
    const refused = refuse(lost, { type: 'sides/drag', combatantId: idOf(e, 'Ann'), how: 'move' } satisfies SidesCommand);
    expect([refused.code, refused.message]).toEqual(['sides/not-grappling', "Ann isn't grappling anyone."]);
  });
});

describe("the attack's verdict", () => {
  it('says what the d20 needs, and the attack hits on exactly that', () => {
    const e = field({ x: 0, y: 0 }, { x: 1, y: 0 });
    const asked = { attackerId: idOf(e, 'Ann'), targetId: idOf(e, 'Orc'), weaponId: weaponId(e, 'Ann', 'Sword') };
    const verdict = hitVerdict(ok(planAttack(e.state, asked, [])));
    // Stab 2 + STR 1 (DEX 1 is no better) against AC 10: needs 7.
    expect(verdict).toEqual({ modifier: 3, ac: 10, needs: 7, kind: 'needs', chance: 0.7 });
    const attack = (d20: number) => lastEvent(run(e, { type: 'sides/attack', ...asked, dice: { attack: d20 } } satisfies SidesCommand), 'sides/attacked');
    expect(attack(verdict.needs)).toEqual(expect.objectContaining({ total: verdict.needs + verdict.modifier, hit: true }));
    expect(attack(verdict.needs - 1).hit).toBe(false);
    expect(hitVerdict({ bonus: 12, modifiers: [], ac: 10 })).toMatchObject({ kind: 'always', chance: 1 });
    expect(hitVerdict({ bonus: 0, modifiers: [{ label: 'Full cover', amount: -4 }], ac: 20 })).toMatchObject({ kind: 'never', chance: 0 });
  });
});
