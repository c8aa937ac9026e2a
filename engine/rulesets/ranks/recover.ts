import * as v from 'valibot';
import type { RandomSource, RandomState } from '../../dice/random';
import type { Roll } from '../../dice/roll';
import { EventChain } from '../../encounter/chain';
import { checkCombatant, isFailure } from '../../core/checks';
import { count, eventId, listOf, roll, rngState, text, whole } from '../../core/stored-event-parts';
import type { EncounterEvent } from '../../core/events';
import type { Combatant, Condition, ConditionTimer, EncounterState, Id } from '../../core/state';
import { logDice } from '../../core/log-dice';
import { told, type Told } from '../../core/told';
import type { Voice } from '../../core/voice';
import { failure, type Result } from '../../result';
import { ruleEvent } from '../../core/typed';
import { withPrompt } from '../../core/prompt-stack';
import { recoveryPrompt } from './recovery-use';
import { outcomeOf, planCheck, rollCheck } from './checks';
import { highestRank } from './conditions';
import { offTurnRefusal } from './engagement';
import { personOf, withPerson } from './person';
import { ranksSettings, type RanksSettings } from './settings';
import { skillOf } from './sheet';
import { spendAction } from './spend';
import { spentAdvantages } from './advantage-buy';
import { skillLabel } from './tables';
import type { RanksCommandOf } from './commands';

// Recovering a condition, a full action: "an ability check that generates enough result points to
// match the rank of a condition" removes it. "The difficulty of a recovery check is determined by
// the highest ranked damage or composure condition" (fatigue ignored): that rank's band. Short of
// the rank, the GM picks what the ranks do (`recovery-use.ts`): lower its rank, shorten how long it
// lasts (the recovery table), or +1D to the next recovery check. Stamina: recover is for one's own damage or fatigue;
// Discipline: focus for anyone's composure; Technical: medicine for another's damage or fatigue.

export type RecoverySkill = 'recover' | 'focus' | 'medicine';

export const RECOVERED = 'ranks/recovered';

export type RecoveredEvent = {
  type: typeof RECOVERED;
  actorId: Id;
  targetId: Id;
  skill: RecoverySkill;
  conditionId: Id;
  condition: string;
  difficulty: number;
  rolls: Roll[];
  total: number;
  ranks: number;
  /**
   * What the ranks did: removed it; fell short, for the GM to pick what they do (`short`: a prompt
   * opens, `recovery-use.ts`); or nothing. Logs written before the GM picked hold the engine's own
   * pick: `shortened` (the timer it has now) or `bonus` (+1D to the next recovery).
   */
  effect: 'removed' | 'short' | 'none' | 'shortened' | 'bonus';
  timer: ConditionTimer | null;
  /** The 1D rolled for a condition cut down to 1D rounds (older logs). */
  rounds: Roll | null;
  rng: RandomState;
};

/** Why `skill` can't recover `condition` on `target` for `actor`, or null. */
function unsuited(skill: RecoverySkill, actor: Combatant, target: Combatant, condition: Condition): string | null {
  const track = condition.rank?.track;
  if (!track) return `${condition.name} is on no condition track: the GM removes it by hand.`;
  if (skill === 'focus') return track === 'composure' ? null : 'Discipline: focus recovers composure conditions.';
  if (track === 'composure') return 'Composure is recovered with Discipline: focus.';
  if (skill === 'recover' && actor.id !== target.id) return 'Stamina: recover is for one\'s own damage or fatigue; another\'s needs Technical: medicine.';
  if (skill === 'medicine' && actor.id === target.id) return 'Technical: medicine treats someone else; one\'s own is Stamina: recover.';
  return null;
}

/** The recovery check's difficulty for `target`: the band of their highest damage or composure rank (fatigue ignored), at its top. */
export function recoveryDifficulty(target: Combatant, settings: Pick<RanksSettings, 'rankSize'>): number {
  return Math.max(1, highestRank(target, 'damage'), highestRank(target, 'composure')) * settings.rankSize;
}

/** Decides `ranks/recover` ({ actorId, targetId, skill, conditionId }): the actor's full action. */
export function decideRecover(state: EncounterState, cmd: RanksCommandOf<'ranks/recover'>, random: () => RandomSource): Result<EncounterEvent[]> {
  const actor = checkCombatant(state, cmd.actorId);
  if (isFailure(actor)) return actor;
  const target = checkCombatant(state, cmd.targetId ?? cmd.actorId);
  if (isFailure(target)) return target;
  const skill = (['recover', 'focus', 'medicine'] as const).find((s) => s === cmd.skill);
  if (!skill) return failure('ranks/recovery-skill', 'Recover with Stamina: recover, Discipline: focus or Technical: medicine.');
  const condition = target.conditions.find((k) => k.id === cmd.conditionId);
  if (!condition) return failure('condition/unknown', `${target.name} has no such condition; it may have ended already.`);
  const why = unsuited(skill, actor, target, condition);
  if (why) return failure('ranks/recovery-skill', why);
  const answering = offTurnRefusal(state, actor);
  if (answering) return answering;
  const spent = spendAction(state, actor, 'recover', 'full', `${target.id === actor.id ? 'their own' : `${target.name}'s`} ${condition.name}`);
  if (isFailure(spent)) return spent;
  const settings = ranksSettings(state.settings);
  const chain = new EventChain(state).push(...spent.value);
  const source = random();
  const using = skillOf(actor, skill, settings.die);
  // A recovery check short of its goal gives the treated character's next recovery +1D.
  const bonusDice = personOf(target).recoveryDice;
  const check = rollCheck(planCheck(actor, using.dice, [using.attribute, using.key], settings, { dice: bonusDice }), source);
  const difficulty = recoveryDifficulty(target, settings);
  const outcome = outcomeOf(check.total, difficulty, settings);
  const ranks = outcome.success ? outcome.ranks : 0;
  const rank = condition.rank?.value ?? 1;
  // Short of the rank, the GM picks what the ranks do once the dice are down (`recovery-use.ts`).
  const effect: RecoveredEvent['effect'] = ranks >= rank ? 'removed' : ranks > 0 ? 'short' : 'none';
  const event: RecoveredEvent = { type: RECOVERED, actorId: actor.id, targetId: target.id, skill, conditionId: condition.id, condition: condition.name, difficulty, rolls: check.rolls, total: check.total, ranks, effect, timer: null, rounds: null, rng: source.state() };
  chain.push(event, ...spentAdvantages(chain.state, actor.id));
  if (effect === 'removed') chain.push({ type: 'condition-removed', combatantId: target.id, conditionId: condition.id });
  return { ok: true, value: chain.events };
}

const DONE: Readonly<Record<RecoveredEvent['effect'], (e: RecoveredEvent) => string>> = {
  removed: (e) => `${e.condition} is gone`,
  short: () => 'short of its rank',
  shortened: (e) => `${e.condition} now lasts ${e.timer?.endsOn === 'scene-end' ? 'to the end of the scene' : e.timer?.endsOn === 'fight-end' ? 'to the end of the encounter' : `${e.rounds?.total ?? 1} more ${e.rounds?.total === 1 ? 'round' : 'rounds'}`}`,
  bonus: () => '+1D to the next recovery check',
  none: () => 'nothing changes',
};

function tell(e: RecoveredEvent, voice: Voice): Told | null {
  const actor = voice.who(e.actorId);
  const target = voice.who(e.targetId);
  if (actor === null || target === null) return null;
  const whose = e.actorId === e.targetId ? 'their own' : `${target}'s`;
  return told(`${actor} works on ${whose} ${e.condition} (${skillLabel(e.skill)} ${e.total} against ${e.difficulty}, ${e.ranks} ${e.ranks === 1 ? 'rank' : 'ranks'}): ${DONE[e.effect](e)}.`, [e.actorId, e.targetId], e.rolls.map((r) => logDice(actor, skillLabel(e.skill), r)));
}

const timerSchema = v.nullable(v.union([v.object({ remaining: whole(1, 1000), endsOn: v.picklist(['round-end', 'fight-end', 'scene-end']) })]));

export const RECOVERED_EVENT = ruleEvent<RecoveredEvent>({
  kind: 'heal',
  fightLog: true,
  schema: v.object({
    actorId: eventId,
    targetId: eventId,
    skill: v.picklist(['recover', 'focus', 'medicine']),
    conditionId: eventId,
    condition: text(200),
    difficulty: whole(0, 1000),
    rolls: listOf(roll, 2),
    total: count,
    ranks: whole(0, 1000),
    effect: v.picklist(['removed', 'short', 'none', 'shortened', 'bonus']),
    timer: timerSchema,
    rounds: v.nullable(roll),
    rng: rngState,
  }),
  refers: (state, e) => [e.actorId, e.targetId].some((id) => !state.combatants.some((c) => c.id === id)) ? 'it names someone who is not in the fight' : null,
  // The check uses up a +1D waiting for it; short of the rank, the GM is asked what the ranks do
  // (an older log's `bonus` gave the +1D at once).
  apply: (state, e) => {
    const next = { ...withPerson(state, e.targetId, (p) => ({ ...p, recoveryDice: e.effect === 'bonus' ? 1 : 0 })), rng: e.rng };
    return e.effect === 'short' ? withPrompt(next, recoveryPrompt({ actorId: e.actorId, targetId: e.targetId, conditionId: e.conditionId, ranks: e.ranks })) : next;
  },
  tell,
});
