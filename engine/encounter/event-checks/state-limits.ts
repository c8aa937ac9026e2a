import type { Ruleset } from '../../core/ruleset';
import type { Combatant, EncounterState } from '../../core/state';

// What a replayed event left behind, put to the ruleset's limits. The checks before an event
// (`index.ts`) read its fields; a ruleset's reducer may compute a character's tracks from those
// fields (a blow that lands, a wound that lowers a maximum), so a forged field can come out as a
// track past the ruleset's bounds, or one it doesn't have, that no field check saw. Such a state
// saved and reopened is refused as damaged, losing the fight after the GM's next step: so every
// event's result is checked here as it is replayed, whichever reducer applied it. The same goes
// for what else a character carries that the ruleset bounds: a condition's rank on one of its
// condition tracks, and the ids of the character's own gear. (A mark this version doesn't know is
// kept and told by its id, as one from a newer version: `marks.test.ts`.)

type Problem = string | null;

function tracksLeft(ruleset: Ruleset, c: Combatant): Problem {
  for (const [key, t] of Object.entries(c.tracks)) {
    const def = ruleset.character.tracks.find((d) => d.key === key);
    if (!def) return `it gives ${c.name} the track "${key}", which is not one of ${ruleset.name}'s`;
    if (!Number.isInteger(t.max) || !Number.isInteger(t.value)) return `it leaves ${c.name}'s ${def.label} at ${t.value} of ${t.max}, which are not whole numbers`;
    if (t.max > def.max) return `it leaves ${c.name}'s ${def.label} maximum at ${t.max}, above ${ruleset.name}'s ${def.max}`;
    if (t.value < 0 || t.value > t.max) return `it leaves ${c.name}'s ${def.label} at ${t.value} of ${t.max}`;
  }
  return null;
}

function conditionRanksLeft(ruleset: Ruleset, c: Combatant): Problem {
  for (const condition of c.conditions) {
    if (!condition.rank) continue;
    const track = ruleset.character.conditionTracks?.find((t) => t.id === condition.rank?.track);
    if (!track) return `it ranks ${c.name}'s ${condition.name} on the track "${condition.rank.track}", which is not one of ${ruleset.name}'s`;
    if (condition.rank.value < 1 || condition.rank.value > track.max) return `it ranks ${c.name}'s ${condition.name} ${condition.rank.value} on ${track.label}, which runs 1 to ${track.max}`;
  }
  return null;
}

function partIdsLeft(ruleset: Ruleset, c: Combatant): Problem {
  const ids = ruleset.own?.slice?.idsIn?.(c.rules) ?? [];
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) return `it gives ${c.name} two pieces with the id "${id}"`;
    seen.add(id);
  }
  return null;
}

/**
 * What is wrong with the state an event left, against the one before it, or null. Only the
 * characters the event changed are looked at, so a long log replays in linear time.
 */
export function stateLimitsProblem(before: EncounterState, after: EncounterState, ruleset: Ruleset): Problem {
  if (after.combatants === before.combatants) return null;
  for (const [i, c] of after.combatants.entries()) {
    // The list keeps its order between events, so the same place nearly always holds the same character.
    const was = before.combatants[i]?.id === c.id ? before.combatants[i] : before.combatants.find((b) => b.id === c.id);
    if (was === c) continue;
    const problem =
      (was?.tracks === c.tracks ? null : tracksLeft(ruleset, c)) ??
      (was?.conditions === c.conditions ? null : conditionRanksLeft(ruleset, c)) ??
      (was?.rules === c.rules ? null : partIdsLeft(ruleset, c));
    if (problem) return problem;
  }
  return null;
}
