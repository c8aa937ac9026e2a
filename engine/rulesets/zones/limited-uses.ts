import type { EncounterEvent } from '../../core/events';
import { resourceLeft, whenResourceReturns } from '../../encounter/resources';
import type { Combatant, Id, Resource } from '../../core/state';
import { gearOf } from './slice';

// Weapons that run out: a firebomb is thrown once, a flask of oil emptied. The rules count them
// among the consumable items and say no more, so their count is what the table already keeps for
// such things: a limited-use ability of the same name as the weapon ("Firebomb", 2 uses). Each
// attack made with the weapon, a counter included, spends one use of it, in the attack's own step.

const key = (name: string) => name.trim().toLocaleLowerCase();

/**
 * The uses the character's weapon `weaponId` runs on: their limited-use ability of its name. Null
 * when it never runs out, and for bare hands or a weapon they don't carry.
 */
export function usesOf(c: Combatant, weaponId: Id | null): Resource | null {
  const weapon = gearOf(c).find((g) => g.id === weaponId);
  return weapon ? (c.resources.find((r) => key(r.name) === key(weapon.name)) ?? null) : null;
}

/** "1 use left", "no uses left": how much is left of a weapon that runs out; null for one that doesn't. */
export function usesLeftWords(c: Combatant, weaponId: Id | null): string | null {
  const uses = usesOf(c, weaponId);
  if (!uses) return null;
  const left = resourceLeft(uses);
  return left === 0 ? 'no uses left' : `${left} ${left === 1 ? 'use' : 'uses'} left`;
}

/** Why the character can't attack with the weapon: nothing left of it (with when it comes back); null when they can. */
export function noUsesLeft(c: Combatant, weaponId: Id | null): string | null {
  const uses = usesOf(c, weaponId);
  if (!uses || resourceLeft(uses) > 0) return null;
  return `${c.name} has no ${uses.name} left (0 of ${uses.max}); it comes back ${whenResourceReturns(uses.reset)}.`;
}

/**
 * The use an attack with the weapon spends, as the core's own event (the log tells it, undo takes
 * it back with the attack): none for a weapon that never runs out, or one with nothing left that
 * the GM let be used anyway.
 */
export function spendUse(c: Combatant, weaponId: Id | null): EncounterEvent[] {
  const uses = usesOf(c, weaponId);
  if (!uses || resourceLeft(uses) === 0) return [];
  return [{ type: 'resource-used', combatantId: c.id, resourceId: uses.id, name: uses.name, max: uses.max, amount: 1, used: uses.used + 1 }];
}
