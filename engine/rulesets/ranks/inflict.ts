import { checkCombatant, checkInteger, isFailure } from '../../core/checks';
import { conditionFromCatalogue, type ConditionDefinition } from '../../core/conditions';
import type { EncounterEvent } from '../../core/events';
import type { Combatant, EncounterState } from '../../core/state';
import { durationOf, OUT_OF_ACTION, rankOn, type TrackId } from './conditions';
import { failure, type Result } from '../../result';
import { ranksSettings } from './settings';
import type { RanksCommandOf } from './commands';

// Ranks landing on a track (a damage roll's, a failed movement check's fatigue, a taunt's
// composure): "conditions are cumulative". By the setting, the new ranks add to the highest
// already on the track (Stunned and two more ranks make Wounded, which replaces it), or the new
// condition stands beside the others with its own timer. Five or more is out of action.

/** The condition a rank puts on `c` now, its duration by the fight's settings. */
export function rankCondition(state: EncounterState, track: TrackId, rank: number): ConditionDefinition {
  const r = rankOn(track, rank);
  const lasts = durationOf(r.lasts, ranksSettings(state.settings));
  // Before the fight, round 1 is the next round: one round-end fewer to count.
  const duration = lasts && state.status === 'setup' && lasts.endsOn === 'round-end' && typeof lasts.rounds === 'number' && lasts.rounds > 1 ? { ...lasts, rounds: lasts.rounds - 1 } : lasts;
  return { id: `${track}-${r.rank}`, name: r.name, effects: r.effects, rank: { track, value: r.rank }, ...(duration ? { duration } : {}) };
}

/** The events of `ranks` ranks landing on `c`'s `track` (none for 0). */
export function inflictRanks(state: EncounterState, c: Combatant, track: TrackId, ranks: number): EncounterEvent[] {
  if (ranks <= 0) return [];
  const settings = ranksSettings(state.settings);
  const onTrack = c.conditions.filter((k) => k.rank?.track === track);
  if (settings.cumulative === 'separate') {
    const condition = conditionFromCatalogue(state, rankCondition(state, track, Math.min(OUT_OF_ACTION, ranks)), c.id);
    return [{ type: 'condition-added', combatantId: c.id, condition }];
  }
  const highest = onTrack.reduce((most, k) => Math.max(most, k.rank?.value ?? 0), 0);
  const total = Math.min(OUT_OF_ACTION, highest + ranks);
  const removed: EncounterEvent[] = onTrack.map((k) => ({ type: 'condition-removed', combatantId: c.id, conditionId: k.id }));
  const condition = conditionFromCatalogue(state, rankCondition(state, track, total), c.id);
  return [...removed, { type: 'condition-added', combatantId: c.id, condition }];
}

const TRACK_IDS: readonly TrackId[] = ['damage', 'fatigue', 'composure'];

/**
 * Decides `ranks/inflict` ({ combatantId, track, ranks }): the GM lands ranks on a track by hand
 * (a taunt's composure, a fall's fatigue), counted as the rules count any.
 */
export function decideInflict(state: EncounterState, cmd: RanksCommandOf<'ranks/inflict'>): Result<EncounterEvent[]> {
  const c = checkCombatant(state, cmd.combatantId);
  if (isFailure(c)) return c;
  const track = TRACK_IDS.find((t) => t === cmd.track);
  if (!track) return failure('ranks/track', `Ranks land on one of the tracks: ${TRACK_IDS.join(', ')}.`);
  const ranks = checkInteger(cmd.ranks, 'Ranks', 1, OUT_OF_ACTION);
  if (isFailure(ranks)) return ranks;
  return { ok: true, value: inflictRanks(state, c, track, ranks) };
}
