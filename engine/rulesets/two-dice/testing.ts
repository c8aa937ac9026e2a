// Set-up shared by 2d6 & Vigilant's tests: an encounter under the ruleset, its characters, and
// turns passed until someone's. Not part of the ruleset's surface.
import '../builtin';
import type { Command } from '../../core/commands';
import { createEncounter, type Encounter } from '../../encounter/encounter';
import type { EncounterEvent } from '../../core/events';
import type { Id } from '../../core/state';
import { HEROES } from '../../test-support';
import type { TwoDiceEvent } from './events';
import { BUILTIN_RULESETS } from '../../all-rulesets';

/** A new 2d6 & Vigilant encounter with the default factions, the first of them the players'. */
export function newTwoDice(seed = 1): Encounter {
  const created = createEncounter({ id: 't1', name: 'Two dice', rulesetId: 'two-dice', seed }, BUILTIN_RULESETS);
  if (!created.ok) throw new Error(created.message);
  return created.encounter;
}

/** A step's first event, read as the 2d6 & Vigilant event of type `type` (a test fails if it is another). */
export function firstEvent<T extends TwoDiceEvent['type']>(events: readonly EncounterEvent[], type: T): Extract<TwoDiceEvent, { type: T }> {
  const first = events[0];
  const isIt = (e: EncounterEvent | undefined): e is Extract<TwoDiceEvent, { type: T }> => e?.type === type;
  if (!isIt(first)) throw new Error(`expected a ${type} event first, got ${first?.type ?? 'none'}`);
  return first;
}

/** Adds a 2d6 & Vigilant character. */
export function addT(
  name: string,
  options: { factionId?: Id; hp?: number; move?: number; traitSlots?: number; traits?: string[]; kit?: Record<string, unknown>; quantity?: number } = {},
): Extract<Command, { type: 'add-combatant' }> {
  return {
    type: 'add-combatant',
    name,
    factionId: options.factionId ?? HEROES,
    stats: { move: options.move ?? 30, ...(options.traitSlots !== undefined ? { traitSlots: options.traitSlots } : {}) },
    tracks: { hp: options.hp ?? 4 },
    quantity: options.quantity ?? 1,
    ...(options.traits ? { traits: options.traits } : {}),
    ...(options.kit ? { rules: options.kit } : {}),
  };
}

export const SWORD = { name: 'Sword', kind: 'weapon', category: 'light-melee', subclass: 'One-handed swords' };
export const GREATSWORD = { name: 'Greatsword', kind: 'weapon', category: 'heavy-melee', subclass: 'Two-handed swords' };
export const SWORDS = { name: 'One-handed swords', kind: 'proficiency', category: 'light-melee', level: 'proficient' };
export const BOWS = { name: 'Bows', kind: 'proficiency', category: 'ranged', level: 'proficient' };
