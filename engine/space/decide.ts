import type { Combatant, EncounterState, Id } from '../core/state';
import type { EncounterEvent } from '../core/events';
import type { Failure, Result } from '../result';
import type { Ruleset } from '../core/ruleset';
import type { SpaceCommand } from '../core/maps/space-events';
import { withoutSpace, type SpaceKind } from '../core/space-kind';
import { planMove } from './zones/decide-move';
import { decideZones, startInZones } from './zones/decide-place';
import { offGrid } from '../core/maps/grid-state';
import type { SpacePlace, SpaceStart } from '../core/maps/parts';
import { decideGrid } from './grid/decide-grid';
import type { GridSpaceCommand } from '../core/maps/grid-events';

// Deciding the space's commands, gathered over every kind of space (zones and the square grid):
// which kind each belongs to (a ruleset whose fights lack it has them refused), laying out and
// placing, and the plan of a move by the rules once the turn procedure has let the character move.
// (A walk on the grid checks whose turn it is itself, so it works in every kind of turn order.)

// A Record over every command type, so adding a command without saying whose it is fails to compile.
const KINDS: Readonly<Record<SpaceCommand['type'], SpaceKind>> = {
  move: 'zones',
  'set-zones': 'zones',
  'set-zone': 'zones',
  'set-map': 'zones',
  'clear-map': 'zones',
  'set-grid': 'grid',
  'clear-grid': 'grid',
  'place-on-grid': 'grid',
  walk: 'grid',
  'set-door': 'grid',
  'set-fog': 'grid',
};

type Move = Extract<SpaceCommand, { type: 'move' }>;

/** Whether the command is one of a space's. */
export function isSpaceCommand(command: { readonly type: unknown }): command is SpaceCommand {
  return typeof command.type === 'string' && Object.hasOwn(KINDS, command.type);
}

/** Whether it is a move on a turn, which the turn procedure decides before the space plans it. */
export function movesOnTurn(command: SpaceCommand): command is Move {
  return command.type === 'move';
}

/** A refusal when the ruleset's fights don't use the space the command belongs to, or null. */
export function spaceRefusal(ruleset: Ruleset, command: SpaceCommand): Failure | null {
  return withoutSpace(ruleset, KINDS[command.type]);
}

/** Lays out the space or places someone in it (setup, or the GM's override at any time). */
export function decideSpace(state: EncounterState, ruleset: Ruleset, command: Exclude<SpaceCommand, Move>): Result<EncounterEvent[]> {
  return isGridCommand(command) ? decideGrid(state, ruleset, command) : decideZones(state, command);
}

function isGridCommand(command: SpaceCommand): command is GridSpaceCommand {
  return KINDS[command.type] === 'grid';
}

/** The event of a move by the rules (those `carried` come along), or why it can't be made. */
export function planSpaceMove(state: EncounterState, mover: Combatant, command: Move, carried: Id[]): EncounterEvent | Failure {
  return planMove(state, mover, command, carried);
}

/** Where a new character starts, checked against the encounter's space, or a refusal. */
export function startingPlace(state: EncounterState, ruleset: Ruleset, start: SpaceStart): Result<SpacePlace> {
  // A new character starts off the grid: the GM puts them on a square once they are in the fight.
  const inZones = startInZones(state, ruleset, start);
  return inZones.ok ? { ok: true, value: { ...inZones.value, ...offGrid() } } : inZones;
}
