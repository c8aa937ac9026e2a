import * as v from 'valibot';
import { bumpSerial, checkCombatant, isFailure, nextId } from '../../core/checks';
import type { SidesCommandOf } from './commands';
import { eventId, listOf } from '../../core/stored-event-parts';
import type { EncounterEvent } from '../../core/events';
import type { EncounterState, Id } from '../../core/state';
import { told } from '../../core/told';
import type { Result } from '../../result';
import { ruleEvent } from '../../core/typed';
import { weaponSchema } from './attack-events';
import { checkSidesGear, type Weapon } from './gear';
import { personOf, withPerson, type SidesPerson } from './person';

// The GM's weapons for a character, set in setup or corrected later (the edit form).

export const GEAR_SET = 'sides/gear-set';

export type GearSetEvent = {
  type: typeof GEAR_SET;
  combatantId: Id;
  gear: Weapon[];
};

/** Decides `sides/set-gear`: pieces naming one of theirs by id keep it, the rest get fresh ids. */
export function decideSetGear(state: EncounterState, cmd: SidesCommandOf<'sides/set-gear'>): Result<EncounterEvent[]> {
  const c = checkCombatant(state, cmd.combatantId);
  if (isFailure(c)) return c;
  const gear = checkSidesGear(cmd.gear, personOf(c).gear, (n) => nextId(state, 'g', n));
  if (isFailure(gear)) return gear;
  return { ok: true, value: [{ type: GEAR_SET, combatantId: c.id, gear } satisfies GearSetEvent] };
}

export const GEAR_SET_EVENT = ruleEvent<GearSetEvent>({
  kind: 'setup',
  fightLog: false,
  schema: v.object({ combatantId: eventId, gear: listOf(weaponSchema, 12) }),
  refers: (state, event) => (state.combatants.some((c) => c.id === event.combatantId) ? null : 'it names someone who is not in the encounter'),
  apply: (state, e) => {
    // Where a piece lies is kept while it stays dropped (the GM may mark one dropped or picked up here).
    const lying = (p: SidesPerson) => Object.fromEntries(Object.entries(p.droppedAt).filter(([id]) => e.gear.some((w) => w.id === id && w.carried === 'dropped')));
    return { ...withPerson(state, e.combatantId, (p) => ({ ...p, gear: e.gear, droppedAt: lying(p) })), serial: bumpSerial(state.serial, ...e.gear.map((w) => w.id)) };
  },
  tell: (e, voice) => {
    const who = voice.who(e.combatantId);
    if (who === null || voice.audience !== 'gm') return null;
    return told(e.gear.length > 0 ? `${who} now carries ${e.gear.map((w) => w.name).join(', ')}.` : `${who} now carries no weapons.`, [e.combatantId]);
  },
});
