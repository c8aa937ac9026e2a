import type { Combatant, Track } from './state';

/**
 * The combatant's tracks with one track's value changed and kept between 0 and its maximum: what
 * damage and healing do in rulesets with a single health track.
 */
export function withTrackValue(c: Combatant, key: string, value: (track: Track) => number): Record<string, Track> {
  const track = c.tracks[key] ?? { value: 0, max: 0 };
  return { ...c.tracks, [key]: { ...track, value: Math.min(track.max, Math.max(0, value(track))) } };
}
