import { rollUnderChance } from '../../dice/checks';

/** How fast a side moves and how long it keeps that speed up, on whatever scale the GM uses. */
export interface Pace {
  speed: number;
  stamina: number;
}

/** How a long chase ends before any dice: away clean, caught for sure, or down to an AGI save. */
export interface ChaseVerdict {
  kind: 'escapes' | 'caught' | 'save';
  reason: string;
}

/** The phrases whose condition holds, joined for a sentence ("are slower and tire sooner"). */
function whichHold(phrases: [boolean, string][]): string {
  return phrases
    .filter(([holds]) => holds)
    .map(([, phrase]) => phrase)
    .join(' and ');
}

/**
 * Settles a long chase the way the rules put it, checked in this order: a fleer that is faster
 * OR lasts longer gets away without a save (even if it loses on the other count); otherwise one
 * that is slower OR tires sooner can't get away; a dead heat on both counts means an AGI save.
 */
export function chaseVerdict(fleer: Pace, pursuers: Pace): ChaseVerdict {
  const ahead = whichHold([
    [fleer.speed > pursuers.speed, 'are faster'],
    [fleer.stamina > pursuers.stamina, 'can keep going longer'],
  ]);
  if (ahead) return { kind: 'escapes', reason: `They get away, no save needed: the fleers ${ahead}.` };
  const behind = whichHold([
    [fleer.speed < pursuers.speed, 'are slower'],
    [fleer.stamina < pursuers.stamina, 'tire sooner'],
  ]);
  if (behind) return { kind: 'caught', reason: `They can't get away: the fleers ${behind}.` };
  return { kind: 'save', reason: 'Each fleer makes an AGI save: both sides are just as fast and last just as long.' };
}

/** The chance (0–1) a fleer with this AGI escapes: certain, hopeless, or a roll-under d20. */
export function chaseOdds(agi: number, verdict: Pick<ChaseVerdict, 'kind'>): number {
  if (verdict.kind === 'escapes') return 1;
  if (verdict.kind === 'caught') return 0;
  return rollUnderChance(agi);
}
