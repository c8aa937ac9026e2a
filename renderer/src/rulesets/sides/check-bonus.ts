import type { Combatant } from '../../../../engine/index';

// The opposed check the text suggests for a surprise: the surprising side's DEX/Sneak (a stealthy
// approach) or STR/Exert (a door kicked in) against the watching side's WIS/Notice. A character's bonus
// for one is their attribute modifier plus their skill, as the sheet holds them.

export type Approach = 'sneak' | 'exert';

/** The surprising side's checks, with the stats each adds up. */
export const APPROACHES: Readonly<Record<Approach, { label: string; stats: readonly string[] }>> = {
  sneak: { label: 'DEX/Sneak: a stealthy approach', stats: ['dex', 'sneak'] },
  exert: { label: 'STR/Exert: kicking a door in', stats: ['str', 'exert'] },
};

/** The watching side's check. */
export const NOTICE: readonly string[] = ['wis', 'notice'];

/** A character's bonus for a check: the stats it adds, each 0 where the sheet has none. */
export const bonusOf = (c: Pick<Combatant, 'stats'>, stats: readonly string[]): number => stats.reduce((n, key) => n + (c.stats[key] ?? 0), 0);
