import { compileGrid, type Grid } from '../space/grid/grid';
import type { CellHeight, GridEdge, GridMap } from '../core/maps/grid-map';

// Grid maps for tests, drawn as rows of characters ('.' open, '#' solid, '~' difficult, '!'
// hazard) with walls and heights beside them, so a test shows the scene it works on.

/** An edge for a test: a wall unless said otherwise. */
export function wall(x: number, y: number, side: 'top' | 'left', kind: GridEdge['kind'] = 'wall', open = false): GridEdge {
  return { x, y, side, kind, open };
}

/** A stored grid map from rows drawn as text. */
export function drawnMap(rows: readonly string[], extra: { edges?: GridEdge[]; heights?: CellHeight[]; cellSize?: number; unit?: 'ft' | 'm' } = {}): GridMap {
  return {
    width: rows[0]?.length ?? 0,
    height: rows.length,
    cellSize: extra.cellSize ?? 5,
    unit: extra.unit ?? 'ft',
    rows: [...rows],
    heights: extra.heights ?? [],
    edges: extra.edges ?? [],
    alignment: { offsetX: 0, offsetY: 0, cellPixels: 0 },
  };
}

/** A grid ready for questions, from rows drawn as text. */
export function drawnGrid(rows: readonly string[], extra: Parameters<typeof drawnMap>[1] = {}): Grid {
  return compileGrid(drawnMap(rows, extra));
}
