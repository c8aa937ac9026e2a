import * as v from 'valibot';
import type { RandomSource, RandomState } from '../../dice/random';
import type { Roll } from '../../dice/roll';
import { checkCombatant, isFailure } from '../../encounter/checks';
import type { RulesetCommand } from '../../encounter/commands';
import { eventId, listOf, roll, rngState, whole, count } from '../../encounter/event-checks/common';
import type { EncounterEvent, RulesetEvent } from '../../encounter/events';
import type { EncounterState, Id } from '../../encounter/state';
import { logDice } from '../../log/dice';
import { told, type Told } from '../../log/describe-parts';
import type { Voice } from '../../log/voice';
import { failure, type Result } from '../../result';
import type { RuleEventDefinition } from '../ruleset';
import { outcomeOf, planCheck, rollCheck } from './checks';
import { offTurnRefusal } from './engagement';
import { withPerson } from './person';
import { skillOf } from './sheet';
import { spendAction } from './spend';
import { ranksSettings } from './settings';
import { AWARENESS_ADVANTAGE_DIFFICULTY } from './tables';

// Gaining an advantage with Survival: awareness, a bonus action: a check against a fixed 10 whose
// result points add to the character's initiative next round. (Misdirection and memory, and what
// their ranks buy from the advantage table, come with the rest of the bonus actions.)

export const ADVANTAGE_GAINED = 'ranks/advantage-gained';

export interface AdvantageGainedEvent {
  type: typeof ADVANTAGE_GAINED;
  combatantId: Id;
  skill: 'awareness';
  difficulty: number;
  rolls: Roll[];
  total: number;
  points: number;
  success: boolean;
  /** The round whose initiative gains the points. */
  forRound: number;
  rng: RandomState;
}

/** Decides `ranks/gain-advantage` ({ combatantId, skill: 'awareness' }): the bonus action spent, the check rolled. */
export function decideGainAdvantage(state: EncounterState, cmd: RulesetCommand, random: () => RandomSource): Result<EncounterEvent[]> {
  if (cmd.skill !== 'awareness') return failure('ranks/advantage-skill', 'An advantage is gained here with awareness (misdirection and memory are the GM\'s to settle for now).');
  const c = checkCombatant(state, cmd.combatantId);
  if (isFailure(c)) return c;
  const answering = offTurnRefusal(state, c);
  if (answering) return answering;
  const spent = spendAction(state, c, 'advantage', 'bonus', 'awareness');
  if (isFailure(spent)) return spent;
  const settings = ranksSettings(state.settings);
  const source = random();
  const awareness = skillOf(c, 'awareness', settings.die);
  const plan = planCheck(c, awareness.dice, awareness.attribute, settings);
  const rolled = rollCheck(plan, source);
  const outcome = outcomeOf(rolled.total, AWARENESS_ADVANTAGE_DIFFICULTY, settings);
  const event: AdvantageGainedEvent = {
    type: ADVANTAGE_GAINED,
    combatantId: c.id,
    skill: 'awareness',
    difficulty: AWARENESS_ADVANTAGE_DIFFICULTY,
    rolls: rolled.rolls,
    total: rolled.total,
    points: outcome.points,
    success: outcome.success,
    forRound: state.round + 1,
    rng: source.state(),
  };
  return { ok: true, value: [...spent.value, event as unknown as EncounterEvent] };
}

function tell(e: AdvantageGainedEvent, voice: Voice): Told | null {
  const who = voice.who(e.combatantId);
  if (who === null) return null;
  const gain = e.success && e.points > 0 ? `: +${e.points} to their initiative in round ${e.forRound}` : ': no gain';
  return told(`${who} watches the fight for an opening (awareness ${e.total} against ${e.difficulty})${gain}.`, [e.combatantId], e.rolls.map((r) => logDice(who, 'awareness', r)));
}

export const ADVANTAGE_EVENT: RuleEventDefinition = {
  kind: 'other',
  fightLog: true,
  schema: v.object({
    combatantId: eventId,
    skill: v.literal('awareness'),
    difficulty: whole(0, 1000),
    rolls: listOf(roll, 2),
    total: count,
    points: count,
    success: v.boolean(),
    forRound: whole(1, 100_000),
    rng: rngState,
  }),
  refers: (state, event) => (state.combatants.some((c) => c.id === (event as unknown as AdvantageGainedEvent).combatantId) ? null : 'it names someone who is not in the fight'),
  apply: (state, event: RulesetEvent) => {
    const e = event as unknown as AdvantageGainedEvent;
    const amount = e.success ? Math.max(0, e.points) : 0;
    return { ...withPerson(state, e.combatantId, (p) => ({ ...p, initiativeBonus: amount > 0 ? { round: e.forRound, amount } : p.initiativeBonus })), rng: e.rng };
  },
  tell: (event, voice) => tell(event as unknown as AdvantageGainedEvent, voice),
};
