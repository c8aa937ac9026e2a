import { rollUnderSave } from '../../dice/checks';
import type { RandomSource } from '../../dice/random';
import type { Reaction } from '../../encounter/attack';
import { EventChain } from '../../encounter/chain';
import { checkCombatant, isFailure } from '../../encounter/checks';
import type { Command } from '../../encounter/commands';
import type { EncounterEvent } from '../../encounter/events';
import type { Combatant, EncounterState } from '../../encounter/state';
import { failure, type Failure, type Result } from '../../result';
import { weaponFor } from './declare-attack';
import { isFighting } from './morale';
import { resolveAttack } from './resolve-attack';

// Two characters are nearby when they stand in the same zone; without zones the GM's word stands.
function nearby(a: Combatant, b: Combatant): boolean {
  return a.zoneId === null || b.zoneId === null || a.zoneId === b.zoneId;
}

function surprised(target: Combatant): Failure {
  return failure('react/surprised', `${target.name} is taken by surprise and can't react; they can only take the blow or answer a stunt.`);
}

function canSpendTurn(state: EncounterState, c: Combatant): Failure | null {
  if (!isFighting(c)) return failure('react/out', `${c.name} is out of the fight and can't react.`);
  if (state.turn?.spent.includes(c.id)) return failure('react/spent', `${c.name} has already used their turn this round and can't react.`);
  return null;
}

/** Checks one reaction against the attack and the rules; returns the refusal, or null. */
function checkReaction(state: EncounterState, reactor: Combatant, target: Combatant, reaction: Reaction): Failure | null {
  const attack = state.pendingAttack;
  if (!attack) return failure('attack/none', 'No attack is waiting for a reaction.');
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
      if (attack.surprised) return surprised(target);
      const refused = canSpendTurn(state, reactor);
      if (refused) return refused;
      if (reaction.kind === 'dodge') return null;
      if (attack.reactions.some((r) => r.reaction.kind === 'counter')) return failure('react/one-counter', 'Only one target can counter an attack.');
      const weapon = weaponFor(reactor, reaction.weaponId);
      return isFailure(weapon) ? weapon : null;
    }
    case 'hide-behind': {
      if (!isTarget) return failure('react/not-target', `Only ${target.name} can hide behind someone.`);
      if (attack.surprised) return surprised(target);
      const refused = canSpendTurn(state, reactor);
      if (refused) return refused;
      const helper = state.combatants.find((c) => c.id === reaction.helperId);
      if (!helper || helper.id === target.id || helper.id === attack.attackerId) return failure('react/helper', 'Pick someone else nearby to hide behind.');
      // Someone the attack already aims at would be hit twice.
      if (attack.targets.includes(helper.id)) return failure('react/helper', `${helper.name} is a target of this attack already; pick someone else to hide behind.`);
      if (!isFighting(helper)) return failure('react/helper-out', `${helper.name} is out of the fight.`);
      if (!nearby(helper, target)) return failure('react/far', `${helper.name} is not nearby ${target.name}.`);
      return null;
    }
    case 'guard': {
      if (reaction.guardId !== reactor.id) return failure('react/guard', 'The guard is the one who reacts.');
      // Nobody can react to an opportunity attack; an unaware target's friends may still step in.
      if (attack.situation.opportunity) return failure('react/opportunity', 'Nobody can react to an opportunity attack.');
      if (isTarget || attack.targets.includes(reactor.id)) return failure('react/guard-target', `${reactor.name} is a target already and can't guard.`);
      const refused = canSpendTurn(state, reactor);
      if (refused) return refused;
      return nearby(reactor, target) ? null : failure('react/far', `${reactor.name} is not nearby ${target.name}.`);
    }
    default:
      return failure('react/unknown', 'Unknown reaction.');
  }
}

/** A reaction to the pending attack; once nobody is left to answer, the attack resolves. */
export function reactToAttack(
  state: EncounterState,
  cmd: Extract<Command, { type: 'react-to-attack' }>,
  random: RandomSource,
): Result<EncounterEvent[]> {
  const attack = state.pendingAttack;
  if (!attack) return failure('attack/none', 'No attack is waiting for a reaction.');
  const target = checkCombatant(state, cmd.targetId);
  if (isFailure(target)) return target;
  if (!attack.awaiting.includes(target.id)) return failure('react/not-awaiting', `${target.name} is not waiting to react to this attack.`);
  const reactor = checkCombatant(state, cmd.reactorId);
  if (isFailure(reactor)) return reactor;
  const reaction = typeof cmd.reaction === 'object' && cmd.reaction !== null ? cmd.reaction : ({ kind: 'unknown' } as unknown as Reaction);
  const refused = checkReaction(state, reactor, target, reaction);
  if (refused) return refused;
  const save = reaction.kind === 'dodge' ? rollUnderSave(random, reactor.stats.agi ?? 0) : null;
  const chain = new EventChain(state);
  chain.push({ type: 'reaction-chosen', reactorId: reactor.id, targetId: target.id, reaction, save, rng: save ? random.state() : null });
  if (chain.state.pendingAttack?.awaiting.length === 0) chain.push(resolveAttack(chain.state, random));
  return { ok: true, value: chain.events };
}
