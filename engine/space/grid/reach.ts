import type { Grid } from './grid';
import type { Footprint } from '../../core/maps/grid-map';
import { footprintDistance, overlaps } from './distance';
import { type DiagonalRule } from '../../core/maps/grid-rules';
import { sightBetween } from './sight';
import { stepOpen } from './steps';

// Who can strike whom on the grid. A reach of 1 is the neighbouring squares, diagonals included,
// unless a wall stands between or two obstacles close the corner (as for a step); a longer reach
// (a 10-ft spear) is counted by the ruleset's diagonal rule and needs a line of sight. Being "in
// combat" (2d6 & Vigilant) is standing in a square next to a foe; being threatened is standing
// where a foe could strike, which is what opportunity attacks look at.

/** Whether a character on `attacker` with a reach of `reach` cells can strike someone on `target`. */
export function withinReach(grid: Grid, attacker: Footprint, target: Footprint, reach: number, rule: DiagonalRule): boolean {
  if (overlaps(attacker, target)) return false;
  const distance = footprintDistance(attacker, target, rule);
  if (distance > reach) return false;
  if (distance > 1) return sightBetween(grid, attacker, target).sees;
  return touchingOpenly(grid, attacker, target);
}

/** Whether some square of one footprint neighbours some square of the other with nothing between them. */
function touchingOpenly(grid: Grid, a: Footprint, b: Footprint): boolean {
  for (let ay = a.y; ay < a.y + a.size; ay++) {
    for (let ax = a.x; ax < a.x + a.size; ax++) {
      for (let by = b.y; by < b.y + b.size; by++) {
        for (let bx = b.x; bx < b.x + b.size; bx++) {
          const dx = bx - ax;
          const dy = by - ay;
          if (Math.abs(dx) > 1 || Math.abs(dy) > 1 || (dx === 0 && dy === 0)) continue;
          if (stepOpen(grid, { x: ax, y: ay, size: 1 }, dx, dy)) return true;
        }
      }
    }
  }
  return false;
}

/** A foe on the map and how far it strikes. */
export interface Striker<Id> {
  readonly id: Id;
  readonly at: Footprint;
  /** In cells: 1 for most weapons, 2 for a 10-ft reach on 5-ft squares. */
  readonly reach: number;
}

/** The foes that could strike someone standing on `at`, in the order given. */
export function threatenedBy<Id>(grid: Grid, at: Footprint, foes: readonly Striker<Id>[], rule: DiagonalRule): Id[] {
  return foes.filter((foe) => withinReach(grid, foe.at, at, foe.reach, rule)).map((foe) => foe.id);
}

/** The foes in the squares right next to someone (2d6 & Vigilant's "in combat"), in the order given. */
export function foesAlongside<Id>(grid: Grid, at: Footprint, foes: readonly { readonly id: Id; readonly at: Footprint }[]): Id[] {
  return foes.filter((foe) => withinReach(grid, foe.at, at, 1, 'one')).map((foe) => foe.id);
}
