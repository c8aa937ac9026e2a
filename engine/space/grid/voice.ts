import type { GridVoice } from '../../core/voice';
import type { EncounterEvent } from '../../core/events';
import type { EncounterState } from '../../core/state';
import { cellName, edgeName } from '../../core/maps/grid-map';
import type { GridSight } from './player-view';
import { OUT_OF_SIGHT } from '../zones/voice';

// How the log names squares and lengths on the grid, for one audience (see `log/voice.ts`): the
// GM every square by its name on the map's rulers ("C4"), the players only squares outside the fog.

/** What the log knows of the grid from the events so far: the unit its lengths are in, and its size (to name its border's edges). */
export interface GridNames {
  unit: 'ft' | 'm';
  gridSize: { width: number; height: number } | null;
}

export function noGridNames(): GridNames {
  return { unit: 'ft', gridSize: null };
}

/** Takes the unit and size of a grid map an event lays out. */
export function learnGridNames(names: GridNames, event: EncounterEvent): void {
  if (event.type !== 'grid-set') return;
  names.unit = event.grid.map.unit;
  names.gridSize = { width: event.grid.map.width, height: event.grid.map.height };
}

/** Takes the unit and size of a state's own grid map. */
export function learnStateGridNames(names: GridNames, state: EncounterState): void {
  if (!state.grid) return;
  names.unit = state.grid.map.unit;
  names.gridSize = { width: state.grid.map.width, height: state.grid.map.height };
}

/** How a voice names squares and lengths. */
const lengthIn = (unit: string) => (distance: number) => `${Number(distance.toFixed(2))} ${unit}`;

/** The GM's names: every square. */
export function gmGridVoice(names: GridNames): GridVoice {
  return { square: cellName, length: lengthIn(names.unit), edge: (edge) => edgeName(edge, names.gridSize ?? undefined) };
}

/** The players' names: a square in the fog is somewhere out of sight. */
export function playersGridVoice(state: EncounterState, sight: GridSight): GridVoice {
  return {
    square: (cell) => (sight.fog.has(cell.y * sight.width + cell.x) ? OUT_OF_SIGHT : cellName(cell)),
    length: lengthIn(state.grid?.map.unit ?? 'ft'),
    edge: (edge) => {
      const seen = (x: number, y: number) => x >= 0 && y >= 0 && x < sight.width && y < sight.height && !sight.fog.has(y * sight.width + x);
      const beside = edge.side === 'top' ? seen(edge.x, edge.y) || seen(edge.x, edge.y - 1) : seen(edge.x, edge.y) || seen(edge.x - 1, edge.y);
      return beside || sight.fog.size === 0 ? edgeName(edge, state.grid?.map) : null;
    },
  };
}
