import type { Combatant, EncounterState, Id } from '../../encounter/state';
import { gridOf } from '../../space/grid/battle-grid';
import type { Footprint } from '../../space/grid/grid-map';
import { withinReach } from '../../space/grid/reach';
import { markedOut } from '../health';
import { isUnconscious } from './health';

// What an attack reads from the square grid (1 m squares): whether the target is flanked (foes of
// theirs on two opposite sides), and who stands within 1 m of them (where a stray shot may land).

type Placed = Combatant & { square: Footprint };
const placed = (c: Combatant | undefined): c is Placed => !!c && !!c.square;
const centre = (f: Footprint) => ({ x: f.x + f.size / 2, y: f.y + f.size / 2 });

/** Those in the squares next to the target (nothing between), the attacker and the target left out; null off the grid. */
export function nextTo(state: EncounterState, target: Combatant, exclude: readonly Id[] = []): Combatant[] | null {
  const grid = gridOf(state);
  if (!grid || !placed(target)) return null;
  return state.combatants.filter((c): c is Placed => placed(c) && c.id !== target.id && !exclude.includes(c.id) && markedOut(c) === null && withinReach(grid, c.square, target.square, 1, 'one'));
}

/**
 * Whether the target is flanked: two of their foes still standing in squares next to them on
 * opposite sides (their centres on either side of the target's, the line through them passing
 * through it); null off the grid.
 */
export function flankedOnGrid(state: EncounterState, target: Combatant): boolean | null {
  const around = nextTo(state, target);
  if (around === null || !placed(target)) return null;
  const foes = (around as Placed[]).filter((c) => c.factionId !== target.factionId && !isUnconscious(c));
  const t = centre(target.square);
  for (let i = 0; i < foes.length; i++) {
    for (let j = i + 1; j < foes.length; j++) {
      const a = centre((foes[i] as Placed).square);
      const b = centre((foes[j] as Placed).square);
      const [ax, ay, bx, by] = [a.x - t.x, a.y - t.y, b.x - t.x, b.y - t.y];
      // Opposite: the two directions point away from each other, along one line.
      if (ax * bx + ay * by < 0 && Math.abs(ax * by - ay * bx) < 1e-9) return true;
    }
  }
  return false;
}
