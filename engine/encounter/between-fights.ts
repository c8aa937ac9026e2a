import { failure, type Result } from '../result';
import type { RestRules } from '../core/ruleset';
import type { CheckedKeptCondition, KeptCondition } from '../core/aftermath';
import type { EncounterEvent } from '../core/events';
import type { EncounterState, ResourceReset, SettingValue } from '../core/state';
import { expiringAt } from './timers';

/**
 * What happens between fights, for every ruleset alike: the scene ends, or the party rests (which
 * ends the scene too). A condition answers to them by how long it lasts: one lasting until the
 * scene ends goes, one lasting until someone recovers it stays. In a fight that is over, the end
 * of the scene is a command (`end-scene`); on the party's entries, these functions.
 */

/** Decides `end-scene`: every condition lasting until the scene's end ends. Not while the fight runs. */
export function decideEndScene(state: EncounterState): Result<EncounterEvent[]> {
  if (state.status === 'running') return failure('scene/fight-running', 'The scene goes on while the fight does: end the fight first.');
  const expired = expiringAt(state, 'scene-end');
  return { ok: true, value: [expired.length > 0 ? { type: 'scene-ended', expired } : { type: 'scene-ended' }] };
}

/** The conditions a party entry still has once the scene ends: those lasting until someone recovers them. */
export function afterSceneEnds<K extends KeptCondition>(conditions: readonly K[]): K[] {
  // A condition kept before its duration was (no `lasts`) is read by `checkKeptConditions` first.
  return conditions.filter((k) => k.lasts === 'until-recovered');
}

/** What of a party entry a rest reads and changes. */
export interface RestingEntry {
  /** Each track's maximum, by key. */
  tracks: Record<string, number>;
  /** Where tracks stand, for those below their maximum. */
  current?: Record<string, number>;
  resources: readonly { name: string; max: number; used: number; reset: ResourceReset }[];
  conditions?: readonly CheckedKeptCondition[];
  traits?: readonly string[];
}

/** A party entry after a rest: where every track stands, every resource, and the conditions left. */
export interface Rested {
  current: Record<string, number>;
  resources: { name: string; max: number; used: number; reset: ResourceReset }[];
  conditions: CheckedKeptCondition[];
}

/**
 * A party entry after a rest: the scene is over (what lasted until then is gone), every resource
 * has all its uses back, and the tracks get what the ruleset's rest gives back (`RestRules`, by the
 * campaign's settings), up to their maximum; without it, health is the GM's to restore.
 */
export function afterRest(entry: RestingEntry, restRules: RestRules | undefined, settings: Readonly<Record<string, SettingValue>>): Rested {
  const healed = restRules?.heal({ traits: entry.traits }, settings) ?? {};
  const current = Object.fromEntries(
    Object.entries(entry.tracks).map(([key, max]) => [key, Math.min(max, (entry.current?.[key] ?? max) + (healed[key] ?? 0))]),
  );
  return {
    current,
    resources: entry.resources.map((r) => ({ ...r, used: 0 })),
    conditions: afterSceneEnds(entry.conditions ?? []),
  };
}
