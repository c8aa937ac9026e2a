import * as v from 'valibot';
import { eventId, text } from '../../core/stored-event-parts';
import type { EncounterEvent } from '../../core/events';
import type { Combatant, Id } from '../../core/state';
import { isRecord } from '../../json';
import type { ExtendedEvent } from './extended';

// "Any other action which takes more actions than you have left in a turn can be taken the same as
// any other action, but you must wait until the full action time has occurred before you can
// perform the effects of that action." Resuscitate, the killing strike and the table's longer
// actions begun with too few actions left are carried over as the extended action under way,
// holding what they will do; their effect (the test, rolled then) comes when the last action is
// spent (`extended.ts`).

/** What an action carried over does once done: whom and with what test, or which of the table's actions it is. */
export type Carried =
  | { kind: 'resuscitate'; targetId: Id; test: string }
  | { kind: 'strike'; targetId: Id; weaponId: Id; skill: string }
  | { kind: 'action'; actionId: string };

export const CARRIED_SCHEMA = v.union([
  v.object({ kind: v.literal('resuscitate'), targetId: eventId, test: text(40) }),
  v.object({ kind: v.literal('strike'), targetId: eventId, weaponId: eventId, skill: text(40) }),
  v.object({ kind: v.literal('action'), actionId: text(40) }),
]);

/** What a stored extended action will do, whatever the log holds; null when it is the GM's words only. */
export function carriedOf(x: unknown): Carried | null {
  if (!isRecord(x)) return null;
  if (x.kind === 'resuscitate' && typeof x.targetId === 'string' && typeof x.test === 'string') return { kind: 'resuscitate', targetId: x.targetId, test: x.test };
  if (x.kind === 'strike' && typeof x.targetId === 'string' && typeof x.weaponId === 'string' && typeof x.skill === 'string') return { kind: 'strike', targetId: x.targetId, weaponId: x.weaponId, skill: x.skill };
  if (x.kind === 'action' && typeof x.actionId === 'string') return { kind: 'action', actionId: x.actionId };
  return null;
}

/** The action begun with the `left` actions there are (fewer than its `cost`), to be finished on later turns. */
export function carryOver(c: Combatant, name: string, cost: number, left: number, what: Carried): EncounterEvent {
  // The stored name is at most 60 characters (a long name of whom it is done to would not restore).
  const event: ExtendedEvent = { type: 'three-actions/extended', combatantId: c.id, name: name.slice(0, 60), cost, spent: left, done: left, what };
  return event;
}
