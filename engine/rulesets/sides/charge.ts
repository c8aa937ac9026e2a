import type { EncounterEvent } from '../../core/events';
import type { Combatant, EncounterState } from '../../core/state';
import { gridOf, gridRules, squaresOf, walkBlocks } from '../../space/grid/battle-grid';
import { cellDistance } from '../../space/grid/distance';
import { cellName } from '../../core/maps/grid-map';
import { diagonalRule } from '../../core/maps/grid-rules';
import { stepOpen } from '../../space/grid/steps';
import { timesTaken } from '../../core/economy';
import { failure, type Result } from '../../result';
import { findRuleset } from '../../core/registry';
import { isUnder, PRONE } from './conditions';

// Moving on the map: a Move (Run, or screening an ally) covers the character's movement, a charge
// twice that; prone, half. A charge runs in a straight line, at least 5 ft, and ends in its attack.

/** A charge's shortest run: "at least 5 ft" of it to build momentum. */
export const CHARGE_LEAST_FEET = 5;

/** The Moves' worth of walking the acting character's turn has taken: one a Run or a screen, two a charge. */
export function movesTaken(state: EncounterState): number {
  const budget = state.turn?.budget;
  return budget ? timesTaken(budget, 'run') + timesTaken(budget, 'screen') + 2 * timesTaken(budget, 'charge') : 0;
}

/** How far `c` may walk this turn on the map: their movement for each Move's worth taken; halved prone. */
export function movementOnGrid(state: EncounterState, c: Combatant): number | null {
  if (!gridOf(state)) return null;
  const feet = (c.stats.move ?? 30) * movesTaken(state);
  return isUnder(c, PRONE) ? Math.floor(feet / 2) : feet;
}

/** Why the acting character can't walk on the map yet: moving is a Move action, taken first. */
export function walkWithoutMove(state: EncounterState, c: Combatant): string | null {
  if (!gridOf(state) || state.activeId !== c.id || movesTaken(state) > 0) return null;
  return `Moving is a Move action: take Run (or Screen an ally, or Charge) for ${c.name} first, then walk.`;
}

/** The walk of a charge to (x, y): one straight line, at least one square, clear of walls and foes, within the movement; or why not. */
export function chargeWalk(state: EncounterState, charger: Combatant, to: { x: number; y: number }): Result<EncounterEvent> {
  const sides = findRuleset(state.rulesetId);
  const grid = gridOf(state);
  if (!sides || !grid || !charger.square) return failure('sides/charge-map', `${charger.name} isn't on the map: charge without a square to run to, and move the token by hand.`);
  const from = charger.square;
  const [dx, dy] = [to.x - from.x, to.y - from.y];
  const short = failure('sides/charge-short', `A charge needs at least ${CHARGE_LEAST_FEET} ft of running to build up momentum.`);
  if (dx === 0 && dy === 0) return short;
  if (dx !== 0 && dy !== 0 && Math.abs(dx) !== Math.abs(dy)) return failure('sides/charge-line', `A charge runs in a straight line; that square isn't in line with ${charger.name} (along a row, a column or a diagonal). Pick one that is, or move first.`);
  const step = { x: Math.sign(dx), y: Math.sign(dy) };
  const { blocked, noStop } = walkBlocks(state, sides, grid, charger);
  const path: { x: number; y: number }[] = [{ x: from.x, y: from.y }];
  for (let at = { ...from }; at.x !== to.x || at.y !== to.y; ) {
    const next = { ...at, x: at.x + step.x, y: at.y + step.y };
    const squares = squaresOf(grid, next);
    if (!stepOpen(grid, at, step.x, step.y) || squares.some((q) => blocked.has(q))) return failure('sides/charge-blocked', `Something stands in the way of ${charger.name}'s charge at ${cellName(next)}: a charge runs straight, round nothing.`);
    path.push({ x: next.x, y: next.y });
    at = next;
  }
  if (squaresOf(grid, { ...from, x: to.x, y: to.y }).some((q) => noStop.has(q))) return failure('sides/charge-blocked', `Someone already stands on ${cellName(to)}; the charge has to end on a free square.`);
  const distance = cellDistance(dx, dy, diagonalRule(gridRules(sides), state.settings)) * grid.cellSize;
  if (distance < CHARGE_LEAST_FEET) return short;
  const allowed = movementOnGrid(state, charger) ?? Infinity;
  if (distance > allowed) return failure('sides/charge-far', `${charger.name} charges at most ${allowed} ${grid.unit} (twice their movement); ${cellName(to)} is ${distance} ${grid.unit} away.`);
  return { ok: true, value: { type: 'walked', combatantId: charger.id, path, distance, leaving: [] } };
}
