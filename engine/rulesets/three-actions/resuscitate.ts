import * as v from 'valibot';
import type { RandomSource, RandomState } from '../../dice/random';
import type { Roll } from '../../dice/roll';
import { luckDice, rollOrdinaryTest, TEST_LUCK_SCHEMA, testTotal, type TestLuck } from './ordinary-test';
import { checkCombatant, isFailure } from '../../core/checks';
import { actionConditions } from '../../encounter/decide-action';
import { eventId, recordOf, rngState, roll, track, whole } from '../../core/stored-event-parts';
import type { EncounterEvent } from '../../core/events';
import { openPrompt } from '../../encounter/prompts';
import type { Combatant, EncounterState, Id, Track } from '../../core/state';
import { logDice } from '../../core/log-dice';
import { told, type Told } from '../../core/told';
import type { Voice } from '../../core/voice';
import { failure, type Failure, type Result } from '../../result';
import { THREE_ACTIONS_CONDITIONS } from './conditions';
import { THREE_ACTIONS_ACTIONS } from './economy';
import { carryOver, type Carried } from './carry-over';
import { actionsLeft, ownTurnRefusal } from './own-turn';
import { opensWithRefusal } from './opening';
import { mayBeStruckDown } from './strike';
import { threeActionsSettings } from './settings';

// Resuscitate: two actions, going prone beside someone unconscious, and a test to bring them round
// against the difficulty the GM set (the text gives none). Brought round at 0 health they have 1,
// as 0 health is itself unconscious. With one action left it is begun (going prone, the first
// part) and carried over: the test comes when the second action is spent, next turn.

export type ResuscitateCommand = {
  type: 'three-actions/resuscitate';
  combatantId: Id;
  targetId: Id;
  /** The rescuer's test, as dice ("d6+d4+1"). */
  test: string;
  /** Dice rolled at the table, one value per die, and the luck die's beside them. */
  dice?: number[];
  luck?: number;
  /** The GM rules past the starter's opening action. */
  gmRuling?: boolean;
};

export type ResuscitatedEvent = {
  type: 'three-actions/resuscitated';
  combatantId: Id;
  targetId: Id;
  roll: Roll;
  /** The luck die beside the test (absent in older logs): +4 at the setting's threshold. */
  luck?: TestLuck;
  difficulty: number;
  success: boolean;
  /** The patient's tracks once brought round (health 1 from 0), or null. */
  tracks: Record<string, Track> | null;
  rng: RandomState;
};

/** Decides `three-actions/resuscitate`. */
export function decideResuscitate(state: EncounterState, asked: ResuscitateCommand, random: () => RandomSource): Result<EncounterEvent[]> {
  if (state.status !== 'running') return failure('three-actions/not-running', 'Resuscitation in the fight takes a turn; start combat first.');
  const waiting = openPrompt(state);
  if (waiting) return failure(waiting.code, waiting.message);
  const rescuer = checkCombatant(state, asked.combatantId);
  if (isFailure(rescuer)) return rescuer;
  const patient = checkCombatant(state, asked.targetId);
  if (isFailure(patient)) return patient;
  // One action left is enough to begin it; none, and nothing can be begun.
  const left = actionsLeft(state, rescuer.id);
  const refused = ownTurnRefusal(state, rescuer, left === 1 ? 'one' : 'two', { turn: 'resuscitating takes two of their actions', spent: `${rescuer.name} has no actions left this turn to begin resuscitating.` });
  if (refused) return refused;
  const opening = opensWithRefusal(state, rescuer, 'resuscitate');
  if (opening && asked.gmRuling !== true) return opening;
  if (patient.id === rescuer.id || !mayBeStruckDown(patient)) return failure('three-actions/not-unconscious', `${patient.name} isn't lying unconscious; there is nobody to bring round.`);
  if (typeof asked.test !== 'string' || !/d/i.test(asked.test) || asked.test.trim().length > 40) return failure('input/test', 'Give the rescuer\'s test as dice ("d6+d4+1"), in up to 40 characters.');
  const resuscitate = THREE_ACTIONS_ACTIONS.find((a) => a.id === 'resuscitate');
  // They go prone to do it: the first part, done as it is begun.
  const prone = resuscitate ? actionConditions(state, THREE_ACTIONS_CONDITIONS, rescuer, resuscitate) : [];
  if (left < 2) return { ok: true, value: [...prone, carryOver(rescuer, `resuscitating ${patient.name}`, 2, left, { kind: 'resuscitate', targetId: patient.id, test: asked.test.trim() })] };
  const tested = resuscitation(state, rescuer, patient, asked.test, { dice: asked.dice, luck: asked.luck }, random());
  if (isFailure(tested)) return tested;
  return { ok: true, value: [{ type: 'action-used', combatantId: rescuer.id, actionId: 'resuscitate', spends: 'two', note: patient.name, ...(opening ? { ruling: true as const } : {}) }, ...prone, tested] };
}

/** The resuscitation carried over from an earlier turn, finished: the patient must still be lying unconscious. */
export function finishResuscitate(state: EncounterState, rescuer: Combatant, what: Extract<Carried, { kind: 'resuscitate' }>, typed: { dice?: unknown; luck?: unknown }, random: () => RandomSource): Result<EncounterEvent[]> {
  const patient = state.combatants.find((c) => c.id === what.targetId);
  if (!patient || !mayBeStruckDown(patient)) return failure('three-actions/not-unconscious', `${patient?.name ?? 'The patient'} isn't lying unconscious any more: there is nobody to bring round. Give the resuscitation up (it costs nothing).`);
  const tested = resuscitation(state, rescuer, patient, what.test, typed, random());
  return isFailure(tested) ? tested : { ok: true, value: [tested] };
}

/** The test (the luck die beside it) against the difficulty set, and the patient brought round at 1 health when it reaches it. */
function resuscitation(state: EncounterState, rescuer: Combatant, patient: Combatant, test: string, typed: { dice?: unknown; luck?: unknown }, source: RandomSource): EncounterEvent | Failure {
  const rolled = rollOrdinaryTest(state, test.trim(), source, typed.dice, typed.luck);
  if (!rolled.ok) return rolled.code === 'input/luck' ? rolled : failure('input/test', `The test: ${rolled.message}`);
  const difficulty = threeActionsSettings(state.settings).resuscitateDifficulty;
  const success = rolled.value.total >= difficulty;
  const health = patient.tracks.health ?? { value: 0, max: 1 };
  const tracks = success ? { ...patient.tracks, health: { ...health, value: Math.max(1, health.value) } } : null;
  const event: ResuscitatedEvent = { type: 'three-actions/resuscitated', combatantId: rescuer.id, targetId: patient.id, roll: rolled.value.roll, luck: rolled.value.luck, difficulty, success, tracks, rng: source.state() };
  return event;
}

export const RESUSCITATED_SCHEMA = v.object({ combatantId: eventId, targetId: eventId, roll, luck: TEST_LUCK_SCHEMA, difficulty: whole(0, 1000), success: v.boolean(), tracks: v.nullable(recordOf(track)), rng: rngState });

export function applyResuscitated(state: EncounterState, e: ResuscitatedEvent): EncounterState {
  return {
    ...state,
    rng: e.rng,
    combatants: state.combatants.map((c) => (c.id === e.targetId && e.success && e.tracks ? { ...c, tracks: e.tracks, marks: c.marks.filter((m) => m !== 'unconscious') } : c)),
  };
}

export function tellResuscitated(e: ResuscitatedEvent, v: Voice): Told | null {
  const rescuer = v.who(e.combatantId);
  const patient = v.who(e.targetId);
  if (rescuer === null || patient === null) return null;
  const dice = [logDice(rescuer, 'resuscitate', e.roll), ...luckDice(rescuer, e.luck)];
  const score = `${testTotal(e.roll, e.luck)} against ${e.difficulty}`;
  return e.success
    ? told(`${rescuer} kneels by ${patient} and brings them round (${score}).`, [e.combatantId, e.targetId], dice, [`${patient} comes round`])
    : told(`${rescuer} kneels by ${patient} but can't bring them round (${score}).`, [e.combatantId, e.targetId], dice);
}
