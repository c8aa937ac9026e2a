import * as v from 'valibot';
import { checkCombatant, isFailure, nextId } from '../../core/checks';
import { eventId, whole } from '../../core/stored-event-parts';
import type { EncounterEvent } from '../../core/events';
import type { Combatant, Condition, EncounterState, Id } from '../../core/state';
import { told, type Told } from '../../core/told';
import type { Voice } from '../../core/voice';
import { failure, ruleRefusal, type Failure, type Result } from '../../result';
import { ruleEvent } from '../../core/typed';
import { offTurnRefusal } from './engagement';
import { ranksSettings } from './settings';
import { skillOf } from './sheet';
import { SKILLS, skillLabel, type SkillKey } from './tables';
import { spendAction } from './spend';
import type { RanksCommandOf } from './commands';

// Combining actions, a bonus action: "to enhance or blunt the other character's action, using the
// ordinary rules for combined actions" — rules of the core book we don't have. Here the helper or
// hinderer adds or takes away dice (a setting, 1 by default) on the other's checks until the end
// of their turn (the one under way, or their next). "A combined action will require the character
// to have a skill that allows them to assist or interfere": they name a skill of their sheet (which
// one fits the other's action is the GM's call, who may rule an untrained one in). Out of their own
// turn it is a response like any other: to an engaged opponent, or with an action held.

export const COMBINED = 'ranks/combined';

export type CombinedEvent = {
  type: typeof COMBINED;
  actorId: Id;
  targetId: Id;
  help: boolean;
  dice: number;
  /** The skill they combine with (absent in logs from before it was asked). */
  skill?: SkillKey;
  ruling?: true;
};

/**
 * What the rules object to in `actor` combining with `target` using `key` now (the GM may rule it
 * anyway), or null: a skill not on their sheet, or, out of their turn, no engaged opponent to answer.
 */
export function combineProblem(state: EncounterState, actor: Combatant, target: Combatant, key: SkillKey): Failure | null {
  if (!skillOf(actor, key, ranksSettings(state.settings).die).trained) {
    return ruleRefusal('ranks/combine-skill', `${actor.name} has no ${skillLabel(key)} on their sheet: combining needs a skill that can help or hinder ${target.name}.`);
  }
  const offTurn = offTurnRefusal(state, actor);
  return offTurn ? ruleRefusal(offTurn.code, offTurn.message) : null;
}

/** Decides `ranks/combine` ({ actorId, targetId, help, skill, gmRuling }): the actor's bonus action. */
export function decideCombine(state: EncounterState, cmd: RanksCommandOf<'ranks/combine'>): Result<EncounterEvent[]> {
  const actor = checkCombatant(state, cmd.actorId);
  if (isFailure(actor)) return actor;
  const target = checkCombatant(state, cmd.targetId);
  if (isFailure(target)) return target;
  if (target.id === actor.id) return failure('ranks/target', `${actor.name} combines their action with someone else's.`);
  if (typeof cmd.help !== 'boolean') return failure('ranks/combine', 'Say whether they help (true) or hinder (false).');
  const key = SKILLS.find((s) => s.key === cmd.skill)?.key;
  if (!key) return failure('ranks/skill', `Name the skill ${actor.name} combines with: one of the text's skills.`);
  const ruling = cmd.gmRuling === true;
  const problem = combineProblem(state, actor, target, key);
  if (problem && !ruling) return problem;
  const spent = spendAction(state, actor, 'combine', 'bonus', `${cmd.help ? 'helps' : 'hinders'} ${target.name}`);
  if (isFailure(spent)) return spent;
  const dice = ranksSettings(state.settings).combineDice;
  const event: CombinedEvent = { type: COMBINED, actorId: actor.id, targetId: target.id, help: cmd.help, dice, skill: key, ...(ruling ? { ruling: true as const } : {}) };
  const condition: Condition = {
    id: nextId(state, 'k'),
    name: `${cmd.help ? 'Helped' : 'Hindered'} by ${actor.name}`,
    timer: { remaining: 1, endsOn: 'turn-end', anchorId: target.id },
    effects: [{ kind: 'check-dice', dice: cmd.help ? dice : -dice }],
  };
  return { ok: true, value: [...spent.value, event, { type: 'condition-added', combatantId: target.id, condition }] };
}

function tell(e: CombinedEvent, voice: Voice): Told | null {
  const actor = voice.who(e.actorId);
  const target = voice.who(e.targetId);
  if (actor === null || target === null) return null;
  const how = e.skill ? ` with ${skillLabel(e.skill)}` : '';
  return told(`${actor} ${e.help ? 'helps' : 'hinders'} ${target}${how}: ${e.help ? '+' : '−'}${e.dice}D to their checks until their turn ends${e.ruling ? ' (the GM\'s ruling)' : ''}.`, [e.actorId, e.targetId]);
}

export const COMBINED_EVENT = ruleEvent<CombinedEvent>({
  kind: 'other',
  // A bonus action spent by the rules, so the fight's log shows it (and a GM's ruling on it).
  fightLog: true,
  schema: v.object({ actorId: eventId, targetId: eventId, help: v.boolean(), dice: whole(1, 5), skill: v.optional(v.picklist(SKILLS.map((s) => s.key))), ruling: v.optional(v.literal(true)) }),
  refers: (state, e) => [e.actorId, e.targetId].some((id) => !state.combatants.some((c) => c.id === id)) ? 'it names someone who is not in the fight' : null,
  apply: (state) => state,
  tell,
});
