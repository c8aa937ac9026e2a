import { isRecord, type JsonValue } from '../json';
import { failure, type Failure } from '../result';
import type { Ruleset } from '../rulesets/ruleset';
import { checkInteger, checkName, isFailure } from './checks';
import { checkConditionExtras } from './conditions';
import type { ConditionEffect } from './effects';
import type { Combatant, Condition, EncounterState, Id, Track } from './state';

/**
 * What a fight leaves behind: what a character keeps from it, for the campaign to write back to
 * the party entry they were made from, and how the next fight takes it in (`add-combatant`'s
 * `current` and `conditions`).
 */

/**
 * A condition that goes on after the fight, as an entry keeps it: it lasts until the scene ends,
 * or it is ranked on a condition track with no timer (Incapacitated: until someone recovers it).
 */
export interface KeptCondition {
  name: string;
  effects?: ConditionEffect[];
  rank?: { track: string; value: number };
}

/** Most conditions one entry brings into a fight. */
export const KEPT_CONDITIONS_MAX = 20;

/** What a character keeps from a fight. */
export interface Aftermath {
  /** Where each track stands at the end (health kept between fights). */
  tracks: Record<string, number>;
  /** Uses spent of the resources that only come back with a rest, by the resource's name. */
  restUses: Record<string, number>;
  /** The conditions that outlive the fight: to the scene's end, or ranked and untimed. */
  conditions: KeptCondition[];
  /** The stats the ruleset marks as lasting (a death difficulty that grew), as they stand now. */
  stats: Record<string, number>;
  /** What the ruleset keeps of its own (Zones & Factions: each piece of gear's wear), if anything. */
  rules?: JsonValue;
}

function kept(condition: Condition): KeptCondition {
  return { name: condition.name, ...(condition.effects ? { effects: condition.effects } : {}), ...(condition.rank ? { rank: condition.rank } : {}) };
}

// Ranked conditions without a timer last "until recovered": the fight's end doesn't recover them.
const outlivesFight = (k: Condition): boolean => k.timer?.endsOn === 'scene-end' || (k.timer === null && k.rank !== undefined);

/** What this combatant keeps from the fight as it stands (null: no such combatant). */
export function aftermathOf(state: EncounterState, ruleset: Ruleset, combatantId: Id): Aftermath | null {
  const c = state.combatants.find((x) => x.id === combatantId);
  if (!c) return null;
  const own = ruleset.aftermath?.(c);
  return {
    tracks: Object.fromEntries(Object.entries(c.tracks).map(([key, track]) => [key, track.value])),
    restUses: Object.fromEntries(c.resources.filter((r) => r.reset === 'rest').map((r) => [r.name, r.used])),
    conditions: c.conditions.filter(outlivesFight).map(kept),
    stats: Object.fromEntries(ruleset.stats.filter((s) => s.lasting).map((s) => [s.key, c.stats[s.key] ?? s.default])),
    ...(own === undefined ? {} : { rules: own }),
  };
}

/** The tracks as `add-combatant`'s `current` leaves them: each at its value now, full when not given. */
export function currentTracks(tracks: Record<string, Track>, current: unknown): Record<string, Track> | Failure {
  if (current === undefined) return tracks;
  if (typeof current !== 'object' || current === null || Array.isArray(current)) return failure('input/current', 'Where tracks stand now is given by key, such as { hp: 3 }.');
  const next = { ...tracks };
  for (const [key, value] of Object.entries(current)) {
    const track = tracks[key];
    if (!track) return failure('input/current', `There is no track "${key}" to set.`);
    const checked = checkInteger(value, `${key} now`, 0, track.max);
    if (isFailure(checked)) return checked;
    next[key] = { value: checked, max: track.max };
  }
  return next;
}

/** Conditions an entry brings into a fight, checked; each goes on lasting until the scene ends. */
export function checkKeptConditions(ruleset: Ruleset, raw: unknown): KeptCondition[] | Failure {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) return failure('input/conditions', 'The conditions a character brings are a list.');
  if (raw.length > KEPT_CONDITIONS_MAX) return failure('input/conditions', `A character brings at most ${KEPT_CONDITIONS_MAX} conditions into a fight.`);
  const out: KeptCondition[] = [];
  for (const item of raw) {
    const record = isRecord(item) ? item : {};
    const name = checkName(record.name, 'condition');
    if (isFailure(name)) return name;
    const extras = checkConditionExtras(ruleset, record.effects, record.rank);
    if (isFailure(extras)) return extras;
    out.push({ name, ...extras });
  }
  return out;
}
