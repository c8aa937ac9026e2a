import type { EncounterEvent } from '../../core/events';
import type { EncounterState } from '../../core/state';
import { told, type Told } from '../../core/told';
import type { Voice } from '../../core/voice';
import { failure, type Result } from '../../result';
import type { ZonesCommandOf } from './commands';
import { askedToAnswer, STUNT_MAX } from './declare-attack';
import type { ZonesEventOf } from './events';
import { withPendingAttack, zonesFight } from './slice';

// "The attacker can propose an alternative effect to the target instead of inflicting damage…
// This must be done before the target decides whether to react but after the WIT save to hit."
// An attack may be declared as a stunt at once; or, once the WIT save to hit is known and while
// the attack waits for its targets, the attacker offers one in place of the damage.

/** The attacker offers a stunt in place of the waiting attack's damage, before anyone answers it. */
export function proposeStunt(state: EncounterState, cmd: ZonesCommandOf<'zones/propose-stunt'>): Result<EncounterEvent[]> {
  const attack = zonesFight(state).pendingAttack;
  if (!attack) return failure('attack/none', 'No attack is waiting: a stunt is offered once the attack has hit, before its targets answer.');
  if (attack.intent !== 'damage' && attack.intent !== 'hold-back') {
    return failure('stunt/intent', attack.intent === 'stunt' ? 'A stunt is on offer already.' : 'A stunt takes the place of damage, and this attack deals none.');
  }
  if (attack.zoneId !== null) return failure('attack/blast-intent', 'A blast hits a whole zone; it can only deal damage.');
  if (attack.reactions.length > 0) return failure('stunt/late', 'A target has answered the attack already; a stunt is offered before they choose.');
  const stunt = typeof cmd.stunt === 'string' ? cmd.stunt.trim().slice(0, STUNT_MAX) : '';
  if (stunt === '') return failure('attack/stunt', 'Describe the effect the attacker proposes instead of damage.');
  const attacker = state.combatants.find((c) => c.id === attack.attackerId);
  if (!attacker) return failure('attack/none', 'The attacker is gone; cancel the attack.');
  // Accepting or refusing is every target's to say, surprised or not (see `askedToAnswer`).
  const awaiting = attack.targets.filter((id) => {
    const target = state.combatants.find((c) => c.id === id);
    return target !== undefined && askedToAnswer(state, attacker, attack.situation, 'stunt', attack.targets, target);
  });
  return { ok: true, value: [{ type: 'zones/stunt-proposed', stunt, awaiting }] };
}

/**
 * The waiting attack becomes the stunt, asking each target still fighting to take it or not. It
 * keeps whether it was held back: "The target can either accept the proposed effect or resolve the
 * attack as normal", and the attack as declared was a held-back one.
 */
export function stuntProposed(state: EncounterState, event: ZonesEventOf<'zones/stunt-proposed'>): EncounterState {
  const attack = zonesFight(state).pendingAttack;
  if (!attack) return state;
  const heldBack = attack.intent === 'hold-back' ? { heldBack: true } : {};
  return withPendingAttack(state, { ...attack, intent: 'stunt', stunt: event.stunt, awaiting: event.awaiting, ...heldBack });
}

/** "Ann offers instead: knocks the hat off." */
export function tellStuntProposed(event: ZonesEventOf<'zones/stunt-proposed'>, v: Voice): Told | null {
  const attack = zonesFight(v.before).pendingAttack;
  const attacker = attack ? v.who(attack.attackerId) : null;
  return attacker === null || !attack ? null : told(`${attacker} offers instead of damage: ${event.stunt}.`, [attack.attackerId]);
}
