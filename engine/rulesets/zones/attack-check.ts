import type { AttackSituation } from '../../encounter/attack';

/**
 * Whether an attack hits on its own, needs a WIT save to hit, or can't be made at all, with a
 * sentence the GM can read out.
 */
export type HitCheck = { kind: 'auto' | 'save' | 'impossible'; reason: string };

const auto = (reason = 'Hits automatically.'): HitCheck => ({ kind: 'auto', reason });
const save = (why: string): HitCheck => ({ kind: 'save', reason: `Needs a WIT save: ${why}.` });
const impossible = (why: string): HitCheck => ({ kind: 'impossible', reason: `Not possible: ${why}.` });

function meleeCheck(blast: boolean, s: AttackSituation): HitCheck {
  // A melee blast sweeps the attacker's own zone, so there is nothing to aim and nothing to miss.
  if (blast) return auto('Hits automatically: a melee blast never misses.');
  if (!s.targetVisible) return save("the attacker can't see the target");
  return auto();
}

function rangedCheck(s: AttackSituation): HitCheck {
  if (!s.targetVisible) return impossible('a ranged attack needs a visible target');
  // Each hardship alone costs a save; both together rule the shot out.
  if (s.beyondHalfRange && s.attackerMoving) return impossible("a target beyond half range can't be shot while moving");
  if (s.beyondHalfRange) return save('the target is beyond half range');
  if (s.attackerMoving) return save('the attacker is moving');
  return auto();
}

function indirectCheck(s: AttackSituation): HitCheck {
  // Visibility doesn't matter: lobbing over obstacles at unseen targets is what indirect fire is for.
  if (s.attackerMoving) return impossible("indirect fire can't be made while moving");
  if (!s.beyondHalfRange) return impossible('indirect fire only reaches targets beyond half range');
  return save('indirect fire never hits without one');
}

/**
 * What it takes to hit, from how the weapon reaches (unarmed attacks are melee), whether it hits
 * a whole zone, and the GM's reading of the scene. Ranged blasts follow the ranged rules.
 */
export function attackCheck(reach: 'melee' | 'ranged' | 'indirect', blast: boolean, s: AttackSituation): HitCheck {
  if (reach === 'melee') return meleeCheck(blast, s);
  if (reach === 'ranged') return rangedCheck(s);
  return indirectCheck(s);
}
