import { isRecord } from '../../json';
import { rollUnderSave } from '../../dice/checks';
import type { RandomSource } from '../../dice/random';
import type { CounterIntent, PendingAttack, Reaction } from './attack';
import { EventChain } from '../../encounter/chain';
import { releaseHolds } from './holds';
import type { ZonesCommandOf } from './commands';
import { checkCombatant, isFailure } from '../../core/checks';
import type { Command } from '../../core/commands';
import type { EncounterEvent } from '../../core/events';
import type { Combatant, EncounterState } from '../../core/state';
import { nearby } from '../../space/zones/zones';
import { askReveal } from './reveal';
import { failure, ruleRefusal, type Failure, type Result } from '../../result';
import { counterHit, type CounterHit } from './counter-check';
import { agreesToHide, unwillingHelper } from './hide-behind';
import { weaponFor } from './declare-attack';
import { notEquipped } from './items';
import { noUsesLeft, spendUse } from './limited-uses';
import { isFighting } from './morale';
import { noReactionsOf, RULABLE_REASONS } from './no-reaction';
import { resolveAttack } from './resolve-attack';
import { zonesFight } from './slice';

const KINDS: readonly Reaction['kind'][] = ['none', 'dodge', 'counter', 'hide-behind', 'guard', 'accept-stunt'];
const COUNTER_INTENTS: readonly CounterIntent[] = ['damage', 'disarm', 'grapple'];


/** Reads a reaction as sent (commands may come from scripts and IPC), keeping only its known fields. */
function readReaction(raw: unknown): Reaction | Failure {
  const unknown = failure('react/unknown', `Unknown reaction; choose one of: ${KINDS.join(', ')}.`);
  if (!isRecord(raw)) return unknown;
  const kind = KINDS.find((k) => k === raw.kind);
  switch (kind) {
    case undefined:
      return unknown;
    case 'none':
    case 'dodge':
    case 'accept-stunt':
      return { kind };
    case 'counter': {
      const intent = raw.intent === undefined ? 'damage' : COUNTER_INTENTS.find((i) => i === raw.intent);
      if (!intent) return failure('react/counter-intent', `A counter deals damage, disarms or grapples; "${String(raw.intent)}" is none of these.`);
      const weaponId = raw.weaponId === undefined || raw.weaponId === null ? null : raw.weaponId;
      if (weaponId !== null && typeof weaponId !== 'string') return failure('attack/weapon', 'Pick the weapon to counter with, or none for bare hands.');
      return { kind, weaponId, intent };
    }
    case 'hide-behind':
      return typeof raw.helperId === 'string' ? { kind, helperId: raw.helperId } : failure('react/helper', 'Pick someone else nearby to hide behind.');
    case 'guard':
      return typeof raw.guardId === 'string' ? { kind, guardId: raw.guardId } : failure('react/guard', 'The guard is the one who reacts.');
  }
}

function canSpendTurn(state: EncounterState, c: Combatant): Failure | null {
  if (!isFighting(c)) return failure('react/out', `${c.name} is out of the fight and can't react.`);
  if (state.turn?.spent.includes(c.id)) return failure('react/spent', `${c.name} has already used their turn this round and can't react.`);
  return null;
}

/**
 * Why the target "normally" can't react themselves, which the GM may overrule, or null: struck by
 * an opportunity attack ("It isn't normally possible to react to an opportunity attack, since the
 * target is already spending the turn to act, but some skills might give an opportunity to do
 * so"), or the target now because they guarded ("Since they have spent their reaction to guard,
 * they can't normally counter or dodge"; hiding behind someone is a reaction they have spent too).
 */
function normallyRefused(state: EncounterState, attack: PendingAttack, target: Combatant): Failure | null {
  if (attack.selfReact.includes(target.id)) return null;
  const reason = noReactionsOf(attack, state).find((n) => n.targetId === target.id)?.reason;
  if (reason === undefined || !RULABLE_REASONS.includes(reason)) return null;
  const skill = 'A skill may allow it: as GM you may rule a reaction anyway.';
  if (reason === 'opportunity') {
    return ruleRefusal('react/opportunity', `${target.name} is struck by an opportunity attack while already spending their turn to act, so normally can't dodge, counter or hide behind someone. ${skill}`);
  }
  return ruleRefusal('react/guarded', `${target.name} spent their reaction guarding, so normally can't dodge, counter or hide behind someone; they take the blow. ${skill}`);
}

/**
 * Whether the target may react themselves (dodge, counter, hide behind). A target who can't was
 * surprised or had spent their turn when the attack came: they can only take the blow, answer a
 * stunt, or be guarded by someone nearby. One struck by an opportunity attack, or who guarded,
 * normally can't either, but the GM may rule it (their turn is the one already in use).
 */
function checkSelfReaction(state: EncounterState, attack: PendingAttack, target: Combatant, gmRuling: boolean): Failure | null {
  if (state.turn?.phase === 'ambush' && !target.concealed) return failure('turn/ambush', 'Only the ambushers act during the ambush.');
  const normally = normallyRefused(state, attack, target);
  if (normally) return gmRuling ? (isFighting(target) ? null : failure('react/out', `${target.name} is out of the fight and can't react.`)) : normally;
  if (!attack.selfReact.includes(target.id)) {
    if (attack.surprised) return failure('react/surprised', `${target.name} is taken by surprise and can't react; they can only take the blow or answer a stunt, unless someone nearby guards them.`);
    return canSpendTurn(state, target) ?? failure('react/spent', `${target.name} can't react to this attack; they can only take the blow or answer a stunt, unless someone nearby guards them.`);
  }
  return canSpendTurn(state, target);
}

/**
 * Whether the counter may be made, and what it takes to hit: one counter per attack, a weapon the
 * counterer can use, a disarm or grapple only at arm's length, and the attack it makes checked as
 * any attack is (see `counterHit`). The GM may rule past what the map says.
 */
function checkCounter(state: EncounterState, attack: PendingAttack, reactor: Combatant, reaction: Extract<Reaction, { kind: 'counter' }>, gmRuling: boolean): CounterHit | Failure {
  if (attack.reactions.some((r) => r.reaction.kind === 'counter')) return failure('react/one-counter', 'Only one target can counter an attack.');
  const weapon = weaponFor(reactor, reaction.weaponId);
  if (isFailure(weapon)) return weapon;
  // A counter is "a suitable attack": made with a weapon in hand, unless the GM rules it.
  const unready = notEquipped(reactor, weapon, 'react/not-equipped');
  if (unready && !gmRuling) return unready;
  const spent = noUsesLeft(reactor, reaction.weaponId);
  if (spent && !gmRuling) return ruleRefusal('react/no-uses', `${spent} As GM you may rule otherwise.`);
  const attacker = state.combatants.find((c) => c.id === attack.attackerId);
  if (!attacker) return failure('attack/none', 'The attacker is gone; cancel the attack.');
  const intent = reaction.intent ?? 'damage';
  if (intent === 'disarm' && attack.weaponId === null) {
    return failure('react/disarm', `${attacker.name} attacks bare-handed, so there is no weapon to knock away; counter with a blow or a grapple instead.`);
  }
  // Disarming and grappling are done at arm's length.
  const far = intent !== 'damage' && !nearby(reactor, attacker);
  if (far && !gmRuling) return ruleRefusal('react/far', `${attacker.name} is not nearby ${reactor.name}, who can't ${intent} them. As GM you may rule otherwise.`);
  const hit = counterHit(state, attack, reactor, attacker, weapon, gmRuling);
  return isFailure(hit) || (!far && spent === null && unready === null) ? hit : { ...hit, ruled: true };
}

/** Whether the target may hide behind this character: someone else nearby, in the fight, not aimed at already. */
function checkHelper(attack: PendingAttack, target: Combatant, helper: Combatant | undefined): Failure | null {
  if (!helper || helper.id === target.id || helper.id === attack.attackerId) return failure('react/helper', 'Pick someone else nearby to hide behind.');
  // Someone the attack already aims at would be hit twice.
  if (attack.targets.includes(helper.id)) return failure('react/helper', `${helper.name} is a target of this attack already; pick someone else to hide behind.`);
  if (!isFighting(helper)) return failure('react/helper-out', `${helper.name} is out of the fight.`);
  if (!nearby(helper, target)) return failure('react/far', `${helper.name} is not nearby ${target.name}.`);
  return null;
}

/** Checks one reaction against the attack and the rules; returns the refusal, or null. */
function checkReaction(state: EncounterState, attack: PendingAttack, reactor: Combatant, target: Combatant, reaction: Reaction, gmRuling: boolean): Failure | null {
  // A counter's own checks come after these (see `checkCounter`).
  const isTarget = reactor.id === target.id;
  switch (reaction.kind) {
    case 'none':
      return isTarget ? null : failure('react/not-target', `Only ${target.name} can choose to take the hit.`);
    case 'accept-stunt':
      if (attack.intent !== 'stunt') return failure('react/no-stunt', 'The attacker proposed no stunt to accept.');
      return isTarget ? null : failure('react/not-target', `Only ${target.name} can accept the stunt.`);
    case 'dodge':
    case 'counter': {
      if (!isTarget) return failure('react/not-target', `Only ${target.name} can ${reaction.kind}.`);
      const refused = checkSelfReaction(state, attack, reactor, gmRuling);
      if (refused) return refused;
      return null;
    }
    case 'hide-behind': {
      if (!isTarget) return failure('react/not-target', `Only ${target.name} can hide behind someone.`);
      const refused = checkSelfReaction(state, attack, reactor, gmRuling);
      if (refused) return refused;
      return checkHelper(attack, target, state.combatants.find((c) => c.id === reaction.helperId));
    }
    case 'guard': {
      if (reaction.guardId !== reactor.id) return failure('react/guard', 'The guard is the one who reacts.');
      // Guarding is the guard's own reaction: it doesn't matter whether the target could react
      // (an unaware or surprised target's friends may still step in), but "it isn't normally
      // possible to react to an opportunity attack": only by the GM's ruling.
      if (attack.situation.opportunity && !gmRuling) {
        return ruleRefusal('react/opportunity', `${target.name} is struck by an opportunity attack, which normally allows no reaction, a guard's included. A skill may allow it: as GM you may rule that ${reactor.name} guards anyway.`);
      }
      if (reactor.id === attack.attackerId) return failure('react/guard', `${reactor.name} is the attacker and can't guard against their own attack.`);
      if (isTarget || attack.targets.includes(reactor.id)) return failure('react/guard-target', `${reactor.name} is a target already and can't guard.`);
      if (state.turn?.phase === 'ambush' && !reactor.concealed) return failure('turn/ambush', 'Only the ambushers act during the ambush.');
      const refused = canSpendTurn(state, reactor);
      if (refused) return refused;
      return nearby(reactor, target) ? null : failure('react/far', `${reactor.name} is not nearby ${target.name}.`);
    }
  }
}

/**
 * What a counter by `counterer` with this weapon and intent would take against the waiting attack,
 * or why it is refused (for the reaction form, which marks each weapon with it).
 */
export function counterOutlook(state: EncounterState, counterer: Combatant, weaponId: string | null, intent: CounterIntent): CounterHit | Failure {
  const attack = zonesFight(state).pendingAttack;
  if (!attack) return failure('attack/none', 'No attack is waiting for a reaction.');
  return checkCounter(state, attack, counterer, { kind: 'counter', weaponId, intent }, false);
}

/** Who a target of the waiting attack may hide behind, as the rules allow (for the reaction form). */
export function hideBehindChoices(state: EncounterState, target: Combatant): Combatant[] {
  const attack = zonesFight(state).pendingAttack;
  // Offered: those who would. A helper "must agree" (the target's own side), but one the target
  // holds "has no option". Anyone else the GM may still send by command.
  return attack ? state.combatants.filter((c) => agreesToHide(target, c) && checkHelper(attack, target, c) === null) : [];
}

/**
 * Who may guard a target of the waiting attack now, as the rules allow (for the reaction form);
 * with `gmRuling`, also those the text only "normally" rules out (against an opportunity attack).
 */
export function guardChoices(state: EncounterState, target: Combatant, gmRuling = false): Combatant[] {
  const attack = zonesFight(state).pendingAttack;
  // Offered: the target's own side, who would step in for them (never the attacker's).
  return attack ? state.combatants.filter((c) => c.factionId === target.factionId && checkReaction(state, attack, c, target, { kind: 'guard', guardId: c.id }, gmRuling) === null) : [];
}

/**
 * Why a target of the waiting attack normally can't react themselves, when the GM may rule it
 * anyway (an opportunity attack, or the guard now struck), or null: for the reaction form, which
 * shows the sentence and offers the reactions as the GM's ruling.
 */
export function ruledReactionWhy(state: EncounterState, target: Combatant): Failure | null {
  const attack = zonesFight(state).pendingAttack;
  return attack && attack.awaiting.includes(target.id) ? normallyRefused(state, attack, target) : null;
}

/** A reaction to the pending attack; once nobody is left to answer, the attack resolves. */
export function reactToAttack(
  state: EncounterState,
  cmd: ZonesCommandOf<'zones/react-to-attack'>,
  random: RandomSource,
): Result<EncounterEvent[]> {
  const attack = zonesFight(state).pendingAttack;
  if (!attack) return failure('attack/none', 'No attack is waiting for a reaction.');
  const target = checkCombatant(state, cmd.targetId);
  if (isFailure(target)) return target;
  if (!attack.awaiting.includes(target.id)) return failure('react/not-awaiting', `${target.name} is not waiting to react to this attack.`);
  const reactor = checkCombatant(state, cmd.reactorId);
  if (isFailure(reactor)) return reactor;
  const reaction = readReaction(cmd.reaction);
  if (isFailure(reaction)) return reaction;
  const gmRuling = cmd.gmRuling === true;
  const refused = checkReaction(state, attack, reactor, target, reaction, gmRuling);
  if (refused) return refused;
  const counter = reaction.kind === 'counter' ? checkCounter(state, attack, reactor, reaction, gmRuling) : null;
  if (isFailure(counter)) return counter;
  // The one hidden behind "must agree" (see `unwillingHelper`); the GM may rule that they do.
  const helper = reaction.kind === 'hide-behind' ? state.combatants.find((c) => c.id === reaction.helperId) : undefined;
  const unwilling = helper ? unwillingHelper(target, helper) : null;
  if (unwilling && !gmRuling) return ruleRefusal('react/unwilling', unwilling);
  // What only the GM's ruling allowed: a reaction the text "normally" rules out, a guard against an opportunity attack.
  const selfRuled = reactor.id === target.id && reaction.kind !== 'none' && reaction.kind !== 'accept-stunt' && normallyRefused(state, attack, target) !== null;
  const guardRuled = reaction.kind === 'guard' && attack.situation.opportunity;
  // A dodge is an AGI save; a counter that needs it, the WIT save to hit (a miss deals nothing).
  const save =
    reaction.kind === 'dodge' ? rollUnderSave(random, reactor.stats.agi ?? 0) : counter?.check.kind === 'save' ? rollUnderSave(random, reactor.stats.wit ?? 0) : null;
  const chain = new EventChain(state);
  // Taking the blow or accepting a stunt is doing nothing; any other reaction lets go of a held
  // character, except hiding behind them.
  if (reaction.kind !== 'none' && reaction.kind !== 'accept-stunt') {
    chain.push(...releaseHolds(state, reactor.id, reaction.kind === 'hide-behind' ? [reaction.helperId] : []));
  }
  if (reaction.kind === 'counter') chain.push(...spendUse(reactor, reaction.weaponId));
  const ruled = counter?.ruled || selfRuled || guardRuled || unwilling ? { ruling: true as const } : {};
  // The guard becomes the target and is asked in turn: they take the blow, or the GM rules the reaction a skill allows.
  const asked = reaction.kind === 'guard' ? { guardAsked: true as const } : {};
  chain.push({ type: 'zones/reaction-chosen', reactorId: reactor.id, targetId: target.id, reaction, save, rng: save ? random.state() : null, ...ruled, ...asked });
  const attackerId = zonesFight(chain.state).pendingAttack?.attackerId;
  if (attackerId && zonesFight(chain.state).pendingAttack?.awaiting.length === 0) {
    chain.push(resolveAttack(chain.state, random));
    askReveal(chain, attackerId);
  }
  return { ok: true, value: chain.events };
}
