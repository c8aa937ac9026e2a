import { spentUnder } from '../../core/effects';
import type { Combatant, EncounterState, Id, TurnBudget } from '../../core/state';
import { failure, type Failure } from '../../result';
import { costAllowed, freshBudget, spentOf, turnEndedBy } from '../../core/economy';
import { THREE_ACTIONS_ACTIONS, threeActionsEconomy } from './economy';
import { isUnconscious } from './health';
import { personOf } from './person';

// What every action of the acting character's own turn asks first, whether the table's catalogue
// takes it (`use-action`) or one of Three Actions' own commands does (attack, command,
// resuscitate, the killing strike): their turn, awake, nothing under way, the turn not ended, and
// the actions it takes still there, as their conditions leave them.

/** The acting character's turn as they may spend it: actions their conditions forbid count as spent, extra ones as not. */
export function budgetOf(state: EncounterState, c: Combatant): TurnBudget {
  const economy = threeActionsEconomy(state.settings);
  return spentUnder(economy, state.turn?.budget ?? freshBudget(economy), c);
}

/** Actions the acting character has left this turn, as their conditions leave them. */
export function actionsLeft(state: EncounterState, id: Id): number {
  const c = state.combatants.find((x) => x.id === id);
  return c && state.activeId === id && state.turn ? Math.max(0, 3 - spentOf(budgetOf(state, c), 'action')) : 0;
}

/** What the refusal says of this action: why it needs the character's own turn, and when too few actions are left. */
export interface OwnTurnWords {
  /** After "It isn't X's turn; " ("an attack takes one of their actions"). */
  turn: string;
  /** The whole refusal when too few actions are left. */
  spent: string;
}

/** Why `c` can't spend this many actions of their own turn now, or null. */
export function ownTurnRefusal(state: EncounterState, c: Combatant, cost: 'one' | 'two' | 'three' | 'free', words: OwnTurnWords): Failure | null {
  if (state.activeId !== c.id) return failure('three-actions/not-acting', `It isn't ${c.name}'s turn; ${words.turn}.`);
  if (isUnconscious(c)) return failure('three-actions/unconscious', `${c.name} is unconscious.`);
  const x = personOf(c).extended;
  if (x) return failure('three-actions/extended', `${c.name} is in the middle of ${x.name} (${x.done} of ${x.cost} actions): finish it or give it up first.`);
  const ender = state.turn ? turnEndedBy(THREE_ACTIONS_ACTIONS, state.turn.budget) : undefined;
  if (ender) return failure('action/turn-ended', `${c.name} took ${ender.name.toLowerCase()}, which ends the turn; end it.`);
  if (!costAllowed(threeActionsEconomy(state.settings), budgetOf(state, c), cost)) return failure('action/spent', words.spent);
  return null;
}
