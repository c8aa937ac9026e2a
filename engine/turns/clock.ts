/**
 * Time in the fiction, for rulesets whose rounds last a stated time (2d6 & Vigilant: 5 seconds):
 * how long the fight has run as a round begins, as the top bar, the log and the players show it.
 */

/** "0:10" (minutes and seconds) for the time the fight has run when `round` begins; round 1 begins at 0:00. */
export function elapsedAt(roundSeconds: number, round: number): string {
  const seconds = Math.max(0, round - 1) * roundSeconds;
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The elapsed time for a round of a fight whose ruleset times its rounds, or null (untimed, or before round 1). */
export function fightClock(roundSeconds: number | undefined, round: number): string | null {
  return roundSeconds !== undefined && round >= 1 ? elapsedAt(roundSeconds, round) : null;
}
