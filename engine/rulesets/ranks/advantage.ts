import * as v from 'valibot';
import type { RandomSource, RandomState } from '../../dice/random';
import type { Roll } from '../../dice/roll';
import { checkCombatant, checkInteger, isFailure } from '../../core/checks';
import { count, eventId, listOf, roll, rngState, whole } from '../../core/stored-event-parts';
import type { EncounterEvent } from '../../core/events';
import { withPrompt } from '../../core/prompt-stack';
import type { EncounterState, Id } from '../../core/state';
import { logDice } from '../../core/log-dice';
import { told, type Told } from '../../core/told';
import type { Voice } from '../../core/voice';
import { failure, type Result } from '../../result';
import { ruleEvent } from '../../core/typed';
import { ADVANTAGE, advantagePromptId } from './advantage-buy';
import { outcomeOf, planCheck, rollCheck } from './checks';
import { offTurnRefusal } from './engagement';
import { withPerson } from './person';
import { ranksSettings } from './settings';
import { skillOf } from './sheet';
import { spendAction } from './spend';
import { isOutOfFight } from '../../core/health';
import { findRuleset } from '../../core/registry';
import { AWARENESS_ADVANTAGE_DIFFICULTY, SKILLS, skillLabel, type SkillKey } from './tables';
import type { RanksCommandOf } from './commands';

// Gaining an advantage, a bonus action. Survival: awareness against a fixed 10: its result points
// add to the character's initiative next round. Bluff: misdirection against an opponent's fixed
// Insight: cues, or Research: memory against a difficulty the GM sets by how rare the opponent
// is: its ranks buy an effect from the advantage table, for the character "or passed to another
// character who is able to benefit" (the GM picks it from a question once the dice are in).

export type AdvantageSkill = 'awareness' | 'misdirection' | 'memory';

export const ADVANTAGE_GAINED = 'ranks/advantage-gained';

export type AdvantageGainedEvent = {
  type: typeof ADVANTAGE_GAINED;
  combatantId: Id;
  skill: AdvantageSkill;
  /** Misdirection's opponent (their cues resist it); memory's, if the GM named one. */
  targetId: Id | null;
  /** Who the ranks benefit: the character, or an ally they pass it to. */
  beneficiaryId: Id;
  /** The skill a rank-3 "+1D to one skill for the encounter" goes to. */
  skillFor: SkillKey;
  difficulty: number;
  rolls: Roll[];
  total: number;
  points: number;
  success: boolean;
  ranks: number;
  /** Awareness: the round whose initiative gains the points. */
  forRound: number;
  rng: RandomState;
};

const SKILL_OF: Readonly<Record<AdvantageSkill, SkillKey>> = { awareness: 'awareness', misdirection: 'misdirection', memory: 'memory' };

/** Decides `ranks/gain-advantage` ({ combatantId, skill, targetId, difficulty, beneficiaryId, skillFor }). */
export function decideGainAdvantage(state: EncounterState, cmd: RanksCommandOf<'ranks/gain-advantage'>, random: () => RandomSource): Result<EncounterEvent[]> {
  const skill = (['awareness', 'misdirection', 'memory'] as const).find((s) => s === cmd.skill);
  if (!skill) return failure('ranks/advantage-skill', 'An advantage is gained with Survival: awareness, Bluff: misdirection or Research: memory.');
  const c = checkCombatant(state, cmd.combatantId);
  if (isFailure(c)) return c;
  const target = cmd.targetId === undefined || cmd.targetId === null ? null : checkCombatant(state, cmd.targetId);
  if (target && isFailure(target)) return target;
  if (skill === 'misdirection' && !target) return failure('ranks/advantage-target', 'Misdirection needs the opponent it distracts: their cues resist it.');
  if (target && target.factionId === c.factionId) return failure('ranks/advantage-target', `${target.name} is no opponent of ${c.name}'s.`);
  const beneficiary = cmd.beneficiaryId === undefined || cmd.beneficiaryId === null ? c : checkCombatant(state, cmd.beneficiaryId);
  if (isFailure(beneficiary)) return beneficiary;
  if (beneficiary.factionId !== c.factionId) return failure('ranks/advantage-pass', `${c.name} can pass an advantage only to an ally.`);
  if (isOutOfFight(findRuleset(state.rulesetId), beneficiary)) return failure('ranks/advantage-pass', `${beneficiary.name} is out of the fight and can't benefit.`);
  // "Result points from the awareness ability check add directly to a character's initiative":
  // their own, so it isn't passed (the ranks of misdirection and memory are).
  if (skill === 'awareness' && beneficiary.id !== c.id) return failure('ranks/advantage-pass', `An awareness check adds to ${c.name}'s own initiative; it can't be passed to ${beneficiary.name}.`);
  const skillFor = cmd.skillFor === undefined ? 'martial' : SKILLS.find((s) => s.key === cmd.skillFor)?.key;
  if (!skillFor) return failure('ranks/advantage-skill', 'The skill a rank-3 advantage adds a die to must be one of the text\'s skills.');
  const settings = ranksSettings(state.settings);
  let difficulty = AWARENESS_ADVANTAGE_DIFFICULTY;
  if (skill === 'misdirection' && target) difficulty = skillOf(target, 'cues', settings.die).fixed;
  if (skill === 'memory') {
    const given = checkInteger(cmd.difficulty, 'Difficulty (how rare the opponent is)', 0, 60);
    if (isFailure(given)) return given;
    difficulty = given;
  }
  const answering = offTurnRefusal(state, c);
  if (answering) return answering;
  const spent = spendAction(state, c, 'advantage', 'bonus', skillLabel(SKILL_OF[skill]));
  if (isFailure(spent)) return spent;
  const source = random();
  const using = skillOf(c, SKILL_OF[skill], settings.die);
  const rolled = rollCheck(planCheck(c, using.dice, [using.attribute, using.key], settings), source);
  const outcome = outcomeOf(rolled.total, difficulty, settings);
  const event: AdvantageGainedEvent = {
    type: ADVANTAGE_GAINED,
    combatantId: c.id,
    skill,
    targetId: target ? target.id : null,
    beneficiaryId: beneficiary.id,
    skillFor,
    difficulty,
    rolls: rolled.rolls,
    total: rolled.total,
    points: outcome.points,
    success: outcome.success,
    ranks: outcome.success ? outcome.ranks : 0,
    forRound: state.round + 1,
    rng: source.state(),
  };
  return { ok: true, value: [...spent.value, event] };
}

function tell(e: AdvantageGainedEvent, voice: Voice): Told | null {
  const who = voice.who(e.combatantId);
  if (who === null) return null;
  const dice = e.rolls.map((r) => logDice(who, skillLabel(SKILL_OF[e.skill]), r));
  if (e.skill === 'awareness') {
    const gain = e.success && e.points > 0 ? `: +${e.points} to their initiative in round ${e.forRound}` : ': no gain';
    return told(`${who} watches the fight for an opening (awareness ${e.total} against ${e.difficulty})${gain}.`, [e.combatantId], dice);
  }
  const on = e.targetId ? voice.who(e.targetId) : null;
  const doing = e.skill === 'misdirection' ? `tries to distract ${on ?? 'an opponent'}` : `recalls what they know${on ? ` of ${on}` : ''}`;
  const gain = e.ranks > 0 ? `: an advantage of ${e.ranks} ${e.ranks === 1 ? 'rank' : 'ranks'}` : ': no advantage';
  return told(`${who} ${doing} (${skillLabel(SKILL_OF[e.skill])} ${e.total} against ${e.difficulty})${gain}.`, [e.combatantId, ...(e.targetId ? [e.targetId] : [])], dice);
}

export const ADVANTAGE_EVENT = ruleEvent<AdvantageGainedEvent>({
  kind: 'other',
  fightLog: true,
  schema: v.object({
    combatantId: eventId,
    skill: v.picklist(['awareness', 'misdirection', 'memory']),
    targetId: v.nullable(eventId),
    beneficiaryId: eventId,
    skillFor: v.picklist(SKILLS.map((s) => s.key)),
    difficulty: whole(0, 1000),
    rolls: listOf(roll, 2),
    total: count,
    points: count,
    success: v.boolean(),
    ranks: whole(0, 1000),
    forRound: whole(1, 100_000),
    rng: rngState,
  }),
  refers: (state, e) => [e.combatantId, e.beneficiaryId, e.targetId].some((id) => id !== null && !state.combatants.some((c) => c.id === id)) ? 'it names someone who is not in the fight' : null,
  // Awareness: the points wait for the next round's order. The others: what the ranks buy is asked.
  apply: (state, e) => {
    const next = { ...state, rng: e.rng };
    if (e.skill === 'awareness') {
      const amount = e.success ? Math.max(0, e.points) : 0;
      return withPerson(next, e.combatantId, (p) => ({ ...p, initiativeBonus: amount > 0 ? { round: e.forRound, amount } : p.initiativeBonus }));
    }
    if (e.ranks <= 0) return next;
    return withPrompt(next, { id: advantagePromptId(e.beneficiaryId), kind: ADVANTAGE, involves: [e.combatantId, e.beneficiaryId], data: { fromId: e.combatantId, beneficiaryId: e.beneficiaryId, ranks: e.ranks, skillFor: e.skillFor } });
  },
  tell,
});
