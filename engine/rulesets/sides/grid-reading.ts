import type { Combatant, EncounterState } from '../../core/state';
import { gridOf } from '../../space/grid/battle-grid';
import { footprintDistance } from '../../space/grid/distance';
import type { Footprint } from '../../core/maps/grid-map';
import { withinReach } from '../../space/grid/reach';
import { sightBetween, type Sight } from '../../space/grid/sight';
import { standing } from './health';
import type { Weapon } from './gear';
import { personOf } from './person';
import { sidesSettings } from './settings';

// What Sides & Shock reads from the 5-ft grid: how far apart two characters are, whether a
// weapon reaches, who is in melee range (the squares next to someone), and the line of sight and
// cover between two characters by the corners of their cubes. Null wherever someone is off the map.

type Placed = Combatant & { square: Footprint };
const placed = (c: Combatant | undefined): c is Placed => !!c && !!c.square;

/** Feet between two characters on the map (5 for neighbours); null unless both stand on it. */
export function feetBetween(state: EncounterState, a: Combatant, b: Combatant): number | null {
  const grid = gridOf(state);
  if (!grid || !placed(a) || !placed(b)) return null;
  return footprintDistance(a.square, b.square, sidesSettings(state.settings).diagonals) * (state.grid?.map.cellSize ?? 5);
}

/** How many squares a character strikes: their longest readied melee weapon's reach (5 ft, one square, bare-handed). */
export function reachCells(state: EncounterState, c: Combatant): number {
  const feet = Math.max(5, ...personOf(c).gear.filter((w) => w.use === 'melee' && w.carried === 'readied').map((w) => w.reach));
  return Math.max(1, Math.floor(feet / (state.grid?.map.cellSize ?? 5)));
}

/** Whether the attacker's melee weapon reaches the target on the map; null off it. */
export function reachesOnGrid(state: EncounterState, attacker: Combatant, target: Combatant, weapon: Weapon): boolean | null {
  const grid = gridOf(state);
  if (!grid || !placed(attacker) || !placed(target)) return null;
  const cells = Math.max(1, Math.floor(weapon.reach / (state.grid?.map.cellSize ?? 5)));
  return withinReach(grid, attacker.square, target.square, cells, sidesSettings(state.settings).diagonals);
}

/** The foes still fighting in the squares next to someone (their melee range); null off the map. */
export function foesInMeleeRange(state: EncounterState, c: Combatant): Combatant[] | null {
  const grid = gridOf(state);
  if (!grid || !placed(c)) return null;
  return state.combatants.filter((o): o is Placed => placed(o) && o.factionId !== c.factionId && standing(o) && withinReach(grid, o.square, c.square, 1, 'one'));
}

/**
 * The foes still fighting whose own reach covers `c` (their longest readied melee weapon, 5 ft
 * bare-handed): those `c` would provoke by leaving; null off the map.
 */
export function foesReaching(state: EncounterState, c: Combatant): Combatant[] | null {
  const grid = gridOf(state);
  if (!grid || !placed(c)) return null;
  const rule = sidesSettings(state.settings).diagonals;
  return state.combatants.filter((o): o is Placed => placed(o) && o.factionId !== c.factionId && standing(o) && withinReach(grid, o.square, c.square, reachCells(state, o), rule));
}

/** What the attacker sees of the target: line of sight and cover; null off the map. */
export function sightOnGrid(state: EncounterState, attacker: Combatant, target: Combatant): Sight | null {
  const grid = gridOf(state);
  if (!grid || !placed(attacker) || !placed(target)) return null;
  return sightBetween(grid, attacker.square, target.square);
}
