import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import { deriveBorders, type MapZone } from '../../../engine/index';
import { arrowPath, borderShapes, chordWidth, HAZARD_DEFAULT, traitBadges, zoneLabel } from './canvas';
import { addRectangle, blankMap, MAP_TEMPLATES, setLink, updateZone } from './editor-model';
import MapCanvas from './MapCanvas.svelte';

const textOf = (html: string) => html.replace(/<!--[^>]*-->/g, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const template = (id: string) => MAP_TEMPLATES.find((t) => t.id === id)!.build();

const zone = (over: Partial<MapZone> = {}): MapZone => ({
  id: 'z',
  name: 'Hall',
  colour: '#4f8cff',
  points: [[0, 0], [400, 0], [400, 200], [0, 200]],
  hazard: null,
  difficult: false,
  concealment: false,
  cover: false,
  hidden: false,
  ...over,
});

describe('what the map shows of a zone', () => {
  it('badges its traits in a fixed order, with the hazard’s note in the tooltip', () => {
    const badges = traitBadges(zone({ hidden: true, cover: true, hazard: 'Burning oil', difficult: true, concealment: true }));
    expect(badges.map((b) => b.word)).toEqual(['Hazard', 'Difficult', 'Concealed', 'Cover', 'Hidden']);
    expect(badges[0]!.title).toBe('Hazard: Burning oil');
    expect(traitBadges(zone({ hazard: HAZARD_DEFAULT }))[0]!.title).toBe('Hazard');
    expect(traitBadges(zone())).toEqual([]);
  });

  it('measures a zone across where its label sits', () => {
    const slanted: MapZone['points'] = [[0, 0], [100, 0], [300, 400], [200, 400]];
    expect(chordWidth(slanted, [150, 200])).toBe(100);
    expect(chordWidth(slanted, [10, 300])).toBeNull();
  });

  it('sizes the label in screen pixels, smaller to fit a narrow zone, and leaves it out when unreadable', () => {
    const wide = zoneLabel(zone(), 1, 20);
    expect(wide.size).toBe(20);
    expect(wide.at).toEqual([200, 100]);
    expect(wide.visible).toBe(true);
    // At half the scale, the same 20 px are 40 map units.
    expect(zoneLabel(zone(), 0.5, 20).size).toBe(40);
    const narrow = zoneLabel(zone({ name: 'A very long name for a zone', points: [[0, 0], [100, 0], [100, 200], [0, 200]] }), 1, 20);
    expect(narrow.size).toBeLessThan(10);
    expect(narrow.visible).toBe(false);
    // Words on the badges when they fit, glyphs alone when they don't.
    expect(zoneLabel(zone({ cover: true }), 1).badgeWords).toBe(true);
    expect(zoneLabel(zone({ cover: true, difficult: true, hidden: true, concealment: true, hazard: 'x', points: [[0, 0], [160, 0], [160, 200], [0, 200]] }), 1).badgeWords).toBe(false);
  });
});

describe('what the map shows of borders', () => {
  it('draws passages, barriers, walls and hand-made links, with an arrow pointing into a one-way border’s far zone', () => {
    const map = template('bridge');
    const shapes = borderShapes(map, deriveBorders(map), []);
    const drop = shapes.find((s) => s.id === 'bridge~downstream')!;
    expect(drop.kind).toBe('passage');
    expect(drop.title).toBe('Border between Bridge and River, downstream (one way, from Bridge into River, downstream)');
    // The bridge's lower edge runs along y = 580; the river is below it.
    expect(drop.arrow!.at).toEqual([800, 580]);
    expect(drop.arrow!.dir[0]).toBeCloseTo(0);
    expect(drop.arrow!.dir[1]).toBeCloseTo(1);
    const under = shapes.find((s) => s.id === 'downstream~upstream')!;
    expect(under.kind).toBe('link');
    expect(under.path).toMatch(/^M /);
    expect(under.arrow).toBeNull();

    const forest = template('forest-clearing');
    expect(borderShapes(forest, deriveBorders(forest), []).find((s) => s.id === 'clearing~ruin')!.kind).toBe('barrier');

    const walls = [{ a: 'bar', b: 'street', segments: [[[1000, 850], [1300, 850]]] as const }];
    const tavern = template('tavern');
    const wall = borderShapes(tavern, deriveBorders(tavern), walls).find((s) => s.kind === 'wall')!;
    expect(wall.title).toBe('Wall: no way between Behind the bar and Street');
  });

  it('makes an arrowhead pointing along its direction', () => {
    expect(arrowPath([0, 0], [1, 0], 10)).toBe('M 6 0 L -4 4.5 L -4 -4.5 Z');
  });
});

describe('MapCanvas', () => {
  it('renders the zones with names, traits and borders, and lists them for screen readers', () => {
    let map = template('tavern');
    map = updateZone(map, 'cellar', { hidden: true });
    const html = render(MapCanvas, { props: { map, label: 'Tavern' } }).body;
    expect(html).toContain('role="application"');
    expect(html).toContain('aria-roledescription="map"');
    expect(html).toContain('viewBox="0 0 1600 1000"');
    const text = textOf(html);
    expect(text).toContain('Kitchen: Hazard: Open hearth and a boiling pot');
    expect(text).toContain('Cellar: Concealment: vision into it is partly obscured; Hidden from the players');
    expect(text).toContain('Wall: no way between Behind the bar and Street');
    expect(text).toContain('Passage between Cellar and Stairs');
    expect(html).toContain('aria-label="Zoom in"');
    expect(html).not.toContain('hl-');
  });

  it('as a thumbnail: an image, no buttons, not focusable', () => {
    const map = setLink(addRectangle(blankMap(), [0, 0], [100, 100], { id: 'a', name: 'Yard' }), { a: 'a', b: 'a', kind: 'open' });
    const html = render(MapCanvas, { props: { map, label: 'Yard map', interactive: false } }).body;
    expect(html).toContain('role="img"');
    expect(html).toContain('tabindex="-1"');
    expect(html).not.toContain('Zoom in');
  });

  it('picks out highlighted zones', () => {
    const html = render(MapCanvas, { props: { map: template('tavern'), label: 'Tavern', highlight: { kitchen: 'area', bar: 'target' } } }).body;
    expect(html).toContain('hl-area');
    expect(html).toContain('hl-target');
  });
});
