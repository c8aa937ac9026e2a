import type { ConditionDefinition, ConditionTrack, DurationTemplate } from '../../core/conditions';
import type { ConditionEffect } from '../../core/effects';
import type { Combatant } from '../../core/state';
import type { RanksSettings } from './settings';

// The three condition tracks, five ranks each, with what each rank does and how long it lasts.
// Rank 5 on any track takes the character out of action. A condition's effects are applied by the
// engine wherever the thing they change is read (checks, fixed values, the bonus action); Startled
// lowers the next round's initiative, which the initiative reads by its rank.

export type TrackId = 'damage' | 'fatigue' | 'composure';

export const RANKS_TRACKS: readonly ConditionTrack[] = [
  { id: 'damage', label: 'Damage', max: 5 },
  { id: 'fatigue', label: 'Fatigue', max: 5 },
  { id: 'composure', label: 'Composure', max: 5 },
];

/** The rank that takes a character out of action, on any track. */
export const OUT_OF_ACTION = 5;

/** How long a rank lasts, in the text's words, resolved by the settings. */
type Lasts = 'their-next-turn' | 'their-next-round' | 'this-round' | 'encounter' | 'scene' | 'until-recovered';

interface RankDefinition {
  track: TrackId;
  rank: number;
  name: string;
  effects: readonly ConditionEffect[];
  lasts: Lasts;
  /** What it does, in a few words for the chips and the reference. */
  says: string;
}

const rank = (track: TrackId, value: number, name: string, effects: readonly ConditionEffect[], lasts: Lasts, says: string): RankDefinition => ({ track, rank: value, name, effects, lasts, says });

export const RANKS: readonly RankDefinition[] = [
  rank('damage', 1, 'Stunned', [{ kind: 'check', amount: -2 }], 'their-next-turn', '−2 to every check'),
  rank('damage', 2, 'Hurt', [{ kind: 'check-dice', dice: -1 }], 'their-next-round', '−1D to every check'),
  rank('damage', 3, 'Wounded', [{ kind: 'check-dice', dice: -1, on: 'dexterity' }], 'encounter', '−1D to Dexterity checks'),
  rank('damage', 4, 'Incapacitated', [{ kind: 'edge', edge: 'disadvantage' }], 'until-recovered', 'every check at disadvantage'),
  rank('damage', 5, 'Out of action', [], 'until-recovered', 'out of the fight'),
  rank('fatigue', 1, 'Breathless', [{ kind: 'edge', edge: 'disadvantage' }], 'their-next-turn', 'every check at disadvantage'),
  rank('fatigue', 2, 'Winded', [{ kind: 'no-slot', slot: 'bonus' }], 'their-next-round', 'no bonus action'),
  // Every fixed value: the attributes', awareness's and each skill's (movement, armour and dice are read as written).
  rank('fatigue', 3, 'Tired', [{ kind: 'stat', amount: -2 }], 'encounter', '−2 to fixed values'),
  rank('fatigue', 4, 'Exhausted', [{ kind: 'check-dice', dice: -1, on: 'strength' }], 'scene', '−1D to Strength checks'),
  rank('fatigue', 5, 'Out of action', [], 'until-recovered', 'out of the fight'),
  rank('composure', 1, 'Startled', [], 'this-round', '−2 to initiative next round'),
  rank('composure', 2, 'Disoriented', [{ kind: 'edge', edge: 'disadvantage' }], 'their-next-round', 'every check at disadvantage'),
  rank('composure', 3, 'Discouraged', [{ kind: 'no-slot', slot: 'bonus' }], 'encounter', 'no bonus action'),
  rank('composure', 4, 'Demoralized', [{ kind: 'check-dice', dice: -1, on: 'presence' }], 'scene', '−1D to Presence checks'),
  rank('composure', 5, 'Out of action', [], 'until-recovered', 'out of the fight'),
];

/** The rank's definition on a track (ranks past 5 are 5). */
export function rankOn(track: TrackId, value: number): RankDefinition {
  const found = RANKS.find((r) => r.track === track && r.rank === Math.min(OUT_OF_ACTION, Math.max(1, value)));
  if (!found) throw new Error(`No rank ${value} on the ${track} track.`);
  return found;
}

/**
 * How long a rank lasts under the settings. "Their next turn" ends at the end of their next turn
 * (the engine counts one more when it lands during their own). Startled's −2 falls on the next
 * round's initiative, which is sorted as this round ends, so it lasts until then.
 */
export function durationOf(lasts: Lasts, settings: Pick<RanksSettings, 'nextRound'>): DurationTemplate | undefined {
  switch (lasts) {
    case 'their-next-turn':
      return { rounds: 1, endsOn: 'turn-end' };
    case 'their-next-round':
      return settings.nextRound === 'their-turn' ? { rounds: 1, endsOn: 'turn-end' } : { rounds: 2, endsOn: 'round-end' };
    case 'this-round':
      return { rounds: 1, endsOn: 'round-end' };
    case 'encounter':
      return { endsOn: 'fight-end' };
    case 'scene':
      return { endsOn: 'scene-end' };
    case 'until-recovered':
      return undefined;
  }
}

/** On the defensive: until their next full action, a defensive check + 10 stands against attacks. */
export const DEFENDING: ConditionDefinition = { id: 'defending', name: 'Defending', effects: [], duration: { endsOn: 'next-action', slot: 'full' } };

/** The catalogue the add form offers: each rank with its default duration, and what actions leave. */
export const RANKS_CONDITIONS: readonly ConditionDefinition[] = [
  ...RANKS.map((r) => {
    const duration = durationOf(r.lasts, { nextRound: 'round-after' });
    return { id: `${r.track}-${r.rank}`, name: r.name, effects: r.effects, rank: { track: r.track, value: r.rank }, ...(duration ? { duration } : {}) };
  }),
  DEFENDING,
];

/** Whether the character is under this condition of the catalogue. */
export const isUnder = (c: Pick<Combatant, 'conditions'>, definition: ConditionDefinition): boolean => c.conditions.some((k) => k.name === definition.name);

/** A character's highest rank on a track (0: nothing on it). */
export function highestRank(c: Pick<Combatant, 'conditions'>, track: TrackId): number {
  return c.conditions.reduce((most, k) => (k.rank?.track === track ? Math.max(most, k.rank.value) : most), 0);
}

/** The track a character is out of action on, if any. */
export function outOfActionOn(c: Pick<Combatant, 'conditions'>): TrackId | null {
  return (['damage', 'fatigue', 'composure'] as const).find((t) => highestRank(c, t) >= OUT_OF_ACTION) ?? null;
}

/** Whether the character is Startled (composure rank 1 standing on its own): −2 to the next round's initiative. */
export function isStartled(c: Pick<Combatant, 'conditions'>): boolean {
  return c.conditions.some((k) => k.rank?.track === 'composure' && k.rank.value === 1);
}
