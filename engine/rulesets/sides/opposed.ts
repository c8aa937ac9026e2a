import * as v from 'valibot';
import type { RandomSource } from '../../dice/random';
import { manualRoll, rollNotation, type Roll } from '../../dice/roll';
import { count, listOf, roll } from '../../core/stored-event-parts';
import type { Combatant, EncounterState } from '../../core/state';
import type { Result } from '../../result';
import { sidesSettings } from './settings';

// An opposed skill check: each side rolls the fight's check dice and adds an attribute modifier
// and a skill; the higher total wins, and a tie is rolled again (the text leaves how checks are
// rolled to its core book: the dice are a setting).

/** One roll of each side. */
export interface OpposedRound {
  attacker: Roll;
  defender: Roll;
}

export interface Opposed {
  attackerBonus: number;
  defenderBonus: number;
  /** Every roll, ties included; the last one settled it. */
  rounds: OpposedRound[];
  attackerWins: boolean;
}

export const opposedSchema = v.object({ attackerBonus: count, defenderBonus: count, rounds: listOf(v.object({ attacker: roll, defender: roll }), 50), attackerWins: v.boolean() });

/** One named part of a bonus, as the forms show it ("STR +1", "Brawl +2", "Larger target −2"). */
export interface BonusPart {
  label: string;
  amount: number;
}

/** A bonus with its parts named. */
export interface Bonus {
  parts: BonusPart[];
  total: number;
}

export const bonusOf = (parts: BonusPart[]): Bonus => ({ parts, total: parts.reduce((n, p) => n + p.amount, 0) });

const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** A character's bonus for a check of an attribute and a skill, parts named (their better skill when given two). */
export function checkParts(c: Pick<Combatant, 'stats'>, attribute: 'str' | 'dex' | 'wis', skills: readonly string[]): Bonus {
  const skill = skills.reduce((best, s) => ((c.stats[s] ?? 0) > (c.stats[best] ?? 0) ? s : best), skills[0] ?? '');
  return bonusOf([{ label: attribute.toUpperCase(), amount: c.stats[attribute] ?? 0 }, { label: capital(skill), amount: c.stats[skill] ?? 0 }]);
}

/** A character's bonus for a check of an attribute and a skill (each side its better skill when given two). */
export function checkBonus(c: Combatant, attribute: 'str' | 'dex' | 'wis', skills: readonly string[]): number {
  return checkParts(c, attribute, skills).total;
}

/** Rolls an opposed check; the GM's dice, typed at the table, stand for the first roll of each side. */
export function rollOpposed(state: EncounterState, source: RandomSource, attackerBonus: number, defenderBonus: number, typed?: { attacker?: number[]; defender?: number[] }): Result<Opposed> {
  const dice = sidesSettings(state.settings).checkDice;
  const rounds: OpposedRound[] = [];
  for (let i = 0; i < 20; i++) {
    const a = i === 0 && typed?.attacker ? manualRoll(dice, typed.attacker) : rollNotation(dice, source);
    if (!a.ok) return a;
    const d = i === 0 && typed?.defender ? manualRoll(dice, typed.defender) : rollNotation(dice, source);
    if (!d.ok) return d;
    rounds.push({ attacker: a.value, defender: d.value });
    const ours = a.value.total + attackerBonus;
    const theirs = d.value.total + defenderBonus;
    if (ours !== theirs) return { ok: true, value: { attackerBonus, defenderBonus, rounds, attackerWins: ours > theirs } };
  }
  // Twenty ties in a row: the one holding on keeps it.
  return { ok: true, value: { attackerBonus, defenderBonus, rounds, attackerWins: false } };
}

/** "9 + 2 = 11 against 7 + 1 = 8", the settling roll of an opposed check. */
export function opposedWords(o: Opposed): string {
  const last = o.rounds[o.rounds.length - 1];
  if (!last) return '';
  const side = (r: Roll, bonus: number) => (bonus ? `${r.total} ${bonus > 0 ? '+' : '−'} ${Math.abs(bonus)} = ${r.total + bonus}` : `${r.total}`);
  const ties = o.rounds.length > 1 ? ` after ${o.rounds.length - 1} tie${o.rounds.length > 2 ? 's' : ''}` : '';
  return `${side(last.attacker, o.attackerBonus)} against ${side(last.defender, o.defenderBonus)}${ties}`;
}
