import { describe, expect, it } from 'vitest';
import { randomFrom, seedState } from '../../dice/random';
import type { Combatant, Mark } from '../../core/state';
import type { Border, Zone } from '../../core/maps/zone-state';
import { forcedDice } from '../../test-support';
import { blastTargets, deviate } from './blast';

function fighter(id: string, zoneId: string | null, marks: Mark[] = []): Combatant {
  return {
    id,
    name: id,
    factionId: 'f1',
    stats: {},
    tracks: { health: { value: 5, max: 10 } },
    conditions: [],
    notes: '',
    concealed: false,
    initiative: null,
    zoneId,
    borderId: null,
    marks,
    resources: [],
    templateId: null,
  };
}

const zone = (id: string, neighbours: string[] = []): Zone => ({ id, name: id, neighbours });

describe('blastTargets', () => {
  const crowd = [
    fighter('attacker', 'yard'),
    fighter('ally', 'yard'),
    fighter('foe', 'yard'),
    fighter('far', 'hall'),
    fighter('corpse', 'yard', ['dead']),
    fighter('nowhere', null),
  ];

  it('hits everyone else in the zone with a melee blast, leaving the attacker out', () => {
    expect(blastTargets(crowd, 'yard', 'attacker', true)).toEqual(['ally', 'foe']);
  });

  it('includes the attacker in a ranged blast aimed at their own zone', () => {
    expect(blastTargets(crowd, 'yard', 'attacker', false)).toEqual(['attacker', 'ally', 'foe']);
  });

  it('leaves the attacker out of a ranged blast on another zone, because they are not there', () => {
    expect(blastTargets(crowd, 'hall', 'attacker', false)).toEqual(['far']);
  });

  it('skips the dead but still hits those who gave up or are down', () => {
    const more = [...crowd, fighter('quitter', 'yard', ['surrendered']), { ...fighter('down', 'yard'), tracks: { health: { value: 0, max: 10 } } }];
    expect(blastTargets(more, 'yard', 'attacker', true)).toEqual(['ally', 'foe', 'quitter', 'down']);
  });

  it('hits nobody in an empty or unknown zone', () => {
    expect(blastTargets(crowd, 'tower', 'attacker', false)).toEqual([]);
    expect(blastTargets([], 'yard', 'attacker', true)).toEqual([]);
  });

  describe('with borders', () => {
    const borders: Border[] = [
      { id: 'hall~yard', a: 'hall', b: 'yard', barrier: false, oneWayTo: null },
      { id: 'gate~yard', a: 'gate', b: 'yard', barrier: false, oneWayTo: 'yard' },
      { id: 'gate~hall', a: 'gate', b: 'hall', barrier: false, oneWayTo: null },
    ];
    const onBorder = (id: string, zoneId: string, borderId: string): Combatant => ({ ...fighter(id, zoneId), borderId });
    const people = [
      fighter('attacker', 'yard'),
      onBorder('edge-of-hall', 'hall', 'hall~yard'),
      onBorder('edge-of-yard', 'yard', 'hall~yard'),
      onBorder('at-gate', 'gate', 'gate~yard'),
      onBorder('far-edge', 'gate', 'gate~hall'),
      fighter('in-hall', 'hall'),
    ];

    it('also hits whoever stands on any border of the zone, from either side', () => {
      expect(blastTargets(people, 'yard', 'attacker', false, borders)).toEqual(['attacker', 'edge-of-hall', 'edge-of-yard', 'at-gate']);
      expect(blastTargets(people, 'hall', 'attacker', false, borders)).toEqual(['edge-of-hall', 'edge-of-yard', 'far-edge', 'in-hall']);
    });

    it('still spares the one swinging a melee blast, even from a border', () => {
      const swinging = [onBorder('attacker', 'yard', 'hall~yard'), ...people.slice(1)];
      expect(blastTargets(swinging, 'yard', 'attacker', true, borders)).toEqual(['edge-of-hall', 'edge-of-yard', 'at-gate']);
    });

    it('ignores borders without the list (a fight without borders)', () => {
      expect(blastTargets(people, 'yard', 'attacker', false)).toEqual(['attacker', 'edge-of-yard']);
    });
  });
});

describe('deviate', () => {
  // The yard borders four zones; the gate is listed only on the gate's side.
  const zones = [zone('yard', ['hall', 'well', 'tower']), zone('hall'), zone('well'), zone('tower'), zone('gate', ['yard']), zone('island')];

  it('numbers the neighbours in map order and rolls a die with that many sides', () => {
    const r = deviate(zones, 'yard', forcedDice([2]));
    expect(r?.numbered).toEqual(['hall', 'well', 'tower', 'gate']);
    expect(r?.roll?.notation).toBe('d4');
    expect(r?.roll?.total).toBe(2);
    expect(r?.zoneId).toBe('well');
  });

  it('lands on the first and the last neighbour for the lowest and highest roll', () => {
    expect(deviate(zones, 'yard', forcedDice([1]))?.zoneId).toBe('hall');
    expect(deviate(zones, 'yard', forcedDice([4]))?.zoneId).toBe('gate');
  });

  it('counts a border listed only on the other side', () => {
    expect(deviate(zones, 'gate', forcedDice([]))?.zoneId).toBe('yard');
  });

  it('with one neighbour lands there without rolling', () => {
    const dice = forcedDice([]);
    const r = deviate(zones, 'hall', dice);
    expect(r).toEqual({ zoneId: 'yard', roll: null, numbered: ['yard'] });
    expect(dice.used()).toBe(0);
  });

  it('is null for a zone with no neighbours or an unknown zone, rolling nothing', () => {
    const dice = forcedDice([]);
    expect(deviate(zones, 'island', dice)).toBeNull();
    expect(deviate(zones, 'moon', dice)).toBeNull();
    expect(dice.used()).toBe(0);
  });

  it('always lands on a neighbour, and every neighbour comes up (random check)', () => {
    const seen = new Set<string>();
    for (let seed = 0; seed < 400; seed++) {
      const r = deviate(zones, 'yard', randomFrom(seedState(seed)));
      expect(r).not.toBeNull();
      expect(['hall', 'well', 'tower', 'gate']).toContain(r?.zoneId);
      expect(r?.numbered[(r.roll?.total ?? 0) - 1]).toBe(r?.zoneId);
      seen.add(r?.zoneId ?? '');
    }
    expect([...seen].sort()).toEqual(['gate', 'hall', 'tower', 'well']);
  });

  it('never lands back on the zone it was aimed at', () => {
    const source = randomFrom(seedState(3));
    for (let i = 0; i < 200; i++) expect(deviate(zones, 'yard', source)?.zoneId).not.toBe('yard');
  });
});
