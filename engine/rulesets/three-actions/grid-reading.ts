import type { Combatant, EncounterState, Id } from '../../core/state';
import { gridOf } from '../../space/grid/battle-grid';
import type { Footprint } from '../../core/maps/grid-map';
import { withinReach } from '../../space/grid/reach';
import { markedOut } from '../../core/health';
import { isUnconscious } from './health';

// What an attack reads from the square grid (1 m squares): whether the target is flanked (foes of
// theirs on two opposite sides), and who stands within 1 m of them (where a stray shot may land);
// and whether the squares can tell at all.

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
 * The two foes who flank the target: still standing in squares next to them on opposite sides
 * (their centres on either side of the target's, the line through them passing through it); an
 * empty list when nobody does, null off the grid.
 */
export function flankersOnGrid(state: EncounterState, target: Combatant): Combatant[] | null {
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
      if (ax * bx + ay * by < 0 && Math.abs(ax * by - ay * bx) < 1e-9) return [foes[i] as Placed, foes[j] as Placed];
    }
  }
  return [];
}

/**
 * Why the squares can't say who stands round the target, or null where they can: a grid map is
 * laid out, and the target and everyone else still in the fight (the attacker too, who may be a
 * flanker) stand on it. Someone off the map might stand anywhere.
 */
export function mapCantTell(state: EncounterState, target: Combatant): string | null {
  if (!gridOf(state)) return 'no grid map is laid out';
  if (!placed(target)) return `${target.name} isn't on the map`;
  const off = state.combatants.filter((c) => c.id !== target.id && markedOut(c) === null && !placed(c)).map((c) => c.name);
  if (off.length === 0) return null;
  return `${off.length > 3 ? `${off.slice(0, 3).join(', ')} and ${off.length - 3} more` : off.join(off.length === 2 ? ' and ' : ', ')} ${off.length === 1 ? "isn't" : "aren't"} on the map`;
}
