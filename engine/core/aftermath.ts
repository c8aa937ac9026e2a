import { isRecord, type JsonValue } from '../json';
import { failure, type Failure } from '../result';
import type { Ruleset } from './ruleset';
import { checkInteger, checkName, isFailure } from './checks';
import { checkConditionExtras } from './conditions';
import type { ConditionEffect } from './effects';
import type { Combatant, Condition, ConditionTimer, EncounterState, Id, Track } from './state';

/**
 * What a fight leaves behind: what a character keeps from it, for the campaign to write back to
 * the party entry they were made from, and how the next fight takes it in (`add-combatant`'s
 * `current` and `conditions`).
 */

/**
 * How long a condition kept after a fight lasts: until the scene ends (Exhausted), or until
 * someone recovers it (a ranked condition with no timer: Incapacitated). The end of a scene and a
 * rest (`between-fights.ts`) end the first kind and leave the second.
 */
export type KeptDuration = 'scene' | 'until-recovered';

export const KEPT_DURATIONS: readonly KeptDuration[] = ['scene', 'until-recovered'];

/** A condition that goes on after the fight, as an entry keeps it, with how long it lasts. */
export interface KeptCondition {
  name: string;
  effects?: ConditionEffect[];
  rank?: { track: string; value: number };
  /**
   * How long it lasts. Entries written before it was kept leave it out: such a condition is read
   * as the ruleset's catalogue has the condition of its rank (untimed: until recovered), else as
   * lasting until the scene ends, which is what every kept condition did then.
   */
  lasts?: KeptDuration;
}

/** A kept condition as checked: how long it lasts always said. */
export type CheckedKeptCondition = KeptCondition & { lasts: KeptDuration };

/** Most conditions one entry brings into a fight. */
export const KEPT_CONDITIONS_MAX = 20;

/** What a character keeps from a fight. */
export interface Aftermath {
  /** Where each track stands at the end (health kept between fights). */
  tracks: Record<string, number>;
  /** Uses spent of the resources that only come back with a rest, by the resource's name. */
  restUses: Record<string, number>;
  /** The conditions that outlive the fight: to the scene's end, or ranked and untimed (until recovered). */
  conditions: CheckedKeptCondition[];
  /** The stats the ruleset marks as lasting (a death difficulty that grew), as they stand now. */
  stats: Record<string, number>;
  /** What the ruleset keeps of its own (Zones & Factions: each piece of gear's wear), if anything. */
  rules?: JsonValue;
}

/**
 * How long a condition in a fight goes on after it, or null when the fight's end (or sooner) ends
 * it. Ranked conditions without a timer last "until recovered": the fight's end doesn't recover them.
 */
function keptDuration(k: Condition): KeptDuration | null {
  if (k.timer?.endsOn === 'scene-end') return 'scene';
  return k.timer === null && k.rank !== undefined ? 'until-recovered' : null;
}

/** The timer a kept condition comes back into a fight with: the scene's end, or none (until recovered). */
export function broughtTimer(lasts: KeptDuration): ConditionTimer | null {
  return lasts === 'scene' ? { remaining: 1, endsOn: 'scene-end' } : null;
}

function kept(condition: Condition, lasts: KeptDuration): CheckedKeptCondition {
  return { name: condition.name, ...(condition.effects ? { effects: condition.effects } : {}), ...(condition.rank ? { rank: condition.rank } : {}), lasts };
}

/** What this combatant keeps from the fight as it stands (null: no such combatant). */
export function aftermathOf(state: EncounterState, ruleset: Ruleset, combatantId: Id): Aftermath | null {
  const c = state.combatants.find((x) => x.id === combatantId);
  if (!c) return null;
  const own = ruleset.between?.aftermath?.(c);
  return {
    tracks: Object.fromEntries(Object.entries(c.tracks).map(([key, track]) => [key, track.value])),
    restUses: Object.fromEntries(c.resources.filter((r) => r.reset === 'rest').map((r) => [r.name, r.used])),
    conditions: c.conditions.flatMap((k) => {
      const lasts = keptDuration(k);
      return lasts ? [kept(k, lasts)] : [];
    }),
    stats: Object.fromEntries(ruleset.character.stats.filter((s) => s.lasting).map((s) => [s.key, c.stats[s.key] ?? s.default])),
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

// An entry written before conditions kept how long they last: as the catalogue has the condition of
// that rank (Incapacitated, untimed: until recovered), else until the scene ends, as all did then.
function formerDuration(ruleset: Ruleset, rank: KeptCondition['rank']): KeptDuration {
  const named = rank ? ruleset.character.conditionCatalogue?.find((d) => d.rank?.track === rank.track && d.rank.value === rank.value) : undefined;
  return named && !named.duration ? 'until-recovered' : 'scene';
}

/** Conditions an entry brings into a fight, checked, each with how long it lasts (`lasts`). */
export function checkKeptConditions(ruleset: Ruleset, raw: unknown): CheckedKeptCondition[] | Failure {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) return failure('input/conditions', 'The conditions a character brings are a list.');
  if (raw.length > KEPT_CONDITIONS_MAX) return failure('input/conditions', `A character brings at most ${KEPT_CONDITIONS_MAX} conditions into a fight.`);
  const out: CheckedKeptCondition[] = [];
  for (const item of raw) {
    const record = isRecord(item) ? item : {};
    const name = checkName(record.name, 'condition');
    if (isFailure(name)) return name;
    const extras = checkConditionExtras(ruleset, record.effects, record.rank);
    if (isFailure(extras)) return extras;
    if (record.lasts !== undefined && !KEPT_DURATIONS.includes(record.lasts as KeptDuration)) {
      return failure('input/conditions', `${name} lasts until the scene ends ("scene") or until someone recovers it ("until-recovered").`);
    }
    const lasts = (record.lasts as KeptDuration | undefined) ?? formerDuration(ruleset, extras.rank);
    out.push({ name, ...extras, lasts });
  }
  return out;
}
