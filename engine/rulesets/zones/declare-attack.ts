import { rollUnderSave } from '../../dice/checks';
import type { RandomSource } from '../../dice/random';
import type { AttackIntent, AttackSituation, PendingAttack } from './attack';
import { EventChain } from '../../encounter/chain';
import { releaseHolds } from './holds';
import { checkCombatant, isFailure } from '../../core/checks';
import type { Command } from '../../core/commands';
import type { EncounterEvent } from '../../core/events';
import type { ZonesCommandOf } from './commands';
import type { Deviation } from './events';
import type { Combatant, EncounterState, Id } from '../../core/state';
import { placeOf, type GearItem } from './gear';
import { notEquipped } from './items';
import { failure, ruleRefusal, type Failure, type Result } from '../../result';
import { nearby } from '../../space/zones/zones';
import { costAllowed } from '../../core/economy';
import { ZONES_ECONOMY } from './actions';
import { intentCheck } from './attack-check';
import { farTarget, mapReach, notNearbyReason, outOfReachReason, overrulesMap, withMapReach } from './attack-reach';
import { blastTargets, deviate } from './blast';
import { barrierBlocks, barrierReason, mapBarrier, overrulesBarrier, withMapBarrier } from './barrier';
import { isFighting } from './morale';
import { whyNoReaction, whyNoTurnToSpend } from './no-reaction';
import { resolveAttack } from './resolve-attack';
import { askReveal } from './reveal';
import { mapSight, movedForAttack, overrulesMovement, overrulesSight, withMapSight, withMovement } from './attack-scene';
import { LEAVING_PROMPT, opportunityFor } from './leaving';
import { noUsesLeft, spendUse } from './limited-uses';
import { openPrompt } from '../../encounter/prompts';
import { gearOf, heldBy, zonesFight } from './slice';

const INTENTS: readonly AttackIntent[] = ['damage', 'hold-back', 'final-blow', 'disarm', 'grapple', 'stunt'];

export const STUNT_MAX = 200;

/** An unarmed blow: d4, impaired, in melee. */
export const UNARMED: GearItem = {
  id: 'unarmed',
  name: 'Unarmed',
  kind: 'weapon',
  damage: 'd4',
  reach: 'melee',
  range: 0,
  blast: false,
  protection: 0,
  improvised: false,
  wear: 'sound',
  used: false,
};

/** The situation with every flag the GM left out at its everyday value. */
export function fullSituation(given: Partial<AttackSituation> | undefined, outOfTurn: boolean): AttackSituation {
  const g = typeof given === 'object' && given !== null ? given : {};
  const flag = (key: keyof AttackSituation, fallback: boolean) => (typeof g[key] === 'boolean' ? (g[key] as boolean) : fallback);
  return {
    targetVisible: flag('targetVisible', true),
    beyondHalfRange: flag('beyondHalfRange', false),
    attackerMoving: flag('attackerMoving', false),
    concealment: flag('concealment', false),
    cover: flag('cover', false),
    penetrates: flag('penetrates', false),
    targetsAware: flag('targetsAware', true),
    // An attack out of turn is an opportunity attack: the only attack a reaction makes.
    opportunity: outOfTurn || flag('opportunity', false),
    barrier: flag('barrier', false),
    attackerPeeking: flag('attackerPeeking', false),
    outOfRange: flag('outOfRange', false),
  };
}

/** The gear a character can strike with: pieces with damage dice that are not broken (what `weaponFor` takes). */
export function workingWeapons(c: Combatant): GearItem[] {
  return gearOf(c).filter((g) => g.damage !== null && g.damage !== '' && g.wear !== 'broken');
}

/** The weapon an attack uses: one the attacker carries and that still works, or bare hands. */
export function weaponFor(attacker: Combatant, weaponId: unknown): GearItem | Failure {
  if (weaponId === undefined || weaponId === null) return UNARMED;
  const weapon = gearOf(attacker).find((g) => g.id === weaponId);
  if (!weapon) return failure('attack/weapon', `${attacker.name} carries no such weapon.`);
  if (weapon.wear === 'broken') return failure('attack/broken', `${attacker.name}'s ${weapon.name} is broken.`);
  if (!weapon.damage) return failure('attack/no-damage', `${weapon.name} has no damage dice; give it some in the gear list first.`);
  return weapon;
}

/**
 * Whether the targets are taken by surprise: unaware of the attacker, attacked by a concealed
 * character, or struck by an opportunity attack. Surprised targets can't react themselves.
 */
function isSurprise(attacker: Combatant, situation: AttackSituation): boolean {
  return !situation.targetsAware || situation.opportunity || attacker.concealed;
}

/** Whether a character could spend their turn on a reaction right now (see `whyNoTurnToSpend`). */
function mayReactNow(state: EncounterState, c: Combatant): boolean {
  return whyNoTurnToSpend(state, c) === null;
}

/**
 * Whether someone else could guard a target: a character free to react, nearby the target, who is
 * neither the attacker nor a target of this attack. Nobody reacts to an opportunity attack.
 */
function guardable(state: EncounterState, attacker: Combatant, situation: AttackSituation, targetIds: readonly Id[], target: Combatant): boolean {
  if (situation.opportunity) return false;
  // Those who would step in for the target are their own side, as the reaction panel offers
  // (`guardChoices`): an enemy beside them holds the attack up for nobody.
  return state.combatants.some((c) => c.id !== attacker.id && c.factionId === target.factionId && !targetIds.includes(c.id) && mayReactNow(state, c) && nearby(c, target));
}

/**
 * Who the attack waits for before the blow lands. Never for a final blow, the attacker caught in
 * their own blast, or the dead. For a stunt, every target still fighting (accepting or refusing it
 * is no reaction, so surprise and a spent turn don't stop it). Otherwise a target who may react
 * themselves, or who someone nearby could guard: a guard is a third party's reaction, so it is
 * open even when the target is surprised or has spent their turn. The target of an opportunity
 * attack is asked too: "It isn't normally possible to react… but some skills might give an
 * opportunity to do so", so they take the blow, or the GM rules their reaction.
 */
export function askedToAnswer(
  state: EncounterState,
  attacker: Combatant,
  situation: AttackSituation,
  intent: AttackIntent,
  targetIds: readonly Id[],
  target: Combatant,
): boolean {
  if (intent === 'final-blow' || target.id === attacker.id || target.marks.includes('dead')) return false;
  if (intent === 'stunt' && isFighting(target)) return true;
  // An opportunity attack waits for its target too: the GM may rule the reaction a skill allows.
  const why = whyNoReaction(state, attacker, situation, target);
  return why === null || why === 'opportunity' || guardable(state, attacker, situation, targetIds, target);
}

const NOT_OPPORTUNITY = 'An attack out of turn is only an opportunity attack at an enemy moving away, as they leave.';

// Whether the attacker may attack now: on their own turn with the main action free (false), or
// out of turn (true) as an opportunity attack while the acting enemy beside them moves away (the
// move waits for it), with their own turn unspent (which the attack then spends). Only ambushers
// attack during the ambush. The GM may rule an attack out of turn without the move.
function checkAttacker(state: EncounterState, attacker: Combatant, gmRuling: boolean): Failure | boolean {
  if (state.status !== 'running' || !state.turn) return failure('combat/not-running', 'Combat has not started; press Start combat first.');
  if (zonesFight(state).pendingAttack) return failure('attack/pending', 'Another attack is waiting for reactions; resolve or cancel it first.');
  // Whatever else the fight waits for comes first; while a move away waits, only an attack out of
  // turn (checked below), never the mover's own.
  const prompt = openPrompt(state);
  if (prompt && (prompt.kind !== LEAVING_PROMPT || state.activeId === attacker.id)) return failure(prompt.code, prompt.message);
  if (!isFighting(attacker)) return failure('attack/out', `${attacker.name} is out of the fight and can't attack.`);
  if (state.activeId === attacker.id) {
    if (!costAllowed(ZONES_ECONOMY, state.turn.budget, 'main')) return failure('action/spent', `${attacker.name} has no main action left this turn.`);
    return false;
  }
  if (state.turn.phase === 'morale') return failure('turn/morale', 'It is the morale phase; settle the morale checks first.');
  if (state.turn.phase === 'ambush' && !attacker.concealed) return failure('turn/ambush', 'Only the ambushers act during the ambush.');
  if (state.turn.spent.includes(attacker.id)) {
    return failure('turn/already-acted', `${attacker.name} has already used their turn this round; an attack out of turn needs an unused turn.`);
  }
  const acting = state.combatants.find((c) => c.id === state.activeId);
  if (!acting) return failure('attack/not-opportunity', `${NOT_OPPORTUNITY} Nobody is taking a turn now; ${attacker.name} attacks on their own turn.`);
  if (acting.factionId === attacker.factionId) return failure('attack/not-opportunity', `${NOT_OPPORTUNITY} ${acting.name} is on ${attacker.name}'s side.`);
  if (opportunityFor(state, attacker) || gmRuling) return true;
  const why = nearby(acting, attacker) ? `${acting.name} is not moving away` : `${acting.name} is not nearby ${attacker.name}`;
  return ruleRefusal('attack/not-opportunity', `${NOT_OPPORTUNITY} ${why}; it is offered when they move. As GM you may rule otherwise.`);
}

function targetsOf(state: EncounterState, ids: unknown, attacker: Combatant, intent: AttackIntent): Combatant[] | Failure {
  if (!Array.isArray(ids) || ids.length === 0) return failure('attack/no-target', 'Pick who the attack is aimed at.');
  const targets: Combatant[] = [];
  for (const id of new Set(ids)) {
    const t = checkCombatant(state, id);
    if (isFailure(t)) return t;
    if (t.id === attacker.id) return failure('attack/self', `${attacker.name} can't attack themselves.`);
    if (t.marks.includes('dead')) return failure('attack/dead', `${t.name} is dead already.`);
    if (intent === 'final-blow' && (t.tracks.health?.value ?? 1) > 0) {
      return failure('attack/final-blow', `A final blow is only for an incapacitated target; ${t.name} is still standing.`);
    }
    targets.push(t);
  }
  return targets;
}

/**
 * Declares an attack: checks it is allowed and possible, rolls the WIT save to hit if needed,
 * lands a missed ranged blast in a neighbouring zone, and waits for reactions if anyone may react
 * (otherwise it resolves at once).
 */
export function declareAttack(
  state: EncounterState,
  cmd: ZonesCommandOf<'zones/declare-attack'>,
  random: RandomSource,
): Result<EncounterEvent[]> {
  const attacker = checkCombatant(state, cmd.attackerId);
  if (isFailure(attacker)) return attacker;
  const gmRuling = cmd.gmRuling === true;
  const outOfTurn = checkAttacker(state, attacker, gmRuling);
  if (isFailure(outOfTurn)) return outOfTurn;
  const weapon = weaponFor(attacker, cmd.weaponId);
  if (isFailure(weapon)) return weapon;
  // Only a weapon in hand strikes ("Equip or unequip an item" is a bonus action), unless the GM rules it.
  const unready = notEquipped(attacker, weapon, 'attack/not-equipped');
  if (unready && !gmRuling) return unready;
  const intent = cmd.intent ?? 'damage';
  if (!INTENTS.includes(intent)) return failure('attack/intent', `Unknown kind of attack "${String(intent)}".`);
  if (weapon.blast && intent !== 'damage' && intent !== 'hold-back') return failure('attack/blast-intent', 'A blast hits a whole zone; it can only deal damage.');
  const stunt = intent === 'stunt' ? (typeof cmd.stunt === 'string' ? cmd.stunt.trim().slice(0, STUNT_MAX) : '') : null;
  if (stunt === '') return failure('attack/stunt', 'Describe the effect the attacker proposes instead of damage.');
  // Blasts aim at a zone: a melee blast at the attacker's own, a ranged one at any zone in range.
  let zoneId: Id | null = null;
  let targets: Combatant[] = [];
  if (weapon.blast) {
    zoneId = weapon.reach === 'melee' ? attacker.zoneId : typeof cmd.zoneId === 'string' ? cmd.zoneId : null;
    if (!zoneId || !state.zones.some((z) => z.id === zoneId)) {
      return failure('attack/zone', weapon.reach === 'melee' ? `Place ${attacker.name} in a zone first: a melee blast hits their zone.` : 'Pick the zone the blast is aimed at.');
    }
  } else {
    const picked = targetsOf(state, cmd.targetIds, attacker, intent);
    if (isFailure(picked)) return picked;
    targets = picked;
  }
  const afar = farTarget(attacker, targets, intent);
  if (afar && !gmRuling) return ruleRefusal('attack/not-nearby', `${notNearbyReason(attacker, afar, intent)} As GM you may rule otherwise.`);
  // Reach comes from the map wherever it can tell; the GM overrules it only by a ruling.
  const reach = mapReach(state, attacker, weapon, targets, zoneId);
  if (reach?.outOfRange && !gmRuling) return ruleRefusal('attack/out-of-range', `${outOfReachReason(attacker, weapon, reach)} As GM you may rule otherwise.`);
  // So does a barrier in the way: "Barriers completely block attacks", unless the attacker peeks out.
  const walls = mapBarrier(state, attacker, weapon, targets, zoneId);
  const walledIn = withMapBarrier(withMapReach(fullSituation(cmd.situation, outOfTurn), cmd.situation, reach, gmRuling), cmd.situation, walls, gmRuling);
  // Sight too: "a target who is not visible" is read from the map (see `mapSight`).
  const seen = mapSight(state, attacker, targets, weapon.blast ? zoneId : null);
  // And whether the attacker moves: a move made earlier this turn counts, as the setting reads
  // "while moving" (see `movedForAttack`).
  const moved = movedForAttack(state, attacker);
  const situation = withMovement(withMapSight(walledIn, cmd.situation, seen, gmRuling), cmd.situation, moved, gmRuling);
  const walled = barrierBlocks(weapon.reach, situation);
  if (walled && !gmRuling) return ruleRefusal('attack/barrier', `${barrierReason(attacker, walls)} As GM you may rule otherwise.`);
  // Ruled through the barrier, the attack goes on as if none stood there; the situation keeps it, for the counter.
  const check = intentCheck(intent, weapon, walled ? { ...situation, barrier: false } : situation);
  if (check.kind === 'impossible') return failure('attack/impossible', check.reason);
  if (outOfTurn) {
    // An opportunity attack strikes the enemy who is moving away, and nobody else.
    const acting = state.combatants.find((c) => c.id === state.activeId);
    if (weapon.blast || targets.length !== 1 || targets[0]?.id !== state.activeId) {
      return failure('attack/not-opportunity', `${NOT_OPPORTUNITY} Aim it at ${acting?.name ?? 'the acting character'} alone.`);
    }
  }
  let disarmWeaponId: Id | null = null;
  if (intent === 'disarm') {
    // One target, and the weapon the attacker names (or, if none is named, their first).
    const [target, ...others] = targets;
    if (!target || others.length > 0) return failure('attack/disarm', 'A disarm aims at one target; pick just one.');
    // A weapon already on the ground can't be knocked away.
    const weapons = gearOf(target).filter((g) => g.kind === 'weapon' && placeOf(g) !== 'dropped');
    const named = cmd.disarmWeaponId !== undefined && cmd.disarmWeaponId !== null;
    const chosen = named ? weapons.find((g) => g.id === cmd.disarmWeaponId) : weapons[0];
    if (!chosen) {
      return failure('attack/disarm', named ? `${target.name} holds no such weapon; pick one of theirs to knock away.` : `${target.name} holds no weapon to drop.`);
    }
    disarmWeaponId = chosen.id;
  }
  // A weapon that runs out (a firebomb) can't be used once none is left, unless the GM rules it.
  const spent = noUsesLeft(attacker, weapon.id);
  if (spent && !gmRuling) return ruleRefusal('attack/no-uses', `${spent} As GM you may rule otherwise.`);

  const hitSave = check.kind === 'save' ? rollUnderSave(random, attacker.stats.wit ?? 0) : null;
  const missed = hitSave !== null && !hitSave.passed;
  let deviation: Deviation | null = null;
  if (weapon.blast && zoneId) {
    if (missed && weapon.reach !== 'melee') {
      const landed = deviate(state.zones, zoneId, random);
      deviation = { from: zoneId, to: landed?.zoneId ?? null, roll: landed?.roll ?? null, numbered: landed?.numbered ?? [] };
      zoneId = landed?.zoneId ?? null;
    }
    const ids = zoneId ? blastTargets(state.combatants, zoneId, attacker.id, weapon.reach === 'melee', state.borders) : [];
    targets = ids.map((id) => state.combatants.find((c) => c.id === id)).filter((c): c is Combatant => c !== undefined);
  }
  // A missed blast still lands somewhere; any other miss is over.
  const over = missed && !weapon.blast;
  const hit = over ? [] : targets;
  const hitIds = hit.map((t) => t.id);
  // Each target's own reaction, allowed or refused with the reason the log and the screen give.
  const noReaction = hit.flatMap((t) => {
    const reason = whyNoReaction(state, attacker, situation, t);
    return reason ? [{ targetId: t.id, reason }] : [];
  });
  const attack: PendingAttack = {
    attackerId: attacker.id,
    weaponId: weapon.id === UNARMED.id ? null : weapon.id,
    intent,
    disarmWeaponId,
    stunt,
    situation,
    zoneId,
    targets: hitIds,
    awaiting: hit.filter((t) => askedToAnswer(state, attacker, situation, intent, hitIds, t)).map((t) => t.id),
    selfReact: hitIds.filter((id) => !noReaction.some((n) => n.targetId === id)),
    surprised: isSurprise(attacker, situation),
    ...(noReaction.length > 0 ? { noReaction } : {}),
    reactions: [],
  };
  const chain = new EventChain(state);
  // Attacking the held character keeps the hold; attacking anyone else lets go first.
  const onlyHeld = hitIds.length > 0 && hitIds.every((id) => heldBy(state, id) === attacker.id);
  chain.push(...releaseHolds(state, attacker.id, onlyHeld ? hitIds : []));
  chain.push(...spendUse(attacker, weapon.id));
  const drew = hitSave !== null || deviation?.roll != null;
  const ruledOutOfTurn = outOfTurn && !opportunityFor(state, attacker);
  const overruled = overrulesMap(situation, reach) || walled || overrulesBarrier(situation, walls) || overrulesSight(situation, seen) || overrulesMovement(situation, moved);
  const ruled = afar || ruledOutOfTurn || unready !== null || spent !== null || overruled ? { ruling: true as const } : {};
  chain.push({ type: 'zones/attack-declared', attack, hitSave, missed: over, deviation, asReaction: outOfTurn, rng: drew ? random.state() : null, ...ruled });
  if (zonesFight(chain.state).pendingAttack?.awaiting.length === 0) {
    chain.push(resolveAttack(chain.state, random));
    askReveal(chain, attacker.id);
  }
  return { ok: true, value: chain.events };
}
