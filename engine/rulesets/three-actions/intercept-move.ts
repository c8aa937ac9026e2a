import type { EncounterEvent } from '../../core/events';
import type { Combatant, EncounterState } from '../../core/state';
import { failure, type Failure } from '../../result';
import { gridOf } from '../../space/grid/battle-grid';
import { footprintDistance } from '../../space/grid/distance';
import { SPEED_DEFAULT } from './movement';

// "Intercept | Spend 1 stamina to move and displace an ally replacing them as a target": on the
// grid the one stepping in moves to the ally, no further than a move goes (their speed: the text
// gives the intercept no distance of its own), and the two trade places. Off the grid, or with a
// token not on it, where they stand is the GM's.

/**
 * The squares traded when `ally` steps in front of `target` on the grid: the events placing each
 * where the other stood; a refusal when the ally is further away than their speed; none off the
 * grid, or when their footprints differ in size (the GM places them).
 */
export function interceptMove(state: EncounterState, ally: Combatant, target: Combatant): EncounterEvent[] | Failure {
  const grid = gridOf(state);
  if (!grid || !ally.square || !target.square) return [];
  // A square is a metre: reaching the ally's square is as many metres as squares between them.
  const metres = footprintDistance(ally.square, target.square, 'alternating');
  const speed = ally.stats.speed ?? SPEED_DEFAULT;
  if (metres > speed) return failure('three-actions/intercept-reach', `${ally.name} is ${metres} m from ${target.name}; stepping in is a move of at most ${ally.name}'s speed, ${speed} m. Move the tokens first if the table rules otherwise.`);
  if (ally.square.size !== target.square.size) return [];
  return [
    { type: 'placed-on-grid', combatantId: ally.id, square: { ...target.square } },
    { type: 'placed-on-grid', combatantId: target.id, square: { ...ally.square } },
  ];
}
