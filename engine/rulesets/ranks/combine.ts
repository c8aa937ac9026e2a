import * as v from 'valibot';
import { checkCombatant, isFailure, nextId } from '../../encounter/checks';
import type { RulesetCommand } from '../../encounter/commands';
import { eventId, whole } from '../../encounter/event-checks/common';
import type { EncounterEvent, RulesetEvent } from '../../encounter/events';
import type { Condition, EncounterState, Id } from '../../encounter/state';
import { told, type Told } from '../../log/describe-parts';
import type { Voice } from '../../log/voice';
import { failure, type Result } from '../../result';
import type { RuleEventDefinition } from '../ruleset';
import { ranksSettings } from './settings';
import { spendAction } from './spend';

// Combining actions, a bonus action: "to enhance or blunt the other character's action, using the
// ordinary rules for combined actions" — rules of the core book we don't have. Here the helper or
// hinderer adds or takes away dice (a setting, 1 by default) on the other's checks until the end
// of their turn (the one under way, or their next), on or off the combiner's own turn.

export const COMBINED = 'ranks/combined';

export interface CombinedEvent {
  type: typeof COMBINED;
  actorId: Id;
  targetId: Id;
  help: boolean;
  dice: number;
}

/** Decides `ranks/combine` ({ actorId, targetId, help }): the actor's bonus action. */
export function decideCombine(state: EncounterState, cmd: RulesetCommand): Result<EncounterEvent[]> {
  const actor = checkCombatant(state, cmd.actorId);
  if (isFailure(actor)) return actor;
  const target = checkCombatant(state, cmd.targetId);
  if (isFailure(target)) return target;
  if (target.id === actor.id) return failure('ranks/target', `${actor.name} combines their action with someone else's.`);
  if (typeof cmd.help !== 'boolean') return failure('ranks/combine', 'Say whether they help (true) or hinder (false).');
  const spent = spendAction(state, actor, 'combine', 'bonus', `${cmd.help ? 'helps' : 'hinders'} ${target.name}`);
  if (isFailure(spent)) return spent;
  const dice = ranksSettings(state.settings).combineDice;
  const event: CombinedEvent = { type: COMBINED, actorId: actor.id, targetId: target.id, help: cmd.help, dice };
  const condition: Condition = {
    id: nextId(state, 'k'),
    name: `${cmd.help ? 'Helped' : 'Hindered'} by ${actor.name}`,
    timer: { remaining: 1, endsOn: 'turn-end', anchorId: target.id },
    effects: [{ kind: 'check-dice', dice: cmd.help ? dice : -dice }],
  };
  return { ok: true, value: [...spent.value, event as unknown as EncounterEvent, { type: 'condition-added', combatantId: target.id, condition }] };
}

function tell(e: CombinedEvent, voice: Voice): Told | null {
  const actor = voice.who(e.actorId);
  const target = voice.who(e.targetId);
  if (actor === null || target === null) return null;
  return told(`${actor} ${e.help ? 'helps' : 'hinders'} ${target}: ${e.help ? '+' : '−'}${e.dice}D to their checks until their turn ends.`, [e.actorId, e.targetId]);
}

export const COMBINED_EVENT: RuleEventDefinition = {
  kind: 'other',
  fightLog: false,
  schema: v.object({ actorId: eventId, targetId: eventId, help: v.boolean(), dice: whole(1, 5) }),
  refers: (state, event) => {
    const e = event as unknown as CombinedEvent;
    return [e.actorId, e.targetId].some((id) => !state.combatants.some((c) => c.id === id)) ? 'it names someone who is not in the fight' : null;
  },
  apply: (state: EncounterState, _event: RulesetEvent) => state,
  tell: (event, voice) => tell(event as unknown as CombinedEvent, voice),
};
