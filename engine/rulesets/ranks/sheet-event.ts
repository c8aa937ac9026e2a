import * as v from 'valibot';
import { bumpSerial, checkCombatant, isFailure, nextId } from '../../core/checks';
import { count, eventId, listOf, text, whole } from '../../core/stored-event-parts';
import type { EncounterEvent } from '../../core/events';
import type { EncounterState, Id } from '../../core/state';
import { told, type Told } from '../../core/told';
import type { Voice } from '../../core/voice';
import type { Result } from '../../result';
import { ruleEvent } from '../../core/typed';
import { personOf, withPerson } from './person';
import { checkSheet, type SheetEntry } from './sheet';
import { SKILLS } from './tables';
import type { RanksCommandOf } from './commands';

// The GM changes a character's sheet (skills and weapons) in the fight: new entries get new ids.

export const SHEET_SET = 'ranks/sheet-set';

export type SheetSetEvent = {
  type: typeof SHEET_SET;
  combatantId: Id;
  sheet: SheetEntry[];
};

/** Decides `ranks/set-sheet` ({ combatantId, sheet }). */
export function decideSetSheet(state: EncounterState, cmd: RanksCommandOf<'ranks/set-sheet'>): Result<EncounterEvent[]> {
  const c = checkCombatant(state, cmd.combatantId);
  if (isFailure(c)) return c;
  const sheet = checkSheet(cmd.sheet, personOf(c).sheet, (n) => nextId(state, 'g', n));
  if (isFailure(sheet)) return sheet;
  const event: SheetSetEvent = { type: SHEET_SET, combatantId: c.id, sheet };
  return { ok: true, value: [event] };
}

const entry = v.union([
  v.object({ id: eventId, name: text(120), kind: v.literal('skill'), skill: v.picklist(SKILLS.map((s) => s.key)), dice: whole(1, 100), bonus: count, fixed: count }),
  v.object({ id: eventId, name: text(120), kind: v.literal('weapon'), category: v.picklist(['unarmed', 'close', 'light', 'martial', 'long']), damage: whole(1, 100), damageBonus: count }),
]);

/** A stored sheet, as events and the add command's part hold it. */
export const SHEET_SCHEMA = listOf(entry, 40);

function tell(e: SheetSetEvent, voice: Voice): Told | null {
  const who = voice.who(e.combatantId);
  if (who === null || !voice.exact(e.combatantId)) return null;
  return told(`${who}'s sheet now holds ${e.sheet.length === 0 ? 'nothing' : e.sheet.map((x) => x.name).join(', ')}.`, [e.combatantId]);
}

export const SHEET_EVENT = ruleEvent<SheetSetEvent>({
  kind: 'override',
  fightLog: false,
  schema: v.object({ combatantId: eventId, sheet: SHEET_SCHEMA }),
  refers: (state, event) => (state.combatants.some((c) => c.id === event.combatantId) ? null : 'it names someone who is not in the fight'),
  // The encounter's id counter keeps past the sheet's ids, so the next entries are new.
  apply: (state, e) => ({ ...withPerson(state, e.combatantId, (p) => ({ ...p, sheet: e.sheet })), serial: bumpSerial(state.serial, ...e.sheet.map((x) => x.id)) }),
  tell,
});
