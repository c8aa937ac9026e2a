import type { RandomSource } from '../../dice/random';
import { rollNotation, type Roll } from '../../dice/roll';
import type { Combatant } from '../../core/state';
import { individualInitiative } from '../../turns/individual';
import { hasTrait } from '../../core/fields';
import { twoDiceSettings } from './settings';

// Initiative: everyone rolls 2d6, the Vigilant 3d6, highest first. A tie between a Vigilant
// character and one without goes to the Vigilant one; any other tie is rolled again among those
// tied until it breaks, each re-roll kept in the fight's start (and so in the log's dice).

const vigilant = (c: Combatant) => hasTrait(c, 'vigilant');

function rolled(notation: string, random: RandomSource): Roll {
  const r = rollNotation(notation, random);
  if (!r.ok) throw new Error(r.message);
  return r.value;
}

/** The dice a character rolls for initiative. */
export function initiativeDice(c: Combatant): '2d6' | '3d6' {
  return vigilant(c) ? '3d6' : '2d6';
}

export const twoDiceInitiative = individualInitiative({
  score: (c, random) => {
    const roll = rolled(initiativeDice(c), random);
    return { roll, total: roll.total };
  },
  // Only Vigilant against not-Vigilant is settled by the rule; otherwise the tie stands and is rolled again.
  breakTie: (a, b) => Number(vigilant(b)) - Number(vigilant(a)),
  tiebreak: (c, random, settings) => rolled(vigilant(c) && twoDiceSettings(settings).vigilantTiebreak === '3d6' ? '3d6' : '2d6', random),
  handEntry: (c) => (vigilant(c) ? { min: 3, max: 18, dice: '3d6' } : { min: 2, max: 12, dice: '2d6' }),
});
