import type { Combatant, EncounterState } from '../../core/state';
import { edgeKey } from './grid';
import type { CellHeight, Footprint, GridAlignment } from '../../core/maps/grid-map';

// What the players' screen may show of the grid (see `views/player-view.ts` for the rules of the
// whole projection): the map's squares outside the fog (a fogged square shows as "?"), the walls,
// doors and slits beside a square they see (doors as they stand now), the ground's height they
// see, and where each shown character stands when it isn't in the fog.

/** An edge the players may see, doors as they stand now. */
export interface PlayerEdge {
  x: number;
  y: number;
  side: 'top' | 'left';
  kind: 'wall' | 'door' | 'slit';
  open: boolean;
}

/** The grid map as the players see it. The background picture is published to their window separately. */
export interface PlayerGrid {
  width: number;
  height: number;
  cellSize: number;
  unit: 'ft' | 'm';
  /** One string per row; a square in the fog is "?". */
  rows: string[];
  edges: PlayerEdge[];
  heights: CellHeight[];
  alignment: GridAlignment;
  /** The map has a background picture. */
  background: boolean;
}

/** The grid as the players see it: null without one. */
export interface GridForPlayers {
  grid: PlayerGrid | null;
}

/** Where a shown character stands on the grid, as the players see it. */
export interface GridPlaceForPlayers {
  /** Null off the grid or in the fog. */
  square: Footprint | null;
}

/** What the players can't see of the grid: the squares in the fog. */
export interface GridSight {
  readonly fog: ReadonlySet<number>;
  /** The map's size, to find a square in `fog`. */
  readonly width: number;
  readonly height: number;
}

export function gridSight(state: EncounterState): GridSight {
  return { fog: new Set(state.grid?.fog ?? []), width: state.grid?.map.width ?? 0, height: state.grid?.map.height ?? 0 };
}

/** Whether any square of a character stands in the fog. */
export function inFog(sight: GridSight, c: Combatant): boolean {
  const at = c.square ?? null;
  if (!at || sight.fog.size === 0) return false;
  for (let dy = 0; dy < at.size; dy++) for (let dx = 0; dx < at.size; dx++) if (sight.fog.has((at.y + dy) * sight.width + at.x + dx)) return true;
  return false;
}

/** Whether the players' view of the grid is the same between two states (the same objects). */
export function sameGrid(a: EncounterState, b: EncounterState): boolean {
  return (a.grid ?? null) === (b.grid ?? null);
}

/** The grid the players may see, and where a character stands on it. */
export function gridForPlayers(state: EncounterState, sight: GridSight): { field: GridForPlayers; place(c: Combatant): GridPlaceForPlayers } {
  const battle = state.grid ?? null;
  const place = (c: Combatant): GridPlaceForPlayers => {
    const at = c.square ?? null;
    return { square: at && battle && !inFog(sight, c) ? { x: Number(at.x), y: Number(at.y), size: Number(at.size) } : null };
  };
  if (!battle) return { field: { grid: null }, place };
  const { map } = battle;
  const seen = (x: number, y: number) => x >= 0 && y >= 0 && x < map.width && y < map.height && !sight.fog.has(y * map.width + x);
  const rows = map.rows.map((row, y) => Array.from(row, (code, x) => (seen(x, y) ? code : '?')).join(''));
  const edges = map.edges
    .filter((e) => (e.side === 'top' ? seen(e.x, e.y) || seen(e.x, e.y - 1) : seen(e.x, e.y) || seen(e.x - 1, e.y)))
    .map((e) => ({ x: e.x, y: e.y, side: e.side, kind: e.kind, open: e.kind === 'door' && (battle.doors[edgeKey(e)] ?? e.open) }));
  const heights = map.heights.filter((h) => seen(h.x, h.y)).map((h) => ({ x: h.x, y: h.y, height: h.height }));
  return {
    field: {
      grid: { width: map.width, height: map.height, cellSize: map.cellSize, unit: map.unit, rows, edges, heights, alignment: { ...map.alignment }, background: battle.hasBackground },
    },
    place,
  };
}
