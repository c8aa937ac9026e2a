import type { Ruleset } from '../../core/ruleset';
import { placeProblem } from '../../space/events';
import type { CoreEvent } from '../../core/events';
import type { Combatant, EncounterState, Id } from '../../core/state';

// The replay's own checks on a core event whose shape is right: what it names must be there (the
// character, their side, their condition or ability), what it brings in must be new (a
// character's id, a faction's), and a track may not go past its ruleset's bounds. The deciders
// never write an event that fails these; a file that holds one was damaged or forged.

type Problem = string | null;

const has = (list: readonly { id: Id }[], id: Id): boolean => list.some((x) => x.id === id);

function combatantIn(state: EncounterState, id: unknown): Combatant | undefined {
  return state.combatants.find((c) => c.id === id);
}

function missing(state: EncounterState, field: string, id: unknown, what: 'character' | 'faction'): Problem {
  if (id === null || id === undefined) return null;
  const list = what === 'character' ? state.combatants : state.factions;
  if (has(list, String(id))) return null;
  const who = what === 'character' ? 'who' : 'which';
  return field === 'it' ? `it names the ${what} "${String(id)}", ${who} is not in the encounter` : `${field} is "${String(id)}", ${who} is not in the encounter`;
}

function allKnown(state: EncounterState, field: string, ids: readonly unknown[] | undefined, what: 'character' | 'faction', extra: readonly Id[] = []): Problem {
  for (const id of ids ?? []) {
    if (extra.includes(String(id))) continue;
    const problem = missing(state, field, id, what);
    if (problem) return problem;
  }
  return null;
}

function duplicates(ids: readonly Id[], what: string): Problem {
  const seen = new Set<Id>();
  for (const id of ids) {
    if (seen.has(id)) return `the ${what} id "${id}" is used twice`;
    seen.add(id);
  }
  return null;
}

// A track's maximum within the ruleset's bounds for it (a track it doesn't define is refused).
function tracksProblem(ruleset: Ruleset | undefined, tracks: Readonly<Record<string, { max: number }>>): Problem {
  if (!ruleset) return null;
  for (const [key, t] of Object.entries(tracks)) {
    const def = ruleset.character.tracks.find((d) => d.key === key);
    if (!def) return `the track "${key}" is not one of ${ruleset.name}'s`;
    if (t.max > def.max) return `the ${def.label} maximum ${t.max} is above ${ruleset.name}'s ${def.max}`;
  }
  return null;
}

// A round comes after the one before it: Next turn, a phase or Previous turn move it by one at
// most, and only the start of a fight sets it. A forged round far ahead (1,000,000, the schema's
// bound) opened, and the next Next turn wrote a round past the bound, damaging the fight.
function roundProblem(state: EncounterState, round: number): Problem {
  return Math.abs(round - state.round) > 1 ? `the round ${round} does not follow round ${state.round}` : null;
}

function expiredProblem(state: EncounterState, expired: readonly { combatantId: Id; conditionId: Id }[] | undefined): Problem {
  for (const x of expired ?? []) {
    const c = combatantIn(state, x.combatantId);
    if (!c) return `a condition ran out on "${x.combatantId}", who is not in the encounter`;
    if (!has(c.conditions, x.conditionId)) return `the condition "${x.conditionId}" that ran out is not on ${c.name}`;
  }
  return null;
}

/** What is wrong with a core event whose shape is right, against the state just before it, or null. */
export function coreReferenceProblem(state: EncounterState, ruleset: Ruleset | undefined, event: CoreEvent): Problem {
  const fields = event as unknown as Record<string, unknown>;
  if ('expired' in event) {
    const problem = expiredProblem(state, event.expired);
    if (problem) return problem;
  }
  switch (event.type) {
    case 'encounter-created':
      return 'a second "encounter-created" in the middle of the log';
    case 'faction-added':
      return has(state.factions, event.faction.id) ? `the faction id "${event.faction.id}" is already taken` : null;
    case 'combatant-added': {
      const c = event.combatant;
      if (has(state.combatants, c.id)) return `the character id "${c.id}" is already taken`;
      return (
        missing(state, 'the new character', c.factionId, 'faction') ??
        placeProblem(state, c) ??
        tracksProblem(ruleset, c.tracks) ??
        duplicates(c.conditions.map((k) => k.id), 'condition') ??
        duplicates((c.resources ?? []).map((r) => r.id), 'ability') ??
        allKnown(state, 'the order', event.order, 'character', [c.id]) ??
        duplicates(event.order, 'character')
      );
    }
    case 'combat-started':
      return allKnown(state, 'the order', event.order, 'character') ?? allKnown(state, 'the initiative', event.initiative.map((e) => e.combatantId), 'character') ?? duplicates(event.order, 'character') ?? missing(state, 'the first to act', event.opening?.activeId, 'character');
    case 'order-set':
      return allKnown(state, 'the order', event.order, 'character') ?? duplicates(event.order, 'character') ?? missing(state, 'the initiative', event.initiative?.combatantId, 'character');
    case 'combatant-removed':
      return missing(state, 'it', event.combatantId, 'character') ?? allKnown(state, 'the order', event.order, 'character') ?? missing(state, 'the acting character', event.activeId, 'character');
    case 'turn-advanced':
    case 'turn-set':
      return roundProblem(state, event.round) ?? missing(state, 'the acting character', event.activeId, 'character');
    case 'sides-ordered':
    case 'team-order-set':
      return allKnown(state, 'the order of sides', event.order, 'faction') ?? duplicates(event.order, 'faction');
    case 'player-factions-set':
      return allKnown(state, 'the player factions', event.factionIds, 'faction');
    case 'phase-started':
      return roundProblem(state, event.round) ?? missing(state, 'the go', event.factionId, 'faction') ?? allKnown(state, 'the skipped sides', event.skipped, 'faction');
    case 'go-moved':
      return missing(state, 'the go', event.factionId, 'faction') ?? allKnown(state, 'the skipped sides', event.skipped, 'faction');
    default:
      break;
  }
  if (typeof fields.factionId === 'string') {
    const problem = missing(state, 'it', fields.factionId, 'faction');
    if (problem) return problem;
  }
  if (!('combatantId' in event)) return null;
  const c = combatantIn(state, event.combatantId);
  if (!c) return `it names the character "${event.combatantId}", who is not in the encounter`;
  switch (event.type) {
    case 'combatant-damaged':
    case 'combatant-healed':
      return tracksProblem(ruleset, event.tracks);
    case 'track-set':
      return tracksProblem(ruleset, { [event.track]: event.value });
    case 'condition-added':
      return has(c.conditions, event.condition.id) ? `${c.name} already has a condition with id "${event.condition.id}"` : null;
    case 'condition-timer-set':
    case 'condition-removed':
      return has(c.conditions, event.conditionId) ? null : `the condition "${event.conditionId}" is not on ${c.name}`;
    case 'resource-used':
    case 'resource-set':
      if (!has(c.resources ?? [], event.resourceId)) return `the ability "${event.resourceId}" is not ${c.name}'s`;
      return event.used > event.max ? `${event.used} uses spent of ${event.max}` : null;
    default:
      return null;
  }
}
