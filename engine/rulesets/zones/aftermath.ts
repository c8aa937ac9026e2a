import { rollUnderSave } from '../../dice/checks';
import type { RandomSource } from '../../dice/random';
import { checkCombatant, checkInteger, isFailure } from '../../core/checks';
import type { Command } from '../../core/commands';
import type { EncounterEvent } from '../../core/events';
import type { ZonesCommandOf } from './commands';
import type { ChaseResult, WearResult } from './events';
import type { Combatant, EncounterState } from '../../core/state';
import { failure, type Result } from '../../result';
import { chaseVerdict } from './chase';
import { isFighting } from './morale';
import { durabilityRoll, gearToRoll } from './wear';

const PACE_MAX = 100;

/** Whether a character can run in a long chase: still fighting, or already retreating. */
export function canFlee(c: Combatant): boolean {
  return isFighting(c) || c.marks.includes('retreated');
}

/** A long chase: each fleer escapes, is caught, or makes an AGI save, against the pursuers' pace. */
export function resolveChase(
  state: EncounterState,
  cmd: ZonesCommandOf<'zones/resolve-chase'>,
  random: RandomSource,
): Result<EncounterEvent[]> {
  if (state.status === 'setup') return failure('chase/not-started', 'A chase follows a fight; start combat first.');
  if (!Array.isArray(cmd.fleeing) || cmd.fleeing.length === 0) return failure('chase/nobody', 'Pick who is fleeing.');
  const pursuers = cmd.pursuers;
  const speed = checkInteger(pursuers?.speed, 'The pursuers\' speed', 0, PACE_MAX);
  if (isFailure(speed)) return speed;
  const stamina = checkInteger(pursuers?.stamina, 'The pursuers\' stamina', 0, PACE_MAX);
  if (isFailure(stamina)) return stamina;
  const results: ChaseResult[] = [];
  let rolled = false;
  for (const runner of cmd.fleeing) {
    const c = checkCombatant(state, runner?.combatantId);
    if (isFailure(c)) return c;
    if (!canFlee(c)) return failure('chase/out', `${c.name} is in no state to run.`);
    if (results.some((r) => r.combatantId === c.id)) return failure('chase/twice', `${c.name} is listed twice.`);
    const ownSpeed = checkInteger(runner.speed, `${c.name}'s speed`, 0, PACE_MAX);
    if (isFailure(ownSpeed)) return ownSpeed;
    const ownStamina = checkInteger(runner.stamina, `${c.name}'s stamina`, 0, PACE_MAX);
    if (isFailure(ownStamina)) return ownStamina;
    const verdict = chaseVerdict({ speed: ownSpeed, stamina: ownStamina }, { speed, stamina });
    const save = verdict.kind === 'save' ? rollUnderSave(random, c.stats.agi ?? 0) : null;
    rolled ||= save !== null;
    results.push({ combatantId: c.id, verdict: verdict.kind, save, escaped: verdict.kind === 'escapes' || (save?.passed ?? false) });
  }
  return { ok: true, value: [{ type: 'zones/chase-resolved', results, rng: rolled ? random.state() : null }] };
}

/** After the fight: a durability roll for every weapon, shield and armour used in it. */
export function rollGearWear(state: EncounterState, random: RandomSource): Result<EncounterEvent[]> {
  if (state.status !== 'ended') return failure('wear/not-over', 'Gear is rolled for wear after the fight; end combat first.');
  const items = gearToRoll(state.combatants);
  if (items.length === 0) return failure('wear/nothing', 'No weapon, shield or armour was used since the last wear roll.');
  const die = Number(state.settings.durabilityDie ?? 6);
  const failsOn = Number(state.settings.durabilityFailsOn ?? 1);
  // Each setting is in range on its own; together they could make every roll a failure.
  if (failsOn >= die) {
    return failure('wear/settings', `Durability fails on ${failsOn} or less, but the die is a d${die}: every item would wear. Lower "Durability fails on" or raise "Durability die" under Rules settings.`);
  }
  const results: WearResult[] = items.map(({ combatantId, item }) => {
    const { roll, wear } = durabilityRoll(item, random, die, failsOn);
    return { combatantId, itemId: item.id, name: item.name, roll, before: item.wear, after: wear };
  });
  return { ok: true, value: [{ type: 'zones/gear-worn', results, rng: random.state() }] };
}
