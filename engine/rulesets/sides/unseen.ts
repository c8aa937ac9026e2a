import { displayOf } from '../../core/display';
import type { Combatant, EncounterState } from '../../core/state';
import { ruleRefusal, type Failure } from '../../result';
import { shownTest } from '../../views/player-view';

// "You are shooting at a target you can't see and don't know their exact position. N/A": an
// unseen target can be attacked (at −4, the `unseen` modifier) only where the attacker knows its
// place. Whether they do, the state tells for the party: a target the players' screen doesn't
// show (concealed, hidden until its turn, or standing in squares hidden from the players) is
// somewhere the party doesn't know. Otherwise (an NPC attacking, or a fight off the map) the place counts as known
// unless the GM says it isn't (`placeKnown` on the attack). The map reads `unseen` for shots only
// (the row says "shooting"); a melee strike the GM marks unseen meets the same refusal, since
// one can't strike "a target in melee range" one can't place.

/** Whether the attacker knows where the target is, as far as the state tells: false only where the players' screen hides it from the party. */
export function placeKnownOnMap(state: EncounterState, attacker: Combatant, target: Combatant): boolean {
  if (!displayOf(state).playerFactions.includes(attacker.factionId)) return true;
  return shownTest(state)(target);
}

/** Why an attack on an unseen target whose place isn't known can't be made (the GM may rule otherwise), or null. */
export function unplacedRefusal(attacker: Combatant, target: Combatant, unseen: boolean, placeKnown: boolean): Failure | null {
  if (!unseen || placeKnown) return null;
  return ruleRefusal('sides/unseen-unplaced', `${attacker.name} can't see ${target.name} and doesn't know where they are: no attack can be aimed at them. If ${attacker.name} knows the place, say so (−4 for the unseen target), or rule it.`);
}
