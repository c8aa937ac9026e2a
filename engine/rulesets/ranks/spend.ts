import type { Ruleset } from '../../core/ruleset';
import { decideUseAction } from '../../encounter/decide-action';
import { liveOrderFight } from '../../encounter/decide-turns';
import type { EncounterEvent } from '../../core/events';
import type { Combatant, EncounterState } from '../../core/state';
import type { Result } from '../../result';
import { isOutOfFight } from '../../core/health';
import { holdsAction } from './engagement';
import { endReadied } from './readied';

// The full, bonus or free action one of Skill Ranks' own commands takes, paid from the round's
// economy as any action is; out of turn, an action held is used up by it. The command has already made the checks its rules ask (a move asked
// those holding an attack ready; an attack out of turn is an engaged opponent's answer), so the
// ruleset's own refusals for the bare action, which send the GM to these commands, don't apply.

export function spendAction(state: EncounterState, c: Combatant, actionId: string, spends: string, note: string, ruleset: Ruleset): Result<EncounterEvent[]> {
  const { actionRefusal: _asked, ...bareTurn } = ruleset.turn;
  const bare = { ...ruleset, turn: bareTurn };
  const spent = decideUseAction(state, { type: 'use-action', combatantId: c.id, actionId, spends, note }, bare, { live: liveOrderFight, canAct: (x) => !isOutOfFight(ruleset, x) });
  // Out of turn, an action held is what they act with: it is used up.
  const held = spent.ok && state.activeId !== c.id && holdsAction(c) ? endReadied(state, c.id) : [];
  return spent.ok ? { ok: true, value: [...spent.value, ...held] } : spent;
}
