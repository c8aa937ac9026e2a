import { isNamespaced, ownerOf } from './namespaced';
import type { Ruleset } from './ruleset';
import { failure, type Failure } from '../result';

// The rulesets this build offers, in the order they were registered. The engine core finds an
// encounter's ruleset here by id and never imports a ruleset itself: each ruleset adds itself with
// one line in `builtin.ts` (or a test registers its own), so the core and the rulesets don't
// import each other.
const registered = new Map<string, Ruleset>();

/**
 * Adds a ruleset. Its id must be new: two rulesets answering to one id would make old logs replay
 * under rules they were not written with.
 */
export function registerRuleset(ruleset: Ruleset): void {
  const known = registered.get(ruleset.id);
  if (known === ruleset) return;
  if (known) throw new Error(`Two rulesets have the id "${ruleset.id}"; each ruleset needs its own.`);
  const problem = namingProblem(ruleset) ?? economyProblem(ruleset);
  if (problem) throw new Error(problem);
  registered.set(ruleset.id, ruleset);
}

// Journal entries are "journal/…": a ruleset by that name would have its events read as entries.
const RESERVED = ['journal'];

// A ruleset's id is the namespace of its commands and events, so each must carry it.
function namingProblem(ruleset: Ruleset): string | null {
  if (!/^[a-z][a-z0-9-]*$/.test(ruleset.id) || RESERVED.includes(ruleset.id)) {
    return `"${ruleset.id}" can't be a ruleset's id: use lower-case letters, digits and "-", and not "${RESERVED.join('", "')}".`;
  }
  const own = [...Object.keys(ruleset.commands ?? {}), ...Object.keys(ruleset.events ?? {}), ...Object.keys(ruleset.prompts ?? {})];
  const stray = own.find((type) => !isNamespaced(type) || ownerOf(type) !== ruleset.id);
  return stray === undefined ? null : `The ruleset "${ruleset.id}" names a command, event or prompt "${stray}"; its own must be called "${ruleset.id}/<name>".`;
}

// An action that costs something its economy doesn't name could never be taken; a budget slot
// called like the movement fields would overwrite them.
function economyProblem(ruleset: Ruleset): string | null {
  const costs = ruleset.economy?.costs ?? {};
  for (const action of ruleset.actions) {
    const names: readonly string[] = action.spends === undefined ? [] : typeof action.spends === 'string' ? [action.spends] : action.spends;
    const unknown = names.find((n) => !Object.hasOwn(costs, n));
    if (unknown !== undefined) return `The ruleset "${ruleset.id}" has an action "${action.id}" costing "${unknown}", which its economy doesn't name.`;
    const conditionProblem = [action.gives, action.ends].map((id) => catalogueProblem(ruleset, action.id, id)).find((p) => p !== null);
    if (conditionProblem) return conditionProblem;
  }
  const clash = ruleset.economy?.slots.find((s) => s.id === 'moved' || s.id === 'movement');
  return clash ? `The ruleset "${ruleset.id}" can't call an action slot "${clash.id}": the turn budget uses that name for movement.` : null;
}

// A condition an action gives or ends is one of the catalogue's, and one it gives lasts a fixed time
// (no dice: taking an action rolls nothing).
function catalogueProblem(ruleset: Ruleset, actionId: string, conditionId: string | undefined): string | null {
  if (conditionId === undefined) return null;
  const definition = ruleset.conditionCatalogue?.find((d) => d.id === conditionId);
  if (!definition) return `The ruleset "${ruleset.id}" has an action "${actionId}" naming a condition "${conditionId}" its catalogue doesn't have.`;
  const duration = definition.duration;
  return duration && 'rounds' in duration && typeof duration.rounds !== 'number' ? `The condition "${conditionId}" that "${actionId}" gives must last a fixed number of rounds, not dice.` : null;
}

/** The ruleset with this id, if this build has it. */
export function findRuleset(id: string): Ruleset | undefined {
  return registered.get(id);
}

/** The refusal for an encounter of a ruleset this version doesn't have. */
export function unknownRuleset(id: unknown): Failure {
  return failure('ruleset/unknown', `This encounter uses the ruleset "${String(id)}", which this version doesn't have.`);
}

/** Every registered ruleset; the first is the default for new campaigns. */
export function allRulesets(): readonly Ruleset[] {
  return [...registered.values()];
}
