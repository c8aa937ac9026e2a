import type { EncounterEvent } from '../../encounter/events';
import type { Combatant, EncounterState } from '../../encounter/state';
import { previewWalk } from '../../space/grid/decide-grid';
import { gridOf } from '../../space/grid/battle-grid';
import { timesTaken } from '../../turns/economy';
import { failure, type Result } from '../../result';
import { findRuleset } from '../registry';
import { isUnder, PRONE } from './conditions';

// Moving on the map: a Move (Run, or screening an ally) covers the character's movement, a charge
// twice that; prone, half. A charge runs in a straight line, at least 5 ft, and ends in its attack.

/** How far `c` may walk this turn on the map: a Move's worth before any is taken, one for each Run or screen, two for a charge; halved prone. */
export function movementOnGrid(state: EncounterState, c: Combatant): number | null {
  if (!gridOf(state)) return null;
  const budget = state.turn?.budget;
  const moves = budget ? timesTaken(budget, 'run') + timesTaken(budget, 'screen') + 2 * timesTaken(budget, 'charge') : 0;
  const feet = (c.stats.move ?? 30) * Math.max(1, moves);
  return isUnder(c, PRONE) ? Math.floor(feet / 2) : feet;
}

/** The walk of a charge to (x, y): by the rules, in one straight line, at least one square; or why not. */
export function chargeWalk(state: EncounterState, charger: Combatant, to: { x: number; y: number }): Result<EncounterEvent> {
  const sides = findRuleset(state.rulesetId);
  if (!sides) return failure('ruleset/unknown', 'This fight\'s ruleset is not loaded.');
  if (!gridOf(state) || !charger.square) return failure('sides/charge-map', `${charger.name} isn't on the map: charge without a square to run to, and move the token by hand.`);
  const planned = previewWalk(state, sides, charger.id, to);
  if (!planned.ok) return planned;
  const cells = planned.value.path.cells;
  if (cells.length < 2) return failure('sides/charge-short', 'A charge needs at least 5 ft of running to build up momentum.');
  const [first, second] = [cells[0], cells[1]];
  const step = first && second ? { x: second.x - first.x, y: second.y - first.y } : { x: 0, y: 0 };
  const straight = cells.every((cell, i) => i === 0 || (cell.x - (cells[i - 1]?.x ?? 0) === step.x && cell.y - (cells[i - 1]?.y ?? 0) === step.y));
  if (!straight) return failure('sides/charge-line', `A charge runs in a straight line; ${charger.name}'s way to that square bends. Pick a square in line, or move first.`);
  const { path, distance, leaving } = planned.value;
  return { ok: true, value: { type: 'walked', combatantId: charger.id, path: path.cells.map((p) => ({ x: p.x, y: p.y })), distance, leaving: leaving.map((l) => ({ step: l.step, from: l.from, before: l.before, after: l.after })) } };
}
