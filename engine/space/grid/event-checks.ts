import * as v from 'valibot';
import { eventId, listOf, text, whole } from '../../core/stored-event-parts';
import type { EncounterState, Id } from '../../core/state';
import { checkGridMap } from './check-grid';
import { compileGrid, type Grid } from './grid';
import { MAX_CREATURE_SIZE, MAX_GRID_SIDE, type Footprint } from '../../core/maps/grid-map';
import { standsClear } from './steps';
import type { GridSpaceEvent } from '../../core/maps/grid-events';

// The grid's events as a stored log must hold them (one schema per type), and what they name
// must be there: the characters, a map laid out, squares on it. See `encounter/event-checks/`.

const coordinate = whole(0, MAX_GRID_SIDE);
const cell = v.object({ x: coordinate, y: coordinate });
const square = v.object({ x: coordinate, y: coordinate, size: whole(1, MAX_CREATURE_SIZE) });
const side = v.picklist(['top', 'left']);
const ids = listOf(eventId);
const cells = listOf(cell, MAX_GRID_SIDE * MAX_GRID_SIDE);
const battleGrid = v.object({
  mapId: eventId,
  name: text(200),
  // The map as `set-grid` stores it: `checkGridMap`'s clean copy, every field there. A map the
  // checker would change (a field missing and filled in, a height of 0) wasn't written by the app.
  map: v.custom<unknown>((value) => {
    const checked = checkGridMap(value, 'map');
    return checked.ok && JSON.stringify(checked.value) === JSON.stringify(value);
  }, 'is not a grid map as this version writes it'),
  hasBackground: v.boolean(),
  doors: v.record(v.pipe(v.string(), v.regex(/^(top|left):\d{1,3}:\d{1,3}$/, 'is not an edge')), v.boolean()),
  fog: v.pipe(
    listOf(whole(0, MAX_GRID_SIDE * MAX_GRID_SIDE - 1), MAX_GRID_SIDE * MAX_GRID_SIDE),
    v.check((fog) => new Set(fog).size === fog.length, 'names a square twice'),
  ),
});

// A Record over the grid's event types, so adding one without its schema fails to compile.
export const GRID_EVENT_SCHEMAS: Readonly<Record<GridSpaceEvent['type'], v.GenericSchema>> = {
  'grid-set': v.object({ grid: battleGrid, unplaced: ids }),
  'grid-cleared': v.object({ unplaced: ids }),
  'placed-on-grid': v.object({ combatantId: eventId, square: v.nullable(square) }),
  walked: v.object({
    combatantId: eventId,
    path: v.pipe(listOf(cell, MAX_GRID_SIDE * MAX_GRID_SIDE), v.minLength(2, 'has fewer than two squares')),
    distance: v.pipe(v.number(), v.finite(), v.minValue(0)),
    leaving: listOf(v.object({ step: whole(1, MAX_GRID_SIDE * MAX_GRID_SIDE), from: cell, before: ids, after: ids })),
    move: v.optional(whole(0, 1000)),
  }),
  'door-set': v.object({ x: coordinate, y: coordinate, side, open: v.boolean() }),
  'fog-set': v.object({ cells, hidden: v.boolean() }),
};

function characters(state: EncounterState, ids: readonly Id[]): string | null {
  const gone = ids.find((id) => !state.combatants.some((c) => c.id === id));
  return gone === undefined ? null : `it names the character "${gone}", who is not in the encounter`;
}

const NO_GRID = 'no grid map is laid out at that point';

/** Whether someone on `square` fits the map: on it, and on nothing solid. */
function fits(grid: Grid, square: Footprint): boolean {
  return square.x + square.size <= grid.width && square.y + square.size <= grid.height && standsClear(grid, square);
}

/** What is wrong with a squares' worth of an event, against the map laid out, or null. */
function onMap(state: EncounterState, squares: readonly { x: number; y: number; size?: number }[]): string | null {
  const map = state.grid?.map;
  if (!map) return NO_GRID;
  const off = squares.find((s) => s.x + (s.size ?? 1) > map.width || s.y + (s.size ?? 1) > map.height);
  return off ? `it names a square off the ${map.width} × ${map.height} map` : null;
}

/** What is wrong with a grid event whose shape is right, against the state just before it, or null. */
export function gridReferenceProblem(state: EncounterState, event: GridSpaceEvent): string | null {
  switch (event.type) {
    case 'grid-set': {
      const grid = compileGrid(event.grid.map);
      const cells = grid.width * grid.height;
      if (event.grid.fog.some((i) => i >= cells)) return `it hides a square off the ${grid.width} × ${grid.height} map`;
      const misfit = state.combatants.find((c) => c.square && !event.unplaced.includes(c.id) && !fits(grid, c.square));
      return characters(state, event.unplaced) ?? (misfit ? `it leaves ${misfit.name} on a square the new map has no room for` : null);
    }
    case 'grid-cleared':
      return characters(state, event.unplaced);
    case 'placed-on-grid':
      return characters(state, [event.combatantId]) ?? (event.square ? onMap(state, [event.square]) : null);
    case 'walked': {
      const size = state.combatants.find((c) => c.id === event.combatantId)?.square?.size ?? 1;
      return characters(state, [event.combatantId, ...event.leaving.flatMap((l) => [...l.before, ...l.after])]) ?? onMap(state, event.path.map((p) => ({ ...p, size })));
    }
    case 'door-set': {
      const door = state.grid?.map.edges.find((e) => e.x === event.x && e.y === event.y && e.side === event.side && e.kind === 'door');
      return state.grid ? (door ? null : 'it opens or shuts a door the map does not have') : NO_GRID;
    }
    case 'fog-set':
      return onMap(state, event.cells);
  }
}

/** The grid's field of a character as `combatant-added` stores it (older logs lack it). */
export const GRID_PLACE_ENTRIES = { square: v.optional(v.nullable(square)) };

/** What is wrong with where a new character stands on the grid, against the state before they join, or null. */
export function gridPlaceProblem(state: EncounterState, place: { square?: { x: number; y: number; size: number } | null }): string | null {
  return place.square ? onMap(state, [place.square]) : null;
}
