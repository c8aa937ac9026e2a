import * as v from 'valibot';
import type { RandomSource } from '../../dice/random';
import { manualRoll, rollNotation, type Roll } from '../../dice/roll';
import { count, roll } from '../../core/stored-event-parts';
import type { EncounterState, Id } from '../../core/state';
import { isRecord } from '../../json';
import { logDice, type LogDice } from '../../core/log-dice';
import type { Result } from '../../result';
import { rollOpposed, type Opposed } from './opposed';
import type { AttackPlan } from './plan';
import { hitsAc, rollModifier } from './verdict';

// What the maneuvers share (a grapple and a shove are an attack roll, then an opposed check in
// lieu of damage): the dice the GM typed at the table, the roll and check, how the log shows their
// dice, and the check that an event names characters in the encounter.

/** The dice the GM typed: the d20, each side's check dice, a save. */
export interface TypedDice {
  attack?: number;
  attacker?: number[];
  defender?: number[];
  check?: number[];
  save?: number;
}

const nums = (x: unknown): number[] | undefined => (Array.isArray(x) ? x.filter((d): d is number => typeof d === 'number') : undefined);

/** The typed dice of a command, whatever it holds. */
export function typedDice(raw: unknown): TypedDice {
  if (!isRecord(raw)) return {};
  const [attacker, defender, check] = [nums(raw.attacker), nums(raw.defender), nums(raw.check)];
  return {
    ...(typeof raw.attack === 'number' ? { attack: raw.attack } : {}),
    ...(attacker ? { attacker } : {}),
    ...(defender ? { defender } : {}),
    ...(check ? { check } : {}),
    ...(typeof raw.save === 'number' ? { save: raw.save } : {}),
  };
}

/** A maneuver's attack roll as the log keeps it. */
export interface ManeuverAttack {
  roll: Roll;
  total: number;
  ac: number;
  hit: boolean;
}

export const maneuverAttackSchema = v.object({ roll, total: count, ac: count, hit: v.boolean() });

/** Larger targets are harder to manhandle: −2, or −4 for those barely plausible. */
export type Size = 'same' | 'larger' | 'huge';
export const SIZE_PENALTY: Readonly<Record<Size, number>> = { same: 0, larger: -2, huge: -4 };
export const sizeOf = (raw: unknown): Size => (raw === 'larger' || raw === 'huge' ? raw : 'same');

/** The attack roll as planned, then, on a hit, the opposed check with each side's bonus. */
export function rollManeuver(state: EncounterState, plan: AttackPlan, source: RandomSource, typed: TypedDice, bonus: number, against: number): Result<{ attack: ManeuverAttack; contest: Opposed | null }> {
  const d20 = typeof typed.attack === 'number' ? manualRoll('1d20', [typed.attack]) : rollNotation('1d20', source);
  if (!d20.ok) return d20;
  const total = d20.value.total + rollModifier(plan);
  const attack = { roll: d20.value, total, ac: plan.ac, hit: hitsAc(plan, total) };
  if (!attack.hit) return { ok: true, value: { attack, contest: null } };
  const contest = rollOpposed(state, source, bonus, against, { ...(typed.attacker ? { attacker: typed.attacker } : {}), ...(typed.defender ? { defender: typed.defender } : {}) });
  return contest.ok ? { ok: true, value: { attack, contest: contest.value } } : contest;
}

/** The log's dice of a maneuver: the attack roll, then each round of the check. */
export function maneuverDice(attacker: string, target: string, what: string, attack: ManeuverAttack, contest: Opposed | null): LogDice[] {
  return [logDice(attacker, `${what} attack`, attack.roll), ...(contest?.rounds.flatMap((r) => [logDice(attacker, `${what} check`, r.attacker), logDice(target, `${what} check`, r.defender)]) ?? [])];
}

/** What is wrong with an event naming these characters: one not in the encounter, or null. */
export function unknownIn(state: EncounterState, ...ids: Id[]): string | null {
  return ids.every((id) => state.combatants.some((c) => c.id === id)) ? null : 'it names someone who is not in the encounter';
}
