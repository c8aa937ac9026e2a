import type { Roll } from '../dice/roll';

/**
 * One roll in the encounter log: who rolled it (null for the GM's own dice roller), what for, and
 * every die as it landed, dropped dice included (`kept` false) so the log shows all of them.
 */
export interface LogDice {
  /** The character the roll belongs to, by the name the log uses for them; null for the GM's roller. */
  who: string | null;
  /** What it was for: "save to hit (hit)", "damage", "initiative", the GM's label. */
  purpose: string;
  notation: string;
  values: number[];
  /** One flag per value: false for a die dropped by keep-highest / keep-lowest. */
  kept: boolean[];
  total: number;
  /** The GM typed the dice in instead of rolling them here. */
  manual: boolean;
}

/** A roll as the log keeps it. */
export function logDice(who: string | null, purpose: string, roll: Roll): LogDice {
  const dice = roll.terms.flatMap((t) => t.dice);
  return {
    who,
    purpose,
    notation: String(roll.notation),
    values: dice.map((d) => Number(d.value)),
    kept: dice.map((d) => d.kept !== false),
    total: Number(roll.total),
    manual: roll.manual === true,
  };
}

/** "3 (5) 6": the dice in order, dropped ones in parentheses. */
export function diceValues(dice: Pick<LogDice, 'values' | 'kept'>): string {
  return dice.values.map((v, i) => (dice.kept[i] === false ? `(${v})` : String(v))).join(' ');
}

/** "Ann: damage", or the purpose alone for the GM's roller. */
export function diceLabel(dice: Pick<LogDice, 'who' | 'purpose'>): string {
  return dice.who === null ? dice.purpose : `${dice.who}: ${dice.purpose}`;
}

/** "Ann: damage, d8 [5] = 5", "save to hit, 2d20kl1 [4 (17)] = 4 (entered by hand)". */
export function formatDice(dice: LogDice): string {
  const values = dice.values.length > 0 ? ` [${diceValues(dice)}]` : '';
  return `${diceLabel(dice)}: ${dice.notation}${values} = ${dice.total}${dice.manual ? ' (entered by hand)' : ''}`;
}
