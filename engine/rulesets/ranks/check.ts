import * as v from 'valibot';
import type { RandomSource, RandomState } from '../../dice/random';
import type { Roll } from '../../dice/roll';
import { EventChain } from '../../encounter/chain';
import { checkCombatant, checkInteger, isFailure } from '../../core/checks';
import { count, eventId, listOf, roll, rngState, text, whole } from '../../core/stored-event-parts';
import type { EncounterEvent } from '../../core/events';
import type { Combatant, EncounterState, Id } from '../../core/state';
import { logDice } from '../../core/log-dice';
import { told, type Told } from '../../core/told';
import type { Voice } from '../../core/voice';
import { failure, type Result } from '../../result';
import { liveOrderFight } from '../../encounter/decide-turns';
import { ruleEvent } from '../../core/typed';
import { outcomeOf, planCheck, rollCheck, writeDice } from './checks';
import { inflictRanks } from './inflict';
import { withPerson } from './person';
import { ranksSettings } from './settings';
import { skillOf } from './sheet';
import { SKILLS, skillLabel, type SkillKey } from './tables';
import { spendAction } from './spend';
import { spentAdvantages } from './advantage-buy';
import type { RanksCommandOf } from './commands';

// A check the GM calls for: a skill against a difficulty. On their turn, or spending the round's
// full or bonus action out of it, the character rolls: "if a character is required to make an
// ability check when it is not their turn, and they either choose not to use an action or do not
// have an action available to use, the ability check is automatically equal to the fixed value".
// Anyone with an action left may spend it so, engaged or not: the check is required of them, not
// an answer they chose to make. On their own turn a check is part of an action: "a full action …
// usually requires an ability check", a bonus action "may or may not", and free actions "never
// require an ability check"; so it spends the full or bonus action, unless it belongs to an action
// already taken or the GM requires it of them (a forced move, a trap), when it costs nothing more. A movement check
// that fails still moves, but "a fatigue condition equal to the negative result points is created".

export const CHECKED = 'ranks/checked';

export type CheckedEvent = {
  type: typeof CHECKED;
  combatantId: Id;
  skill: SkillKey;
  difficulty: number;
  /** What was spent on it: an action of the round, or nothing (then off their turn it is the fixed value). */
  spent: 'full' | 'bonus' | null;
  /** The dice, or none: the fixed value stood. */
  rolls: Roll[];
  total: number;
  success: boolean;
  points: number;
  ranks: number;
  movement: boolean;
  note: string;
  rng: RandomState | null;
};

/** Whether a check now is rolled or stands at the fixed value: off their turn without an action spent, fixed. */
function checkIsRolled(state: EncounterState, c: Combatant, spend: 'full' | 'bonus' | null): boolean {
  return state.activeId === c.id || spend !== null;
}

/**
 * What a check will be before anything is rolled, in words for the form: the dice after conditions
 * (or the fixed value it stands at, or no check needed), against the difficulty; or why it can't
 * be made so.
 */
export function checkPreview(state: EncounterState, c: Combatant, key: SkillKey, difficulty: number, spend: 'full' | 'bonus' | null, movement: boolean, required = false): string {
  const settings = ranksSettings(state.settings);
  const skill = skillOf(c, key, settings.die);
  if (movement && difficulty <= skill.fixed) return `No check needed: the fixed value ${skill.fixed} meets ${difficulty}.`;
  if (state.activeId === c.id && spend === null && !required) return 'On their own turn a check takes the full or the bonus action (or belongs to one already taken).';
  if (!checkIsRolled(state, c, spend)) return `Stands at the fixed value ${skill.fixed} against ${difficulty}.`;
  const plan = planCheck(c, skill.dice, [skill.attribute, skill.key], settings);
  const edge = plan.edge ? `, ${plan.edge}` : '';
  const from = plan.from.length > 0 ? ` (${plan.from.join(', ')})` : '';
  return `Rolls ${writeDice({ dice: plan.pool, bonus: plan.modifier })}${edge}${from} against ${difficulty}.`;
}

/** Decides `ranks/check` ({ combatantId, skill, difficulty, spend: 'full' | 'bonus' | null, required, movement, note }). */
export function decideCheck(state: EncounterState, cmd: RanksCommandOf<'ranks/check'>, random: () => RandomSource): Result<EncounterEvent[]> {
  const c = checkCombatant(state, cmd.combatantId);
  if (isFailure(c)) return c;
  const key = SKILLS.find((s) => s.key === cmd.skill)?.key;
  if (!key) return failure('ranks/skill', 'Name one of the text\'s skills for the check.');
  const difficulty = checkInteger(cmd.difficulty, 'Difficulty', 0, 60);
  if (isFailure(difficulty)) return difficulty;
  const spend = cmd.spend === 'full' || cmd.spend === 'bonus' ? cmd.spend : null;
  if (cmd.spend !== undefined && cmd.spend !== null && spend === null) return failure('ranks/spend', 'A check spends the full action, the bonus action, or nothing.');
  const note = typeof cmd.note === 'string' ? cmd.note.trim().slice(0, 120) : '';
  const live = liveOrderFight(state);
  if (live) return live;
  const chain = new EventChain(state);
  if (spend) {
    const spent = spendAction(state, c, 'check', spend, note || skillLabel(key));
    if (isFailure(spent)) return spent;
    chain.push(...spent.value);
  }
  const settings = ranksSettings(state.settings);
  const skill = skillOf(c, key, settings.die);
  // "If the difficulty of the check is equal to or less than the fixed value … no ability check is
  // required" to move; otherwise off their turn without an action it stands at the fixed value.
  const needless = cmd.movement === true && difficulty <= skill.fixed;
  if (!needless && state.activeId === c.id && spend === null && cmd.required !== true) {
    return failure('ranks/check-action', `A check ${c.name} makes on their own turn is part of an action: spend the full or the bonus action on it, or say it belongs to an action already taken or is required of them.`);
  }
  const rolled = !needless && checkIsRolled(state, c, spend);
  rollInto(chain, c, { skill: key, difficulty, movement: cmd.movement === true }, spend, note, rolled ? random() : null);
  return { ok: true, value: chain.events };
}

/**
 * A check's events pushed onto `chain`, however it was paid for (an action, or a readied check set
 * off): rolled with `source`, or standing at the fixed value without one; the advantages it uses
 * up; and a failed movement check's fatigue ("the movement may still occur, but the characters
 * suffers a fatigue condition equal to the negative result points").
 */
export function rollInto(chain: EventChain, c: Combatant, check: { skill: SkillKey; difficulty: number; movement: boolean }, spend: 'full' | 'bonus' | null, note: string, source: RandomSource | null): void {
  const settings = ranksSettings(chain.state.settings);
  const now = chain.state.combatants.find((x) => x.id === c.id) ?? c;
  const skill = skillOf(now, check.skill, settings.die);
  const result = source ? rollCheck(planCheck(now, skill.dice, [skill.attribute, skill.key], settings), source) : { rolls: [], total: skill.fixed };
  const outcome = outcomeOf(result.total, check.difficulty, settings);
  const event: CheckedEvent = {
    type: CHECKED,
    combatantId: c.id,
    skill: check.skill,
    difficulty: check.difficulty,
    spent: spend,
    rolls: result.rolls,
    total: result.total,
    success: outcome.success,
    points: outcome.points,
    ranks: outcome.ranks,
    movement: check.movement,
    note,
    rng: source ? source.state() : null,
  };
  chain.push(event);
  if (source) chain.push(...spentAdvantages(chain.state, c.id));
  const after = chain.state.combatants.find((x) => x.id === c.id);
  if (event.movement && !outcome.success && after) chain.push(...inflictRanks(chain.state, after, 'fatigue', outcome.ranks));
}

function tell(e: CheckedEvent, voice: Voice): Told | null {
  const who = voice.who(e.combatantId);
  if (who === null) return null;
  const how = e.rolls.length === 0 ? `stands at their fixed ${skillLabel(e.skill)} ${e.total}` : `rolls ${skillLabel(e.skill)} ${e.total}`;
  const result = e.success ? `success${e.ranks > 0 ? `, ${e.ranks} ${e.ranks === 1 ? 'rank' : 'ranks'}` : ''}` : `failure by ${-e.points}${e.movement && e.ranks > 0 ? `: they still move, ${e.ranks} ${e.ranks === 1 ? 'rank' : 'ranks'} of fatigue` : ''}`;
  return told(`${who} ${how} against ${e.difficulty}${e.note ? ` (${e.note})` : ''}: ${result}.`, [e.combatantId], e.rolls.map((r) => logDice(who, skillLabel(e.skill), r)));
}

export const CHECKED_EVENT = ruleEvent<CheckedEvent>({
  kind: 'other',
  fightLog: true,
  schema: v.object({
    combatantId: eventId,
    skill: v.picklist(SKILLS.map((s) => s.key)),
    difficulty: whole(0, 1000),
    spent: v.nullable(v.picklist(['full', 'bonus'])),
    rolls: listOf(roll, 2),
    total: count,
    success: v.boolean(),
    points: count,
    ranks: whole(0, 1000),
    movement: v.boolean(),
    note: text(120),
    rng: v.nullable(rngState),
  }),
  refers: (state, event) => (state.combatants.some((c) => c.id === event.combatantId) ? null : 'it names someone who is not in the fight'),
  apply: (state, e) => {
    const rolled = e.rng ? { ...state, rng: e.rng } : state;
    // A movement check rolled on their own turn: an engaged opponent must spend an action to match that move.
    return e.movement && e.rolls.length > 0 && state.activeId === e.combatantId ? withPerson(rolled, e.combatantId, (p) => ({ ...p, movedWithCheck: state.round })) : rolled;
  },
  tell,
});
