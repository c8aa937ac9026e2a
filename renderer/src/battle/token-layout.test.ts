import { describe, expect, it } from 'vitest';
import { createEncounter, deriveBorders, dispatch, findRuleset, pointInPolygon, type MapZone } from '../../../engine/index';
import { initialsOf, layoutTokens, needingPlace, tokenRadius } from './token-layout';

const traits = { hazard: null, difficult: false, concealment: false, cover: false, hidden: false };
const rect = (id: string, x: number, y: number, w: number, h: number): MapZone => ({
  id,
  name: id,
  colour: '#336699',
  ...traits,
  points: [[x, y], [x + w, y], [x + w, y + h], [x, y + h]],
});
// An L-shaped zone: its centre of area lies outside it.
const ell: MapZone = { id: 'ell', name: 'Ell', colour: '#993366', ...traits, points: [[0, 0], [400, 0], [400, 100], [100, 100], [100, 400], [0, 400]] };
const hall = rect('hall', 400, 0, 300, 400);
const zones = [ell, hall];
const borders = deriveBorders({ zones, links: [], barriers: [] });

describe('token layout', () => {
  it('puts every token of a zone inside it, none on top of another', () => {
    const who = Array.from({ length: 12 }, (_, i) => ({ id: `c${i}`, zoneId: i < 6 ? 'ell' : 'hall', borderId: null }));
    const r = 20;
    const places = layoutTokens(zones, borders, who, r);
    expect(places.size).toBe(12);
    for (const c of who) {
      const p = places.get(c.id)?.at;
      const zone = zones.find((z) => z.id === c.zoneId);
      expect(p && zone && pointInPolygon(p, zone.points)).toBe(true);
    }
    const points = [...places.values()].map((p) => p.at);
    for (const [i, p] of points.entries()) {
      for (const q of points.slice(i + 1)) expect(Math.hypot(p[0] - q[0], p[1] - q[1])).toBeGreaterThanOrEqual(2 * r);
    }
    expect([...places.values()].every((p) => p.r === r)).toBe(true);
  });

  it('draws the tokens of a crowded zone smaller so they stay inside it', () => {
    const small = rect('closet', 0, 0, 100, 100);
    const who = Array.from({ length: 6 }, (_, i) => ({ id: `c${i}`, zoneId: 'closet', borderId: null }));
    const places = layoutTokens([small], [], who, 20);
    for (const p of places.values()) {
      expect(p.r).toBeLessThan(20);
      expect(pointInPolygon(p.at, small.points)).toBe(true);
    }
    const points = [...places.values()];
    for (const [i, p] of points.entries()) {
      for (const q of points.slice(i + 1)) expect(Math.hypot(p.at[0] - q.at[0], p.at[1] - q.at[1])).toBeGreaterThanOrEqual(p.r + q.r);
    }
  });

  it('lines tokens on a border up along the edge the zones share', () => {
    const border = borders[0];
    expect(border).toBeDefined();
    const who = [
      { id: 'a', zoneId: 'hall', borderId: border?.id ?? null },
      { id: 'b', zoneId: 'ell', borderId: border?.id ?? null },
    ];
    const places = layoutTokens(zones, borders, who, 20);
    // The shared edge is x = 400, from y = 0 to y = 100.
    for (const { at } of places.values()) {
      expect(at[0]).toBeCloseTo(400);
      expect(at[1]).toBeGreaterThanOrEqual(0);
      expect(at[1]).toBeLessThanOrEqual(100);
    }
  });

  it('gives no place to someone without a zone, or in a zone the map does not have', () => {
    const places = layoutTokens(zones, borders, [{ id: 'x', zoneId: null, borderId: null }, { id: 'y', zoneId: 'gone', borderId: null }], 20);
    expect(places.size).toBe(0);
  });

  it('is the same picture every time', () => {
    const who = Array.from({ length: 5 }, (_, i) => ({ id: `c${i}`, zoneId: 'hall', borderId: null }));
    expect([...layoutTokens(zones, borders, who, 20)]).toEqual([...layoutTokens(zones, borders, who, 20)]);
  });

  it('sizes tokens to the map and names them briefly', () => {
    expect(tokenRadius(1600, 1000)).toBeCloseTo(1000 / 36);
    expect(tokenRadius(100, 100)).toBe(10);
    expect(initialsOf('Goblin 1')).toBe('G1');
    expect(initialsOf('Old Tom')).toBe('OT');
    expect(initialsOf('Aria')).toBe('Ar');
    expect(initialsOf('Bandit 12')).toBe('B12');
  });
});

describe('who needs a place on the map', () => {
  it('is everyone without a token but those out of the fight for good; someone down still needs one', () => {
    const created = createEncounter({ id: 'e', name: 'Ford', rulesetId: 'zones', seed: 1 });
    if (!created.ok) throw new Error(created.message);
    let enc = created.encounter;
    for (const name of ['Ann', 'Bo', 'Cy', 'Di']) enc = dispatch(enc, { type: 'add-combatant', name, factionId: 'f1' }).encounter;
    const [ann, bo, cy, di] = enc.state.combatants.map((c) => c.id);
    enc = dispatch(enc, { type: 'set-mark', combatantId: bo ?? '', mark: 'dead', on: true }).encounter;
    enc = dispatch(enc, { type: 'set-mark', combatantId: cy ?? '', mark: 'retreated', on: true }).encounter;
    enc = dispatch(enc, { type: 'damage', combatantId: di ?? '', amount: 99 }).encounter;
    const placed = new Map([[ann ?? '', {}]]);
    expect(needingPlace(enc.state.combatants, placed, findRuleset('zones')).map((c) => c.name)).toEqual(['Di']);
  });
});
