import * as v from 'valibot';
import type { RandomSource, RandomState } from '../../dice/random';
import { manualRoll, rollNotation, type Roll } from '../../dice/roll';
import { checkCombatant, isFailure } from '../../encounter/checks';
import type { RulesetCommand } from '../../encounter/commands';
import { count, eventId, rngState, roll } from '../../encounter/event-checks/common';
import type { EncounterEvent } from '../../encounter/events';
import { openPrompt } from '../../encounter/prompts';
import type { Combatant, EncounterState, Id } from '../../encounter/state';
import { logDice } from '../../log/dice';
import { told } from '../../log/describe-parts';
import { failure, ruleRefusal, type Failure, type Result } from '../../result';
import { hasTrait } from '../fields';
import type { RuleEventDefinition } from '../ruleset';
import { typedDice, unknownIn } from './maneuver';
import { opposedSchema, opposedWords, rollOpposed, type Opposed } from './opposed';
import { sidesSettings } from './settings';

// The GM's helpers: a nerve check, whether someone fights on or flees (the text breaks off before
// its rule, so its dice and what counts as holding are settings, against the character's nerve
// score; named so as not to be taken for Zones & Factions' own rule), and the opposed check
// that may decide a surprise: DEX/Sneak for a stealthy approach or STR/Exert to kick a door in,
// against WIS/Notice. Each only tells the GM what the dice say; the GM rules what follows.

export const NERVE_CHECKED = 'sides/nerve-checked';
export const SURPRISE_CHECKED = 'sides/surprise-checked';

export interface NerveCheckedEvent {
  type: typeof NERVE_CHECKED;
  combatantId: Id;
  roll: Roll;
  score: number;
  holds: boolean;
  rng: RandomState;
  /** Called for against the text (one who fights to the end): the GM's ruling. */
  ruling?: true;
}

export type Approach = 'sneak' | 'exert';

export interface SurpriseCheckedEvent {
  type: typeof SURPRISE_CHECKED;
  sneakerId: Id;
  noticerId: Id;
  approach: Approach;
  contest: Opposed;
  rng: RandomState;
}

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
export function decideNerve(state: EncounterState, cmd: RulesetCommand, random: () => RandomSource): Result<EncounterEvent[]> {
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
  return { ok: true, value: [event as unknown as EncounterEvent] };
}

/** The bonuses of a surprise check: the approach's attribute and skill against WIS/Notice. */
export function surpriseBonuses(sneaker: { stats: Record<string, number> }, noticer: { stats: Record<string, number> }, approach: Approach): { bonus: number; against: number } {
  const bonus = approach === 'sneak' ? (sneaker.stats.dex ?? 0) + (sneaker.stats.sneak ?? 0) : (sneaker.stats.str ?? 0) + (sneaker.stats.exert ?? 0);
  return { bonus, against: (noticer.stats.wis ?? 0) + (noticer.stats.notice ?? 0) };
}

/** Decides `sides/surprise-check`: the opposed check that may give a surprise, rolled for the GM. */
export function decideSurpriseCheck(state: EncounterState, cmd: RulesetCommand, random: () => RandomSource): Result<EncounterEvent[]> {
  const sneaker = checkCombatant(state, cmd.sneakerId);
  if (isFailure(sneaker)) return sneaker;
  const noticer = checkCombatant(state, cmd.noticerId);
  if (isFailure(noticer)) return noticer;
  if (sneaker.factionId === noticer.factionId) return failure('sides/surprise-check', 'A surprise check is between two sides: pick someone of each.');
  const approach: Approach = cmd.approach === 'exert' ? 'exert' : 'sneak';
  const { bonus, against } = surpriseBonuses(sneaker, noticer, approach);
  const source = random();
  const contest = rollOpposed(state, source, bonus, against, typedDice(cmd.dice));
  if (!contest.ok) return contest;
  const event: SurpriseCheckedEvent = { type: SURPRISE_CHECKED, sneakerId: sneaker.id, noticerId: noticer.id, approach, contest: contest.value, rng: source.state() };
  return { ok: true, value: [event as unknown as EncounterEvent] };
}


export const CHECK_EVENTS: Record<string, RuleEventDefinition> = {
  [NERVE_CHECKED]: {
    kind: 'other',
    fightLog: true,
    schema: v.object({ combatantId: eventId, roll, score: count, holds: v.boolean(), rng: rngState, ruling: v.optional(v.literal(true)) }),
    refers: (state, event) => unknownIn(state, (event as unknown as NerveCheckedEvent).combatantId),
    apply: (state, event) => ({ ...state, rng: (event as unknown as NerveCheckedEvent).rng }),
    tell: (event, voice) => {
      const e = event as unknown as NerveCheckedEvent;
      const who = voice.who(e.combatantId);
      if (who === null) return null;
      // The players hear only whether the nerve held, not the score.
      const detail = voice.audience === 'gm' ? ` (${e.roll.total} against nerve ${e.score}${e.ruling ? ', the GM\'s ruling' : ''})` : '';
      return told(`${who} ${e.holds ? 'holds their nerve' : 'loses their nerve'}${detail}.`, [e.combatantId], voice.audience === 'gm' ? [logDice(who, 'nerve', e.roll)] : [], [`${who} ${e.holds ? 'holds' : 'breaks'}`]);
    },
  },
  [SURPRISE_CHECKED]: {
    kind: 'other',
    fightLog: false,
    schema: v.object({ sneakerId: eventId, noticerId: eventId, approach: v.picklist(['sneak', 'exert']), contest: opposedSchema, rng: rngState }),
    refers: (state, event) => unknownIn(state, (event as unknown as SurpriseCheckedEvent).sneakerId, (event as unknown as SurpriseCheckedEvent).noticerId),
    apply: (state, event) => ({ ...state, rng: (event as unknown as SurpriseCheckedEvent).rng }),
    tell: (event, voice) => {
      const e = event as unknown as SurpriseCheckedEvent;
      if (voice.audience !== 'gm') return null;
      const s = voice.who(e.sneakerId);
      const n = voice.who(e.noticerId);
      if (s === null || n === null) return null;
      const how = e.approach === 'sneak' ? 'DEX/Sneak' : 'STR/Exert';
      const dice = e.contest.rounds.flatMap((r) => [logDice(s, how, r.attacker), logDice(n, 'WIS/Notice', r.defender)]);
      return told(`${s}'s ${how} against ${n}'s WIS/Notice: ${opposedWords(e.contest)}; ${e.contest.attackerWins ? `${n} doesn't see it coming` : `${n} notices in time`}.`, [e.sneakerId, e.noticerId], dice);
    },
  },
};
