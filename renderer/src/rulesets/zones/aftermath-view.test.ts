import { describe, expect, it } from 'vitest';
import type { Combatant, EncounterEvent, EncounterState, Id, Mark } from '../../../../engine/index';
import { defaultBreaking, eventsSince, lastEventSince, nameOf, percent } from './aftermath-view';

function fighter(id: string, factionId: Id, health = 10, marks: Mark[] = []): Combatant {
  return {
    id,
    name: `Name ${id}`,
    factionId,
    stats: { wit: 10 },
    tracks: { health: { value: health, max: 10 } },
    conditions: [],
    notes: '',
    concealed: false,
    initiative: null,
    zoneId: null,
    marks,
    resources: [],
    templateId: null,
    borderId: null,
  };
}

function fight(combatants: Combatant[], factionSize: Record<Id, number>, settings: EncounterState['settings'] = {}): EncounterState {
  return {
    id: 'e1',
    name: 'Test',
    rulesetId: 'zones',
    settings,
    factions: [
      { id: 'bandits', name: 'Bandits', colour: '#ff0000' },
      { id: 'ogre', name: 'Ogre', colour: '#00ff00' },
    ],
    combatants,
    status: 'running',
    round: 2,
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

const log: EncounterEvent[] = [
  { type: 'zones/morale-skipped', factionId: 'old' },
  { type: 'zones/morale-phase-started', due: ['a', 'b'] },
  { type: 'zones/morale-skipped', factionId: 'a' },
  { type: 'combat-ended' },
  { type: 'zones/morale-skipped', factionId: 'b' },
];

describe('eventsSince', () => {
  it('keeps only events after the latest boundary, oldest first', () => {
    expect(eventsSince(log, 'zones/morale-skipped', 'zones/morale-phase-started').map((e) => e.factionId)).toEqual(['a', 'b']);
    expect(eventsSince(log, 'zones/morale-skipped', 'combat-ended').map((e) => e.factionId)).toEqual(['b']);
  });

  it('reads the whole log without a boundary, and finds nothing in an empty one', () => {
    expect(eventsSince(log, 'zones/morale-skipped', null)).toHaveLength(3);
    expect(lastEventSince([], 'zones/gear-worn', null)).toBeNull();
  });

  it('lastEventSince gives the newest match', () => {
    expect(lastEventSince(log, 'zones/morale-skipped', null)?.factionId).toBe('b');
    expect(lastEventSince(log, 'zones/morale-phase-started', 'combat-ended')).toBeNull();
  });
});

describe('small words', () => {
  it('falls back to retreat unless the table set surrender', () => {
    expect(defaultBreaking(fight([], {}))).toBe('retreated');
    expect(defaultBreaking(fight([], {}, { moraleFailure: 'surrendered' }))).toBe('surrendered');
  });

  it('rounds chances to whole percents and names removed combatants', () => {
    expect(percent(0.45)).toBe('45%');
    expect(percent(1 / 3)).toBe('33%');
    expect(nameOf(fight([fighter('x', 'ogre')], {}), 'x')).toBe('Name x');
    expect(nameOf(fight([], {}), 'gone')).toBe('Someone removed');
  });
});
