import type { Formula } from '../../dice/notation';
import type { RandomSource } from '../../dice/random';
import { rollFormula, type Roll } from '../../dice/roll';
import type { Combatant, Id } from '../../core/state';
import type { GearItem, GearWear } from './gear';
import { gearOf } from './slice';

// Built by hand: the die comes from a ruleset setting, not from typing. At least 2 sides, so a
// bad setting can't ask the random source for an empty range.
const durabilityDie = (die: number): Formula => {
  const sides = Math.max(2, Math.trunc(die));
  return { notation: `d${sides}`, terms: [{ kind: 'dice', sign: 1, count: 1, sides, keep: null }] };
};

/** One step worse: sound gear gets damaged, damaged gear breaks. Improvised gear starts out damaged. */
function worn(item: GearItem): GearWear {
  return item.wear === 'sound' && !item.improvised ? 'damaged' : 'broken';
}

/**
 * The durability roll after a fight for one weapon, shield or armour that was used. The rules
 * name the roll without saying what it is, so its die and failing numbers are settings: roll a
 * d`die`; a result of `failsOn` or less wears the item one step. The roll is always made so the
 * log can show it; an item that is already broken simply stays broken (`gearToRoll` leaves those
 * out, so a caller that follows it never rolls for one).
 */
export function durabilityRoll(item: GearItem, random: RandomSource, die: number, failsOn: number): { roll: Roll; wear: GearWear } {
  const roll = rollFormula(durabilityDie(die), random);
  if (item.wear === 'broken' || roll.total > failsOn) return { roll, wear: item.wear };
  return { roll, wear: worn(item) };
}

/** Every weapon, shield and armour that was used in the fight and still holds, with its owner, in list order. */
export function gearToRoll(combatants: readonly Combatant[]): { combatantId: Id; item: GearItem }[] {
  return combatants.flatMap((c) => gearOf(c).filter((g) => g.used && g.wear !== 'broken').map((item) => ({ combatantId: c.id, item })));
}
