import { failure, type Failure, type Result } from '../result';
import { checkInteger, isFailure, nextId } from '../core/checks';
import type { Command, ResourceInput } from '../core/commands';
import type { EncounterEvent } from '../core/events';
import type { Combatant, EncounterState, Id, Resource, ResourceReset } from '../core/state';

// Limited-use abilities and resources: "X of Y uses, back each round / fight / rest". The checks
// for add-combatant, the Use and Set-uses commands, and the pure helpers the screen and the
// campaign layer share.

/** Most limited-use abilities one combatant can have. */
export const MAX_RESOURCES = 20;
/** Longest name of a limited-use ability. */
export const RESOURCE_NAME_MAX = 64;
/** Most uses a limited-use ability can have. */
export const RESOURCE_USES_MAX = 99;
/** Longest template id (the party member or bestiary entry a combatant was made from). */
export const TEMPLATE_ID_MAX = 64;

/** When a resource comes back, in the order the screen lists them. */
export const RESOURCE_RESETS: readonly ResourceReset[] = ['round', 'encounter', 'rest'];

const TEMPLATE_ID = /^[A-Za-z0-9_-]+$/;

/** Uses left of a resource: its maximum less what has been spent, never below 0. */
export function resourceLeft(resource: Pick<Resource, 'max' | 'used'>): number {
  return Math.max(0, resource.max - resource.used);
}

/** The resources after a rest: every use back, whatever its reset period. Returns new objects. */
export function resourcesAfterRest(resources: readonly Resource[]): Resource[] {
  return resources.map((r) => ({ ...r, used: 0 }));
}

/** When a resource comes back, as the end of a sentence: "at the next rest". */
export function whenResourceReturns(reset: ResourceReset): string {
  switch (reset) {
    case 'round':
      return 'at the start of the next round';
    case 'encounter':
      return 'in the next fight';
    case 'rest':
      return 'at the next rest';
  }
}

/**
 * Every combatant's `round` resources with all their uses back. Combatants with nothing to give
 * back are kept as they are (same object), so a new round changes only what it has to.
 */
export function refreshRoundResources(state: EncounterState): EncounterState {
  const spent = (c: Combatant) => (c.resources ?? []).some((r) => r.reset === 'round' && r.used > 0);
  if (!state.combatants.some(spent)) return state;
  return {
    ...state,
    combatants: state.combatants.map((c) =>
      spent(c) ? { ...c, resources: c.resources.map((r) => (r.reset === 'round' ? { ...r, used: 0 } : r)) } : c,
    ),
  };
}

function checkResourceName(name: unknown): string | Failure {
  if (typeof name !== 'string' || name.trim() === '') return failure('input/name', 'Give each limited-use ability a name, such as Rage or Spell slot.');
  const trimmed = name.trim();
  if (trimmed.length > RESOURCE_NAME_MAX) {
    return failure('input/name', `Keep the name of a limited-use ability to ${RESOURCE_NAME_MAX} characters; "${trimmed.slice(0, 20)}…" is longer.`);
  }
  return trimmed;
}

function checkResource(input: unknown, id: Id): Resource | Failure {
  if (typeof input !== 'object' || input === null) return failure('resource/shape', 'Each limited-use ability needs a name, a number of uses and when it comes back.');
  const given = input as Partial<Record<keyof ResourceInput, unknown>>;
  const name = checkResourceName(given.name);
  if (isFailure(name)) return name;
  const max = checkInteger(given.max, `${name}'s number of uses`, 1, RESOURCE_USES_MAX);
  if (isFailure(max)) return max;
  const used = checkInteger(given.used ?? 0, `Uses of ${name} already spent`, 0, max);
  if (isFailure(used)) return used;
  if (!RESOURCE_RESETS.includes(given.reset as ResourceReset)) {
    return failure('input/choice', `${name} must come back each round, each encounter or after a rest; got "${String(given.reset)}".`);
  }
  return { id, name, max, used, reset: given.reset as ResourceReset };
}

/**
 * Checks the resources of a new combatant and gives them ids from `offset` on (see `nextId`).
 * Refuses anything out of range, so a bad template can't add a broken combatant.
 */
export function checkResources(state: EncounterState, inputs: unknown, offset: number): Resource[] | Failure {
  if (inputs === undefined) return [];
  if (!Array.isArray(inputs)) return failure('resource/shape', 'Limited-use abilities must be a list.');
  if (inputs.length > MAX_RESOURCES) {
    return failure('resource/too-many', `A combatant has at most ${MAX_RESOURCES} limited-use abilities; ${inputs.length} were given.`);
  }
  const resources: Resource[] = [];
  for (const [i, input] of inputs.entries()) {
    const resource = checkResource(input, nextId(state, 'r', offset + i));
    if (isFailure(resource)) return resource;
    if (resources.some((r) => r.name.toLowerCase() === resource.name.toLowerCase())) {
      return failure('resource/duplicate', `${resource.name} is listed twice; give each limited-use ability once, with all its uses.`);
    }
    resources.push(resource);
  }
  return resources;
}

/** Checks the optional template id of a new combatant: absent or null means none. */
export function checkTemplateId(value: unknown): Id | null | Failure {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || value.length > TEMPLATE_ID_MAX || !TEMPLATE_ID.test(value)) {
    return failure('input/template', `A template id is 1 to ${TEMPLATE_ID_MAX} letters, digits, "-" or "_".`);
  }
  return value;
}

type ResourceCommand = Extract<Command, { type: 'use-resource' | 'set-resource-used' }>;

/** Use and Set uses: spending uses of a resource, or the GM setting how many are spent. */
export function decideResource(c: Combatant, cmd: ResourceCommand): Result<EncounterEvent[]> {
  const resource = c.resources.find((r) => r.id === cmd.resourceId);
  if (!resource) {
    return failure('resource/unknown', `${c.name} has no limited-use ability with id "${String(cmd.resourceId)}"; it may have been removed.`);
  }
  const base = { combatantId: c.id, resourceId: resource.id, name: resource.name, max: resource.max };
  if (cmd.type === 'set-resource-used') {
    const used = checkInteger(cmd.used, `Uses of ${resource.name} spent`, 0, resource.max);
    if (isFailure(used)) return used;
    return { ok: true, value: [{ type: 'resource-set', ...base, used }] };
  }
  const amount = checkInteger(cmd.amount ?? 1, `Uses of ${resource.name} to spend`, 1, RESOURCE_USES_MAX);
  if (isFailure(amount)) return amount;
  const left = resourceLeft(resource);
  const back = `it comes back ${whenResourceReturns(resource.reset)}`;
  if (left === 0) {
    return failure('resource/empty', `${c.name} has no ${resource.name} left (0 of ${resource.max}); ${back}.`);
  }
  if (amount > left) {
    return failure('resource/not-enough', `${c.name} has only ${left} ${resource.name} left (${left} of ${resource.max}), not ${amount}; ${back}.`);
  }
  return { ok: true, value: [{ type: 'resource-used', ...base, amount, used: resource.used + amount }] };
}
