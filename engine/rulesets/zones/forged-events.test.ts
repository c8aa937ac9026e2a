import { describe, expect, it } from 'vitest';
import { restoreEncounter, type Encounter } from '../../encounter/encounter';
import { damagedOnRead, forgedLastStep, itRedoesGenuineUndoneStep, itRefusesForgedLastStep, itRefusesForgedUndoneStep } from '../../testing/forged-steps';
import { addZ, ENEMIES, gearNamed, healthOf, HEROES, idOf, newZonesEncounter, run, stepWithDice } from '../../test-support';
import type { GearInput } from './gear';
import { BUILTIN_RULESETS } from '../builtin';

// Issue 40, for Zones & Factions' own events. (1) `zones/attack-resolved` carries each struck
// character's tracks in its patches and its reducer copies them in: forged to a million health,
// or with a track the ruleset doesn't have, it was accepted on import and the fight broke on the
// GM's next save. (2) Forged inside an undone step it was only shape-checked, and Redo applied it.

const RESOLVED = 'zones/attack-resolved';
const SWORD: GearInput = { name: 'Sword', kind: 'weapon', damage: 'd8' };
const AXE: GearInput = { name: 'Axe', kind: 'weapon', damage: 'd6' };

/** Ann's sword on Bandit 1 in the yard: he takes it, the d8 shows 7 and no armour stops it; the last step resolves the attack (health 10 → 3). */
function swordHit(): Encounter {
  let e = run(
    newZonesEncounter(5),
    { type: 'set-zones', zones: [{ id: 'yard', name: 'Yard', neighbours: [] }] },
    addZ('Ann', { zoneId: 'yard', gear: [SWORD] }),
    addZ('Bandit', { factionId: ENEMIES, zoneId: 'yard', quantity: 2, gear: [AXE] }),
    { type: 'start-combat', initiativeFactionId: HEROES },
  );
  e = run(e, { type: 'take-turn', combatantId: idOf(e, 'Ann') });
  e = run(e, { type: 'zones/declare-attack', attackerId: idOf(e, 'Ann'), weaponId: gearNamed(e, 'Ann', 'Sword').id, targetIds: [idOf(e, 'Bandit 1')] });
  return stepWithDice(e, [7], { type: 'zones/react-to-attack', reactorId: idOf(e, 'Bandit 1'), targetId: idOf(e, 'Bandit 1'), reaction: { kind: 'none' } }).encounter;
}

type Patch = { combatantId: string; tracks?: Record<string, { value: number; max: number }> };
type Blow = { targetId: string };

/** The resolved attack with the struck character's patch given these tracks (the attacker's own patch stays). */
const withTracks = (tracks: Record<string, { value: number; max: number }>) => (genuine: Record<string, unknown>) => {
  const struck = (genuine.blows as Blow[])[0]?.targetId;
  return { ...genuine, patches: (genuine.patches as Patch[]).map((p) => (p.combatantId === struck ? { ...p, tracks } : p)) };
};
/** The resolved attack with its blow landing on someone else. */
const onTarget = (targetId: string) => (genuine: Record<string, unknown>) => ({ ...genuine, blows: (genuine.blows as Blow[]).map((b) => ({ ...b, targetId })) });

const MILLION = { health: { value: 1_000_000, max: 1_000_000 } };

describe("Zones & Factions' resolved attack is held to the ruleset's limits as it is replayed", () => {
  const enc = swordHit();

  it("the genuine blow writes Bandit 1's health, and replays", () => {
    const resolved = enc.events.find((e) => e.type === RESOLVED) as unknown as { patches: Patch[] };
    expect(resolved.patches).toContainEqual(expect.objectContaining({ combatantId: idOf(enc, 'Bandit 1'), tracks: { health: { value: 3, max: 10 } } }));
    expect(healthOf(enc, 'Bandit 1')).toBe(3);
    expect(restoreEncounter({ events: enc.events, steps: enc.steps }, BUILTIN_RULESETS).ok).toBe(true);
  });

  itRefusesForgedLastStep(swordHit, RESOLVED, [
    ['a million health', withTracks(MILLION), /it leaves Bandit 1's Health maximum at 1000000, above Zones & Factions's 999/],
    ['a track the ruleset does not have', withTracks({ health: { value: 3, max: 10 }, mana: { value: 5, max: 5 } }), /it gives Bandit 1 the track "mana", which is not one of Zones & Factions's/],
  ]);
});

describe("a Zones & Factions resolved attack names only characters in the fight", () => {
  // A patch's grabbedBy says who holds the character after a grapple; the check of what the
  // event names read the blows and the patched characters, and missed it: a forged one left
  // Bandit 1 held by nobody in the fight, accepted on import, saved and reopened as it was.
  it('a patch that has Bandit 1 held by someone not in the fight is refused when the file is read', () => {
    const enc = swordHit();
    const struck = idOf(enc, 'Bandit 1');
    const forged = forgedLastStep(enc, RESOLVED, (genuine) => ({ ...genuine, patches: (genuine.patches as Patch[]).map((p) => (p.combatantId === struck ? { ...p, grabbedBy: 'c99' } : p)) }));
    const refused = damagedOnRead(forged);
    expect(refused.message).toBe(`Step ${enc.steps.length} of this fight can't be read: in its event ${forged.events.findIndex((e) => e.type === RESOLVED) + 1} ("zones/attack-resolved"), it names the character "c99", who is not in the encounter.`);
    expect(refused.goodSteps).toBe(enc.steps.length - 1);
  });
});

describe('a Zones & Factions attack forged in an undone step is checked when read, and by Redo', () => {
  itRedoesGenuineUndoneStep('the genuine undone step reads back and redoes to the same fight', swordHit);

  itRefusesForgedUndoneStep(swordHit, RESOLVED, [
    ['a blow on someone not in the fight', onTarget('c99'), /it names the character "c99", who is not in the encounter/],
    ['a blow that leaves a million health', withTracks(MILLION), /Health maximum at 1000000, above Zones & Factions's 999/],
  ]);
});
