import { describe, expect, it } from 'vitest';
import type { TurnBudget } from './state';
import { budgetAfter, costAllowed, freshBudget, shortOf, slotsLeft, spentOf, type ActionEconomy } from './economy';

// Economies the coming rulesets declare (engine/README.md): three actions and a reaction, and a
// main action plus a move where the main may be given up for a second move.
const left = () => 'whatever is left';
const THREE: ActionEconomy = {
  slots: [
    { id: 'action', perTurn: 3, label: 'action' },
    { id: 'reaction', perTurn: 1, label: 'reaction' },
  ],
  trades: [],
  costs: { one: { action: 1 }, two: { action: 2 }, three: { action: 3 }, react: { reaction: 1 } },
  left,
};
const MAIN_MOVE: ActionEconomy = {
  slots: [
    { id: 'main', perTurn: 1, label: 'main action' },
    { id: 'move', perTurn: 1, label: 'move' },
  ],
  trades: [{ give: 'main', as: 'move' }],
  costs: { main: { main: 1 }, move: { move: 1 }, full: 'turn' },
  left,
};

const spend = (economy: ActionEconomy, ...costs: string[]): TurnBudget => costs.reduce((b, c) => budgetAfter(economy, b, c), freshBudget(economy));

describe('an action economy as data', () => {
  it('says which slot a refused action lacks: the reaction by name, the count when some are left, the whole turn', () => {
    expect(shortOf(THREE, spend(THREE, 'react'), 'react')).toBe('no reaction left');
    expect(shortOf(THREE, spend(THREE, 'one', 'one'), 'two')).toBe('it takes 2 actions');
    expect(shortOf(THREE, spend(THREE, 'three'), 'one')).toBe('no action left');
    expect(shortOf(THREE, spend(THREE, 'one'), 'two')).toBeNull();
    // The main given up for a second move: no main left, and no move either.
    expect(shortOf(MAIN_MOVE, spend(MAIN_MOVE, 'move', 'move'), 'main')).toBe('no main action left');
    expect(shortOf(MAIN_MOVE, spend(MAIN_MOVE, 'move'), 'full')).toBe('it takes the whole turn');
  });

  it('starts a turn with nothing spent and no movement', () => {
    expect(freshBudget(THREE)).toEqual({ action: 0, reaction: 0, moved: false, movement: 0 });
    expect(freshBudget(undefined)).toEqual({ moved: false, movement: 0 });
  });

  it('counts three actions in any sizes, and a reaction apart from them', () => {
    expect(costAllowed(THREE, spend(THREE, 'one', 'one'), 'one')).toBe(true);
    expect(costAllowed(THREE, spend(THREE, 'one', 'one'), 'two')).toBe(false);
    expect(costAllowed(THREE, spend(THREE, 'three'), 'one')).toBe(false);
    expect(costAllowed(THREE, spend(THREE, 'three'), 'react')).toBe(true);
    expect(costAllowed(THREE, spend(THREE, 'react'), 'react')).toBe(false);
    expect(spentOf(spend(THREE, 'two', 'react'), 'action')).toBe(2);
  });

  it('lets a main action stand in for a second move, never the other way round', () => {
    expect(costAllowed(MAIN_MOVE, spend(MAIN_MOVE, 'move'), 'move')).toBe(true);
    expect(costAllowed(MAIN_MOVE, spend(MAIN_MOVE, 'move', 'move'), 'main')).toBe(false);
    expect(costAllowed(MAIN_MOVE, spend(MAIN_MOVE, 'main'), 'main')).toBe(false);
    expect(costAllowed(MAIN_MOVE, spend(MAIN_MOVE, 'main'), 'move')).toBe(true);
  });

  it('takes a whole-turn action only before anything else, moving included, and then spends everything', () => {
    expect(costAllowed(MAIN_MOVE, freshBudget(MAIN_MOVE), 'full')).toBe(true);
    expect(costAllowed(MAIN_MOVE, spend(MAIN_MOVE, 'move'), 'full')).toBe(false);
    expect(costAllowed(MAIN_MOVE, { ...freshBudget(MAIN_MOVE), moved: true, movement: 1 }, 'full')).toBe(false);
    const after = spend(MAIN_MOVE, 'full');
    expect(after).toEqual({ main: 1, move: 2, moved: true, movement: 2 });
    expect(['main', 'move', 'full'].some((c) => costAllowed(MAIN_MOVE, after, c))).toBe(false);
  });

  it('counts how many of each slot are left, a slot another may stand in for included', () => {
    // A Main may be spent as a second Move: after one Move, one more Move (or the Main) is left.
    expect(slotsLeft(MAIN_MOVE, freshBudget(MAIN_MOVE), 'move')).toBe(2);
    expect(slotsLeft(MAIN_MOVE, spend(MAIN_MOVE, 'move'), 'move')).toBe(1);
    expect(slotsLeft(MAIN_MOVE, spend(MAIN_MOVE, 'move'), 'main')).toBe(1);
    expect(slotsLeft(MAIN_MOVE, spend(MAIN_MOVE, 'move', 'move'), 'main')).toBe(0);
    expect(slotsLeft(THREE, freshBudget(THREE), 'action')).toBe(3);
    expect(slotsLeft(THREE, spend(THREE, 'one'), 'action')).toBe(2);
    expect(slotsLeft(THREE, spend(THREE, 'three'), 'action')).toBe(0);
    expect(slotsLeft(THREE, spend(THREE, 'three'), 'reaction')).toBe(1);
    // One more reaction given (spent below 0), as Waiting does.
    expect(slotsLeft(THREE, { ...freshBudget(THREE), reaction: -1 }, 'reaction')).toBe(2);
  });

  it('refuses, and changes nothing for, a cost the economy does not name', () => {
    expect(costAllowed(THREE, freshBudget(THREE), 'four')).toBe(false);
    expect(budgetAfter(THREE, freshBudget(THREE), 'four')).toEqual(freshBudget(THREE));
  });
});
