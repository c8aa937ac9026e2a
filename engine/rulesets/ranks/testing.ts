// Set-up shared by Skill Ranks' tests: an encounter under the ruleset and its characters. Not
// part of the ruleset's surface.
import '../builtin';
import type { Command } from '../../encounter/commands';
import { createEncounter, type Encounter } from '../../encounter/encounter';
import type { Id } from '../../encounter/state';
import { HEROES, run } from '../../test-support';

/** A new Skill Ranks encounter with the default factions (f1 the players', f2 the enemies). */
export function newRanks(settings: Record<string, string | number | boolean> = {}, seed = 1): Encounter {
  const created = createEncounter({ id: 'sr', name: 'Skill ranks', rulesetId: 'ranks', seed });
  if (!created.ok) throw new Error(created.message);
  return run(created.encounter, ...Object.entries(settings).map(([key, value]) => ({ type: 'set-setting' as const, key, value })));
}

/** Adds a Skill Ranks character with a fixed awareness (and awareness dice). */
export function addR(name: string, awareness: number, options: { factionId?: Id; awarenessDice?: number; stats?: Record<string, number> } = {}): Command {
  return {
    type: 'add-combatant',
    name,
    factionId: options.factionId ?? HEROES,
    stats: { awareness, awarenessDice: options.awarenessDice ?? 3, ...options.stats },
  };
}
