import { describe, expect, it } from 'vitest';
import { checkZoneMap, emptyMap, MAX_BACKGROUND_CHARS, readZoneMap } from './check-map';
import { borderId, type ZoneMap } from '../../core/maps/zone-map';
import { MAX_ZONES } from './zones';

const LABEL = 'The map "Crypt"';

const zone = (id: string, x: number, extra: Record<string, unknown> = {}) => ({
  id,
  name: id.charAt(0).toUpperCase() + id.slice(1),
  colour: '#336699',
  points: [[x, 0], [x + 100, 0], [x + 100, 100], [x, 100]],
  hazard: null,
  difficult: false,
  concealment: false,
  cover: false,
  hidden: false,
  ...extra,
});

const good = () => ({
  width: 1000,
  height: 800,
  background: null,
  zones: [zone('hall', 0), zone('yard', 100), zone('tower', 500)],
  links: [{ a: 'yard', b: 'tower', kind: 'one-way' }],
  barriers: [borderId('hall', 'yard')],
  grid: 20,
});

function refusal(value: unknown): { code: string; message: string } {
  const r = checkZoneMap(value, LABEL);
  if (r.ok) throw new Error('checkZoneMap accepted a bad map');
  return { code: r.code, message: r.message };
}

function accepted(value: unknown): ZoneMap {
  const r = checkZoneMap(value, LABEL);
  if (!r.ok) throw new Error(`${r.code}: ${r.message}`);
  return r.value;
}

const withZone = (index: number, patch: Record<string, unknown>) => {
  const m = good();
  m.zones[index] = { ...m.zones[index], ...patch } as ReturnType<typeof zone>;
  return m;
};

describe('checkZoneMap', () => {
  it('accepts a good map and returns it as given', () => {
    expect(accepted(good())).toEqual(good());
  });

  it('accepts the blank map', () => {
    expect(accepted(emptyMap())).toEqual(emptyMap());
  });

  it('fills in missing traits, links, barriers, background and grid, and cleans what it keeps', () => {
    const bare = {
      width: 10,
      height: 10,
      zones: [{ id: 'a', name: '  Ford ', colour: '#ABCDEF', points: [[0, 0], [5, 0], [5, 5], [5, 5], [0, 5], [0, 0]], hazard: '  ', extra: 1 }],
    };
    expect(accepted(bare)).toEqual({
      width: 10,
      height: 10,
      background: null,
      zones: [{ id: 'a', name: 'Ford', colour: '#abcdef', points: [[0, 0], [5, 0], [5, 5], [0, 5]], hazard: null, difficult: false, concealment: false, cover: false, hidden: false }],
      links: [],
      barriers: [],
      grid: 0,
    });
  });

  it('keeps a hazard note and a background image', () => {
    const m = { ...withZone(0, { hazard: ' Burning oil ' }), background: { mime: 'image/png', base64: 'iVBORw0KGgo=', width: 1000, height: 800 } };
    const checked = accepted(m);
    expect(checked.zones[0]?.hazard).toBe('Burning oil');
    expect(checked.background).toEqual({ mime: 'image/png', base64: 'iVBORw0KGgo=', width: 1000, height: 800 });
  });

  it('refuses what is not a map', () => {
    for (const bad of [null, 5, 'map', [], {}]) expect(refusal(bad).message).toMatch(/^The map "Crypt": /);
    expect(refusal({ width: 10, height: 10 }).message).toBe('The map "Crypt": the map\'s zone list is missing.');
  });

  it('names the zone and the field in every refusal', () => {
    const cases: [unknown, string][] = [
      [withZone(1, { colour: 'red' }), 'The map "Crypt": zone 2 ("Yard")\'s colour must be a colour like #3a7bd5.'],
      [withZone(1, { name: '   ' }), 'The map "Crypt": zone 2\'s name is empty; give the zone a name.'],
      [withZone(0, { name: 'x'.repeat(41) }), `The map "Crypt": zone 1 ("${'x'.repeat(41)}")'s name is longer than 40 characters.`],
      [withZone(2, { points: [[0, 0], [1, 1]] }), 'The map "Crypt": zone 3 ("Tower")\'s outline has 2 corners; a zone needs 3 to 64.'],
      [withZone(2, { points: Array.from({ length: 65 }, (_, i) => [Math.cos(i / 10) * 100, Math.sin(i / 10) * 100]) }), 'The map "Crypt": zone 3 ("Tower")\'s outline has 65 corners; a zone needs 3 to 64.'],
      [withZone(0, { points: [[0, 0], [Number.NaN, 0], [5, 5]] }), 'The map "Crypt": the x of corner 2 of zone 1 ("Hall") must be a number between -100000 and 100000.'],
      [withZone(0, { points: [[0, 0], [5], [5, 5]] }), 'The map "Crypt": the y of corner 2 of zone 1 ("Hall") is missing.'],
      [withZone(0, { points: [[0, 0], 'x', [5, 5]] }), 'The map "Crypt": corner 2 of zone 1 ("Hall") must be a pair of numbers [x, y].'],
      [withZone(0, { points: [[0, 0], [200_000, 0], [5, 5]] }), 'The map "Crypt": the x of corner 2 of zone 1 ("Hall") must be between -100000 and 100000.'],
      [withZone(0, { id: 'a~b' }), 'The map "Crypt": zone 1 ("Hall")\'s id must be 1 to 64 letters, digits, "-" or "_".'],
      [withZone(0, { hidden: 'yes' }), 'The map "Crypt": zone 1 ("Hall")\'s "hidden" flag must be true or false.'],
      [withZone(0, { id: 'yard' }), 'The map "Crypt": zones 1 and 2 both use the id "yard"; give each zone its own id.'],
      [withZone(0, { points: [[0, 0], [100, 100], [100, 0], [0, 50]] }), 'The map "Crypt": zone 1 ("Hall")\'s outline crosses itself; move its corners so that no two edges cross.'],
      [withZone(0, { points: [[0, 0], [50, 50], [100, 100]] }), 'The map "Crypt": zone 1 ("Hall")\'s corners all lie on one line; spread them out so the zone has an area.'],
      [withZone(0, { points: [[0, 0], [0, 0], [5, 5], [0, 0]] }), 'The map "Crypt": zone 1 ("Hall") has only 2 different corners; a zone needs 3 to 64.'],
    ];
    for (const [value, message] of cases) expect(refusal(value).message).toBe(message);
  });

  it('refuses links to zones that do not exist, or from a zone to itself', () => {
    expect(refusal({ ...good(), links: [{ a: 'hall', b: 'moat', kind: 'open' }] }).message).toBe(
      'The map "Crypt": link 1 names the zone "moat", but no zone has that id; fix the id or remove the link.',
    );
    expect(refusal({ ...good(), links: [{ a: 'hall', b: 'hall', kind: 'open' }] }).message).toBe('The map "Crypt": link 1 joins "Hall" to itself; remove it.');
    expect(refusal({ ...good(), links: [{ a: 'hall', b: 'yard', kind: 'sideways' }] }).message).toBe(
      'The map "Crypt": link 1\'s kind must be "open", "closed" or "one-way".',
    );
  });

  it(`refuses more than ${MAX_ZONES} zones`, () => {
    const many = Array.from({ length: MAX_ZONES + 1 }, (_, i) => zone(`z${i}`, i * 100));
    expect(refusal({ ...good(), zones: many }).message).toBe(`The map "Crypt": the map's zone list has ${MAX_ZONES + 1} zones; keep it to ${MAX_ZONES} or fewer.`);
    expect(accepted({ ...good(), links: [], barriers: [], zones: many.slice(0, MAX_ZONES) }).zones).toHaveLength(MAX_ZONES);
  });

  it('refuses a bad size, grid or background', () => {
    expect(refusal({ ...good(), width: 0 }).message).toBe("The map \"Crypt\": the map's width must be more than 0 and at most 100000.");
    expect(refusal({ ...good(), grid: -5 }).message).toBe("The map \"Crypt\": the map's grid size must be 0 or more, at most 10000.");
    const bg = { mime: 'image/png', base64: 'AAAA', width: 10, height: 10 };
    expect(refusal({ ...good(), background: { ...bg, mime: 'image/gif' } }).message).toBe(
      "The map \"Crypt\": the background image's image type must be one of image/png, image/jpeg, image/webp.",
    );
    expect(refusal({ ...good(), background: { ...bg, base64: 'data:image/png;base64,AAAA' } }).message).toMatch(/image data must be the image bytes in base64/);
    expect(refusal({ ...good(), background: { ...bg, base64: 'A'.repeat(MAX_BACKGROUND_CHARS + 4) } }).message).toMatch(/image data is too large/);
    expect(refusal({ ...good(), background: { ...bg, height: -1 } }).message).toBe("The map \"Crypt\": the background image's height must be more than 0 and at most 100000.");
  });

  it('drops a barrier on a border the map no longer has, with a warning', () => {
    const moved = { ...good(), barriers: [borderId('hall', 'yard'), borderId('hall', 'tower')] };
    const read = readZoneMap(moved, LABEL);
    if (!read.ok) throw new Error(read.message);
    expect(read.value.map.barriers).toEqual([borderId('hall', 'yard')]);
    expect(read.value.warnings).toEqual([`The map "Crypt": the barrier on "${borderId('hall', 'tower')}" was dropped, because those zones no longer share a border.`]);
  });

  it('keeps a barrier on a hand-made opening', () => {
    const m = { ...good(), barriers: [borderId('yard', 'tower')] };
    expect(accepted(m).barriers).toEqual([borderId('yard', 'tower')]);
  });

  it('does not change its input', () => {
    const input = withZone(0, { name: '  Hall  ' });
    const copy = structuredClone(input);
    accepted(input);
    expect(input).toEqual(copy);
  });
});
