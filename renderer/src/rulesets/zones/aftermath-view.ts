import type { EncounterEvent, EncounterState, EventOf, EventType, Id, Ruleset } from '../../../../engine/index';
import type { ZonesEventOf, ZonesEventType } from '../../../../engine/rulesets/zones/index';

/** A logged event of this type: one of the core's, or one of Zones & Factions' own. */
export type Logged<T extends EventType | ZonesEventType> = T extends ZonesEventType ? ZonesEventOf<T> : T extends EventType ? EventOf<T> : never;

/**
 * Display helpers for the Zones & Factions panels: reading results back out of the event log and
 * putting state into words. They decide nothing; the engine does.
 */

/**
 * Events of one type logged after the most recent `boundary` event (or in the whole log when
 * there is none), oldest first. Panels use it to show only the results that belong to what is
 * on screen now, e.g. this morale phase's checks and not last round's.
 */
export function eventsSince<T extends EventType | ZonesEventType>(events: readonly EncounterEvent[], type: T, boundary: EventType | ZonesEventType | null): Logged<T>[] {
  const found: Logged<T>[] = [];
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i];
    if (!event || event.type === boundary) break;
    if (event.type === type) found.push(event as unknown as Logged<T>);
  }
  return found.reverse();
}

/** The latest event of a type since the last `boundary` event, or null. */
export function lastEventSince<T extends EventType | ZonesEventType>(events: readonly EncounterEvent[], type: T, boundary: EventType | ZonesEventType | null): Logged<T> | null {
  return eventsSince(events, type, boundary).at(-1) ?? null;
}

/** A combatant's name; results can outlive a combatant the GM removed later. */
export function nameOf(state: EncounterState, id: Id): string {
  return state.combatants.find((c) => c.id === id)?.name ?? 'Someone removed';
}

export function factionName(state: EncounterState, id: Id): string {
  return state.factions.find((f) => f.id === id)?.name ?? 'A removed faction';
}

export type Breaking = 'surrendered' | 'retreated';

/** What a broken character does unless the GM picks otherwise: the table's `moraleFailure` setting. */
export function defaultBreaking(state: EncounterState): Breaking {
  return state.settings.moraleFailure === 'surrendered' ? 'surrendered' : 'retreated';
}

/** A 0–1 chance as a whole percentage. */
export function percent(chance: number): string {
  return `${Math.round(chance * 100)}%`;
}

/** A numeric setting as stored, falling back to the ruleset's default if the encounter predates it. */
export function settingNumber(state: EncounterState, ruleset: Ruleset | null, key: string): number {
  const stored = state.settings[key];
  if (typeof stored === 'number') return stored;
  const fallback = ruleset?.settings.find((s) => s.key === key)?.default;
  return typeof fallback === 'number' ? fallback : Number.NaN;
}
