import type { AttackSituation, NoReaction, NoReactionReason, PendingAttack } from './attack';
import type { Combatant, EncounterState } from '../../core/state';
import { isFighting } from './morale';

// Why a target can't react to an attack themselves (dodge, counter, hide behind): one reading of
// the rule text for the attack's decider, the log and the screen, so what the GM is told is what
// the engine decided.

export type { NoReaction, NoReactionReason } from './attack';

/** Every reason, as a stored log may hold them. */
export const NO_REACTION_REASONS: readonly NoReactionReason[] = ['own-attack', 'out', 'opportunity', 'surprised', 'acted', 'ambush', 'guarded'];

/**
 * The reasons the text gives as what "normally" happens, which a skill may change: "It isn't
 * normally possible to react to an opportunity attack… but some skills might give an opportunity
 * to do so"; a guard has "spent their reaction to guard, they can't normally counter or dodge".
 * The attack waits for such a target, so the GM may rule a reaction anyway (`gmRuling`).
 */
export const RULABLE_REASONS: readonly NoReactionReason[] = ['opportunity', 'guarded'];

/**
 * Why a character can't spend their turn on a reaction right now, or null when they can: they
 * must still be fighting, with their turn unused this round, and during the ambush be one of the
 * concealed ambushers.
 */
export function whyNoTurnToSpend(state: EncounterState, c: Combatant): Extract<NoReactionReason, 'out' | 'acted' | 'ambush'> | null {
  if (!isFighting(c)) return 'out';
  if (state.turn?.spent.includes(c.id) ?? false) return 'acted';
  return state.turn?.phase === 'ambush' && !c.concealed ? 'ambush' : null;
}

/**
 * Why the target can't react to this attack themselves, or null when they may. Nobody reacts to
 * their own blast, and someone out of the fight can't react at all. "It isn't normally possible
 * to react to an opportunity attack"; "targets who are unaware of their attacker can't react",
 * nor can enemies attacked by a concealed character. Otherwise a reaction takes the target's
 * turn, so it must be theirs to spend.
 */
export function whyNoReaction(state: EncounterState, attacker: Combatant, situation: Pick<AttackSituation, 'opportunity' | 'targetsAware'>, target: Combatant): NoReactionReason | null {
  if (target.id === attacker.id) return 'own-attack';
  const turn = whyNoTurnToSpend(state, target);
  if (turn === 'out') return 'out';
  // Surprise first: it rules any reaction out, where an opportunity attack only "normally" does.
  if (!situation.targetsAware || attacker.concealed) return 'surprised';
  if (situation.opportunity) return 'opportunity';
  return turn;
}

/**
 * Who of an attack's targets couldn't react themselves, and why: as the attack recorded it, or,
 * for an attack logged before it was recorded, read from `before`, the state the attack was
 * declared in (only for the targets it did not let react, so the log never contradicts it).
 */
export function noReactionsOf(attack: PendingAttack, before: EncounterState): NoReaction[] {
  if (attack.noReaction !== undefined) return attack.noReaction;
  const find = (id: string) => before.combatants.find((c) => c.id === id);
  const attacker = find(attack.attackerId);
  if (!attacker) return [];
  // Older logs lack `selfReact` too: then only the awaiting targets of an attack that took nobody by surprise could react.
  const stored = attack as Omit<PendingAttack, 'selfReact'> & { selfReact?: PendingAttack['selfReact'] };
  const selfReact = stored.selfReact ?? (attack.surprised ? [] : attack.awaiting);
  // A flag a stored situation left out is at its everyday value.
  const situation = { opportunity: attack.situation.opportunity === true, targetsAware: attack.situation.targetsAware !== false };
  return attack.targets.flatMap((id) => {
    const target = find(id);
    const reason = target && !selfReact.includes(id) ? whyNoReaction(before, attacker, situation, target) : null;
    return reason ? [{ targetId: id, reason }] : [];
  });
}

const NOTES: Readonly<Record<NoReactionReason, string>> = {
  'own-attack': 'their own attack',
  out: 'out of the fight',
  opportunity: 'opportunity attack',
  surprised: 'taken by surprise',
  acted: 'has already acted',
  ambush: 'only ambushers act now',
  guarded: 'reaction spent guarding',
};

/** The reason in a few words, for notes on the screen ("no reaction: has already acted"). */
export function noReactionNote(reason: NoReactionReason): string {
  return NOTES[reason];
}
