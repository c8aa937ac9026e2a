import * as v from 'valibot';
import type { RandomSource, RandomState } from '../../dice/random';
import type { Roll } from '../../dice/roll';
import { checkCombatant, isFailure } from '../../core/checks';
import { count, eventId, rngState, roll, text } from '../../core/stored-event-parts';
import type { EncounterEvent } from '../../core/events';
import { openPrompt } from '../../encounter/prompts';
import type { EncounterState, Id } from '../../core/state';
import { logDice } from '../../core/log-dice';
import { told, type Told } from '../../core/told';
import type { Voice } from '../../core/voice';
import { failure, ruleRefusal, type Result } from '../../result';
import { budgetAfter } from '../../core/economy';
import { defencesAgainst } from './attack';
import { THREE_ACTIONS_ECONOMY } from './economy';
import type { Weapon } from './gear';
import { weaponToHand } from './hands';
import { openingAttackEvents, opensWithRefusal } from './opening';
import { rollOrdinaryTest, TEST_LUCK, type TestLuck } from './ordinary-test';
import { ownTurnRefusal } from './own-turn';
import { attacksThisRound, withPerson } from './person';

// A maneuver (trip, shove, disarm…: the core book's, which we don't have): "This penalty also
// applies to attacks from maneuvers." It is an attack for the multiple-attack penalty, both ways:
// −2 for each attack made before it this round, and it counts for the later ones. One action; a
// test (dice, or a weapon's test) against the target's evasion, as an attack's. With a weapon the
// luck die works as for its attacks (at its critical threshold it can't miss); with plain dice as
// for an ordinary test (+4 at the threshold). What it does is the GM's.

const LONGEST = 60;

export type ManeuverCommand = {
  type: 'three-actions/maneuver';
  attackerId: Id;
  targetId: Id;
  /** What it is, in the GM's words ("trips the guard"). */
  name: string;
  /** The test as dice ("d6+d6+1"); or the test of one of the attacker's weapons (`weaponId`). */
  test?: string;
  weaponId?: Id;
  /** Dice rolled at the table: the test's (one value per die) and the luck die's. */
  dice?: { test?: number[]; luck?: number };
  gmRuling?: boolean;
};

export type ManeuveredEvent = {
  type: 'three-actions/maneuvered';
  attackerId: Id;
  targetId: Id;
  name: string;
  /** The dice rolled, as notation, and the weapon whose test it was (or null). */
  test: string;
  weapon: string | null;
  roll: Roll;
  luck: TestLuck;
  /** With a weapon: the luck roll reached its critical threshold, so it can't miss. */
  critical: boolean;
  /** The multiple-attack penalty (−2 per earlier attack this round). */
  penalty: number;
  result: number;
  evasion: number;
  success: boolean;
  rng: RandomState;
  ruling?: true;
};

export const MANEUVERED = 'three-actions/maneuvered';

/** Decides `three-actions/maneuver`. */
export function decideManeuver(state: EncounterState, asked: ManeuverCommand, random: () => RandomSource): Result<EncounterEvent[]> {
  if (state.status !== 'running') return failure('three-actions/not-running', 'Maneuvers are made during the fight; start combat first.');
  const waiting = openPrompt(state);
  if (waiting) return failure(waiting.code, waiting.message);
  const attacker = checkCombatant(state, asked.attackerId);
  if (isFailure(attacker)) return attacker;
  const target = checkCombatant(state, asked.targetId);
  if (isFailure(target)) return target;
  if (target.id === attacker.id) return failure('three-actions/self', `${attacker.name} can't maneuver against themselves; pick another target.`);
  if (typeof asked.name !== 'string' || asked.name.trim() === '' || asked.name.trim().length > LONGEST) return failure('input/name', `Say what the maneuver is, in at most ${LONGEST} characters ("trips the guard").`);
  let weapon: Weapon | null = null;
  if (asked.weaponId !== undefined && asked.weaponId !== null && asked.weaponId !== '') {
    const toHand = weaponToHand(attacker, asked.weaponId);
    if (isFailure(toHand)) return toHand;
    weapon = toHand;
  }
  const notation = weapon ? weapon.test : typeof asked.test === 'string' ? asked.test.trim() : '';
  if (!/d/i.test(notation)) return failure('input/test', 'Give the maneuver\'s test as dice ("d6+d6+1"), or pick a weapon whose test it uses.');
  // Its own turn's action (the GM may rule otherwise), and the starter's opening: a maneuver is an attack.
  const objection = ownTurnRefusal(state, attacker, 'one', { turn: 'a maneuver takes one of their actions', spent: `${attacker.name} has no action left this turn.` });
  const refusal = objection ? ruleRefusal(objection.code, objection.message) : opensWithRefusal(state, attacker, 'attack');
  if (refusal && asked.gmRuling !== true) return refusal;
  const source = random();
  const rolled = rollOrdinaryTest(state, notation, source, asked.dice?.test, asked.dice?.luck);
  if (!rolled.ok) return rolled.code === 'input/luck' ? rolled : failure('input/test', `The maneuver's test: ${rolled.message}`);
  const critical = weapon !== null && rolled.value.luck.roll.total >= weapon.critOn;
  // With a weapon the luck die is an attack's (critical), not an ordinary test's (+4).
  const luck = weapon ? { ...rolled.value.luck, bonus: 0 } : rolled.value.luck;
  const penalty = 0 - 2 * attacksThisRound(state, attacker);
  const result = rolled.value.roll.total + luck.bonus + penalty;
  const evasion = defencesAgainst(attacker, target).evasion;
  const event: ManeuveredEvent = {
    type: MANEUVERED,
    attackerId: attacker.id,
    targetId: target.id,
    name: asked.name.trim(),
    test: notation,
    weapon: weapon?.name ?? null,
    roll: rolled.value.roll,
    luck,
    critical,
    penalty,
    result,
    evasion,
    success: critical || result >= evasion,
    rng: source.state(),
    ...(refusal ? { ruling: true as const } : {}),
  };
  return { ok: true, value: [...openingAttackEvents(state, attacker, target), event] };
}

export const MANEUVERED_SCHEMA = v.object({
  attackerId: eventId,
  targetId: eventId,
  name: text(LONGEST),
  test: text(200),
  weapon: v.nullable(text(64)),
  roll,
  luck: TEST_LUCK,
  critical: v.boolean(),
  penalty: count,
  result: count,
  evasion: count,
  success: v.boolean(),
  rng: rngState,
  ruling: v.optional(v.literal(true)),
});

/** An attack counted for the penalty, and one of the turn's actions taken. */
export function applyManeuvered(state: EncounterState, e: ManeuveredEvent): EncounterState {
  const attacker = state.combatants.find((c) => c.id === e.attackerId);
  const made = attacker ? attacksThisRound(state, attacker) : 0;
  const counted = withPerson({ ...state, rng: e.rng }, e.attackerId, (p) => ({ ...p, attacks: { round: state.round, count: made + 1 } }));
  return counted.activeId === e.attackerId && counted.turn ? { ...counted, turn: { ...counted.turn, budget: budgetAfter(THREE_ACTIONS_ECONOMY, counted.turn.budget, 'one') } } : counted;
}

export function tellManeuvered(e: ManeuveredEvent, v: Voice): Told | null {
  const who = v.who(e.attackerId);
  const target = v.who(e.targetId);
  if (who === null || target === null) return null;
  const parts = [e.penalty !== 0 ? `${e.penalty} earlier attacks` : null, e.luck.bonus > 0 ? `+${e.luck.bonus} luck` : null, e.critical ? `luck ${e.luck.roll.total}, can't miss` : null].filter((p) => p !== null);
  const score = `${e.result}${parts.length > 0 ? ` (${parts.join(', ')})` : ''} against evasion ${e.evasion}`;
  const dice = [logDice(who, `maneuver${e.weapon ? ` (${e.weapon})` : ''}`, e.roll), logDice(who, 'luck', e.luck.roll)];
  const outcome = e.success ? 'it works; what it does is the GM\'s to settle' : 'it fails';
  return told(`${who}'s maneuver at ${target}, ${e.name}: ${score}, ${outcome}${e.ruling && v.audience === 'gm' ? " (the GM's ruling)" : ''}.`, [e.attackerId, e.targetId], dice, [`${who} ${e.success ? 'pulls off' : 'fails'} a maneuver on ${target}`]);
}
