import type { Ruleset } from '../rulesets/ruleset';
import { isCoreEventType } from './events';

/**
 * An event as this version reads it. Logs written before rulesets owned their events stored a
 * ruleset's events under bare names ("attack-declared"); the ruleset lists them with their new
 * names (`renamedEvents`), and they are read as those ("zones/attack-declared"). Everything else
 * is returned as it is. Every path that reads a stored log (the journal on disk or in the
 * browser, a stored history, an imported file) goes through here.
 */
export function upgradeEvent<T>(event: T, ruleset: Ruleset | undefined): T {
  if (typeof event !== 'object' || event === null || !ruleset?.renamedEvents) return event;
  const type = (event as { type?: unknown }).type;
  if (typeof type !== 'string' || isCoreEventType(type) || !Object.hasOwn(ruleset.renamedEvents, type)) return event;
  return { ...event, type: ruleset.renamedEvents[type] };
}
