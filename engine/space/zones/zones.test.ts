import { describe, expect, it } from 'vitest';
import type { Zone } from '../../core/maps/zone-state';
import { checkZones, MAX_ZONES, nearby, neighboursOf, zoneDistance } from './zones';

const zone = (id: string, neighbours: string[] = [], name = id.toUpperCase()): Zone => ({ id, name, neighbours });

/**
 * A small map, with some borders listed on one side only:
 *   gate - yard - hall - tower
 *            \   /
 *            well        cellar (cut off)
 */
const map: Zone[] = [
  zone('gate', ['yard']),
  zone('yard', ['hall', 'well']),
  zone('hall', ['tower']),
  zone('well', ['hall']),
  zone('tower'),
  zone('cellar'),
];

function mustCheck(input: unknown): Zone[] {
  const r = checkZones(input);
  if (!r.ok) throw new Error(`${r.code}: ${r.message}`);
  return r.value;
}

function refusal(input: unknown): { code: string; message: string } {
  const r = checkZones(input);
  if (r.ok) throw new Error('checkZones accepted a bad list');
  return { code: r.code, message: r.message };
}

describe('neighboursOf', () => {
  it('counts a border listed on either side, own list first, then in map order', () => {
    expect(neighboursOf(map, 'yard')).toEqual(['hall', 'well', 'gate']);
    expect(neighboursOf(map, 'hall')).toEqual(['tower', 'yard', 'well']);
    expect(neighboursOf(map, 'tower')).toEqual(['hall']);
  });

  it('lists nothing for a zone with no borders or an unknown zone', () => {
    expect(neighboursOf(map, 'cellar')).toEqual([]);
    expect(neighboursOf(map, 'moon')).toEqual([]);
    expect(neighboursOf([], 'gate')).toEqual([]);
  });

  it('lists a border once even when both sides list it or a list repeats it', () => {
    const zones = [zone('a', ['b', 'b']), zone('b', ['a'])];
    expect(neighboursOf(zones, 'a')).toEqual(['b']);
    expect(neighboursOf(zones, 'b')).toEqual(['a']);
  });

  it('drops ids of zones that do not exist and the zone itself', () => {
    expect(neighboursOf([zone('a', ['ghost', 'a', 'b']), zone('b')], 'a')).toEqual(['b']);
  });
});

describe('zoneDistance', () => {
  it('is 0 from a zone to itself', () => {
    expect(zoneDistance(map, 'hall', 'hall')).toBe(0);
    expect(zoneDistance(map, 'cellar', 'cellar')).toBe(0);
  });

  it('counts the fewest borders crossed', () => {
    expect(zoneDistance(map, 'gate', 'yard')).toBe(1);
    expect(zoneDistance(map, 'gate', 'tower')).toBe(3);
    // Two ways from yard to hall: straight (1) or round by the well (2).
    expect(zoneDistance(map, 'yard', 'hall')).toBe(1);
    expect(zoneDistance(map, 'well', 'gate')).toBe(2);
  });

  it('is the same both ways, even over one-sided borders', () => {
    const ids = map.map((z) => z.id);
    for (const a of ids) for (const b of ids) expect(zoneDistance(map, a, b)).toBe(zoneDistance(map, b, a));
  });

  it('is null when there is no way through', () => {
    expect(zoneDistance(map, 'gate', 'cellar')).toBeNull();
  });

  it('is null for a zone that does not exist', () => {
    expect(zoneDistance(map, 'gate', 'moon')).toBeNull();
    expect(zoneDistance(map, 'moon', 'moon')).toBeNull();
  });

  it('walks a long corridor of zones', () => {
    const corridor = Array.from({ length: MAX_ZONES }, (_, i) => zone(`z${i}`, i > 0 ? [`z${i - 1}`] : []));
    expect(zoneDistance(corridor, 'z0', `z${MAX_ZONES - 1}`)).toBe(MAX_ZONES - 1);
  });
});

describe('checkZones', () => {
  it('accepts a good map and lists every border on both sides', () => {
    const checked = mustCheck(map);
    expect(checked.map((z) => z.id)).toEqual(map.map((z) => z.id));
    expect(checked.find((z) => z.id === 'gate')?.neighbours).toEqual(['yard']);
    expect(checked.find((z) => z.id === 'yard')?.neighbours).toEqual(['hall', 'well', 'gate']);
    expect(checked.find((z) => z.id === 'tower')?.neighbours).toEqual(['hall']);
    for (const z of checked) for (const n of z.neighbours) expect(checked.find((o) => o.id === n)?.neighbours).toContain(z.id);
  });

  it('keeps the same neighbour order as neighboursOf, so dice numbering does not change after checking', () => {
    const checked = mustCheck(map);
    for (const z of map) expect(neighboursOf(checked, z.id)).toEqual(neighboursOf(map, z.id));
  });

  it('accepts an empty map', () => {
    expect(mustCheck([])).toEqual([]);
  });

  it('trims names and drops unknown fields, without changing the input', () => {
    const input = [{ id: 'a', name: '  Bridge  ', neighbours: ['b'], colour: 'red' }, { id: 'b', name: 'River', neighbours: [] }];
    const checked = mustCheck(input);
    expect(checked[0]).toEqual({ id: 'a', name: 'Bridge', neighbours: ['b'] });
    expect(checked[1]).toEqual({ id: 'b', name: 'River', neighbours: ['a'] });
    expect(input[1]?.neighbours).toEqual([]);
    expect(input[0]?.name).toBe('  Bridge  ');
  });

  it('drops repeats in a neighbour list', () => {
    expect(mustCheck([zone('a', ['b', 'b']), zone('b')])[0]?.neighbours).toEqual(['b']);
  });

  it('refuses something that is not a list', () => {
    expect(refusal({ zones: [] }).code).toBe('zones/not-a-list');
    expect(refusal(null).code).toBe('zones/not-a-list');
  });

  it(`accepts exactly ${MAX_ZONES} zones and refuses ${MAX_ZONES + 1}`, () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => zone(`z${i}`));
    expect(mustCheck(many(MAX_ZONES))).toHaveLength(MAX_ZONES);
    const r = refusal(many(MAX_ZONES + 1));
    expect(r.code).toBe('zones/too-many');
    expect(r.message).toContain(`${MAX_ZONES + 1} zones; keep it to ${MAX_ZONES}`);
  });

  it('refuses an entry that is not a zone', () => {
    expect(refusal([zone('a'), 'b']).code).toBe('zones/not-a-zone');
    expect(refusal([[]]).code).toBe('zones/not-a-zone');
  });

  it('refuses a missing, blank or non-string id, naming the entry', () => {
    for (const id of [undefined, '', '   ', 7]) {
      const r = refusal([zone('a'), { id, name: 'Ford', neighbours: [] }]);
      expect(r.code).toBe('zones/bad-id');
      expect(r.message).toMatch(/^Zone 2 /);
    }
  });

  it('refuses two zones with the same id', () => {
    const r = refusal([zone('a'), zone('a', [], 'Other')]);
    expect(r.code).toBe('zones/duplicate-id');
    expect(r.message).toContain('"a"');
  });

  it('refuses names that are missing, blank or too long, and accepts 40 characters', () => {
    for (const name of [undefined, '', '    ', 'x'.repeat(41), 3]) {
      expect(refusal([{ id: 'a', name, neighbours: [] }]).code).toBe('zones/bad-name');
    }
    expect(mustCheck([zone('a', [], 'x'.repeat(40))])[0]?.name).toHaveLength(40);
    // Spaces around the name don't count towards the limit.
    expect(mustCheck([zone('a', [], ` ${'x'.repeat(40)} `)])[0]?.name).toHaveLength(40);
  });

  it('refuses neighbours that are not a list of ids', () => {
    expect(refusal([{ id: 'a', name: 'A' }]).code).toBe('zones/bad-neighbours');
    expect(refusal([{ id: 'a', name: 'A', neighbours: 'b' }]).code).toBe('zones/bad-neighbours');
    expect(refusal([{ id: 'a', name: 'A', neighbours: [1] }, zone('1')]).code).toBe('zones/bad-neighbours');
  });

  it('refuses a neighbour that does not exist, naming both', () => {
    const r = refusal([zone('a', ['b'], 'Bridge')]);
    expect(r.code).toBe('zones/unknown-neighbour');
    expect(r.message).toContain('"Bridge"');
    expect(r.message).toContain('"b"');
  });

  it('refuses a zone that borders itself', () => {
    const r = refusal([zone('a', ['a'], 'Bridge')]);
    expect(r.code).toBe('zones/self-neighbour');
    expect(r.message).toContain('"Bridge"');
  });

  it('says what to fix in a sentence', () => {
    const bad: unknown[] = [5, [5], [zone('a', ['a'])], [zone('a', ['z'])], [zone('a'), zone('a')], [{ id: 'a', name: '' , neighbours: [] }]];
    for (const input of bad) expect(refusal(input).message).toMatch(/^[A-Z].*\.$/);
  });
});

describe('nearby', () => {
  it('is the same zone, or either one without a zone (the GM judges)', () => {
    expect(nearby({ zoneId: 'a' }, { zoneId: 'a' })).toBe(true);
    expect(nearby({ zoneId: 'a' }, { zoneId: 'b' })).toBe(false);
    expect(nearby({ zoneId: null }, { zoneId: 'b' })).toBe(true);
    expect(nearby({ zoneId: 'a' }, { zoneId: null })).toBe(true);
    expect(nearby({ zoneId: null }, { zoneId: null })).toBe(true);
  });
});
