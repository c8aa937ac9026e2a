import { checkCombatant, isFailure } from '../../core/checks';
import type { EncounterEvent } from '../../core/events';
import type { Combatant, EncounterState, Id } from '../../core/state';
import { failure, type Failure, type Result } from '../../result';
import type { Ruleset } from '../../core/ruleset';
import { foesOnGrid, gridOf, gridRules, takenSquares, walkBlocks } from './battle-grid';
import { checkGridMap } from './check-grid';
import { edgeKey, type Grid } from './grid';
import { cellName, edgeName, MAX_CREATURE_SIZE, MAX_GRID_SIDE, type Footprint } from '../../core/maps/grid-map';
import type { GridSpaceCommand, GridSpaceCommandOf } from '../../core/maps/grid-events';
import { diagonalRule, type GridRules } from '../../core/maps/grid-rules';
import { standsClear } from './steps';
import { planWalk, type PlannedWalk } from './walk';

// Deciding the grid's commands: laying a map out and taking it away, the GM placing someone on a
// square (no movement spent), the acting character walking by the rules, doors and fog. Refusals
// name the square or edge and say what to do.

const ok = (...events: EncounterEvent[]): Result<EncounterEvent[]> => ({ ok: true, value: events });

/** The longest map name kept in the log. */
const NAME_MAX = 80;

const noGrid = (): Failure => failure('grid/none', 'No grid map is laid out in this fight; lay one out from the campaign\'s maps first.');

/** Whether someone stands on the map, clear of solid squares. */
function fits(grid: Grid, at: Footprint): boolean {
  return at.x >= 0 && at.y >= 0 && at.x + at.size <= grid.width && at.y + at.size <= grid.height && standsClear(grid, at);
}

export function decideGrid(state: EncounterState, ruleset: Ruleset, cmd: GridSpaceCommand): Result<EncounterEvent[]> {
  switch (cmd.type) {
    case 'set-grid':
      return setGrid(state, cmd);
    case 'clear-grid':
      if (!state.grid) return noGrid();
      return ok({ type: 'grid-cleared', unplaced: state.combatants.filter((c) => c.square).map((c) => c.id) });
    case 'place-on-grid':
      return place(state, cmd);
    case 'walk':
      return walk(state, ruleset, cmd);
    case 'set-door':
      return setDoor(state, cmd);
    case 'set-fog':
      return setFog(state, cmd);
  }
}

function setGrid(state: EncounterState, cmd: GridSpaceCommandOf<'set-grid'>): Result<EncounterEvent[]> {
  const name = typeof cmd.name === 'string' ? cmd.name.trim().slice(0, NAME_MAX) : '';
  const checked = checkGridMap(cmd.map, `The map "${name || 'untitled'}"`);
  if (!checked.ok) return checked;
  if (typeof cmd.mapId !== 'string' || cmd.mapId === '') return failure('grid/invalid', 'Say which of the campaign\'s maps this is (its id).');
  const map = checked.value;
  // The same map laid out again (the GM changed it in the campaign) keeps what the fight did to it:
  // the squares hidden from the players and the doors opened or shut, where they are still on it.
  const before = state.grid?.mapId === cmd.mapId ? state.grid : null;
  const doors = before ? Object.fromEntries(map.edges.filter((e) => e.kind === 'door' && Object.hasOwn(before.doors, edgeKey(e))).map((e) => [edgeKey(e), before.doors[edgeKey(e)] === true])) : {};
  const fog = before ? carriedFog(before.fog, before.map.width, map) : [];
  const battle = { mapId: cmd.mapId, name: name || 'Untitled map', map, hasBackground: cmd.hasBackground === true, doors, fog };
  const grid = gridOf({ grid: battle }) as Grid;
  const unplaced = state.combatants.filter((c) => c.square && !fits(grid, c.square)).map((c) => c.id);
  return ok({ type: 'grid-set', grid: battle, unplaced });
}

/** Hidden squares of a map `width` wide, on a new version of it: those still on it, numbered anew. */
function carriedFog(fog: readonly number[], width: number, map: { width: number; height: number }): number[] {
  const kept: number[] = [];
  for (const i of fog) {
    const x = i % width;
    const y = Math.floor(i / width);
    if (x < map.width && y < map.height) kept.push(y * map.width + x);
  }
  return kept.sort((a, b) => a - b);
}

const wholeIn = (value: unknown, min: number, max: number): value is number => typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

function place(state: EncounterState, cmd: GridSpaceCommandOf<'place-on-grid'>): Result<EncounterEvent[]> {
  const c = checkCombatant(state, cmd.combatantId);
  if (isFailure(c)) return c;
  if (cmd.x === null) return ok({ type: 'placed-on-grid', combatantId: c.id, square: null });
  const grid = gridOf(state);
  if (!grid) return noGrid();
  const size = cmd.size ?? c.square?.size ?? 1;
  if (!wholeIn(size, 1, MAX_CREATURE_SIZE)) return failure('grid/size', `A character covers 1 to ${MAX_CREATURE_SIZE} squares a side; ${String(size)} isn't one of those.`);
  if (!wholeIn(cmd.x, 0, MAX_GRID_SIDE) || !wholeIn(cmd.y, 0, MAX_GRID_SIDE)) return failure('grid/square', `Say which square ${c.name} stands on, by its column and row on the map.`);
  const at = { x: cmd.x, y: cmd.y, size };
  if (at.x + size > grid.width || at.y + size > grid.height) return failure('grid/off-map', `${cellName(at)} is too near the edge of the map for ${c.name}, who covers ${size} × ${size} squares; pick a square further in.`);
  if (!standsClear(grid, at)) return failure('grid/solid', `${c.name} can't stand on ${cellName(at)}: ${size > 1 ? 'part of it is' : 'it is'} solid.`);
  const taken = takenSquares(state, grid, c.id);
  for (let dy = 0; dy < size; dy++) {
    for (let dx = 0; dx < size; dx++) {
      const other = taken.get((at.y + dy) * grid.width + at.x + dx);
      if (other) return failure('grid/taken', `${other.name} already stands on ${cellName({ x: at.x + dx, y: at.y + dy })}; move them first or pick another square.`);
    }
  }
  return ok({ type: 'placed-on-grid', combatantId: c.id, square: at });
}

/** What the acting character has already walked this turn, in the map's unit. */
export function walkedThisTurn(state: EncounterState, c: Combatant): number {
  const walked = state.walked ?? null;
  return walked && walked.round === state.round && walked.combatantId === c.id ? walked.distance : 0;
}

/**
 * The diagonal steps the acting character's current move has taken so far (under the alternating
 * rule every second one costs two), where the ruleset says which move a walk belongs to; else 0:
 * each walk counts afresh.
 */
function diagonalsThisMove(state: EncounterState, rules: GridRules, c: Combatant): number {
  const walked = state.walked ?? null;
  const move = rules.currentMove?.(state, c);
  if (move === undefined || !walked || walked.round !== state.round || walked.combatantId !== c.id || walked.move !== move) return 0;
  return walked.diagonals ?? 0;
}

/**
 * The walk the acting character would make to stand on (x, y), by the rules, or why it can't be
 * made: what `walk` decides, and what the battle map shows while a token is dragged.
 */
export function previewWalk(state: EncounterState, ruleset: Ruleset, combatantId: unknown, to: { x: unknown; y: unknown }): Result<PlannedWalk<Id>> {
  const c = checkCombatant(state, combatantId);
  if (isFailure(c)) return c;
  const grid = gridOf(state);
  if (!grid) return noGrid();
  if (state.activeId !== c.id) {
    return failure('grid/not-acting', `${c.name} isn't acting: only the one whose turn it is walks by the rules. Place ${c.name} instead to put them on a square with no movement spent.`);
  }
  if (!c.square) return failure('grid/unplaced', `${c.name} isn't on the map yet; place them on a square first.`);
  // Someone held where they stand (in combat, in 2d6 & Vigilant, until they extricate) can't walk away.
  const held = ruleset.space?.holds?.heldBack(state, c) ?? null;
  if (held) return failure('move/held', held);
  const rules = gridRules(ruleset);
  const refused = rules.walkRefusal?.(state, c);
  if (refused) return refused;
  if (!wholeIn(to.x, 0, MAX_GRID_SIDE) || !wholeIn(to.y, 0, MAX_GRID_SIDE)) return failure('grid/square', `Say which square ${c.name} walks to, by its column and row on the map.`);
  const allowance = rules.movement?.(state, c) ?? null;
  const left = allowance === null ? Infinity : Math.max(0, allowance - walkedThisTurn(state, c));
  const walking = { rule: diagonalRule(rules, state.settings), diagonalsBefore: diagonalsThisMove(state, rules, c), ...walkBlocks(state, ruleset, grid, c) };
  return planWalk(grid, c.name, c.square, { x: to.x, y: to.y }, left, walking, foesOnGrid(state, ruleset, c));
}

function walk(state: EncounterState, ruleset: Ruleset, cmd: GridSpaceCommandOf<'walk'>): Result<EncounterEvent[]> {
  const planned = previewWalk(state, ruleset, cmd.combatantId, cmd);
  if (!planned.ok) return planned;
  const { path, distance, leaving } = planned.value;
  const walker = state.combatants.find((c) => c.id === String(cmd.combatantId));
  // Which of the turn's moves it belongs to, where the ruleset counts them: the next walk of the same move counts its diagonals on.
  const move = walker ? gridRules(ruleset).currentMove?.(state, walker) : undefined;
  const walked: EncounterEvent = {
    type: 'walked',
    combatantId: String(cmd.combatantId),
    path: path.cells.map((p) => ({ x: p.x, y: p.y })),
    distance,
    leaving: leaving.map((l) => ({ step: l.step, from: l.from, before: l.before, after: l.after })),
    ...(move !== undefined ? { move } : {}),
  };
  // The ruleset may hold the walk up first (foes striking as the walker leaves their reach); its prompt's answer makes it.
  const heldUp = walker ? (ruleset.space?.holdUpMove?.(state, walker, walked) ?? []) : [];
  return { ok: true, value: heldUp.length > 0 ? heldUp : [walked] };
}

function setDoor(state: EncounterState, cmd: GridSpaceCommandOf<'set-door'>): Result<EncounterEvent[]> {
  const battle = state.grid ?? null;
  if (!battle) return noGrid();
  const edge = battle.map.edges.find((e) => e.x === cmd.x && e.y === cmd.y && e.side === cmd.side);
  const where = wholeIn(cmd.x, 0, MAX_GRID_SIDE) && wholeIn(cmd.y, 0, MAX_GRID_SIDE) && (cmd.side === 'top' || cmd.side === 'left') ? edgeName(cmd, battle.map) : 'that edge';
  if (!edge || edge.kind !== 'door') return failure('grid/not-a-door', `There is no door on ${where}; only doors open and shut.`);
  if (typeof cmd.open !== 'boolean') return failure('grid/invalid', 'Say whether the door opens or shuts.');
  const now = battle.doors[edgeKey(edge)] ?? edge.open;
  if (now === cmd.open) return failure('grid/door-already', `The door on ${where} is already ${now ? 'open' : 'shut'}.`);
  return ok({ type: 'door-set', x: edge.x, y: edge.y, side: edge.side, open: cmd.open });
}

function setFog(state: EncounterState, cmd: GridSpaceCommandOf<'set-fog'>): Result<EncounterEvent[]> {
  const battle = state.grid ?? null;
  if (!battle) return noGrid();
  if (!Array.isArray(cmd.cells) || cmd.cells.length === 0) return failure('grid/invalid', 'Say which squares to hide or show.');
  if (cmd.cells.length > battle.map.width * battle.map.height) return failure('grid/invalid', 'More squares are listed than the map has; list each square once.');
  if (typeof cmd.hidden !== 'boolean') return failure('grid/invalid', 'Say whether the squares are hidden from the players or shown.');
  const { width, height } = battle.map;
  const cells = [];
  for (const cell of cmd.cells) {
    if (typeof cell !== 'object' || cell === null || !wholeIn(cell.x, 0, width - 1) || !wholeIn(cell.y, 0, height - 1)) {
      return failure('grid/off-map', `A square to ${cmd.hidden ? 'hide' : 'show'} is off the ${width} × ${height} map; pick squares on it.`);
    }
    cells.push({ x: cell.x, y: cell.y });
  }
  return ok({ type: 'fog-set', cells, hidden: cmd.hidden });
}
