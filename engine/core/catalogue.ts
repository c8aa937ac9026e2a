import { isNamespaced, ownerOf } from './namespaced';
import type { Ruleset } from './ruleset';
import { failure, type Failure } from '../result';

// The rulesets an encounter may be opened under, as a value: the app's list of built-in rulesets
// (`rulesets/builtin.ts`) is one, a test that writes its own ruleset makes another. The core is
// handed one where an encounter is created or read back, finds the encounter's ruleset in it once
// by the id its log names, and from then on passes that ruleset along; nothing global decides
// which rules run.

/** Rulesets by id, in the order they were listed. */
export interface RulesetCatalogue {
  /** The ruleset with this id, if the catalogue has it. */
  find(id: string): Ruleset | undefined;
  /** Every ruleset; the first is the default for new campaigns. */
  readonly all: readonly Ruleset[];
}

/**
 * The catalogue of these rulesets. Each is checked (its names, its economy, its catalogue of
 * conditions) and its id must be new: two rulesets answering to one id would make old logs replay
 * under rules they were not written with. A bad ruleset is a programmer's error, so it throws.
 */
export function rulesetCatalogue(rulesets: readonly Ruleset[]): RulesetCatalogue {
  const byId = new Map<string, Ruleset>();
  for (const ruleset of rulesets) {
    const known = byId.get(ruleset.id);
    if (known === ruleset) continue;
    if (known) throw new Error(`Two rulesets have the id "${ruleset.id}"; each ruleset needs its own.`);
    const problem = namingProblem(ruleset) ?? economyProblem(ruleset);
    if (problem) throw new Error(problem);
    byId.set(ruleset.id, ruleset);
  }
  const all = [...byId.values()];
  return { find: (id) => byId.get(id), all };
}

/** A catalogue of one ruleset, for code (and tests) that open encounters of that ruleset only. */
export function onlyRuleset(ruleset: Ruleset): RulesetCatalogue {
  return rulesetCatalogue([ruleset]);
}

// Journal entries are "journal/…": a ruleset by that name would have its events read as entries.
const RESERVED = ['journal'];

// A ruleset's id is the namespace of its commands and events, so each must carry it.
function namingProblem(ruleset: Ruleset): string | null {
  if (!/^[a-z][a-z0-9-]*$/.test(ruleset.id) || RESERVED.includes(ruleset.id)) {
    return `"${ruleset.id}" can't be a ruleset's id: use lower-case letters, digits and "-", and not "${RESERVED.join('", "')}".`;
  }
  const own = [...Object.keys(ruleset.own?.commands ?? {}), ...Object.keys(ruleset.own?.events ?? {}), ...Object.keys(ruleset.own?.prompts ?? {})];
  const stray = own.find((type) => !isNamespaced(type) || ownerOf(type) !== ruleset.id);
  return stray === undefined ? null : `The ruleset "${ruleset.id}" names a command, event or prompt "${stray}"; its own must be called "${ruleset.id}/<name>".`;
}

// An action that costs something its economy doesn't name could never be taken; a budget slot
// called like the movement fields would overwrite them.
function economyProblem(ruleset: Ruleset): string | null {
  const costs = ruleset.turn.economy?.costs ?? {};
  for (const action of ruleset.turn.actions) {
    const names: readonly string[] = action.spends === undefined ? [] : typeof action.spends === 'string' ? [action.spends] : action.spends;
    const unknown = names.find((n) => !Object.hasOwn(costs, n));
    if (unknown !== undefined) return `The ruleset "${ruleset.id}" has an action "${action.id}" costing "${unknown}", which its economy doesn't name.`;
    const conditionProblem = [action.gives, action.ends].map((id) => catalogueProblem(ruleset, action.id, id)).find((p) => p !== null);
    if (conditionProblem) return conditionProblem;
  }
  const clash = ruleset.turn.economy?.slots.find((s) => s.id === 'moved' || s.id === 'movement');
  return clash ? `The ruleset "${ruleset.id}" can't call an action slot "${clash.id}": the turn budget uses that name for movement.` : null;
}

// A condition an action gives or ends is one of the catalogue's, and one it gives lasts a fixed time
// (no dice: taking an action rolls nothing).
function catalogueProblem(ruleset: Ruleset, actionId: string, conditionId: string | undefined): string | null {
  if (conditionId === undefined) return null;
  const definition = ruleset.character.conditionCatalogue?.find((d) => d.id === conditionId);
  if (!definition) return `The ruleset "${ruleset.id}" has an action "${actionId}" naming a condition "${conditionId}" its catalogue doesn't have.`;
  const duration = definition.duration;
  return duration && 'rounds' in duration && typeof duration.rounds !== 'number' ? `The condition "${conditionId}" that "${actionId}" gives must last a fixed number of rounds, not dice.` : null;
}

/** The refusal for an encounter of a ruleset this version doesn't have. */
export function unknownRuleset(id: unknown): Failure {
  return failure('ruleset/unknown', `This encounter uses the ruleset "${String(id)}", which this version doesn't have.`);
}
