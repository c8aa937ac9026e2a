import type { Combatant, Id, Mark } from './state';
import type { Ruleset } from './ruleset';

/**
 * How a combatant stands, as every screen and export shows it: fine, hurt, badly hurt, down (out
 * of the fight for now: at 0, unconscious) or out (dead, surrendered, fled, out of action).
 */
export type StatusLevel = 'fine' | 'hurt' | 'badly-hurt' | 'down' | 'out';

/** How a combatant left the fight, as the log tells it and the fight's outcome groups it. */
export type OutKind = 'down' | 'dead' | 'surrendered' | 'fled';

export interface CombatantStatus {
  level: StatusLevel;
  /** For `down` and `out`: how; null while still fighting. */
  how: OutKind | null;
  /** Why, in a few words for a tooltip ("at 0 Health", "surrendered"); empty when unhurt. */
  why: string;
}

const FINE: CombatantStatus = { level: 'fine', how: null, why: '' };

/** The GM's marks that take a character out of any fight, in the order they are told. */
const OUT_MARKS: readonly [Mark, OutKind, string][] = [
  ['dead', 'dead', 'dead'],
  ['surrendered', 'surrendered', 'surrendered'],
  ['retreated', 'fled', 'fled the fight'],
];

/** Out by a mark (dead, surrendered, retreated), whatever their health says; null if none. */
export function markedOut(c: Combatant): CombatantStatus | null {
  const marks = c.marks ?? [];
  for (const [mark, how, why] of OUT_MARKS) if (marks.includes(mark)) return { level: 'out', how, why };
  return null;
}

/**
 * Status read from one track (hit points, health): down at 0, badly hurt at half or less, hurt
 * below the maximum. A combatant without the track counts as unhurt.
 */
export function trackStatus(c: Combatant, key: string, label: string): CombatantStatus {
  const track = Object.hasOwn(c.tracks, key) ? c.tracks[key] : undefined;
  if (!track) return FINE;
  if (track.value <= 0) return { level: 'down', how: 'down', why: `at 0 ${label}` };
  if (track.value >= track.max) return FINE;
  const why = `${track.value} of ${track.max} ${label}`;
  return track.value * 2 > track.max ? { level: 'hurt', how: null, why } : { level: 'badly-hurt', how: null, why };
}

/** The status by the combatant's ruleset; unhurt when this build doesn't have the ruleset. */
export function statusOf(ruleset: Ruleset | undefined, c: Combatant): CombatantStatus {
  return ruleset ? ruleset.health.status(c) : (markedOut(c) ?? FINE);
}

/** Out of the fight, for now or for good: shown greyed, crossed out, "down" to the players. */
export function isOutOfFight(ruleset: Ruleset | undefined, c: Combatant): boolean {
  const level = statusOf(ruleset, c).level;
  return level === 'down' || level === 'out';
}

/**
 * The one side still in the fight, when every other side's characters have conceded or are out
 * of it (down, dead, fled, out of action): the fight is decided and the GM may end it. Null while
 * two or more sides have someone fighting, or nobody is left at all.
 */
export function sideLeftStanding(state: { combatants: readonly Combatant[] }, ruleset: Ruleset | undefined): Id | null {
  const sides = new Set(state.combatants.filter((c) => !isOutOfFight(ruleset, c)).map((c) => c.factionId));
  const factions = new Set(state.combatants.map((c) => c.factionId));
  return sides.size === 1 && factions.size > 1 ? ([...sides][0] ?? null) : null;
}
