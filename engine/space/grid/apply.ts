import type { EncounterState } from '../../core/state';
import { diagonalSteps } from './distance';
import { edgeKey } from './grid';
import type { GridSpaceEvent } from '../../core/maps/grid-events';

// How the grid's events change the state: a map laid out or taken away, someone put on a square,
// a walk (which counts against the turn's movement, and its diagonals against its move's), a
// door, fog. Everything is in the event.

export function applyGridEvent(state: EncounterState, event: GridSpaceEvent): EncounterState {
  switch (event.type) {
    case 'grid-set':
      return { ...state, grid: event.grid, combatants: state.combatants.map((c) => (event.unplaced.includes(c.id) ? { ...c, square: null } : c)) };
    case 'grid-cleared':
      return { ...state, grid: null, walked: null, combatants: state.combatants.map((c) => (c.square ? { ...c, square: null } : c)) };
    case 'placed-on-grid':
      return { ...state, combatants: state.combatants.map((c) => (c.id === event.combatantId ? { ...c, square: event.square } : c)) };
    case 'walked': {
      const end = event.path[event.path.length - 1];
      const walked = state.walked ?? null;
      const sameTurn = walked !== null && walked.round === state.round && walked.combatantId === event.combatantId;
      const before = sameTurn ? walked.distance : 0;
      // The move's diagonals go on from its earlier walks, and a walk of another move starts the
      // count again; a walk of no move (a ruleset that counts none, an older log) keeps no count.
      const move = event.move === undefined ? {} : { move: event.move, diagonals: (sameTurn && walked.move === event.move ? (walked.diagonals ?? 0) : 0) + diagonalSteps(event.path) };
      return {
        ...state,
        walked: { round: state.round, combatantId: event.combatantId, distance: before + event.distance, ...move },
        combatants: state.combatants.map((c) => (c.id === event.combatantId && c.square && end ? { ...c, square: { x: end.x, y: end.y, size: c.square.size } } : c)),
      };
    }
    case 'door-set': {
      if (!state.grid) return state;
      return { ...state, grid: { ...state.grid, doors: { ...state.grid.doors, [edgeKey(event)]: event.open } } };
    }
    case 'fog-set': {
      if (!state.grid) return state;
      const width = state.grid.map.width;
      const fog = new Set(state.grid.fog);
      for (const cell of event.cells) {
        if (event.hidden) fog.add(cell.y * width + cell.x);
        else fog.delete(cell.y * width + cell.x);
      }
      return { ...state, grid: { ...state.grid, fog: [...fog].sort((a, b) => a - b) } };
    }
  }
}
