import * as v from 'valibot';
import type { Ruleset } from '../../core/ruleset';
import { spaceEvent } from '../../space/events';
import { isSpaceEvent } from '../../core/maps/space-events';
import { isRulesetEvent, type CoreEvent, type EncounterEvent } from '../../core/events';
import type { EncounterState } from '../../core/state';
import { CORE_EVENT_SCHEMAS } from './core-schemas';
import { coreReferenceProblem } from './references';

// Whether a stored event may be replayed: its type's schema (the core's, the space's or the
// ruleset's own) and the replay's own checks against the state just before it (what it names is
// there, what it brings in is new). Every path a stored event comes in by (the journal on disk,
// the browser's working copy, an imported campaign or log) is replayed by `restoreEncounter`,
// which asks this of each event; events the engine decides live are its own and not checked again.

/** "tracks.hp.value is above 20": where in the event the first problem is, and what it is. */
function issueText(issue: v.BaseIssue<unknown>): string {
  const path = (issue.path ?? []).map((step) => String(step.key)).join('.');
  const where = path || 'it';
  // Our own checks say what is wrong in words; valibot's type checks say what was expected.
  if (issue.kind !== 'schema') return `${where} ${issue.message}`;
  if (issue.input === undefined) return `${where} is missing`;
  return `${where} should be ${issue.expected ?? 'something else'}, not ${issue.received}`;
}

function schemaOf(event: EncounterEvent, ruleset: Ruleset | undefined): v.GenericSchema | undefined {
  if (isRulesetEvent(event)) return ruleset?.own?.events?.[event.type]?.schema;
  if (isSpaceEvent(event)) return spaceEvent(event).schema;
  return Object.hasOwn(CORE_EVENT_SCHEMAS, event.type) ? CORE_EVENT_SCHEMAS[event.type as keyof typeof CORE_EVENT_SCHEMAS] : undefined;
}

/** What is wrong with a stored event's own fields, or null (no state needed: its shape and ranges). */
export function eventShapeProblem(event: EncounterEvent, ruleset: Ruleset | undefined): string | null {
  const schema = schemaOf(event, ruleset);
  if (!schema) return `the type "${String(event.type)}" is not one this version knows`;
  const checked = v.safeParse(schema, event);
  return checked.success ? null : issueText(checked.issues[0]);
}

/** What is wrong with a stored event, against the state just before it, or null when it may be replayed. */
export function storedEventProblem(state: EncounterState, ruleset: Ruleset | undefined, event: EncounterEvent): string | null {
  const shape = eventShapeProblem(event, ruleset);
  if (shape) return shape;
  if (isRulesetEvent(event)) return ruleset?.own?.events?.[event.type]?.refers?.(state, event) ?? null;
  if (isSpaceEvent(event)) return spaceEvent(event).refers(state, event);
  return coreReferenceProblem(state, ruleset, event as CoreEvent);
}
