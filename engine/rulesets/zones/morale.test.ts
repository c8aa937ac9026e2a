import { describe, expect, it } from 'vitest';
import type { Combatant, EncounterState, Id, Mark } from '../../core/state';
import { atMoraleThreshold, isFighting, moraleOdds, moraleReason, subjectToMorale } from './morale';

function fighter(id: string, factionId: Id, health = 10, marks: Mark[] = [], max = 10): Combatant {
  return {
    id,
    name: id,
    factionId,
    stats: {},
    tracks: { health: { value: health, max } },
    conditions: [],
    notes: '',
    concealed: false,
    initiative: null,
    zoneId: null,
    borderId: null,
    marks,
    resources: [],
    templateId: null,
  };
}

function fight(combatants: Combatant[], factionSize: Record<Id, number>): EncounterState {
  return {
    id: 'e1',
    name: 'Test fight',
    rulesetId: 'zones',
    settings: {},
    factions: [
      { id: 'heroes', name: 'Heroes', colour: '#0000ff' },
      { id: 'bandits', name: 'Bandits', colour: '#ff0000' },
      { id: 'ogre', name: 'Ogre', colour: '#00ff00' },
    ],
    combatants,
    status: 'running',
    round: 1,
    order: [],
    activeId: null,
    initiativeFactionId: null,
    initiativePreset: null,
    turn: null,
    zones: [],
    borders: [],
    map: null,
    grid: null,
    walked: null,
    rules: { factionSize, pendingAttack: null, moraleDue: [] },
    rng: [0],
    serial: 0,
  };
}

/** Four bandits, of whom the first `down` are at 0 health. */
const bandits = (down: number, marks: Mark[] = []) =>
  Array.from({ length: 4 }, (_, i) => fighter(`b${i}`, 'bandits', i < down ? 0 : 6, marks));

describe('isFighting', () => {
  it('is true for a hurt but standing character', () => {
    expect(isFighting(fighter('a', 'heroes', 1))).toBe(true);
  });

  it('is false at 0 health or below', () => {
    expect(isFighting(fighter('a', 'heroes', 0))).toBe(false);
    expect(isFighting(fighter('a', 'heroes', -3))).toBe(false);
  });

  it('is false once dead, surrendered or retreated, whatever the health', () => {
    for (const mark of ['dead', 'surrendered', 'retreated'] as const) expect(isFighting(fighter('a', 'heroes', 10, [mark]))).toBe(false);
  });

  it('is still true for the immune', () => {
    expect(isFighting(fighter('a', 'heroes', 10, ['morale-immune', 'fear-immune']))).toBe(true);
  });

  it('goes by marks alone for a character without a health track', () => {
    expect(isFighting({ ...fighter('a', 'heroes'), tracks: {} })).toBe(true);
    expect(isFighting({ ...fighter('a', 'heroes', 10, ['dead']), tracks: {} })).toBe(false);
  });
});

describe('subjectToMorale', () => {
  it('is true for an ordinary fighter', () => {
    expect(subjectToMorale(fighter('a', 'heroes'))).toBe(true);
  });

  it('is false for someone who passed a morale check or fears nothing', () => {
    expect(subjectToMorale(fighter('a', 'heroes', 10, ['morale-immune']))).toBe(false);
    expect(subjectToMorale(fighter('a', 'heroes', 10, ['fear-immune']))).toBe(false);
  });

  it('is false for someone out of the fight', () => {
    expect(subjectToMorale(fighter('a', 'heroes', 0))).toBe(false);
    expect(subjectToMorale(fighter('a', 'heroes', 10, ['retreated']))).toBe(false);
  });
});

describe('atMoraleThreshold: groups', () => {
  it('is not due while more than half are fighting', () => {
    expect(atMoraleThreshold(fight(bandits(1), { bandits: 4 }))).toEqual([]);
  });

  it('is due at exactly half', () => {
    expect(atMoraleThreshold(fight(bandits(2), { bandits: 4 }))).toEqual(['bandits']);
  });

  it('is due below half', () => {
    expect(atMoraleThreshold(fight(bandits(3), { bandits: 4 }))).toEqual(['bandits']);
  });

  it('rounds the right way for odd sizes: 2 of 5 is below half, 3 of 5 is not', () => {
    const five = (standing: number) => Array.from({ length: 5 }, (_, i) => fighter(`b${i}`, 'bandits', i < standing ? 6 : 0));
    expect(atMoraleThreshold(fight(five(3), { bandits: 5 }))).toEqual([]);
    expect(atMoraleThreshold(fight(five(2), { bandits: 5 }))).toEqual(['bandits']);
  });

  it('measures against the largest number the faction had, not who is left on the list', () => {
    // Two bandits fled the map entirely; the two left are half of the original four.
    const left = [fighter('b0', 'bandits'), fighter('b1', 'bandits')];
    expect(atMoraleThreshold(fight(left, { bandits: 4 }))).toEqual(['bandits']);
    expect(atMoraleThreshold(fight(left, { bandits: 3 }))).toEqual([]);
  });

  it('counts surrendered and retreated members as lost', () => {
    const group = [fighter('b0', 'bandits'), fighter('b1', 'bandits'), fighter('b2', 'bandits', 6, ['surrendered']), fighter('b3', 'bandits', 6, ['retreated'])];
    expect(atMoraleThreshold(fight(group, { bandits: 4 }))).toEqual(['bandits']);
  });

  it('is not due when everyone still fighting is immune', () => {
    expect(atMoraleThreshold(fight(bandits(2, ['morale-immune']), { bandits: 4 }))).toEqual([]);
    expect(atMoraleThreshold(fight(bandits(2, ['fear-immune']), { bandits: 4 }))).toEqual([]);
  });

  it('is due when at least one member still fighting can break', () => {
    const group = bandits(2);
    group[3] = fighter('b3', 'bandits', 6, ['morale-immune']);
    expect(atMoraleThreshold(fight(group, { bandits: 4 }))).toEqual(['bandits']);
  });

  it('is not due when nobody is left fighting', () => {
    expect(atMoraleThreshold(fight(bandits(4), { bandits: 4 }))).toEqual([]);
  });

  it('treats a group of two as a group, not as two lone fighters', () => {
    const pair = [fighter('h0', 'heroes', 2), fighter('h1', 'heroes', 0)];
    expect(atMoraleThreshold(fight(pair, { heroes: 2 }))).toEqual(['heroes']);
    // Both standing, however hurt: no check, because health only counts for those fighting alone.
    expect(atMoraleThreshold(fight([fighter('h0', 'heroes', 1), fighter('h1', 'heroes', 1)], { heroes: 2 }))).toEqual([]);
  });
});

describe('atMoraleThreshold: lone fighters', () => {
  it('is not due above half health', () => {
    expect(atMoraleThreshold(fight([fighter('o', 'ogre', 6)], { ogre: 1 }))).toEqual([]);
  });

  it('is due at exactly half health and below', () => {
    expect(atMoraleThreshold(fight([fighter('o', 'ogre', 5)], { ogre: 1 }))).toEqual(['ogre']);
    expect(atMoraleThreshold(fight([fighter('o', 'ogre', 1)], { ogre: 1 }))).toEqual(['ogre']);
  });

  it('halves odd maximums exactly: 3 of 7 is due, 4 of 7 is not', () => {
    expect(atMoraleThreshold(fight([fighter('o', 'ogre', 3, [], 7)], { ogre: 1 }))).toEqual(['ogre']);
    expect(atMoraleThreshold(fight([fighter('o', 'ogre', 4, [], 7)], { ogre: 1 }))).toEqual([]);
  });

  it('is not due once the fighter is down, gone or immune', () => {
    expect(atMoraleThreshold(fight([fighter('o', 'ogre', 0)], { ogre: 1 }))).toEqual([]);
    expect(atMoraleThreshold(fight([fighter('o', 'ogre', 3, ['retreated'])], { ogre: 1 }))).toEqual([]);
    expect(atMoraleThreshold(fight([fighter('o', 'ogre', 3, ['morale-immune'])], { ogre: 1 }))).toEqual([]);
    expect(atMoraleThreshold(fight([fighter('o', 'ogre', 3, ['fear-immune'])], { ogre: 1 }))).toEqual([]);
  });

  it('is not due for a lone fighter with no health track', () => {
    expect(atMoraleThreshold(fight([{ ...fighter('o', 'ogre'), tracks: {} }], { ogre: 1 }))).toEqual([]);
  });
});

describe('atMoraleThreshold: several factions', () => {
  it('lists every due faction in faction order, not combatant order', () => {
    const all = [fighter('o', 'ogre', 2), ...bandits(3), fighter('h0', 'heroes'), fighter('h1', 'heroes', 0)];
    expect(atMoraleThreshold(fight(all, { ogre: 1, bandits: 4, heroes: 2 }))).toEqual(['heroes', 'bandits', 'ogre']);
  });

  it('skips factions with nobody in them', () => {
    expect(atMoraleThreshold(fight([], { heroes: 0 }))).toEqual([]);
  });

  it('uses the current number when the recorded size is missing or too small', () => {
    // Four bandits on the list but no size recorded: judged as a group of four, two standing.
    expect(atMoraleThreshold(fight(bandits(2), {}))).toEqual(['bandits']);
    // A stale size of 1 must not turn a group into a lone fighter.
    expect(atMoraleThreshold(fight(bandits(1), { bandits: 1 }))).toEqual([]);
  });
});

describe('moraleOdds', () => {
  it('gives each member the chance to fail a roll-under d20', () => {
    const { failChances } = moraleOdds([10, 15, 4]);
    expect(failChances[0]).toBeCloseTo(0.5);
    expect(failChances[1]).toBeCloseTo(0.25);
    expect(failChances[2]).toBeCloseTo(0.8);
  });

  it('adds the chances up into the expected number who break', () => {
    expect(moraleOdds([10, 15, 4]).expectedBreaks).toBeCloseTo(1.55);
  });

  it('never fails at WIT 20 or above and always fails at 0', () => {
    expect(moraleOdds([20, 25]).failChances).toEqual([0, 0]);
    expect(moraleOdds([0]).failChances).toEqual([1]);
  });

  it('expects nobody to break in an empty group', () => {
    expect(moraleOdds([])).toEqual({ failChances: [], expectedBreaks: 0 });
  });
});

describe('moraleReason', () => {
  it('counts a group against its largest number, fallen and fled members as lost', () => {
    const group = [fighter('b0', 'bandits'), fighter('b1', 'bandits', 0), fighter('b2', 'bandits', 5, ['retreated'])];
    expect(moraleReason(fight(group, { bandits: 4 }), 'bandits')).toEqual({ kind: 'group', fighting: 1, size: 4 });
  });

  it('never counts a group smaller than its members', () => {
    const group = [fighter('b0', 'bandits'), fighter('b1', 'bandits', 0)];
    expect(moraleReason(fight(group, {}), 'bandits')).toEqual({ kind: 'group', fighting: 1, size: 2 });
  });

  it('names a lone fighter with their health', () => {
    expect(moraleReason(fight([fighter('o', 'ogre', 4)], { ogre: 1 }), 'ogre')).toEqual({ kind: 'lone', name: 'o', health: { value: 4, max: 10 } });
  });

  it('agrees with atMoraleThreshold on who counts as a group', () => {
    // Two bandits, one fallen: a group at half its number, so due; the reason shows it.
    const state = fight([fighter('b0', 'bandits'), fighter('b1', 'bandits', 0)], { bandits: 2 });
    expect(atMoraleThreshold(state)).toEqual(['bandits']);
    expect(moraleReason(state, 'bandits')).toEqual({ kind: 'group', fighting: 1, size: 2 });
  });

  it('is null for a faction with nobody in it', () => {
    expect(moraleReason(fight([], {}), 'heroes')).toBeNull();
  });
});
