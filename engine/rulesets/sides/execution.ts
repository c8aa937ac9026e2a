import * as v from 'valibot';
import type { RandomSource, RandomState } from '../../dice/random';
import { manualRoll, rollNotation, type Roll } from '../../dice/roll';
import { checkCombatant, isFailure } from '../../core/checks';
import type { SidesCommandOf } from './commands';
import { count, eventId, recordOf, rngState, roll, text, track, whole } from '../../core/stored-event-parts';
import type { EncounterEvent } from '../../core/events';
import { openPrompt } from '../../encounter/prompts';
import type { EncounterState, Id, Mark, Track } from '../../core/state';
import { logDice } from '../../core/log-dice';
import { healthLeft, told } from '../../core/told';
import { failure, type Result } from '../../result';
import { ruleEvent } from '../../core/typed';
import { withTrackValue } from '../../core/tracks';
import { actingRefusal } from './acting';
import { afterDamage, MORTALLY_INJURED, UNCONSCIOUS } from './health';
import { planExecution } from './execution-plan';
import { spendAction } from './spend';
import { typedDice, unknownIn } from './maneuver';

// Execution attacks, on a target entirely unsuspecting of danger (the GM's word), after a minute
// of setting up: a ranged one is a DEX/Shoot check (+4 within 10 ft, +2 within normal range) that
// hits whatever the AC; a melee one hits. The victim saves (Physical, less the assailant's combat
// skill): failing, they drop to 0 HP, Mortally Injured (or unconscious, for a non-lethal weapon);
// saving, they still take the hit's maximum damage.

export const EXECUTED = 'sides/executed';

export type ExecutedEvent = {
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
  /** The GM ruled it despite the rules' objection (out of reach or range). */
  ruling?: true;
};

/** Decides `sides/execute`: the GM confirms the target suspects nothing and the minute was spent. */
export function decideExecute(state: EncounterState, cmd: SidesCommandOf<'sides/execute'>, random: () => RandomSource): Result<EncounterEvent[]> {
  const waiting = openPrompt(state);
  if (waiting) return failure(waiting.code, waiting.message);
  if (cmd.unsuspecting !== true) return failure('sides/suspecting', 'Only a target entirely unsuspecting of danger can be executed; a minute of aiming or closing in comes first. Confirm both to go on.');
  const attacker = checkCombatant(state, cmd.attackerId);
  if (isFailure(attacker)) return attacker;
  // Before the fight (its usual moment) anyone; once it runs, on the attacker's own turn.
  const now = state.status === 'running' ? actingRefusal(state, attacker, 'Executions happen') : null;
  if (now) return now;
  const plan = planExecution(state, {
    attackerId: attacker.id,
    targetId: typeof cmd.targetId === 'string' ? cmd.targetId : '',
    weaponId: typeof cmd.weaponId === 'string' ? cmd.weaponId : '',
    ...(typeof cmd.within10 === 'boolean' ? { within10: cmd.within10 } : {}),
    ...(typeof cmd.withinRange === 'boolean' ? { withinRange: cmd.withinRange } : {}),
  });
  if (isFailure(plan)) return plan;
  const { target, weapon, ranged } = plan;
  if (plan.objection && cmd.gmRuling !== true) return plan.objection;
  // In a running fight it is an attack made on one's turn: "the assassin may make a melee attack", a Main action.
  const paid = state.status === 'running' ? spendAction(state, attacker, ranged ? 'ranged' : 'melee', 'main', `executes ${target.name}`) : { ok: true as const, value: [] };
  if (!paid.ok) return paid;
  const typed = typedDice(cmd.dice);
  const source = random();
  let check: ExecutedEvent['check'] = null;
  if (plan.check) {
    const rolled = typed.check ? manualRoll(plan.check.dice, typed.check) : rollNotation(plan.check.dice, source);
    if (!rolled.ok) return rolled;
    check = { roll: rolled.value, total: rolled.value.total + plan.check.bonus.total, difficulty: plan.check.difficulty };
  }
  const hit = check === null || check.total >= check.difficulty;
  let save: ExecutedEvent['save'] = null;
  let damage = 0;
  let mark: Mark | null = null;
  let tracks: Record<string, Track> | null = null;
  if (hit) {
    const rolled = typeof typed.save === 'number' ? manualRoll('1d20', [typed.save]) : rollNotation('1d20', source);
    if (!rolled.ok) return rolled;
    const saved = rolled.value.total - plan.save.penalty.amount >= plan.save.score;
    save = { roll: rolled.value, penalty: plan.save.penalty.amount, target: plan.save.score, saved };
    const hp = target.tracks.hp?.value ?? 0;
    // Saved: the hit's maximum damage. Failed: straight to 0 HP and Mortally Injured (dead, for
    // enemies where the setting says so), or knocked out, HP untouched, by a non-lethal weapon.
    damage = saved ? plan.maxDamage : weapon.nonLethal ? 0 : hp;
    tracks = damage > 0 ? withTrackValue(target, 'hp', (t) => t.value - damage) : null;
    if (!saved) mark = plan.failMark;
  }
  const event: ExecutedEvent = { type: EXECUTED, attackerId: attacker.id, targetId: target.id, weapon: weapon.name, ranged, check, hit, save, damage, tracks, mark, rng: source.state(), ...(plan.objection ? { ruling: true as const } : {}) };
  const marked: EncounterEvent[] = mark ? [{ type: 'mark-set', combatantId: target.id, mark, on: true }] : [];
  // A saved hit that still drops them to 0 is marked as any blow to 0 is.
  const dropped: EncounterEvent[] = !mark && tracks ? afterDamage(state, target, tracks) : [];
  return { ok: true, value: [...paid.value, event, ...marked, ...dropped] };
}

export const EXECUTE_EVENT = ruleEvent<ExecutedEvent>({
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
    ruling: v.optional(v.literal(true)),
  }),
  refers: (state, event) => unknownIn(state, event.attackerId, event.targetId),
  apply: (state, e) => {
    return { ...state, rng: e.rng, combatants: e.tracks ? state.combatants.map((c) => (c.id === e.targetId && e.tracks ? { ...c, tracks: e.tracks } : c)) : state.combatants };
  },
  tell: (e, voice) => {
    const a = voice.who(e.attackerId);
    const t = voice.who(e.targetId);
    if (a === null || t === null) return null;
    const dice = [...(e.check ? [logDice(a, 'DEX/Shoot', e.check.roll)] : []), ...(e.save ? [logDice(t, 'Physical save', e.save.roll)] : [])];
    const check = `${e.check ? ` (DEX/Shoot ${e.check.total} against ${e.check.difficulty})` : ''}${e.ruling && voice.audience === 'gm' ? " (the GM's ruling)" : ''}`;
    if (!e.hit) return told(`${a}'s execution shot at ${t} goes wide${check}.`, [e.attackerId, e.targetId], dice);
    const save = e.save ? `Physical save ${e.save.roll.total}${e.save.penalty ? ` − ${e.save.penalty}` : ''} against ${e.save.target}` : '';
    if (e.save?.saved) return told(`${a} executes ${t} with ${e.weapon}${check}; ${t} saves (${save}) but takes the maximum, ${e.damage}${healthLeft(voice, e.targetId, e.tracks ?? undefined)}.`, [e.attackerId, e.targetId], dice, [`${a} executes ${t} (${e.damage})`]);
    return told(`${a} executes ${t} with ${e.weapon}${check}; ${t} fails the save (${save}).`, [e.attackerId, e.targetId], dice, [`${a} executes ${t}`]);
  },
});
