// Set-up shared by Sides & Shock's tests: an encounter under the ruleset, its characters and
// their weapons. Not part of the ruleset's surface.
import '../builtin';
import type { Command } from '../../core/commands';
import type { EncounterEvent } from '../../core/events';
import { createEncounter, type Encounter } from '../../encounter/encounter';
import type { Id } from '../../core/state';
import { HEROES, idOf, run, stepWithDice } from '../../test-support';
import type { SidesEventOf, SidesEventType } from './events';
import { BUILTIN_RULESETS } from '../../all-rulesets';

/** A new Sides & Shock encounter with the default factions (f1 the party, f2 the enemies). */
export function newSides(seed = 1): Encounter {
  const created = createEncounter({ id: 'ss', name: 'Sides', rulesetId: 'sides', seed }, BUILTIN_RULESETS);
  if (!created.ok) throw new Error(created.message);
  return created.encounter;
}

/** A sword: 1d8, STR or DEX, Stab, Shock 2/AC 13. */
export const SWORD = { name: 'Sword', kind: 'weapon', damage: '1d8', attribute: 'either', skill: 'stab', use: 'melee', shock: 2, shockAc: 13 };
/** The text's example: Shock 2/AC 15. */
export const SPEAR = { name: 'Spear', kind: 'weapon', damage: '1d6', attribute: 'str', skill: 'stab', use: 'melee', shock: 2, shockAc: 15 };

/** Adds a Sides & Shock character. */
export function addS(name: string, options: { factionId?: Id; hp?: number; ac?: number; attack?: number; str?: number; dex?: number; stab?: number; dexScore?: number; traits?: string[]; gear?: object[]; quantity?: number } = {}): Command {
  return {
    type: 'add-combatant',
    name,
    factionId: options.factionId ?? HEROES,
    stats: { ac: options.ac ?? 10, attack: options.attack ?? 0, str: options.str ?? 0, dex: options.dex ?? 0, stab: options.stab ?? 0, dexScore: options.dexScore ?? 10 },
    tracks: { hp: options.hp ?? 10 },
    quantity: options.quantity ?? 1,
    ...(options.traits ? { traits: options.traits } : {}),
    ...(options.gear ? { rules: { gear: options.gear } } : {}),
  };
}

/** The id of a character's weapon by its name. */
export function weaponId(e: Encounter, who: string, weapon: string): Id {
  const c = e.state.combatants.find((x) => x.name === who);
  const rules = c?.rules as { gear?: { id: Id; name: string }[] } | undefined;
  const found = rules?.gear?.find((g) => g.name === weapon);
  if (!found) throw new Error(`${who} has no ${weapon}`);
  return found.id;
}

/** Starts the fight with the sides' d8s given in the order the sides are listed. */
export function startWith(e: Encounter, d8s: number[]): Encounter {
  return stepWithDice(e, d8s, { type: 'start-combat' }).encounter;
}

/** `name` takes their turn. */
export const takeTurn = (e: Encounter, name: string): Encounter => run(e, { type: 'take-turn', combatantId: idOf(e, name) });

/** The fight's events of one of Sides & Shock's types, each as that type. */
export function eventsOf<T extends SidesEventType>(e: Encounter, type: T): SidesEventOf<T>[] {
  return e.events.filter(ofType(type));
}

const ofType =
  <T extends SidesEventType>(type: T) =>
  (x: EncounterEvent): x is SidesEventOf<T> =>
    x.type === type;

/** The first of the fight's events of this type; a test reading one that isn't there fails here. */
export function firstEvent<T extends SidesEventType>(e: Encounter, type: T): SidesEventOf<T> {
  const found = eventsOf(e, type).at(0);
  if (!found) throw new Error(`No ${type} event in the log.`);
  return found;
}

/** The last of the fight's events of this type; a test reading one that isn't there fails here. */
export function lastEvent<T extends SidesEventType>(e: Encounter, type: T): SidesEventOf<T> {
  const found = eventsOf(e, type).at(-1);
  if (!found) throw new Error(`No ${type} event in the log.`);
  return found;
}

/** The fight's very last event, which must be of this type. */
export function finalEvent<T extends SidesEventType>(e: Encounter, type: T): SidesEventOf<T> {
  const last = e.events.at(-1);
  if (!last || !ofType(type)(last)) throw new Error(`The last event is ${last?.type ?? 'none'}, not ${type}.`);
  return last;
}
