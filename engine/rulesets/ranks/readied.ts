import * as v from 'valibot';
import { checkCombatant, checkInteger, isFailure } from '../../core/checks';
import { conditionFromCatalogue, type ConditionDefinition } from '../../core/conditions';
import { eventId, text, whole } from '../../core/stored-event-parts';
import type { EncounterEvent } from '../../core/events';
import type { Combatant, EncounterState, Id } from '../../core/state';
import { told, type Told } from '../../core/told';
import type { Voice } from '../../core/voice';
import { failure, type Failure, type Result } from '../../result';
import { isOutOfFight } from '../../core/health';
import { findRuleset } from '../../core/registry';
import { ruleEvent } from '../../core/typed';
import { personOf, withPerson, type Readied, type ReadiedOn } from './person';
import { SKILLS, skillLabel } from './tables';
import { ranksSettings } from './settings';
import { weaponsOf } from './sheet';
import { spendAction } from './spend';
import type { RanksCommandOf } from './commands';

// "A character may use their bonus action to prepare a single ability check in response to a
// conditional action. If the conditional action never takes place, the bonus action is still
// considered to be used." A readied attack resolves just before the action that sets it off; a
// readied defence stands against the first attack, the greater of the fixed value and the check +
// 5. "Holding an action is a general form of readying": the character may act out of turn, once,
// in answer to someone later in the order. Each lapses, unused, at the start of their next turn or
// at the round's end (a setting).

export const READIED_NAME = 'Readied';
const TRIGGER_MAX = 80;

/** The Readied condition under the fight's setting for when it lapses. */
function readiedCondition(state: EncounterState): ConditionDefinition {
  const lapse = ranksSettings(state.settings).readiedLapse;
  return { id: 'readied', name: READIED_NAME, effects: [], duration: lapse === 'round-end' ? { rounds: 1, endsOn: 'round-end' } : { rounds: 1, endsOn: 'turn-start' } };
}

/** What `c` holds ready now (null: nothing, or it lapsed). */
export function readiedOf(state: EncounterState, c: Combatant): Readied['action'] | null {
  const now = state.combatants.find((x) => x.id === c.id) ?? c;
  return now.conditions.some((k) => k.name === READIED_NAME) ? (personOf(now).readied?.action ?? null) : null;
}

/** The readied action in full, while it lasts. */
export function readiedAction(c: Combatant): Readied | null {
  return c.conditions.some((k) => k.name === READIED_NAME) ? personOf(c).readied : null;
}

/** The events that use up `id`'s readied action. */
export function endReadied(state: EncounterState, id: Id): EncounterEvent[] {
  const c = state.combatants.find((x) => x.id === id);
  return (c?.conditions ?? []).filter((k) => k.name === READIED_NAME).map((k) => ({ type: 'condition-removed', combatantId: id, conditionId: k.id }));
}

export const READIED_SET = 'ranks/readied';

export type ReadiedEvent = Readied & {
  type: typeof READIED_SET;
  combatantId: Id;
};

/** A readied check from the command: one of the text's skills, a difficulty, whether it is a movement check. */
function readiedCheck(cmd: RanksCommandOf<'ranks/ready'>): Readied['check'] | Failure {
  const skill = SKILLS.find((s) => s.key === cmd.skill && s.key !== 'awareness')?.key;
  if (!skill) return failure('ranks/skill', 'A readied check names one of the text\'s skills (a sprint, a jump, a taunt…).');
  const difficulty = checkInteger(cmd.difficulty, 'Difficulty', 0, 60);
  if (isFailure(difficulty)) return difficulty;
  return { skill, difficulty, movement: cmd.movement === true };
}

/**
 * Decides `ranks/ready` ({ combatantId, action: 'attack' | 'check' | 'defend' | 'hold', trigger,
 * on: 'move' | 'attack' (what an opponent's step sets an attack or a check off), weaponId; for a
 * check skill, difficulty, movement }): the bonus action spent now.
 */
export function decideReady(state: EncounterState, cmd: RanksCommandOf<'ranks/ready'>): Result<EncounterEvent[]> {
  const c = checkCombatant(state, cmd.combatantId);
  if (isFailure(c)) return c;
  if (cmd.action !== 'attack' && cmd.action !== 'check' && cmd.action !== 'defend' && cmd.action !== 'hold') return failure('ranks/ready', 'A readied action is an attack, a check, a defence, or an action held for later.');
  if (typeof cmd.trigger !== 'string' || cmd.trigger.trim() === '' || cmd.trigger.length > TRIGGER_MAX) return failure('ranks/ready', `Say what sets it off, in at most ${TRIGGER_MAX} characters ("an opponent comes within reach").`);
  if (cmd.on !== undefined && cmd.on !== 'move' && cmd.on !== 'attack') return failure('ranks/ready', 'A readied attack or check is set off by an opponent\'s move or by their attack.');
  const weaponId = typeof cmd.weaponId === 'string' ? cmd.weaponId : null;
  if (weaponId !== null && !weaponsOf(c).some((w) => w.id === weaponId)) return failure('ranks/weapon', `${c.name} has no such weapon; pick one of theirs, or bare hands.`);
  const check = cmd.action === 'check' ? readiedCheck(cmd) : undefined;
  if (isFailure(check)) return check;
  if (state.activeId !== c.id) return failure('turn/not-acting', `Readying is done on ${c.name}'s own turn.`);
  const spent = spendAction(state, c, 'ready', 'bonus', cmd.trigger.trim());
  if (isFailure(spent)) return spent;
  const sets = cmd.action === 'attack' || cmd.action === 'check' ? { on: cmd.on === 'attack' ? ('attack' as const) : ('move' as const) } : {};
  const event: ReadiedEvent = { type: READIED_SET, combatantId: c.id, action: cmd.action, weaponId, trigger: cmd.trigger.trim(), ...sets, ...(check ? { check } : {}) };
  const condition = conditionFromCatalogue(state, readiedCondition(state), c.id);
  return { ok: true, value: [...spent.value, event, ...endReadied(state, c.id), { type: 'condition-added', combatantId: c.id, condition }] };
}

/** The readied thing in words: "an attack", "an Athletics: sprint check (against 12)". */
export function readiedWords(r: Pick<Readied, 'action' | 'check'>): string {
  if (r.action === 'hold') return 'an action held';
  if (r.action === 'defend') return 'a defence';
  if (r.action === 'check' && r.check) {
    const label = skillLabel(r.check.skill);
    return `${/^[aeiou]/i.test(label) ? 'an' : 'a'} ${label} check (against ${r.check.difficulty})`;
  }
  return 'an attack';
}

function tell(e: ReadiedEvent, voice: Voice): Told | null {
  const who = voice.who(e.combatantId);
  if (who === null) return null;
  const on = e.on === 'attack' ? ', an attack setting it off' : '';
  return told(`${who} ${e.action === 'hold' ? 'holds an action' : `readies ${readiedWords(e)}`} for when ${e.trigger}${on}.`, [e.combatantId]);
}

/**
 * The opponents of `triggerer` holding ready an attack or a check that the kind of step they take
 * sets off (a move or an attack), still in the fight: each is asked before the step resolves.
 */
export function readiers(state: EncounterState, triggerer: Combatant, step: ReadiedOn): Combatant[] {
  const ruleset = findRuleset(state.rulesetId);
  return state.combatants.filter((c) => {
    const r = readiedAction(c);
    return c.factionId !== triggerer.factionId && !isOutOfFight(ruleset, c) && (r?.action === 'attack' || r?.action === 'check') && (r.on ?? 'move') === step;
  });
}

export const READIED_EVENT = ruleEvent<ReadiedEvent>({
  kind: 'other',
  fightLog: true,
  schema: v.object({
    combatantId: eventId,
    action: v.picklist(['attack', 'check', 'defend', 'hold']),
    weaponId: v.nullable(eventId),
    trigger: text(TRIGGER_MAX),
    on: v.optional(v.picklist(['move', 'attack'])),
    check: v.optional(v.object({ skill: v.picklist(SKILLS.map((s) => s.key)), difficulty: whole(0, 60), movement: v.boolean() })),
  }),
  refers: (state, event) => (state.combatants.some((c) => c.id === event.combatantId) ? null : 'it names someone who is not in the fight'),
  apply: (state, e) => {
    const extra = { ...(e.on ? { on: e.on } : {}), ...(e.check ? { check: e.check } : {}) };
    return withPerson(state, e.combatantId, (p) => ({ ...p, readied: { action: e.action, weaponId: e.weaponId, trigger: e.trigger, ...extra } }));
  },
  tell,
});
