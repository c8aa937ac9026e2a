// Set-up shared by Skill Ranks' tests: an encounter under the ruleset and its characters. Not
// part of the ruleset's surface.
import '../builtin';
import type { Command } from '../../core/commands';
import { createEncounter, type Encounter } from '../../encounter/encounter';
import type { EncounterEvent } from '../../core/events';
import type { Id } from '../../core/state';
import { HEROES, run } from '../../test-support';
import type { RanksEventOf, RanksEventType } from './events';
import { BUILTIN_RULESETS } from '../../all-rulesets';

/** A new Skill Ranks encounter with the default factions (f1 the players', f2 the enemies). */
export function newRanks(settings: Record<string, string | number | boolean> = {}, seed = 1): Encounter {
  const created = createEncounter({ id: 'sr', name: 'Skill ranks', rulesetId: 'ranks', seed }, BUILTIN_RULESETS);
  if (!created.ok) throw new Error(created.message);
  return run(created.encounter, ...Object.entries(settings).map(([key, value]) => ({ type: 'set-setting' as const, key, value })));
}

/** Ann's sheet: a sword skill (3D+1, fixed 11), deflect (fixed 12) and a longsword (damage 4). */
export const ANN_SHEET = [
  { name: 'Sword', kind: 'skill', skill: 'martial', dice: 3, bonus: 1, fixed: 11 },
  { name: 'Deflect', kind: 'skill', skill: 'deflect', dice: 3, bonus: 0, fixed: 12 },
  { name: 'Longsword', kind: 'weapon', category: 'martial', damage: 4, damageBonus: 0 },
];

/** The orc's sheet: deflect (fixed 10), an axe skill (2D, fixed 7) and an axe (damage 3 + 1). */
export const ORC_SHEET = [
  { name: 'Deflect', kind: 'skill', skill: 'deflect', dice: 3, bonus: 0, fixed: 10 },
  { name: 'Axe', kind: 'skill', skill: 'martial', dice: 2, bonus: 0, fixed: 7 },
  { name: 'Axe', kind: 'weapon', category: 'martial', damage: 3, damageBonus: 1 },
];

/** Adds a Skill Ranks character with a fixed awareness (and awareness dice). */
export function addR(name: string, awareness: number, options: { factionId?: Id; awarenessDice?: number; stats?: Record<string, number> } = {}): Command {
  return {
    type: 'add-combatant',
    name,
    factionId: options.factionId ?? HEROES,
    stats: { awareness, awarenessDice: options.awarenessDice ?? 3, ...options.stats },
  };
}

/** Whether `event` is Skill Ranks' event of `type` (it then has that event's fields). */
export function isRanksEvent<T extends RanksEventType>(event: EncounterEvent, type: T): event is EncounterEvent & RanksEventOf<T> {
  return event.type === type;
}

/** Skill Ranks' events of `type` among `events`, as their own type. */
export function ranksEvents<T extends RanksEventType>(events: readonly EncounterEvent[], type: T): RanksEventOf<T>[] {
  return events.filter((x) => isRanksEvent(x, type));
}

/** The first of Skill Ranks' events of `type` among `events`; a test expecting one fails here when there is none. */
export function ranksEvent<T extends RanksEventType>(events: readonly EncounterEvent[], type: T): RanksEventOf<T> {
  const found = events.find((x) => isRanksEvent(x, type));
  if (!found) throw new Error(`No ${type} event among ${events.map((x) => x.type).join(', ') || 'none'}.`);
  return found;
}
