import { isRecord } from '../json';
import type { Ruleset } from '../core/ruleset';
import { isCoreEventType } from '../core/events';

/**
 * An event as this version reads it. Logs written before rulesets owned their events stored a
 * ruleset's events under bare names ("attack-declared"); the ruleset lists them with their new
 * names (`renamedEvents`), and they are read as those ("zones/attack-declared"). A combatant
 * added by such a log keeps the fields its ruleset's slice has since taken over on itself; they
 * move into the slice (`slice.combatantFields`). A phase that opened with a gate die stored it
 * as `threshold` before the core had a word of its own for it; it is read as `gate`. Everything
 * else is returned as it is. Every path that reads a stored log (the journal on disk or in the
 * browser, a stored history, an imported file) goes through here.
 */
export function upgradeEvent<T>(event: T, ruleset: Ruleset | undefined): T {
  if (!isRecord(event)) return event;
  const type = event.type;
  if (type === 'phase-started') return withGateNamed(event);
  if (!ruleset) return event;
  if (type === 'combatant-added') return withFieldsMoved(event, ruleset);
  if (typeof type !== 'string' || isCoreEventType(type) || !ruleset.own?.renamedEvents || !Object.hasOwn(ruleset.own?.renamedEvents, type)) return event;
  return { ...event, type: ruleset.own?.renamedEvents[type] };
}

function withGateNamed<T extends Record<string, unknown>>(event: T): T {
  if (!Object.hasOwn(event, 'threshold') || Object.hasOwn(event, 'gate')) return event;
  // Rebuilt key by key so the die keeps its place when the event is written out again.
  return Object.fromEntries(Object.entries(event).map(([k, v]) => [k === 'threshold' ? 'gate' : k, v])) as T;
}

// A combatant as logs before the ruleset's slice kept it: the fields the slice took over
// (`slice.combatantFields`) move from the combatant into its part (`combatant.rules`).
function withFieldsMoved<T extends Record<string, unknown>>(event: T, ruleset: Ruleset): T {
  const fields = ruleset.own?.slice?.combatantFields ?? [];
  const stored = event.combatant;
  if (!isRecord(stored) || !fields.some((k) => Object.hasOwn(stored, k))) return event;
  const rest: Record<string, unknown> = { ...stored };
  // Only the moved fields: the ruleset's accessor fills in whatever else its part lacks.
  const part: Record<string, unknown> = { ...(isRecord(stored.rules) ? stored.rules : {}) };
  for (const key of fields.filter((k) => Object.hasOwn(stored, k))) {
    part[key] = stored[key];
    delete rest[key];
  }
  return { ...event, combatant: { ...rest, rules: part } };
}
