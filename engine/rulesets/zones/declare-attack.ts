import { rollUnderSave } from '../../dice/checks';
import type { RandomSource } from '../../dice/random';
import type { AttackIntent, AttackSituation, PendingAttack } from '../../encounter/attack';
import { EventChain } from '../../encounter/chain';
import { checkCombatant, isFailure } from '../../encounter/checks';
import type { Command } from '../../encounter/commands';
import type { Deviation, EncounterEvent } from '../../encounter/events';
import type { Combatant, EncounterState, GearItem, Id } from '../../encounter/state';
import { failure, type Failure, type Result } from '../../result';
import { attackCheck } from './attack-check';
import { blastTargets, deviate } from './blast';
import { isFighting } from './morale';
import { resolveAttack } from './resolve-attack';

const INTENTS: readonly AttackIntent[] = ['damage', 'hold-back', 'final-blow', 'disarm', 'grapple', 'stunt'];
const STUNT_MAX = 200;

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
  };
}

/** The weapon an attack uses: one the attacker carries and that still works, or bare hands. */
export function weaponFor(attacker: Combatant, weaponId: unknown): GearItem | Failure {
  if (weaponId === undefined || weaponId === null) return UNARMED;
  const weapon = attacker.gear.find((g) => g.id === weaponId);
  if (!weapon) return failure('attack/weapon', `${attacker.name} carries no such weapon.`);
  if (weapon.wear === 'broken') return failure('attack/broken', `${attacker.name}'s ${weapon.name} is broken.`);
  if (!weapon.damage) return failure('attack/no-damage', `${weapon.name} has no damage dice; give it some in the gear list first.`);
  return weapon;
}

/** Who may react to this attack: aware, not surprised, still with their turn, and not the attacker. */
function isSurprise(attacker: Combatant, situation: AttackSituation): boolean {
  return !situation.targetsAware || situation.opportunity || attacker.concealed;
}

/**
 * Who is asked before the blow lands: for a stunt every target still standing (accepting or
 * refusing it is no reaction, so surprise and a spent turn don't stop it); otherwise targets that
 * may react: not surprised, still fighting, with their turn unused.
 */
function asked(state: EncounterState, attacker: Combatant, situation: AttackSituation, intent: AttackIntent, target: Combatant): boolean {
  if (intent === 'final-blow' || target.id === attacker.id || !isFighting(target)) return false;
  if (intent === 'stunt') return true;
  if (isSurprise(attacker, situation)) return false;
  return !(state.turn?.spent.includes(target.id) ?? false);
}

// Whether the attacker may attack now: on their own turn with the main action free, or out of turn
// with their turn unspent (which the attack then spends).
function checkAttacker(state: EncounterState, attacker: Combatant): Failure | boolean {
  if (state.status !== 'running' || !state.turn) return failure('combat/not-running', 'Combat has not started; press Start combat first.');
  if (state.pendingAttack) return failure('attack/pending', 'Another attack is waiting for reactions; resolve or cancel it first.');
  if (!isFighting(attacker)) return failure('attack/out', `${attacker.name} is out of the fight and can't attack.`);
  if (state.activeId === attacker.id) {
    const b = state.turn.budget;
    if (b.main > 0 || b.bonus > 1) return failure('action/spent', `${attacker.name} has no main action left this turn.`);
    return false;
  }
  if (state.turn.phase === 'morale') return failure('turn/morale', 'It is the morale phase; settle the morale checks first.');
  if (state.turn.spent.includes(attacker.id)) {
    return failure('turn/already-acted', `${attacker.name} has already used their turn this round; an attack out of turn needs an unused turn.`);
  }
  return true;
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
  cmd: Extract<Command, { type: 'declare-attack' }>,
  random: RandomSource,
): Result<EncounterEvent[]> {
  const attacker = checkCombatant(state, cmd.attackerId);
  if (isFailure(attacker)) return attacker;
  const outOfTurn = checkAttacker(state, attacker);
  if (isFailure(outOfTurn)) return outOfTurn;
  const weapon = weaponFor(attacker, cmd.weaponId);
  if (isFailure(weapon)) return weapon;
  const intent = cmd.intent ?? 'damage';
  if (!INTENTS.includes(intent)) return failure('attack/intent', `Unknown kind of attack "${String(intent)}".`);
  if (weapon.blast && intent !== 'damage' && intent !== 'hold-back') return failure('attack/blast-intent', 'A blast hits a whole zone; it can only deal damage.');
  const stunt = intent === 'stunt' ? (typeof cmd.stunt === 'string' ? cmd.stunt.trim().slice(0, STUNT_MAX) : '') : null;
  if (stunt === '') return failure('attack/stunt', 'Describe the effect the attacker proposes instead of damage.');
  const situation = fullSituation(cmd.situation, outOfTurn);
  const check = intent === 'final-blow' ? { kind: 'auto' as const, reason: 'A final blow needs no roll.' } : attackCheck(weapon.reach, weapon.blast, situation);
  if (check.kind === 'impossible') return failure('attack/impossible', check.reason);

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
  let disarmWeaponId: Id | null = null;
  if (intent === 'disarm') {
    // One target, and the weapon the attacker names (or, if none is named, their first).
    const [target, ...others] = targets;
    if (!target || others.length > 0) return failure('attack/disarm', 'A disarm aims at one target; pick just one.');
    const weapons = target.gear.filter((g) => g.kind === 'weapon');
    const named = cmd.disarmWeaponId !== undefined && cmd.disarmWeaponId !== null;
    const chosen = named ? weapons.find((g) => g.id === cmd.disarmWeaponId) : weapons[0];
    if (!chosen) {
      return failure('attack/disarm', named ? `${target.name} holds no such weapon; pick one of theirs to knock away.` : `${target.name} holds no weapon to drop.`);
    }
    disarmWeaponId = chosen.id;
  }

  const hitSave = check.kind === 'save' ? rollUnderSave(random, attacker.stats.wit ?? 0) : null;
  const missed = hitSave !== null && !hitSave.passed;
  let deviation: Deviation | null = null;
  if (weapon.blast && zoneId) {
    if (missed && weapon.reach !== 'melee') {
      const landed = deviate(state.zones, zoneId, random);
      deviation = { from: zoneId, to: landed?.zoneId ?? null, roll: landed?.roll ?? null, numbered: landed?.numbered ?? [] };
      zoneId = landed?.zoneId ?? null;
    }
    const ids = zoneId ? blastTargets(state.combatants, zoneId, attacker.id, weapon.reach === 'melee') : [];
    targets = ids.map((id) => state.combatants.find((c) => c.id === id)).filter((c): c is Combatant => c !== undefined);
  }
  // A missed blast still lands somewhere; any other miss is over.
  const over = missed && !weapon.blast;
  const attack: PendingAttack = {
    attackerId: attacker.id,
    weaponId: weapon.id === UNARMED.id ? null : weapon.id,
    intent,
    disarmWeaponId,
    stunt,
    situation,
    zoneId,
    targets: over ? [] : targets.map((t) => t.id),
    awaiting: over ? [] : targets.filter((t) => asked(state, attacker, situation, intent, t)).map((t) => t.id),
    surprised: isSurprise(attacker, situation),
    reactions: [],
  };
  const chain = new EventChain(state);
  const drew = hitSave !== null || deviation?.roll != null;
  chain.push({ type: 'attack-declared', attack, hitSave, missed: over, deviation, asReaction: outOfTurn, rng: drew ? random.state() : null });
  if (chain.state.pendingAttack && chain.state.pendingAttack.awaiting.length === 0) chain.push(resolveAttack(chain.state, random));
  return { ok: true, value: chain.events };
}
