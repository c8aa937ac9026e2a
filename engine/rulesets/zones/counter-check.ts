import type { Combatant, EncounterState } from '../../core/state';
import type { GearItem } from './gear';
import { ruleRefusal, type Failure } from '../../result';
import { attackCheck, type HitCheck } from './attack-check';
import { mapReach, outOfReachReason } from './attack-reach';
import { fullSituation } from './declare-attack';
import { isVisible } from './targeting';
import { barrierBlocks, barrierRead } from './barrier';
import type { PendingAttack } from './attack';

/** What a counter takes to hit, and whether only the GM's ruling let it be made. */
export interface CounterHit {
  readonly check: HitCheck;
  readonly ruled: boolean;
}

const RULE_OTHERWISE = 'A counter is an attack at the attacker; as GM you may rule otherwise.';

/**
 * A counter checked like any attack by the counterer at the attacker: "Counter. Perform a suitable
 * attack against the attacker." Reach and half range come from the map as for an attack (a blast
 * weapon too: it strikes back at the attacker, so it must reach them), and the attacker must be in
 * sight as the map has it. A barrier between them stops it ("Barriers completely block attacks"),
 * unless the attacker peeked out from behind it to attack: "they can be still countered and the
 * barrier only counts as cover". The counterer stands still (they are reacting, not moving), so
 * moving never costs them a save. A counter the text rules out is a refusal the GM may overrule;
 * one ruled possible against the text needs the WIT save to hit.
 */
export function counterHit(state: EncounterState, attack: PendingAttack, counterer: Combatant, attacker: Combatant, weapon: GearItem, gmRuling: boolean): CounterHit | Failure {
  const reach = mapReach(state, counterer, { ...weapon, blast: false }, [attacker], null);
  if (reach?.outOfRange && !gmRuling) return ruleRefusal('react/out-of-range', `${outOfReachReason(counterer, weapon, reach)} ${RULE_OTHERWISE}`);
  // The barrier as the map has it between them (the attack's own reading where the map can't tell).
  const read = barrierRead(state, counterer, attacker);
  const peeked = attack.situation.attackerPeeking === true;
  const barrier = read ? read.blocked && !peeked : attack.situation.barrier === true && !peeked;
  const situation = fullSituation({ targetVisible: isVisible(state, counterer, attacker), beyondHalfRange: reach?.beyondHalfRange ?? false, barrier }, false);
  const check = attackCheck(weapon.reach, false, situation);
  if (check.kind !== 'impossible') return { check, ruled: gmRuling && reach?.outOfRange === true };
  if (!gmRuling) {
    const walled = barrierBlocks(weapon.reach, situation);
    const why = walled ? `${check.reason} ${attacker.name} did not peek out from it to attack, so nothing gets through either way.` : check.reason;
    return ruleRefusal(walled ? 'react/barrier' : 'react/impossible', `${why} ${RULE_OTHERWISE}`);
  }
  return { check: { kind: 'save', reason: "Needs a WIT save: the GM's ruling lets it be tried." }, ruled: true };
}
