import * as v from 'valibot';
import type { RandomSource, RandomState } from '../../dice/random';
import { manualRoll, rollNotation, type Roll } from '../../dice/roll';
import { checkCombatant, isFailure } from '../../encounter/checks';
import type { RulesetCommand } from '../../encounter/commands';
import { count, eventId, recordOf, rngState, roll, text, track, whole } from '../../encounter/event-checks/common';
import type { EncounterEvent } from '../../encounter/events';
import { openPrompt } from '../../encounter/prompts';
import type { EncounterState, Id, Mark, Track } from '../../encounter/state';
import { logDice } from '../../log/dice';
import { healthLeft, told } from '../../log/describe-parts';
import { failure, type Result } from '../../result';
import type { RuleEventDefinition } from '../ruleset';
import { withTrackValue } from '../tracks';
import { actingRefusal } from './acting';
import { afterDamage, MORTALLY_INJURED, UNCONSCIOUS } from './health';
import { displayOf } from '../../encounter/display';
import { feetBetween } from './grid-reading';
import { damageBonus, highestTotal } from './shock';
import { typedDice, unknownIn } from './maneuver';
import { attributeFor, weaponFor } from './plan';
import { sidesSettings } from './settings';

// Execution attacks, on a target entirely unsuspecting of danger (the GM's word), after a minute
// of setting up: a ranged one is a DEX/Shoot check (+4 within 10 ft, +2 within normal range) that
// hits whatever the AC; a melee one hits. The victim saves (Physical, less the assailant's combat
// skill): failing, they drop to 0 HP, Mortally Injured (or unconscious, for a non-lethal weapon);
// saving, they still take the hit's maximum damage.

export const EXECUTED = 'sides/executed';

export interface ExecutedEvent {
  type: typeof EXECUTED;
  attackerId: Id;
  targetId: Id;
  weapon: string;
  ranged: boolean;
  /** A ranged execution's DEX/Shoot check and what it had to reach; null in melee. */
  check: { roll: Roll; total: number; difficulty: number } | null;
  hit: boolean;
  save: { roll: Roll; penalty: number; target: number; saved: boolean } | null;
  damage: number;
  tracks: Record<string, Track> | null;
  mark: Mark | null;
  rng: RandomState;
}

/** Decides `sides/execute`: the GM confirms the target suspects nothing and the minute was spent. */
export function decideExecute(state: EncounterState, cmd: RulesetCommand, random: () => RandomSource): Result<EncounterEvent[]> {
  const waiting = openPrompt(state);
  if (waiting) return failure(waiting.code, waiting.message);
  if (cmd.unsuspecting !== true) return failure('sides/suspecting', 'Only a target entirely unsuspecting of danger can be executed; a minute of aiming or closing in comes first. Confirm both to go on.');
  const attacker = checkCombatant(state, cmd.attackerId);
  if (isFailure(attacker)) return attacker;
  // Before the fight (its usual moment) anyone; once it runs, on the attacker's own turn.
  const now = state.status === 'running' ? actingRefusal(state, attacker, 'Executions happen') : null;
  if (now) return now;
  const target = checkCombatant(state, cmd.targetId);
  if (isFailure(target)) return target;
  if (target.id === attacker.id) return failure('sides/self', `${attacker.name} can't execute themselves.`);
  const weapon = weaponFor(state, attacker, typeof cmd.weaponId === 'string' ? cmd.weaponId : '');
  if (!weapon) return failure('sides/weapon', `${attacker.name} carries no such weapon; pick one of theirs.`);
  const typed = typedDice(cmd.dice);
  const source = random();
  const settings = sidesSettings(state.settings);
  const ranged = weapon.use !== 'melee';
  let check: ExecutedEvent['check'] = null;
  if (ranged) {
    const feet = feetBetween(state, attacker, target);
    const close = typeof cmd.within10 === 'boolean' ? cmd.within10 : feet !== null && feet <= 10;
    const near = typeof cmd.withinRange === 'boolean' ? cmd.withinRange : feet === null || feet <= weapon.range;
    const bonus = (attacker.stats.dex ?? 0) + (attacker.stats.shoot ?? 0) + (close ? 4 : near ? 2 : 0);
    const rolled = typed.check ? manualRoll(settings.checkDice, typed.check) : rollNotation(settings.checkDice, source);
    if (!rolled.ok) return rolled;
    check = { roll: rolled.value, total: rolled.value.total + bonus, difficulty: settings.executionDifficulty };
  }
  const hit = check === null || check.total >= check.difficulty;
  let save: ExecutedEvent['save'] = null;
  let damage = 0;
  let mark: Mark | null = null;
  let tracks: Record<string, Track> | null = null;
  if (hit) {
    const penalty = Math.max(attacker.stats[weapon.skill] ?? 0, 0);
    const rolled = typeof typed.save === 'number' ? manualRoll('1d20', [typed.save]) : rollNotation('1d20', source);
    if (!rolled.ok) return rolled;
    const saveTarget = target.stats.save ?? 15;
    const saved = rolled.value.total - penalty >= saveTarget;
    save = { roll: rolled.value, penalty, target: saveTarget, saved };
    const hp = target.tracks.hp?.value ?? 0;
    // Saved: the hit's maximum damage. Failed: straight to 0 HP and Mortally Injured (dead, for
    // enemies where the setting says so), or knocked out, HP untouched, by a non-lethal weapon.
    damage = saved ? Math.max(0, highestTotal(weapon.damage) + damageBonus(attacker, weapon, attributeFor(attacker, weapon))) : weapon.nonLethal ? 0 : hp;
    tracks = damage > 0 ? withTrackValue(target, 'hp', (t) => t.value - damage) : null;
    const party = displayOf(state).playerFactions.includes(target.factionId);
    if (!saved) mark = weapon.nonLethal ? UNCONSCIOUS : settings.atZero === 'enemies-die' && !party ? 'dead' : MORTALLY_INJURED;
  }
  const event: ExecutedEvent = { type: EXECUTED, attackerId: attacker.id, targetId: target.id, weapon: weapon.name, ranged, check, hit, save, damage, tracks, mark, rng: source.state() };
  const marked: EncounterEvent[] = mark ? [{ type: 'mark-set', combatantId: target.id, mark, on: true }] : [];
  // A saved hit that still drops them to 0 is marked as any blow to 0 is.
  const dropped: EncounterEvent[] = !mark && tracks ? afterDamage(state, target, tracks) : [];
  return { ok: true, value: [event as unknown as EncounterEvent, ...marked, ...dropped] };
}

export const EXECUTE_EVENT: RuleEventDefinition = {
  kind: 'attack',
  fightLog: true,
  schema: v.object({
    attackerId: eventId,
    targetId: eventId,
    weapon: text(64),
    ranged: v.boolean(),
    check: v.nullable(v.object({ roll, total: count, difficulty: count })),
    hit: v.boolean(),
    save: v.nullable(v.object({ roll, penalty: count, target: count, saved: v.boolean() })),
    damage: whole(0, 1_000_000),
    tracks: v.nullable(recordOf(track)),
    mark: v.nullable(v.picklist([MORTALLY_INJURED, UNCONSCIOUS, 'dead'])),
    rng: rngState,
  }),
  refers: (state, event) => unknownIn(state, (event as unknown as ExecutedEvent).attackerId, (event as unknown as ExecutedEvent).targetId),
  apply: (state, event) => {
    const e = event as unknown as ExecutedEvent;
    return { ...state, rng: e.rng, combatants: e.tracks ? state.combatants.map((c) => (c.id === e.targetId && e.tracks ? { ...c, tracks: e.tracks } : c)) : state.combatants };
  },
  tell: (event, voice) => {
    const e = event as unknown as ExecutedEvent;
    const a = voice.who(e.attackerId);
    const t = voice.who(e.targetId);
    if (a === null || t === null) return null;
    const dice = [...(e.check ? [logDice(a, 'DEX/Shoot', e.check.roll)] : []), ...(e.save ? [logDice(t, 'Physical save', e.save.roll)] : [])];
    const check = e.check ? ` (DEX/Shoot ${e.check.total} against ${e.check.difficulty})` : '';
    if (!e.hit) return told(`${a}'s execution shot at ${t} goes wide${check}.`, [e.attackerId, e.targetId], dice);
    const save = e.save ? `Physical save ${e.save.roll.total}${e.save.penalty ? ` − ${e.save.penalty}` : ''} against ${e.save.target}` : '';
    if (e.save?.saved) return told(`${a} executes ${t} with ${e.weapon}${check}; ${t} saves (${save}) but takes the maximum, ${e.damage}${healthLeft(voice, e.targetId, e.tracks ?? undefined)}.`, [e.attackerId, e.targetId], dice, [`${a} executes ${t} (${e.damage})`]);
    return told(`${a} executes ${t} with ${e.weapon}${check}; ${t} fails the save (${save}).`, [e.attackerId, e.targetId], dice, [`${a} executes ${t}`]);
  },
};
