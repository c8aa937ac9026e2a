import { describe, expect, it } from 'vitest';
import { canRedo, redo, restoreEncounter, undo, type Encounter } from '../../encounter/encounter';
import { damagedJournal, damagedOnRead, firstSteps, forgedLastStep, forgedUndone } from '../../testing/forged-steps';
import { addZ, ENEMIES, gearNamed, healthOf, HEROES, idOf, newZonesEncounter, run, stepWithDice } from '../../test-support';
import type { GearInput } from './gear';

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
    expect(restoreEncounter({ events: enc.events, steps: enc.steps }).ok).toBe(true);
  });

  it.each([
    ['a million health', MILLION, /it leaves Bandit 1's Health maximum at 1000000, above Zones & Factions's 999/],
    ['a track the ruleset does not have', { health: { value: 3, max: 10 }, mana: { value: 5, max: 5 } }, /it gives Bandit 1 the track "mana", which is not one of Zones & Factions's/],
  ])('%s is refused when the file is read, naming the step, and the steps before it open', (_label, tracks, problem) => {
    const forged = forgedLastStep(enc, RESOLVED, withTracks(tracks));
    const refused = damagedOnRead(forged);
    expect(refused.message).toMatch(new RegExp(`^Step ${enc.steps.length} of this fight can't be read: in its event \\d+ \\("zones/attack-resolved"\\), `));
    expect(refused.message).toMatch(problem);
    expect(refused.goodSteps).toBe(enc.steps.length - 1);
    expect(restoreEncounter(firstSteps(forged, refused.goodSteps)).ok).toBe(true);
  });
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
  const enc = swordHit();
  const undone = undo(enc);

  it('the genuine undone step reads back and redoes to the same fight', () => {
    const restored = restoreEncounter({ events: undone.events, steps: undone.steps, redoable: undone.redoable });
    if (!restored.ok) throw new Error(restored.message);
    const again = redo(restored.value);
    expect(again.ok).toBe(true);
    expect(again.encounter.state).toEqual(enc.state);
  });

  it.each([
    ['a blow on someone not in the fight', onTarget('c99'), /it names the character "c99", who is not in the encounter/],
    ['a blow that leaves a million health', withTracks(MILLION), /Health maximum at 1000000, above Zones & Factions's 999/],
  ])('%s: the file is refused, every step of the fight readable, and Redo refuses it', (_label, forge, problem) => {
    const forged = forgedUndone(undone, RESOLVED, forge);
    const refused = damagedOnRead({ events: forged.events, steps: forged.steps, redoable: forged.redoable });
    expect(refused.message).toMatch(/^The step Redo would put back can't be read: in its event \d+ \("zones\/attack-resolved"\), /);
    expect(refused.message).toMatch(problem);
    expect(refused.goodSteps).toBe(enc.steps.length - 1);
    expect(refused.goodSteps).toBe(undone.steps.length);

    // The journal offers the whole fight without the undone step.
    const journal = damagedJournal(forged);
    expect(journal.readable.events).toEqual(undone.events);
    expect(journal.readable.state).toEqual(undone.state);

    const redone = redo(forged);
    expect(redone.ok).toBe(false);
    if (redone.ok) return;
    expect(redone.code).toBe('history/redo');
    expect(redone.message).toMatch(/^The undone step can't be redone: in its event \d+ \("zones\/attack-resolved"\), /);
    expect(redone.message).toMatch(problem);
    expect(redone.encounter).toBe(forged);
    expect(canRedo(redone.encounter)).toBe(true);
  });
});
