import * as v from 'valibot';
import type { RandomSource, RandomState } from '../../dice/random';
import type { Roll } from '../../dice/roll';
import { EventChain } from '../../encounter/chain';
import { checkCombatant, isFailure } from '../../core/checks';
import { count, eventId, listOf, roll, rngState, whole } from '../../core/stored-event-parts';
import type { EncounterEvent } from '../../core/events';
import type { Combatant, EncounterState, Id } from '../../core/state';
import { logDice } from '../../core/log-dice';
import { told, type Told } from '../../core/told';
import type { Voice } from '../../core/voice';
import { failure, type Result } from '../../result';
import { ruleEvent } from '../../core/typed';
import { outcomeOf, planCheck, rollCheck } from './checks';
import { offTurnRefusal } from './engagement';
import { inflictRanks } from './inflict';
import { ranksSettings } from './settings';
import { skillOf } from './sheet';
import { spendAction } from './spend';
import { spentAdvantages } from './advantage-buy';
import { FORCED_FEET_PER_RANK, skillLabel, type SkillKey } from './tables';
import type { RanksCommandOf } from './commands';

// A character's skill against an opponent's fixed value. Interacting (a bonus action): a taunt
// (insult against ego), intimidation (startle against resolve) or a command (demoralize against
// conviction) whose result points "create a composure condition". Forcing an opponent to move (a
// full action): arena against arena, or grapple against the better of grapple and tumble; "the
// opponent is moved five feet for every rank", in the direction the character chooses.

export type ContestKind = 'taunt' | 'intimidate' | 'command' | 'arena' | 'grapple';

const CONTESTS: Readonly<Record<ContestKind, { skill: SkillKey; against: readonly SkillKey[]; actionId: string; spends: 'full' | 'bonus'; words: string }>> = {
  taunt: { skill: 'insult', against: ['ego'], actionId: 'interact', spends: 'bonus', words: 'taunts' },
  intimidate: { skill: 'startle', against: ['resolve'], actionId: 'interact', spends: 'bonus', words: 'tries to unsettle' },
  command: { skill: 'demoralize', against: ['conviction'], actionId: 'interact', spends: 'bonus', words: 'tries to break the will of' },
  arena: { skill: 'arena', against: ['arena'], actionId: 'force', spends: 'full', words: 'crowds' },
  grapple: { skill: 'grapple', against: ['grapple', 'tumble'], actionId: 'force', spends: 'full', words: 'grapples' },
};

export const KINDS = Object.keys(CONTESTS) as ContestKind[];

export const CONTESTED = 'ranks/contested';

export type ContestedEvent = {
  type: typeof CONTESTED;
  actorId: Id;
  targetId: Id;
  kind: ContestKind;
  /** The opponent's skill that resisted and its fixed value. */
  against: SkillKey;
  resist: number;
  rolls: Roll[];
  total: number;
  success: boolean;
  ranks: number;
  rng: RandomState;
};

/** The opponent's resistance: the fixed value of the skill named, or the better of two (grapple or tumble). */
function resistance(target: Combatant, kind: ContestKind, die: number): { skill: SkillKey; value: number } {
  const options = CONTESTS[kind].against.map((k) => ({ skill: k, value: skillOf(target, k, die).fixed }));
  return options.reduce((best, o) => (o.value > best.value ? o : best));
}

/** Decides `ranks/interact` and `ranks/force` ({ actorId, targetId, kind }). */
export function decideContest(state: EncounterState, cmd: RanksCommandOf<'ranks/interact' | 'ranks/force'>, random: () => RandomSource): Result<EncounterEvent[]> {
  const actor = checkCombatant(state, cmd.actorId);
  if (isFailure(actor)) return actor;
  const target = checkCombatant(state, cmd.targetId);
  if (isFailure(target)) return target;
  if (target.factionId === actor.factionId) return failure('ranks/target', `${actor.name} needs an opponent for that; ${target.name} is on their side.`);
  const interacting = cmd.type === 'ranks/interact';
  const kind = KINDS.find((k) => k === cmd.kind && (interacting ? CONTESTS[k].spends === 'bonus' : CONTESTS[k].spends === 'full'));
  if (!kind) return failure('ranks/contest', interacting ? 'Interact by taunting, intimidating or commanding.' : 'Force an opponent to move with arena or grapple.');
  const answering = offTurnRefusal(state, actor);
  if (answering) return answering;
  const contest = CONTESTS[kind];
  const spent = spendAction(state, actor, contest.actionId, contest.spends, `${kind} ${target.name}`);
  if (isFailure(spent)) return spent;
  const chain = new EventChain(state).push(...spent.value);
  const settings = ranksSettings(state.settings);
  const source = random();
  const using = skillOf(actor, contest.skill, settings.die);
  const rolled = rollCheck(planCheck(actor, using.dice, [using.attribute, using.key], settings), source);
  const resist = resistance(target, kind, settings.die);
  const outcome = outcomeOf(rolled.total, resist.value, settings);
  const event: ContestedEvent = {
    type: CONTESTED,
    actorId: actor.id,
    targetId: target.id,
    kind,
    against: resist.skill,
    resist: resist.value,
    rolls: rolled.rolls,
    total: rolled.total,
    success: outcome.success,
    ranks: outcome.success ? outcome.ranks : 0,
    rng: source.state(),
  };
  chain.push(event, ...spentAdvantages(chain.state, actor.id));
  const now = chain.state.combatants.find((c) => c.id === target.id);
  if (interacting && event.ranks > 0 && now) chain.push(...inflictRanks(chain.state, now, 'composure', event.ranks));
  return { ok: true, value: chain.events };
}

function tell(e: ContestedEvent, voice: Voice): Told | null {
  const actor = voice.who(e.actorId);
  const target = voice.who(e.targetId);
  if (actor === null || target === null) return null;
  const contest = CONTESTS[e.kind];
  const score = `${skillLabel(contest.skill)} ${e.total} against ${skillLabel(e.against)} ${e.resist}`;
  const forced = contest.spends === 'full';
  const result = !e.success || e.ranks === 0 ? ' to no effect' : forced ? ` and moves them ${e.ranks * FORCED_FEET_PER_RANK} ft, in the direction ${actor} chooses` : `: ${e.ranks} ${e.ranks === 1 ? 'rank' : 'ranks'} of composure`;
  return told(`${actor} ${contest.words} ${target} (${score})${result}.`, [e.actorId, e.targetId], e.rolls.map((r) => logDice(actor, skillLabel(contest.skill), r)));
}

export const CONTESTED_EVENT = ruleEvent<ContestedEvent>({
  kind: 'other',
  fightLog: true,
  schema: v.object({
    actorId: eventId,
    targetId: eventId,
    kind: v.picklist(KINDS),
    against: v.picklist(['ego', 'resolve', 'conviction', 'arena', 'grapple', 'tumble']),
    resist: count,
    rolls: listOf(roll, 2),
    total: count,
    success: v.boolean(),
    ranks: whole(0, 1000),
    rng: rngState,
  }),
  refers: (state, e) => [e.actorId, e.targetId].some((id) => !state.combatants.some((c) => c.id === id)) ? 'it names someone who is not in the fight' : null,
  apply: (state, event) => ({ ...state, rng: event.rng }),
  tell,
});
