import type { Formula } from '../../dice/notation';
import type { RandomSource } from '../../dice/random';
import { rollFormula, type Roll } from '../../dice/roll';
import type { Combatant, Id, Zone } from '../../encounter/state';
import { neighboursOf } from '../../map/zones';

/**
 * Who a blast hits: everyone standing in the zone who is not dead, in combatant order. A melee
 * blast spares the one swinging it; a ranged blast aimed at the attacker's own zone hits them too.
 */
export function blastTargets(combatants: readonly Combatant[], zoneId: Id, attackerId: Id, melee: boolean): Id[] {
  return combatants
    .filter((c) => c.zoneId === zoneId && !c.marks.includes('dead'))
    .filter((c) => !(melee && c.id === attackerId))
    .map((c) => c.id);
}

// Built by hand rather than parsed: the size comes from the map, not from a GM's typing, so
// there is no bad notation to report.
const oneDie = (sides: number): Formula => ({
  notation: `d${sides}`,
  terms: [{ kind: 'dice', sign: 1, count: 1, sides, keep: null }],
});

/**
 * Where a missed ranged blast lands instead: the neighbouring zones are numbered 1..n in
 * `neighboursOf` order and a dn picks one. With a single neighbour there is nothing to choose,
 * so no die is rolled (`roll` is null) and no randomness is used; the dice notation has no d1
 * anyway. Null when the zone has no neighbours: the blast then hits nothing.
 */
export function deviate(
  zones: readonly Zone[],
  zoneId: Id,
  random: RandomSource,
): { zoneId: Id; roll: Roll | null; numbered: Id[] } | null {
  const numbered = neighboursOf(zones, zoneId);
  const [only] = numbered;
  if (only === undefined) return null;
  if (numbered.length === 1) return { zoneId: only, roll: null, numbered };
  const roll = rollFormula(oneDie(numbered.length), random);
  // The die runs 1..n, so the pick is always in the list; `only` is a fallback for the type.
  return { zoneId: numbered[roll.total - 1] ?? only, roll, numbered };
}
