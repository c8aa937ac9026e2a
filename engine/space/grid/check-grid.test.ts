import { describe, expect, it } from 'vitest';
import { checkGridMap } from './check-grid';
import { cellName, columnName, emptyGridMap, parseCellName } from '../../core/maps/grid-map';
import { drawnMap, wall } from '../../testing/grids';

const label = 'Map "Tavern"';

describe('cell names', () => {
  it('names columns A to Z, then AA, and rows from 1', () => {
    expect(cellName({ x: 0, y: 0 })).toBe('A1');
    expect(cellName({ x: 2, y: 3 })).toBe('C4');
    expect(columnName(25)).toBe('Z');
    expect(columnName(26)).toBe('AA');
    expect(columnName(99)).toBe('CV');
  });

  it('reads a name back as its cell, whatever the case and spaces', () => {
    expect(parseCellName('c4')).toEqual({ x: 2, y: 3 });
    expect(parseCellName(' AA 10 ')).toEqual({ x: 26, y: 9 });
    expect(parseCellName('CV100')).toEqual({ x: 99, y: 99 });
    for (const bad of ['4C', 'C0', 'C', '', 'C4D', 'C-1']) expect(parseCellName(bad)).toBeNull();
  });
});

describe('checking a grid map', () => {
  it('accepts a drawn map and fills in what is missing', () => {
    const checked = checkGridMap({ width: 3, height: 2, cellSize: 5, unit: 'ft', rows: ['.#~', '!%.'] }, label);
    expect(checked).toEqual({ ok: true, value: { ...emptyGridMap(3, 2), rows: ['.#~', '!%.'] } });
  });

  it('refuses sides over 100 cells and odd cell sizes', () => {
    expect(checkGridMap({ ...emptyGridMap(3, 2), width: 101 }, label)).toMatchObject({ code: 'grid/invalid', message: `${label}: the map's width must be a whole number from 1 to 100.` });
    expect(checkGridMap({ ...emptyGridMap(3, 2), cellSize: 0 }, label)).toMatchObject({ message: `${label}: the map's cell size must be from 0.5 to 100.` });
    expect(checkGridMap({ ...emptyGridMap(3, 2), unit: 'yd' }, label)).toMatchObject({ message: `${label}: the map's unit must be "ft" or "m".` });
  });

  it('names the row or the cell that is wrong', () => {
    expect(checkGridMap({ ...drawnMap(['...', '...']), rows: ['...', '..'] }, label)).toMatchObject({ code: 'grid/rows', message: `${label}: row 2 has 2 cells but the map is 3 wide.` });
    expect(checkGridMap({ ...drawnMap(['...', '...']), rows: ['...'] }, label)).toMatchObject({ message: `${label}: it has 1 rows but is 2 cells high; give one row per line of cells.` });
    expect(checkGridMap(drawnMap(['...', '.<.']), label)).toMatchObject({ code: 'grid/cell', message: expect.stringContaining('cell B2 is "<"') });
  });

  it('names an edge off the map or given twice', () => {
    expect(checkGridMap(drawnMap(['..'], { edges: [wall(2, 0, 'top')] }), label)).toMatchObject({ code: 'grid/edge-off-map', message: expect.stringContaining('edge 1, the top edge of C1, is off the map') });
    expect(checkGridMap(drawnMap(['..'], { edges: [wall(2, 0, 'left')] }), label).ok).toBe(true);
    expect(checkGridMap(drawnMap(['..'], { edges: [wall(1, 0, 'left'), wall(1, 0, 'left', 'door')] }), label)).toMatchObject({ code: 'grid/edge-twice', message: `${label}: the left edge of B1 is given twice; keep one wall, door or slit per edge.` });
    expect(checkGridMap(drawnMap(['..'], { edges: [{ ...wall(1, 0, 'left'), kind: 'portal' as never }] }), label)).toMatchObject({ message: `${label}: edge 1's kind must be "wall", "door" or "slit".` });
  });

  it('names a height off the map, given twice or out of range, and drops heights of 0', () => {
    expect(checkGridMap(drawnMap(['..'], { heights: [{ x: 2, y: 0, height: 5 }] }), label)).toMatchObject({ code: 'grid/height-off-map', message: expect.stringContaining('C1') });
    expect(checkGridMap(drawnMap(['..'], { heights: [{ x: 1, y: 0, height: 5 }, { x: 1, y: 0, height: 10 }] }), label)).toMatchObject({ code: 'grid/height-twice' });
    expect(checkGridMap(drawnMap(['..'], { heights: [{ x: 1, y: 0, height: 5000 }] }), label)).toMatchObject({ message: `${label}: height 1's height must be from -1000 to 1000.` });
    const flat = checkGridMap(drawnMap(['..'], { heights: [{ x: 1, y: 0, height: 0 }] }), label);
    expect(flat.ok && flat.value.heights).toEqual([]);
  });

  it('refuses what is not a grid map at all, and text where numbers go', () => {
    expect(checkGridMap('a map', label)).toMatchObject({ message: `${label}: it must be a grid map (width, height, cell size, unit and rows).` });
    expect(checkGridMap({ ...emptyGridMap(2, 2), height: '2' }, label)).toMatchObject({ message: `${label}: the map's height must be a whole number from 1 to 100.` });
    expect(checkGridMap({ ...emptyGridMap(2, 2), rows: ['<b>', '..'] }, label)).toMatchObject({ code: 'grid/rows' });
  });

  it('takes a door open only if it is a door', () => {
    const checked = checkGridMap(drawnMap(['..'], { edges: [wall(1, 0, 'left', 'wall', true)] }), label);
    expect(checked.ok && checked.value.edges[0]?.open).toBe(false);
  });
});
