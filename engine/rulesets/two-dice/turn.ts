import type { Combatant, EncounterState, Id } from '../../core/state';
import { isRecord } from '../../json';
import { walkedThisTurn } from '../../space/grid/decide-grid';
import { budgetAfter, spentOf } from '../../core/economy';
import { TWO_DICE_ECONOMY } from './economy';
import { normalMove } from './movement';

// What the acting character has done this turn (2d6 & Vigilant's part of the encounter,
// `state.rules`): a turn holds one of attack, evade or extricate, after advancing at most a normal
// move; advancing further (up to twice a normal move) ends the turn. Kept for the turn it was
// written in only.

/** The one thing a turn holds besides moving. */
export type Deed = 'attack' | 'evade' | 'extricate';

export interface TwoDiceTurn {
  round: number;
  combatantId: Id;
  did: Deed[];
  /** Feet advanced this turn as the GM gave them (off the grid; on it, the walk counts). */
  moved: number;
}

export interface TwoDiceFight {
  turn: TwoDiceTurn | null;
}

export const FRESH_FIGHT: TwoDiceFight = { turn: null };

const DEEDS: readonly Deed[] = ['attack', 'evade', 'extricate'];

/** The fight's part, whatever the log holds. */
export function fightOf(state: EncounterState): TwoDiceFight {
  const r = state.rules;
  if (!isRecord(r) || !isRecord(r.turn)) return FRESH_FIGHT;
  const t = r.turn;
  if (typeof t.round !== 'number' || typeof t.combatantId !== 'string' || !Array.isArray(t.did)) return FRESH_FIGHT;
  return { turn: { round: t.round, combatantId: t.combatantId, did: t.did.filter((d): d is Deed => DEEDS.includes(d as Deed)), moved: typeof t.moved === 'number' ? t.moved : 0 } };
}

/** This character's turn under way (their own, in this round), or null. */
function turnOf(state: EncounterState, id: Id): TwoDiceTurn | null {
  const turn = fightOf(state).turn;
  return turn && turn.round === state.round && turn.combatantId === id && state.activeId === id ? turn : null;
}

/** The state with this character's turn changed (started afresh if it is a new one). */
export function withTurn(state: EncounterState, id: Id, change: (t: TwoDiceTurn) => TwoDiceTurn): EncounterState {
  const turn = turnOf(state, id) ?? { round: state.round, combatantId: id, did: [], moved: 0 };
  return { ...state, rules: { ...fightOf(state), turn: change(turn) } };
}

/**
 * The turn's action already spent, if it is: which of attack, evade or extricate it went on, or
 * 'action' when it went on something else (the GM's "Something else"). The turn's budget decides.
 */
export function actionUsed(state: EncounterState, id: Id): Deed | 'action' | null {
  if (state.activeId !== id || !state.turn || spentOf(state.turn.budget, 'action') === 0) return null;
  return turnOf(state, id)?.did[0] ?? 'action';
}

/** The state with the turn's action spent (the acting character's own, in a fight run in order). */
export function withActionSpent(state: EncounterState): EncounterState {
  return state.turn ? { ...state, turn: { ...state.turn, budget: budgetAfter(TWO_DICE_ECONOMY, state.turn.budget, 'action') } } : state;
}

/** How far they have advanced this turn, in feet: as the GM gave it, and walked on the grid. */
export function movedThisTurn(state: EncounterState, c: Combatant): number {
  return (turnOf(state, c.id)?.moved ?? 0) + (state.activeId === c.id ? walkedThisTurn(state, c) : 0);
}

/** Whether they advanced further than a normal move this turn, which ends it. */
export function ranThisTurn(state: EncounterState, c: Combatant): boolean {
  return movedThisTurn(state, c) > normalMove(c);
}

/** What they spent the turn's action on, for a refusal ("already attacked"). */
export function usedWords(used: Deed | 'action'): string {
  return used === 'attack' ? 'attacked' : used === 'evade' ? 'evaded' : used === 'extricate' ? 'tried to extricate' : "used the turn's action";
}
