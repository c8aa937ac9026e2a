import { logDice } from '../../core/log-dice';
import { healthLeft, told, type Told } from '../../core/told';
import type { Voice } from '../../core/voice';
import type { AdvancedEvent } from './advance';
import type { AttackedEvent } from './attack';
import { ARMOUR } from './armour';
import type { StabiliseSkippedEvent, StabilisedEvent } from './dying';
import type { KitSetEvent } from './events';
import { CATEGORY_LABEL } from './kit';
import type { TestedEvent } from './test-command';

// How 2d6 & Vigilant's events read in the log, for the GM and for the players (by the names and
// the health they may know).

const edgeWords = (edge: string) => (edge === 'normal' ? '' : ` at ${edge}`);
const ruled = (e: { ruling?: true }, v: Voice) => (e.ruling && v.audience === 'gm' ? ' (the GM\'s ruling)' : '');

export function attacked(e: AttackedEvent, v: Voice): Told | null {
  const attacker = v.who(e.attackerId);
  const target = v.who(e.targetId);
  if (attacker === null || target === null) return null;
  const r = e.rolls;
  const dice = [logDice(attacker, `attack with ${e.weapon}`, r.attack)];
  const test = `${r.attack.total} against ${r.difficulty}${edgeWords(e.edge)}`;
  const ids = [e.attackerId, e.targetId];
  if (!r.hit) return told(`${attacker} attacks ${target} with ${e.weapon} and misses (${test})${ruled(e, v)}.`, ids, dice, [`${attacker} misses ${target}`]);
  const parts: string[] = [];
  if (r.critical) dice.push(logDice(attacker, 'critical', r.critical));
  if (r.isCritical) parts.push('a critical (+1)');
  if (r.reductionRoll) {
    dice.push(logDice(attacker, "past the target's damage reduction", r.reductionRoll));
    parts.push(r.reduced > 0 ? `the damage reduction takes ${r.reduced} (${r.reductionRoll.total})` : `the roll of ${r.reductionRoll.total} gets past the damage reduction`);
  }
  const what = e.category === 'unarmed' && r.damage === 0 && !r.reductionRoll ? 'untrained unarmed blows do no damage' : r.damage === 0 ? 'no damage' : `${r.damage} damage${healthLeft(v, e.targetId, e.tracks ?? undefined)}`;
  const detail = parts.length > 0 ? `; ${parts.join('; ')}` : '';
  return told(`${attacker} hits ${target} with ${e.weapon} (${test})${detail}: ${what}${ruled(e, v)}.`, ids, dice, [`${attacker} hits ${target} (${r.damage})`]);
}

const TEST_WORDS: Readonly<Record<TestedEvent['test'], [string, string]>> = {
  evade: ['evades', 'fails to evade'],
  extricate: ['gets clear of the fight', 'fails to get clear of the fight'],
  sneak: ['sneaks', 'fails to sneak'],
  other: ['succeeds', 'fails'],
};

export function tested(e: TestedEvent, v: Voice): Told | null {
  const who = v.who(e.combatantId);
  if (who === null) return null;
  const [passed, failed] = TEST_WORDS[e.test];
  const what = e.test === 'other' ? ` at ${e.label}` : '';
  const why = v.audience === 'gm' && e.reasons.length > 0 ? `; ${e.reasons.join('; ')}` : '';
  return told(`${who} ${e.success ? passed : failed}${what} (${e.roll.total} against ${e.difficulty}${edgeWords(e.edge)}${why})${ruled(e, v)}.`, [e.combatantId], [logDice(who, e.test === 'other' ? e.label : e.test, e.roll)], [`${who} ${e.success ? passed : failed}`]);
}

export function advanced(e: AdvancedEvent, v: Voice): Told | null {
  const who = v.who(e.combatantId);
  if (who === null) return null;
  return told(`${who} advances ${e.distance} ft${e.endsTurn ? ', which ends their turn' : ''}${ruled(e, v)}.`, [e.combatantId]);
}

export function kitSet(e: KitSetEvent, v: Voice): Told | null {
  const who = v.who(e.combatantId);
  if (who === null || !v.exact(e.combatantId)) return null;
  const weapons = e.kit.weapons.map((w) => `${w.name} (${CATEGORY_LABEL[w.category].toLowerCase()})`);
  return told(`${who} has ${ARMOUR[e.kit.armour].label.toLowerCase()}${weapons.length > 0 ? ` and ${weapons.join(', ')}` : ''}${ruled(e, v)}.`, [e.combatantId]);
}

export function stabilised(e: StabilisedEvent, v: Voice): Told | null {
  const who = v.who(e.combatantId);
  if (who === null) return null;
  const medic = e.medicId ? v.who(e.medicId) : null;
  const test = `${e.attempt === 1 ? 'first' : 'second'} stabilisation test${e.attempt === 2 ? ' at disadvantage' : ''}`;
  const score = `${e.roll.total} against ${e.difficulty}${v.audience === 'gm' && e.reasons.length > 0 ? `, ${e.reasons.join(', ')}` : ''}`;
  const tended = medic ? `, tended by ${medic}` : '';
  const outcome = e.success ? 'is stable at 1 HP, unconscious for the rest of the encounter' : e.dies ? 'dies' : 'is still dying';
  return told(`${who} rolls their ${test}${tended} (${score}): ${outcome}.`, [e.combatantId, ...(e.medicId ? [e.medicId] : [])], [logDice(who, test, e.roll)], [`${who} ${e.success ? 'stabilises' : e.dies ? 'dies' : 'fails to stabilise'}`]);
}

export function skipped(e: StabiliseSkippedEvent, v: Voice): Told | null {
  const who = v.who(e.combatantId);
  if (who === null || v.audience !== 'gm') return null;
  return told(`The GM lets ${who}'s stabilisation test for round ${e.round} go.`, [e.combatantId]);
}
