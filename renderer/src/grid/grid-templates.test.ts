import { describe, expect, it } from 'vitest';
import { checkStoredGridMap, compileGrid, sightBetween } from '../../../engine/index';
import { GRID_TEMPLATES } from './grid-templates';
import { cellsNamed, edgeAction, edgeOfCell, paintCells, resize, setEdge, setHeights } from './grid-editor-model';

const template = (id: string) => {
  const found = GRID_TEMPLATES.find((t) => t.id === id);
  if (!found) throw new Error(`no template ${id}`);
  return found.build();
};

describe('the grid templates', () => {
  it.each(GRID_TEMPLATES.map((t) => [t.name, t] as const))('%s is a map the campaign accepts', (_name, t) => {
    const map = t.build();
    expect(checkStoredGridMap(map, t.name)).toEqual({ ok: true, value: map });
  });

  it('the corridor: an archer behind a slit has full cover from in front, and sees the target whole', () => {
    const grid = compileGrid(template('corridor'));
    const archer = { x: 8, y: 2, size: 1 };
    const ahead = { x: 8, y: 5, size: 1 };
    expect(sightBetween(grid, ahead, archer)).toMatchObject({ sees: true, cover: 'full' });
    expect(sightBetween(grid, archer, ahead)).toMatchObject({ sees: true, cover: 'none' });
    // From two squares to the side, a line through the slit (x 8.4 to 8.6) reaches the archer's
    // far corner (8, 2): at row 5 those lines are at x 9.2 to 9.8, inside that square. Half cover.
    expect(sightBetween(grid, { x: 9, y: 5, size: 1 }, archer)).toMatchObject({ sees: true, cover: 'half' });
  });

  it('the courtyard: someone on the walkway has half cover from below', () => {
    const grid = compileGrid(template('courtyard'));
    expect(sightBetween(grid, { x: 4, y: 9, size: 1 }, { x: 4, y: 1, size: 1 })).toMatchObject({ sees: true, cover: 'half' });
  });
});

describe('editing a grid map', () => {
  const blank = () => template('tavern');

  it('paints squares and leaves the map as it was when nothing changes', () => {
    const map = blank();
    const painted = paintCells(map, [{ x: 0, y: 0 }, { x: 1, y: 0 }], 'solid');
    expect(painted.rows[0]?.slice(0, 3)).toBe('##.');
    expect(map.rows[0]?.slice(0, 3)).toBe('...');
    expect(paintCells(painted, [{ x: 0, y: 0 }], 'solid')).toBe(painted);
  });

  it('puts walls, doors and slits on edges, and a second click of the same kind takes it off', () => {
    const toggleEdge = (m: typeof map, at: { x: number; y: number; side: 'top' | 'left' }, kind: 'wall' | 'door' | 'slit') => setEdge(m, at, edgeAction(m, at, kind));
    const map = blank();
    const walled = toggleEdge(map, { x: 5, y: 5, side: 'top' }, 'wall');
    expect(walled.edges.at(-1)).toEqual({ x: 5, y: 5, side: 'top', kind: 'wall', open: false });
    const door = toggleEdge(walled, { x: 5, y: 5, side: 'top' }, 'door');
    expect(door.edges.filter((e) => e.x === 5 && e.y === 5 && e.side === 'top')).toEqual([{ x: 5, y: 5, side: 'top', kind: 'door', open: false }]);
    expect(toggleEdge(door, { x: 5, y: 5, side: 'top' }, 'door').edges.some((e) => e.x === 5 && e.y === 5 && e.side === 'top')).toBe(false);
    expect(setEdge(map, { x: 5, y: 5, side: 'top' }, null)).toBe(map);
  });

  it('reads typed squares and ranges, and names what is wrong', () => {
    const map = blank();
    expect(cellsNamed('b2:c3', map)).toEqual({ ok: true, cells: [{ x: 1, y: 1 }, { x: 2, y: 1 }, { x: 1, y: 2 }, { x: 2, y: 2 }] });
    expect(cellsNamed('Z9', map)).toEqual({ ok: false, message: 'Z9 is off the map, which is 16 × 12 squares (A1 to P12).' });
    expect(cellsNamed('hello', map)).toMatchObject({ ok: false });
    expect(edgeOfCell({ x: 2, y: 3 }, 'right')).toEqual({ x: 3, y: 3, side: 'left' });
    expect(edgeOfCell({ x: 2, y: 3 }, 'bottom')).toEqual({ x: 2, y: 4, side: 'top' });
  });

  it('raises the ground and levels it again', () => {
    const map = blank();
    const raised = setHeights(map, [{ x: 1, y: 1 }], 10);
    expect(raised.heights).toEqual([{ x: 1, y: 1, height: 10 }]);
    expect(setHeights(raised, [{ x: 1, y: 1 }], 0).heights).toEqual([]);
  });

  it('shrinks the map, dropping what no longer fits', () => {
    const small = resize(blank(), 5, 4);
    expect(small.rows).toHaveLength(4);
    expect(small.rows.every((r) => r.length === 5)).toBe(true);
    expect(small.edges.every((e) => (e.side === 'top' ? e.x < 5 && e.y <= 4 : e.x <= 5 && e.y < 4))).toBe(true);
    expect(checkStoredGridMap(small, 'small').ok).toBe(true);
  });
});
