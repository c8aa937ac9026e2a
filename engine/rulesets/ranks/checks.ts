import type { RandomSource } from '../../dice/random';
import { rollNotation, type Roll } from '../../dice/roll';
import type { Combatant } from '../../core/state';
import type { RanksSettings } from './settings';

// A check: a skill's dice ("3D+1": three of the setting's die, plus 1) against a difficulty, with
// what the character's conditions do to it (−2, −1D, disadvantage) and anything the moment adds.
// Its result points (the total over the difficulty) come in ranks, bands of a set number of
// points; a failure's negative points make ranks too (fatigue after a failed movement check).

/** A skill's dice: how many of the setting's die, and what is added. */
export interface SkillDice {
  dice: number;
  bonus: number;
}

/** How a skill's dice are written ("3D+1", "2D-1", "4D"). */
export function writeDice(s: SkillDice): string {
  return `${s.dice}D${signed(s.bonus)}`;
}

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `-${-n}` : '');

/** What a check will roll before any die is rolled: the dice after conditions, what is added, and why. */
export interface CheckPlan {
  /** Dice in the pool after −1D and +1D (never fewer than one). */
  pool: number;
  /** Added to the dice: the skill's bonus, the conditions' −2, the moment's modifiers. */
  modifier: number;
  edge: 'advantage' | 'disadvantage' | null;
  /** The conditions that changed it ("Hurt", "Tired"). */
  from: string[];
  /** The dice to roll, in the dice roller's notation (each roll of it, when advantage rolls twice). */
  notation: string;
  /** How many times the notation is rolled: twice for advantage or disadvantage rolled as two checks. */
  times: 1 | 2;
}

/** Something the moment adds to a check: a modifier, dice (+1D from an advantage), advantage or disadvantage. */
export interface CheckExtra {
  modifier?: number;
  dice?: number;
  edge?: 'advantage' | 'disadvantage' | null;
}

/** What the character's conditions do to a check counted as any of `on` (an attribute, a skill), or to every check. */
function effectsOn(c: Pick<Combatant, 'conditions'>, on: readonly string[]): { modifier: number; dice: number; edges: ('advantage' | 'disadvantage')[]; from: string[] } {
  let modifier = 0;
  let dice = 0;
  const edges: ('advantage' | 'disadvantage')[] = [];
  const from = new Set<string>();
  for (const k of c.conditions) {
    for (const e of k.effects ?? []) {
      if (e.kind !== 'check' && e.kind !== 'check-dice' && e.kind !== 'edge') continue;
      if (e.on !== undefined && !on.includes(e.on)) continue;
      from.add(k.name);
      if (e.kind === 'check') modifier += e.amount;
      else if (e.kind === 'check-dice') dice += e.dice;
      else edges.push(e.edge);
    }
  }
  return { modifier, dice, edges, from: [...from] };
}

/**
 * The check `c` makes with `skill`, counting their conditions' effects on any check and on checks
 * of what it counts as (`on`: its attribute, Wounded taking 1D off Dexterity checks; its own key,
 * an advantage's +1D to one skill), and `extra`. Advantage and disadvantage cancel.
 */
export function planCheck(c: Pick<Combatant, 'conditions'>, skill: SkillDice, on: string | readonly string[] | undefined, settings: RanksSettings, extra: CheckExtra = {}): CheckPlan {
  const effects = effectsOn(c, on === undefined ? [] : typeof on === 'string' ? [on] : on);
  const edges = [...effects.edges, ...(extra.edge ? [extra.edge] : [])];
  const edge = edges.includes('advantage') && !edges.includes('disadvantage') ? 'advantage' : edges.includes('disadvantage') && !edges.includes('advantage') ? 'disadvantage' : null;
  const pool = Math.max(1, skill.dice + effects.dice + (extra.dice ?? 0));
  const modifier = skill.bonus + effects.modifier + (extra.modifier ?? 0);
  const twice = edge !== null && settings.advantage === 'twice';
  const dice = edge === null || twice ? `${pool}d${settings.die}` : `${pool + 1}d${settings.die}${edge === 'advantage' ? 'kh' : 'kl'}${pool}`;
  return { pool, modifier, edge, from: effects.from, notation: `${dice}${signed(modifier)}`, times: twice ? 2 : 1 };
}

/** The check rolled: each roll of it and the total kept (the better of two with advantage, the worse with disadvantage). */
export interface CheckRoll {
  rolls: Roll[];
  total: number;
}

export function rollCheck(plan: CheckPlan, random: RandomSource): CheckRoll {
  const rolls: Roll[] = [];
  for (let i = 0; i < plan.times; i++) {
    const r = rollNotation(plan.notation, random);
    // The plan's notation is built from whole numbers in range: a failure here is a bug.
    if (!r.ok) throw new Error(r.message);
    rolls.push(r.value);
  }
  const totals = rolls.map((r) => r.total);
  const total = plan.edge === 'disadvantage' ? Math.min(...totals) : Math.max(...totals);
  return { rolls, total };
}

/** A check's outcome against a difficulty. */
export interface Outcome {
  success: boolean;
  /** The total over the difficulty (negative under it), as the setting counts them. */
  points: number;
  /** Ranks the points make: on a success from the result points, on a failure from the points short. */
  ranks: number;
}

/** How many ranks this many result points make: 1 to a band's size is rank 1, and so on. */
export function ranksOf(points: number, settings: Pick<RanksSettings, 'rankSize'>): number {
  return points <= 0 ? 0 : Math.ceil(points / settings.rankSize);
}

export function outcomeOf(total: number, difficulty: number, settings: RanksSettings): Outcome {
  const over = total - difficulty;
  const points = settings.resultPoints === 'over-plus-one' && over >= 0 ? over + 1 : over;
  const success = settings.meetSucceeds ? over >= 0 : over > 0;
  return { success, points, ranks: success ? ranksOf(points, settings) : ranksOf(-points, settings) };
}
