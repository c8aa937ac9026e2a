/** One side of a counter: what a character suffers, after armour, and whether the blow is non-lethal. */
interface Incoming {
  damage: number;
  nonLethal: boolean;
}

/**
 * Who is hit first when a target counters an attack. Both sides roll at once; the one who takes
 * more damage (after armour) is hit first, and a tie lands both blows together.
 *
 * A non-lethal attack (disarm, grapple) deals no damage, so it always resolves last. Read the
 * arguments as what each character *suffers*: `toAttacker` is the counter landing on the
 * attacker, `toCounterer` the attack landing on the counterer. So if only the attacker's own
 * attack is non-lethal (`toCounterer.nonLethal`), that blow lands last: the attacker is hit
 * first. If only the counter is non-lethal, the counterer is hit first. Both non-lethal: together.
 */
export function counterOrder(
  toAttacker: Incoming,
  toCounterer: Incoming,
): 'attacker-hit-first' | 'counterer-hit-first' | 'together' {
  if (toAttacker.nonLethal && toCounterer.nonLethal) return 'together';
  if (toCounterer.nonLethal) return 'attacker-hit-first';
  if (toAttacker.nonLethal) return 'counterer-hit-first';
  if (toAttacker.damage > toCounterer.damage) return 'attacker-hit-first';
  if (toCounterer.damage > toAttacker.damage) return 'counterer-hit-first';
  return 'together';
}
