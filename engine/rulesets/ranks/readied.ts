import * as v from 'valibot';
import { checkCombatant, isFailure } from '../../encounter/checks';
import type { RulesetCommand } from '../../encounter/commands';
import { conditionFromCatalogue, type ConditionDefinition } from '../../encounter/conditions';
import { eventId, text } from '../../encounter/event-checks/common';
import type { EncounterEvent, RulesetEvent } from '../../encounter/events';
import type { Combatant, EncounterState, Id } from '../../encounter/state';
import { told, type Told } from '../../log/describe-parts';
import type { Voice } from '../../log/voice';
import { failure, type Result } from '../../result';
import type { RuleEventDefinition } from '../ruleset';
import { personOf, withPerson, type Readied } from './person';
import { ranksSettings } from './settings';
import { weaponsOf } from './sheet';
import { spendAction } from './spend';

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

export interface ReadiedEvent extends Readied {
  type: typeof READIED_SET;
  combatantId: Id;
}

/** Decides `ranks/ready` ({ combatantId, action: 'attack' | 'defend' | 'hold', trigger, weaponId }): the bonus action spent now. */
export function decideReady(state: EncounterState, cmd: RulesetCommand): Result<EncounterEvent[]> {
  const c = checkCombatant(state, cmd.combatantId);
  if (isFailure(c)) return c;
  if (cmd.action !== 'attack' && cmd.action !== 'defend' && cmd.action !== 'hold') return failure('ranks/ready', 'A readied action is an attack, a defence, or an action held for later.');
  if (typeof cmd.trigger !== 'string' || cmd.trigger.trim() === '' || cmd.trigger.length > TRIGGER_MAX) return failure('ranks/ready', `Say what sets it off, in at most ${TRIGGER_MAX} characters ("an opponent comes within reach").`);
  const weaponId = typeof cmd.weaponId === 'string' ? cmd.weaponId : null;
  if (weaponId !== null && !weaponsOf(c).some((w) => w.id === weaponId)) return failure('ranks/weapon', `${c.name} has no such weapon; pick one of theirs, or bare hands.`);
  if (state.activeId !== c.id) return failure('turn/not-acting', `Readying is done on ${c.name}'s own turn.`);
  const spent = spendAction(state, c, 'ready', 'bonus', cmd.trigger.trim());
  if (isFailure(spent)) return spent;
  const event: ReadiedEvent = { type: READIED_SET, combatantId: c.id, action: cmd.action, weaponId, trigger: cmd.trigger.trim() };
  const condition = conditionFromCatalogue(state, readiedCondition(state), c.id);
  return { ok: true, value: [...spent.value, event as unknown as EncounterEvent, ...endReadied(state, c.id), { type: 'condition-added', combatantId: c.id, condition }] };
}

function tell(e: ReadiedEvent, voice: Voice): Told | null {
  const who = voice.who(e.combatantId);
  if (who === null) return null;
  return told(`${who} ${e.action === 'hold' ? 'holds an action' : `readies ${e.action === 'attack' ? 'an attack' : 'a defence'}`} for when ${e.trigger}.`, [e.combatantId]);
}

export const READIED_EVENT: RuleEventDefinition = {
  kind: 'other',
  fightLog: true,
  schema: v.object({ combatantId: eventId, action: v.picklist(['attack', 'defend', 'hold']), weaponId: v.nullable(eventId), trigger: text(TRIGGER_MAX) }),
  refers: (state, event) => (state.combatants.some((c) => c.id === (event as unknown as ReadiedEvent).combatantId) ? null : 'it names someone who is not in the fight'),
  apply: (state, event: RulesetEvent) => {
    const e = event as unknown as ReadiedEvent;
    return withPerson(state, e.combatantId, (p) => ({ ...p, readied: { action: e.action, weaponId: e.weaponId, trigger: e.trigger } }));
  },
  tell: (event, voice) => tell(event as unknown as ReadiedEvent, voice),
};
