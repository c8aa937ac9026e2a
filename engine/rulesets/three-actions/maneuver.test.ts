import { describe, expect, it } from 'vitest';
import type { Encounter } from '../../encounter/encounter';
import { logEntries } from '../../log/entries';
import { combatantNamed, ENEMIES, HEROES, idOf, refuse, run, stepWithDice } from '../../test-support';
import { personOf } from './person';
import { newThreeActions } from './testing';

// "Attacks get a -2 penalty for each attack made before it during the same round. This penalty
// also applies to attacks from maneuvers." A maneuver (the core book's trip, shove, disarm…) is an
// attack for the penalty both ways; its test is compared against the target's evasion; what it
// does is the GM's.

const SPEAR = { name: 'Spear', kind: 'weapon', test: 'd6+d6+1', damage: 4, critDamage: 8, critOn: 19, damageType: 'physical', delivery: 'melee' };

/** Agnessa (a spear) against a guard of evasion 6, on her turn. */
function fight(): Encounter {
  const e = run(
    newThreeActions(),
    { type: 'add-combatant', name: 'Agnessa', factionId: HEROES, tracks: { endurance: 12, health: 12 }, rules: { gear: [SPEAR] } },
    { type: 'add-combatant', name: 'Guard', factionId: ENEMIES, stats: { evasion: 6 }, tracks: { endurance: 12, health: 12 } },
    { type: 'start-combat', initiativeFactionId: HEROES },
  );
  return run(e, { type: 'take-turn', combatantId: idOf(e, 'Agnessa') });
}
const spear = (e: Encounter) => personOf(combatantNamed(e, 'Agnessa')).gear[0]!.id;
const maneuver = (e: Encounter, extra: Record<string, unknown> = {}) => ({ type: 'three-actions/maneuver', attackerId: idOf(e, 'Agnessa'), targetId: idOf(e, 'Guard'), name: 'trips the guard', test: 'd6+d6', ...extra }) as never;

describe('Three Actions: maneuvers', () => {
  it('takes an action, tests against evasion, and counts as an attack for the next attack\'s penalty', () => {
    let e = fight();
    // 3 + 3 = 6 against evasion 6 (a tie succeeds); the luck die 7 adds nothing.
    const tripped = stepWithDice(e, [3, 3, 7], maneuver(e));
    expect(tripped.events.at(-1)).toMatchObject({ type: 'three-actions/maneuvered', penalty: 0, result: 6, evasion: 6, success: true });
    e = tripped.encounter;
    expect(e.state.turn?.budget.action).toBe(1);
    expect(logEntries(e).map((x) => x.text)).toContain("Agnessa's maneuver at Guard, trips the guard: 6 against evasion 6, it works; what it does is the GM's to settle.");
    // Her spear attack after it: −2 for the maneuver (luck 10, 3 + 3 + 1 = 7, less 2 = 5: a miss).
    const attacked = stepWithDice(e, [10, 3, 3], { type: 'three-actions/attack', attackerId: idOf(e, 'Agnessa'), targetId: idOf(e, 'Guard'), weaponId: spear(e) } as never);
    expect(attacked.events.at(-1)).toMatchObject({ type: 'three-actions/attacked', modifier: -2, result: 5, hit: false });
    // A maneuver after two attacks: −4.
    const shoved = stepWithDice(attacked.encounter, [5, 5, 7], maneuver(e, { name: 'shoves the guard' }));
    expect(shoved.events.at(-1)).toMatchObject({ penalty: -4, result: 6, success: true });
  });

  it('uses a weapon\'s test, where the luck die at its critical threshold can\'t miss', () => {
    const e = fight();
    // 1 + 1 + 1 = 3 against 6, but luck 19 reaches the spear's 19: it can't miss.
    const done = stepWithDice(e, [1, 1, 19], maneuver(e, { test: undefined, weaponId: spear(e), name: 'disarms the guard' }));
    expect(done.events.at(-1)).toMatchObject({ weapon: 'Spear', test: 'd6+d6+1', result: 3, critical: true, success: true });
  });

  it('adds +4 to plain dice when the luck die comes up 20, as an ordinary test', () => {
    const e = fight();
    const done = stepWithDice(e, [1, 1, 20], maneuver(e));
    expect(done.events.at(-1)).toMatchObject({ result: 6, success: true, luck: { bonus: 4 } });
  });

  it('refuses one out of turn or with no action left, unless ruled, and bad input', () => {
    let e = fight();
    expect(refuse(e, maneuver(e, { name: '' })).code).toBe('input/name');
    expect(refuse(e, maneuver(e, { test: 'six' })).code).toBe('input/test');
    e = run(e, { type: 'use-action', combatantId: idOf(e, 'Agnessa'), actionId: 'short-task' });
    const spent = refuse(e, maneuver(e));
    expect(spent.code).toBe('action/spent');
    expect(spent.overridable).toBe(true);
    expect(stepWithDice(e, [3, 3, 7], maneuver(e, { gmRuling: true })).events.at(-1)).toMatchObject({ ruling: true });
  });
});
