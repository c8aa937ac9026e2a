import { describe, expect, it } from 'vitest';
import { restoreEncounter, type Encounter } from '../../encounter/encounter';
import { itRedoesGenuineUndoneStep, itRefusesForgedLastStep, itRefusesForgedUndoneStep } from '../../testing/forged-steps';
import { combatantNamed, ENEMIES, HEROES, idOf, run, stepWithDice } from '../../test-support';
import { personOf } from './person';
import { newThreeActions } from './testing';
import { BUILTIN_RULESETS } from '../builtin';

// Issue 40, for Three Actions' own events. (1) `three-actions/attacked` carries the target's
// tracks after the hit and its reducer copies them in: forged to a million endurance, or with a
// track the ruleset doesn't have, it was accepted on import and the fight broke on the GM's next
// save. (2) Forged inside an undone step it was only shape-checked, and Redo applied it.

const ATTACKED = 'three-actions/attacked';
const SPEAR = { name: 'Spear', kind: 'weapon', test: 'd6+d6+1', damage: 4, critDamage: 8, critOn: 19, damageType: 'physical', delivery: 'melee' };

/**
 * The Hero's spear hits the Enemy (as in the attack tests: luck 5, 2 + 3 + 1 = 6 against evasion
 * 6, 4 + 6 less deflection 8 = 2). Nobody has stamina to dodge, so the last step is the attack,
 * endurance 12 → 10.
 */
function spearHit(): Encounter {
  let e = run(
    newThreeActions(),
    { type: 'add-combatant', name: 'Hero', factionId: HEROES, stats: { size: 4 }, tracks: { endurance: 12, health: 12, stamina: 0 }, rules: { gear: [SPEAR] } },
    { type: 'add-combatant', name: 'Enemy', factionId: ENEMIES, stats: { evasion: 6, deflection: 8, size: 4 }, tracks: { endurance: 12, health: 12, stamina: 0 } },
    { type: 'start-combat', initiativeFactionId: HEROES },
  );
  e = run(e, { type: 'take-turn', combatantId: idOf(e, 'Hero') });
  const weaponId = personOf(combatantNamed(e, 'Hero')).gear[0]?.id ?? '';
  return stepWithDice(e, [5, 2, 3], { type: 'three-actions/attack', attackerId: idOf(e, 'Hero'), targetId: idOf(e, 'Enemy'), weaponId } as never).encounter;
}

const MILLION = { endurance: { value: 1_000_000, max: 1_000_000 }, health: { value: 12, max: 12 }, stamina: { value: 0, max: 0 } };

describe("Three Actions' attack is held to the ruleset's limits as it is replayed", () => {
  const enc = spearHit();

  it("the genuine hit writes the Enemy's endurance, and replays", () => {
    const attacked = enc.events.at(-1) as unknown as { type: string; tracks: unknown };
    expect(attacked.type).toBe(ATTACKED);
    expect(attacked.tracks).toMatchObject({ endurance: { value: 10, max: 12 }, health: { value: 12, max: 12 } });
    expect(restoreEncounter({ events: enc.events, steps: enc.steps }, BUILTIN_RULESETS).ok).toBe(true);
  });

  itRefusesForgedLastStep(spearHit, ATTACKED, [
    ['a million endurance', { tracks: MILLION }, /it leaves Enemy's Endurance maximum at 1000000, above Three Actions's 99/],
    ['a track the ruleset does not have', { tracks: { endurance: { value: 10, max: 12 }, health: { value: 12, max: 12 }, mana: { value: 5, max: 5 } } }, /it gives Enemy the track "mana", which is not one of Three Actions's/],
  ]);
});

describe('a Three Actions attack forged in an undone step is checked when read, and by Redo', () => {
  itRedoesGenuineUndoneStep('the genuine undone attack reads back and redoes to the same fight', spearHit);

  itRefusesForgedUndoneStep(spearHit, ATTACKED, [
    ['an attack on someone not in the fight', { targetId: 'c99' }, /nobody has the id "c99"/],
    ['an attack that leaves a million endurance', { tracks: MILLION }, /Endurance maximum at 1000000, above Three Actions's 99/],
  ]);
});
