import type { EncounterEvent, EncounterState, Roll } from '../../../engine/index';
import { ruleRolls, type RulesetRolls } from './rule-rolls';

/** One line of the dice log: who or what rolled, and the roll with all its dice. */
export interface LogEntry {
  key: string;
  label: string;
  roll: Roll;
}

/**
 * The rolls of an encounter, newest first: dice-roller rolls, initiative and tie re-rolls, and
 * the dice its ruleset rolled in its own events (`rulesetRolls`, from its panels). Built from the
 * event log, so undo takes a roll out of it too.
 */
export function diceLog(events: readonly EncounterEvent[], state: EncounterState, rulesetRolls?: RulesetRolls, limit = 100): LogEntry[] {
  // Names by id, looked up once (a fight of hundreds names each of them in its initiative).
  const names = new Map(state.combatants.map((c) => [c.id, c.name]));
  const nameOf = (id: string) => names.get(id) ?? 'Someone';
  const entries: LogEntry[] = [];
  for (let i = events.length - 1; i >= 0 && entries.length < limit; i--) {
    const event = events[i];
    if (!event) continue;
    if (event.type === 'dice-rolled') {
      entries.push({ key: `${i}`, label: event.label, roll: event.roll });
    } else if (event.type !== 'combat-started' && event.type !== 'combatant-added') {
      // Newest first: a blow's damage above the save that preceded it.
      ruleRolls(event, nameOf, rulesetRolls)
        .reverse()
        .forEach((r, j) => entries.push({ key: `${i}-r${j}`, label: r.label, roll: r.roll }));
    } else if (event.type === 'combat-started' || event.type === 'combatant-added') {
      const initiative = event.type === 'combat-started' ? event.initiative : event.initiative ? [event.initiative] : [];
      // Listed in turn order, the way the GM reads them out.
      const place = new Map(event.order.map((id, n) => [id, n]));
      const at = (id: string) => place.get(id) ?? -1;
      const sorted = [...initiative].sort((a, b) => at(a.combatantId) - at(b.combatantId));
      for (const [j, entry] of sorted.entries()) {
        const who = event.type === 'combatant-added' ? event.combatant.name : nameOf(entry.combatantId);
        entry.tiebreaks.forEach((roll, k) => entries.push({ key: `${i}-${j}-t${k}`, label: `${who}: tie-break`, roll }));
        if (entry.roll) entries.push({ key: `${i}-${j}`, label: `${who}: initiative`, roll: entry.roll });
      }
    }
  }
  return entries.slice(0, limit);
}
