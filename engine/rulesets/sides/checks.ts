import * as v from 'valibot';
import type { RandomSource, RandomState } from '../../dice/random';
import { manualRoll, rollNotation, type Roll } from '../../dice/roll';
import { checkCombatant, isFailure } from '../../core/checks';
import type { SidesCommandOf } from './commands';
import { count, eventId, rngState, roll } from '../../core/stored-event-parts';
import type { EncounterEvent } from '../../core/events';
import { openPrompt } from '../../encounter/prompts';
import type { Combatant, EncounterState, Id } from '../../core/state';
import { logDice } from '../../core/log-dice';
import { told } from '../../core/told';
import { failure, ruleRefusal, type Failure, type Result } from '../../result';
import { hasTrait } from '../../core/fields';
import type { RuleEventDefinition } from '../../core/ruleset';
import { ruleEvent } from '../../core/typed';
import { typedDice, unknownIn } from './maneuver';
import { opposedOdds } from './odds';
import { bonusOf, checkParts, opposedSchema, opposedWords, rollOpposed, type Bonus, type Opposed } from './opposed';
import { sidesSettings } from './settings';

// The GM's helpers: a nerve check, whether someone fights on or flees (the text breaks off before
// its rule, so its dice and what counts as holding are settings, against the character's nerve
// score; named so as not to be taken for Zones & Factions' own rule), and the opposed check
// that may decide a surprise: DEX/Sneak for a stealthy approach or STR/Exert to kick a door in,
// against WIS/Notice. Each only tells the GM what the dice say; the GM rules what follows.

export const NERVE_CHECKED = 'sides/nerve-checked';
export const SURPRISE_CHECKED = 'sides/surprise-checked';

export type NerveCheckedEvent = {
  type: typeof NERVE_CHECKED;
  combatantId: Id;
  roll: Roll;
  score: number;
  holds: boolean;
  rng: RandomState;
  /** Called for against the text (one who fights to the end): the GM's ruling. */
  ruling?: true;
};

export type Approach = 'sneak' | 'exert';

export type SurpriseCheckedEvent = {
  type: typeof SURPRISE_CHECKED;
  sneakerId: Id;
  noticerId: Id;
  approach: Approach;
  contest: Opposed;
  rng: RandomState;
};

/** Whether a nerve roll holds against the score, by the setting. */
export function nerveHolds(state: EncounterState, total: number, score: number): boolean {
  return sidesSettings(state.settings).nerveHolds === 'at-most' ? total <= score : total >= score;
}

/**
 * Why a character takes no nerve check: "Almost everything … prioritizes its own survival (undead,
 * constructs, religious zealots, and extremely militarized creatures are notable exceptions)".
 * Those marked as fighting to the end are the exceptions; the GM may call for one anyway.
 */
export function nerveObjection(c: Combatant): Failure | null {
  return hasTrait(c, 'fearless') ? ruleRefusal('sides/nerve-fearless', `${c.name} fights to the end (undead, a construct, a zealot or hard-drilled troops): the text's exceptions don't put their own survival first, so they take no nerve check.`) : null;
}

/** Decides `sides/nerve`: the GM calls for a character's nerve check. */
export function decideNerve(state: EncounterState, cmd: SidesCommandOf<'sides/nerve'>, random: () => RandomSource): Result<EncounterEvent[]> {
  if (openPrompt(state)) return failure('prompt/open', 'Answer the open question first.');
  const c = checkCombatant(state, cmd.combatantId);
  if (isFailure(c)) return c;
  const objection = nerveObjection(c);
  if (objection && cmd.gmRuling !== true) return objection;
  const dice = sidesSettings(state.settings).nerveDice;
  const source = random();
  const rolled = Array.isArray(cmd.dice) ? manualRoll(dice, cmd.dice.filter((d): d is number => typeof d === 'number')) : rollNotation(dice, source);
  if (!rolled.ok) return rolled;
  const score = c.stats.nerve ?? 8;
  const event: NerveCheckedEvent = { type: NERVE_CHECKED, combatantId: c.id, roll: rolled.value, score, holds: nerveHolds(state, rolled.value.total, score), rng: source.state(), ...(objection ? { ruling: true as const } : {}) };
  return { ok: true, value: [event] };
}

/** The surprising side's checks the text names, against the watching side's WIS/Notice. */
export const SURPRISE_APPROACHES: Readonly<Record<Approach, { label: string; check: string; attribute: 'dex' | 'str'; skill: string }>> = {
  sneak: { label: 'a stealthy approach', check: 'DEX/Sneak', attribute: 'dex', skill: 'sneak' },
  exert: { label: 'kicking a door in', check: 'STR/Exert', attribute: 'str', skill: 'exert' },
};

export interface SurpriseCheckAsked {
  approach: Approach;
  sneakerId?: Id;
  noticerId?: Id;
  /** Where nobody is picked for a side, the bonus the GM typed for it. */
  sneakerBonus?: number;
  noticerBonus?: number;
}

export interface SurpriseCheckPlan {
  approach: Approach;
  /** The surprising side's check ("DEX/Sneak") and the watching side's ("WIS/Notice"). */
  check: string;
  against: string;
  sneaker: Bonus;
  noticer: Bonus;
  /** The fight's check dice. */
  dice: string;
  /** The chance the surprising side wins, ties rolled again. */
  winChance: number;
}

/** The surprise check before it is rolled: each side's bonus, parts named, from the sheet (or typed), and the odds. */
export function planSurpriseCheck(state: EncounterState, asked: SurpriseCheckAsked): SurpriseCheckPlan | Failure {
  const way = SURPRISE_APPROACHES[asked.approach];
  const side = (id: Id | undefined, typed: number | undefined, attribute: 'dex' | 'str' | 'wis', skill: string): Bonus | Failure => {
    if (id === undefined) return bonusOf([{ label: 'Typed', amount: typed ?? 0 }]);
    const c = checkCombatant(state, id);
    return isFailure(c) ? c : checkParts(c, attribute, [skill]);
  };
  const sneaker = side(asked.sneakerId, asked.sneakerBonus, way.attribute, way.skill);
  if (isFailure(sneaker)) return sneaker;
  const noticer = side(asked.noticerId, asked.noticerBonus, 'wis', 'notice');
  if (isFailure(noticer)) return noticer;
  const factionOf = (id: Id | undefined) => state.combatants.find((c) => c.id === id)?.factionId;
  if (asked.sneakerId !== undefined && factionOf(asked.sneakerId) === factionOf(asked.noticerId)) return failure('sides/surprise-check', 'A surprise check is between two sides: pick someone of each.');
  const dice = sidesSettings(state.settings).checkDice;
  return { approach: asked.approach, check: way.check, against: 'WIS/Notice', sneaker, noticer, dice, winChance: opposedOdds(dice, sneaker.total, noticer.total) };
}

/** Decides `sides/surprise-check`: the opposed check that may give a surprise, rolled for the GM. */
export function decideSurpriseCheck(state: EncounterState, cmd: SidesCommandOf<'sides/surprise-check'>, random: () => RandomSource): Result<EncounterEvent[]> {
  const sneaker = checkCombatant(state, cmd.sneakerId);
  if (isFailure(sneaker)) return sneaker;
  const noticer = checkCombatant(state, cmd.noticerId);
  if (isFailure(noticer)) return noticer;
  const approach: Approach = cmd.approach === 'exert' ? 'exert' : 'sneak';
  const plan = planSurpriseCheck(state, { approach, sneakerId: sneaker.id, noticerId: noticer.id });
  if (isFailure(plan)) return plan;
  const source = random();
  const contest = rollOpposed(state, source, plan.sneaker.total, plan.noticer.total, typedDice(cmd.dice));
  if (!contest.ok) return contest;
  const event: SurpriseCheckedEvent = { type: SURPRISE_CHECKED, sneakerId: sneaker.id, noticerId: noticer.id, approach, contest: contest.value, rng: source.state() };
  return { ok: true, value: [event] };
}


export const CHECK_EVENTS: Record<(NerveCheckedEvent | SurpriseCheckedEvent)['type'], RuleEventDefinition> = {
  [NERVE_CHECKED]: ruleEvent<NerveCheckedEvent>({
    kind: 'other',
    fightLog: true,
    schema: v.object({ combatantId: eventId, roll, score: count, holds: v.boolean(), rng: rngState, ruling: v.optional(v.literal(true)) }),
    refers: (state, event) => unknownIn(state, event.combatantId),
    apply: (state, event) => ({ ...state, rng: event.rng }),
    tell: (e, voice) => {
      const who = voice.who(e.combatantId);
      if (who === null) return null;
      // The players hear only whether the nerve held, not the score.
      const detail = voice.audience === 'gm' ? ` (${e.roll.total} against nerve ${e.score}${e.ruling ? ', the GM\'s ruling' : ''})` : '';
      return told(`${who} ${e.holds ? 'holds their nerve' : 'loses their nerve'}${detail}.`, [e.combatantId], voice.audience === 'gm' ? [logDice(who, 'nerve', e.roll)] : [], [`${who} ${e.holds ? 'holds' : 'breaks'}`]);
    },
  }),
  [SURPRISE_CHECKED]: ruleEvent<SurpriseCheckedEvent>({
    kind: 'other',
    fightLog: false,
    schema: v.object({ sneakerId: eventId, noticerId: eventId, approach: v.picklist(['sneak', 'exert']), contest: opposedSchema, rng: rngState }),
    refers: (state, event) => unknownIn(state, event.sneakerId, event.noticerId),
    apply: (state, event) => ({ ...state, rng: event.rng }),
    tell: (e, voice) => {
      if (voice.audience !== 'gm') return null;
      const s = voice.who(e.sneakerId);
      const n = voice.who(e.noticerId);
      if (s === null || n === null) return null;
      const how = SURPRISE_APPROACHES[e.approach].check;
      const dice = e.contest.rounds.flatMap((r) => [logDice(s, how, r.attacker), logDice(n, 'WIS/Notice', r.defender)]);
      return told(`${s}'s ${how} against ${n}'s WIS/Notice: ${opposedWords(e.contest)}; ${e.contest.attackerWins ? `${n} doesn't see it coming` : `${n} notices in time`}.`, [e.sneakerId, e.noticerId], dice);
    },
  }),
};
