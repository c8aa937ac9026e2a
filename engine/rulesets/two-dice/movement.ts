import type { Combatant, EncounterState, Id } from '../../core/state';
import { foesOnGrid, gridOf, walkBlocks, gridRules } from '../../space/grid/battle-grid';
import { reachable } from '../../space/grid/paths';
import { diagonalRule } from '../../core/maps/grid-rules';
import { foesAlongside } from '../../space/grid/reach';
import { findRuleset } from '../../core/registry';
import { ARMOUR } from './armour';
import { personOf } from './person';

// The three movement options of a turn, from where the character stands: in combat (next to a
// foe) they attack, evade or extricate; within a normal move of the fight they advance and attack;
// within twice that they advance and the turn ends; further, the GM decides. On the grid the
// distance to the fight is walked out square by square; off it, the GM says how far it is.

/** A normal move in feet: the character's movement, less 5 in heavy armour. */
export function normalMove(c: Combatant): number {
  return Math.max(0, (c.stats.move ?? 30) - ARMOUR[personOf(c).armour].slows);
}

export type MoveOption = 'in-combat' | 'advance-and-attack' | 'advance-turn-ends' | 'gm-decides';

export interface MoveOptions {
  /** Null until the GM says how far the fight is (off the grid). */
  option: MoveOption | null;
  /** On the grid: the foes in the squares next to them. */
  foes: Id[];
  /** How far the nearest square next to a foe is, in feet; null when unknown or out of reach. */
  toCombat: number | null;
  /** Their normal move, in feet. */
  move: number;
}

/** The option for a distance to the fight, in feet, and a normal move. */
export function optionFor(distance: number, move: number): MoveOption {
  if (distance <= 0) return 'in-combat';
  if (distance <= move) return 'advance-and-attack';
  return distance <= 2 * move ? 'advance-turn-ends' : 'gm-decides';
}

/** The character's options now: from the grid when they stand on it, else from `distance` (feet) as the GM gives it. */
export function movementOptions(state: EncounterState, c: Combatant, distance?: number): MoveOptions {
  const move = normalMove(c);
  const grid = gridOf(state);
  const ruleset = findRuleset(state.rulesetId);
  if (!grid || !c.square || !ruleset) {
    const known = typeof distance === 'number' && Number.isFinite(distance) && distance >= 0;
    return { option: known ? optionFor(distance, move) : null, foes: [], toCombat: known ? distance : null, move };
  }
  const foes = foesOnGrid(state, ruleset, c);
  const alongside = foesAlongside(grid, c.square, foes);
  if (alongside.length > 0) return { option: 'in-combat', foes: alongside, toCombat: 0, move };
  // The cheapest square within twice a normal move from which a foe is alongside.
  const budget = Math.floor((2 * move) / grid.cellSize);
  const costs = reachable(grid, c.square, budget, { rule: diagonalRule(gridRules(ruleset), state.settings), ...walkBlocks(state, ruleset, grid, c) });
  let best = Infinity;
  for (const [index, cost] of costs) {
    if (cost >= best) continue;
    const at = { x: index % grid.width, y: Math.floor(index / grid.width), size: c.square.size };
    if (foesAlongside(grid, at, foes).length > 0) best = cost;
  }
  if (best === Infinity) return { option: 'gm-decides', foes: [], toCombat: null, move };
  const feet = best * grid.cellSize;
  return { option: optionFor(feet, move), foes: [], toCombat: feet, move };
}
