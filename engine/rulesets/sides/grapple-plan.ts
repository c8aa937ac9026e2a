import { checkCombatant, isFailure } from '../../core/checks';
import type { Combatant, EncounterState, Id } from '../../core/state';
import { failure, type Failure } from '../../result';
import { fightOf, type Grapple } from './fight';
import { SIZE_PENALTY, type Size } from './maneuver';
import { SIZE_LABEL } from './maneuver-plan';
import { opposedOdds } from './odds';
import { bonusOf, checkParts, type Bonus } from './opposed';
import { sidesSettings } from './settings';
import { fighting } from './spend';

// Breaking free and dragging before any die is rolled, as the grapple and shove plans do: each
// side's STR/Brawl bonus with its parts named, the fight's check dice, the odds, and what winning
// or losing does by the text. The grapple buttons show these; `sides/break-free` and `sides/drag`
// roll with exactly these bonuses. The grappler's checks keep the size penalty the grapple was
// taken with ("a -2 penalty on all skill checks by the attacker").

/** How far a won drag takes the grappled along: "moved 10ft along with them". */
export const DRAG_FEET = 10;
/** How far a won throw sends the grappled, who lands prone: "thrown 5ft and knocked prone". */
export const THROW_FEET = 5;

/** Grapples that still hold: grappler and target both still fighting. */
export function grapplesOf(state: EncounterState): Grapple[] {
  const standing = (id: Id) => {
    const c = state.combatants.find((x) => x.id === id);
    return c !== undefined && fighting(c);
  };
  return fightOf(state).grapples.filter((g) => standing(g.by) && standing(g.target));
}

/** A grappler's STR/Brawl, less the size penalty their grapple was taken with. */
function grapplerBonus(grappler: Combatant, size: Size): Bonus {
  const ours = checkParts(grappler, 'str', ['brawl']);
  return SIZE_PENALTY[size] === 0 ? ours : bonusOf([...ours.parts, { label: SIZE_LABEL[size], amount: SIZE_PENALTY[size] }]);
}

/** One grappler the grappled's roll is set against. */
export interface HoldPlan {
  grappler: Combatant;
  size: Size;
  bonus: Bonus;
  /** The chance the grappled's roll beats this grappler's, ties rolled again. */
  winChance: number;
}

export interface BreakFreePlan {
  grappled: Combatant;
  check: 'STR/Brawl';
  dice: string;
  bonus: Bonus;
  /** Each grappler: won against them, the grappled is free of them; lost, still held by them. */
  holds: HoldPlan[];
}

/** A grappled character breaking free: a Main action and one STR/Brawl roll set against each grappler's. */
export function planBreakFree(state: EncounterState, combatantId: Id): BreakFreePlan | Failure {
  const grappled = checkCombatant(state, combatantId);
  if (isFailure(grappled)) return grappled;
  const dice = sidesSettings(state.settings).checkDice;
  const bonus = checkParts(grappled, 'str', ['brawl']);
  const holds = grapplesOf(state)
    .filter((g) => g.target === grappled.id)
    .flatMap((g) => {
      const grappler = state.combatants.find((c) => c.id === g.by);
      if (!grappler) return [];
      const size = g.size ?? 'same';
      const theirs = grapplerBonus(grappler, size);
      return [{ grappler, size, bonus: theirs, winChance: opposedOdds(dice, bonus.total, theirs.total) }];
    });
  if (holds.length === 0) return failure('sides/not-grappled', `${grappled.name} isn't grappled.`);
  return { grappled, check: 'STR/Brawl', dice, bonus, holds };
}

export type DragHow = 'move' | 'throw';

export interface DragPlan {
  grappler: Combatant;
  target: Combatant;
  check: 'STR/Brawl';
  dice: string;
  /** The size the grapple was taken with (older grapples: the one asked for, or man-sized). */
  size: Size;
  grapplerBonus: Bonus;
  targetBonus: Bonus;
  /** The chance the grappler wins, ties rolled again; lost, the target breaks free. */
  winChance: number;
  /** Won: dragged this far along, still held. */
  dragFeet: number;
  /** Won: thrown this far, prone and free. */
  throwFeet: number;
}

/** A grappler moving their target: a Main action and STR/Brawl against STR/Brawl. */
export function planDrag(state: EncounterState, combatantId: Id, askedSize?: Size): DragPlan | Failure {
  const grappler = checkCombatant(state, combatantId);
  if (isFailure(grappler)) return grappler;
  const g = grapplesOf(state).find((x) => x.by === grappler.id);
  const target = g && state.combatants.find((c) => c.id === g.target);
  if (!g || !target) return failure('sides/not-grappling', `${grappler.name} isn't grappling anyone.`);
  const size = g.size ?? askedSize ?? 'same';
  const dice = sidesSettings(state.settings).checkDice;
  const ours = grapplerBonus(grappler, size);
  const theirs = checkParts(target, 'str', ['brawl']);
  return { grappler, target, check: 'STR/Brawl', dice, size, grapplerBonus: ours, targetBonus: theirs, winChance: opposedOdds(dice, ours.total, theirs.total), dragFeet: DRAG_FEET, throwFeet: THROW_FEET };
}
