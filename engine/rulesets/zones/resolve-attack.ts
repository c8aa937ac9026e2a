import { rollUnderSave } from '../../dice/checks';
import type { RandomSource } from '../../dice/random';
import type { Blow, CombatantPatch, PendingAttack, Reaction } from './attack';
import type { EncounterEvent } from '../../core/events';
import type { Combatant, EncounterState, Id } from '../../core/state';
import { inPlace, type GearItem } from './gear';
import { counterOrder } from './counter';
import { armourOf, isImpaired, rollDamage, wearFromBlow, weaponBreaks, type ImpairedMode } from './damage';
import { UNARMED } from './declare-attack';
import { mapProtection } from './attack-scene';
import { gearOf, withZonesPerson, zonesFight, zonesPerson } from './slice';

/** A blow of this much damage before armour breaks damaged shields and armour (the text's number). */
export const HEAVY_BLOW = 8;

// The combatants as the attack changes them, so blows later in the attack see earlier ones.
type Table = Map<Id, Combatant>;

interface Swing {
  attacker: Combatant;
  weapon: GearItem;
  holdBack: boolean;
  concealment: boolean;
  cover: boolean;
  penetrates: boolean;
}

interface Rolled {
  blow: Blow;
  /** The target after the blow: health, gear worn by it, surrender lifted. */
  target: Combatant;
  /** The attacker's weapon after the blow (it may break). */
  weapon: GearItem;
}

function impairedMode(state: EncounterState): ImpairedMode {
  return state.settings.impairedMode === 'halved' ? 'halved' : 'lower-of-two';
}

function health(c: Combatant): number {
  return c.tracks.health?.value ?? 0;
}

/** Health as recorded in a blow: null for someone without a health track. */
function healthAfter(c: Combatant): number | null {
  return c.tracks.health?.value ?? null;
}

/** A blow that dealt no damage: dodged, stopped, non-lethal, a final blow or an accepted stunt. */
const noBlow = (attackerId: Id, target: Combatant, effect: string, save: Blow['save'] = null): Blow => ({
  attackerId,
  targetId: target.id,
  roll: null,
  rolls: [],
  raw: 0,
  armour: 0,
  damage: 0,
  broke: [],
  effect,
  save,
  healthAfter: healthAfter(target),
});

/** Rolls one damaging blow and works out what it does, without applying it yet. */
function rollBlow(state: EncounterState, swing: Swing, target: Combatant, random: RandomSource): Rolled {
  const unarmed = swing.weapon.id === UNARMED.id;
  // The target's zone may shield them too, as the map marks it (see `mapProtection`).
  const shield = mapProtection(state, swing.attacker, swing.weapon, target);
  const impaired = isImpaired({ unarmed, holdBack: swing.holdBack, concealment: swing.concealment || shield.concealment });
  const rolled = rollDamage(swing.weapon.damage ?? 'd4', impaired, impairedMode(state), random);
  // The weapon's notation was checked when it was entered; a failure here means a damaged log.
  const raw = rolled.ok ? rolled.value.total : 0;
  const armour = armourOf(gearOf(target), swing.cover || shield.cover, swing.penetrates);
  const damage = Math.max(0, raw - armour);
  const worn = wearFromBlow(gearOf(target), raw, HEAVY_BLOW);
  const broke = [...worn.broke];
  let weapon = swing.weapon;
  if (!unarmed && rolled.ok && weaponBreaks(weapon, rolled.value.kept)) {
    weapon = { ...weapon, wear: 'broken' };
    broke.push(`${swing.attacker.name}'s ${weapon.name}`);
  }
  // Armour and shields that took a blow were used in the fight and are rolled for wear after it.
  const gear = worn.gear.map((g) => (g.kind === 'weapon' ? g : { ...g, used: true }));
  const value = Math.max(0, health(target) - damage);
  const healthTrack = target.tracks.health;
  // Harm from the enemy lets a surrendering character fight again.
  const harmedByEnemy = damage > 0 && target.factionId !== swing.attacker.factionId;
  const marks = harmedByEnemy ? target.marks.filter((m) => m !== 'surrendered') : target.marks;
  return {
    blow: {
      attackerId: swing.attacker.id,
      targetId: target.id,
      roll: rolled.ok ? rolled.value.kept : null,
      rolls: rolled.ok ? rolled.value.rolls : [],
      raw,
      armour,
      damage,
      broke,
      effect: impaired ? 'impaired' : null,
      save: null,
      healthAfter: healthTrack ? value : null,
    },
    target: { ...withZonesPerson(target, { gear }), marks, tracks: healthTrack ? { ...target.tracks, health: { ...healthTrack, value } } : target.tracks },
    weapon,
  };
}

function withWeapon(c: Combatant, weapon: GearItem): Combatant {
  return weapon.id === UNARMED.id ? c : withZonesPerson(c, { gear: gearOf(c).map((g) => (g.id === weapon.id ? weapon : g)) });
}

// Only a break is carried over: the item may have changed in other ways in the other blow.
function withBroken(c: Combatant, weapon: GearItem | undefined): Combatant {
  return weapon && weapon.wear === 'broken' ? withWeapon(c, weapon) : c;
}

function withUsed(c: Combatant, weapon: GearItem): Combatant {
  return weapon.id === UNARMED.id ? c : withZonesPerson(c, { gear: gearOf(c).map((g) => (g.id === weapon.id ? { ...g, used: true } : g)) });
}

/**
 * Disarm or grapple, by an attack or a counter: `on` makes a STR save or drops the weapon
 * `dropId` (disarm), or is grabbed by `by` (grapple).
 */
function nonLethal(kind: 'disarm' | 'grapple', by: Combatant, on: Combatant, dropId: Id | null, random: RandomSource): { blow: Blow; target: Combatant } {
  const save = rollUnderSave(random, on.stats.str ?? 0);
  if (save.passed) return { blow: noBlow(by.id, on, kind === 'disarm' ? 'kept hold of their weapon' : 'broke free of the grapple', save), target: on };
  if (kind === 'grapple') return { blow: noBlow(by.id, on, `grabbed by ${by.name}`, save), target: withZonesPerson(on, { grabbedBy: by.id }) };
  const dropped = gearOf(on).find((g) => g.id === dropId);
  return {
    blow: noBlow(by.id, on, `dropped ${dropped?.name ?? 'their weapon'}`, save),
    // "drop a weapon": it falls where they stand, to be picked up again.
    target: withZonesPerson(on, { gear: gearOf(on).map((g) => (g.id === dropId ? inPlace(g, 'dropped', on.zoneId) : g)) }),
  };
}

function reactionOf(attack: PendingAttack, targetId: Id): { reaction: Reaction; save: Blow['save'] } | undefined {
  const own = attack.reactions.find((r) => r.targetId === targetId && r.reactorId === targetId);
  return own ? { reaction: own.reaction, save: own.save } : undefined;
}

function nonLethalIntent(intent: string): 'disarm' | 'grapple' | null {
  return intent === 'disarm' || intent === 'grapple' ? intent : null;
}

/** The weapon a counter strikes with: the one named, if the counterer still has it, or bare hands. */
function counterWeaponOf(counterer: Combatant, counter: Extract<Reaction, { kind: 'counter' }>): GearItem {
  return counter.weaponId ? (gearOf(counterer).find((g) => g.id === counter.weaponId) ?? UNARMED) : UNARMED;
}

/** One target's part of the attack, counter included. */
function strike(state: EncounterState, attack: PendingAttack, table: Table, targetId: Id, random: RandomSource): Blow[] {
  const attacker = table.get(attack.attackerId);
  const target = table.get(targetId);
  if (!attacker || !target) return [];
  const own = reactionOf(attack, targetId);
  if (own?.reaction.kind === 'accept-stunt') return [noBlow(attacker.id, target, `accepted: ${attack.stunt ?? ''}`)];
  if (own?.reaction.kind === 'dodge' && own.save?.passed) return [noBlow(attacker.id, target, 'dodged')];
  if (attack.intent === 'final-blow') {
    table.set(target.id, { ...target, marks: [...target.marks.filter((m) => m !== 'dead'), 'dead'] });
    return [noBlow(attacker.id, target, 'killed by a final blow')];
  }
  const weapon = attack.weaponId ? (gearOf(attacker).find((g) => g.id === attack.weaponId) ?? UNARMED) : UNARMED;
  const s = attack.situation;
  const swing: Swing = { attacker, weapon, holdBack: attack.intent === 'hold-back' || attack.heldBack === true, concealment: s.concealment, cover: s.cover, penetrates: s.penetrates };
  const attackKind = nonLethalIntent(attack.intent);
  if (own?.reaction.kind !== 'counter' || own.save?.passed === false) {
    // A counter that failed its WIT save to hit misses: the attack lands as if unanswered, and
    // the counter's weapon was still used.
    const missedWith = own?.reaction.kind === 'counter' ? counterWeaponOf(target, own.reaction) : null;
    const used = (c: Combatant) => (missedWith ? withUsed(c, missedWith) : c);
    if (attackKind) {
      const done = nonLethal(attackKind, attacker, target, attack.disarmWeaponId, random);
      table.set(target.id, used(done.target));
      return [done.blow];
    }
    const rolled = rollBlow(state, swing, target, random);
    table.set(target.id, used(rolled.target));
    // Read back: the attacker may be the target, caught in their own blast.
    table.set(attacker.id, withWeapon(table.get(attacker.id) ?? attacker, rolled.weapon));
    return [rolled.blow];
  }

  // A counter: both damaging blows are rolled at once from where they stood, the counter's first;
  // whoever suffers more after armour is hit first, and a blow from someone that first hit took
  // down doesn't land. Weapons that break do so whether or not their blow lands. A non-lethal
  // blow (disarm, grapple) deals no damage, so it lands last, and only if its maker still stands.
  const counter = own.reaction;
  const counterKind = nonLethalIntent(counter.intent ?? 'damage');
  const counterWeapon = counterWeaponOf(target, counter);
  // An attacker peeking out from behind a barrier has it as cover against the counter.
  const counterSwing: Swing = { attacker: target, weapon: counterWeapon, holdBack: false, concealment: false, cover: s.attackerPeeking === true, penetrates: false };
  const back = counterKind ? null : rollBlow(state, counterSwing, attacker, random);
  const forth = attackKind ? null : rollBlow(state, swing, target, random);
  const order = counterOrder({ damage: back?.blow.damage ?? 0, nonLethal: back === null }, { damage: forth?.blow.damage ?? 0, nonLethal: forth === null });
  const stopped = (b: Blow, who: Combatant, victim: Combatant): Blow => ({ ...b, damage: 0, effect: `${who.name} went down before this blow landed`, healthAfter: healthAfter(victim) });

  // The damaging blows first.
  let attackerNow = attacker;
  let targetNow = target;
  let backBlow: Blow | null = null;
  let forthBlow: Blow | null = null;
  if (back && forth) {
    const backLands = order !== 'counterer-hit-first' || health(forth.target) > 0;
    const forthLands = order !== 'attacker-hit-first' || health(back.target) > 0;
    attackerNow = withBroken(backLands ? back.target : attacker, forth.weapon);
    targetNow = withBroken(forthLands ? forth.target : target, back.weapon);
    backBlow = backLands ? back.blow : stopped(back.blow, target, attacker);
    forthBlow = forthLands ? forth.blow : stopped(forth.blow, attacker, target);
  } else if (back) {
    attackerNow = back.target;
    targetNow = withBroken(target, back.weapon);
    backBlow = back.blow;
  } else if (forth) {
    attackerNow = withBroken(attacker, forth.weapon);
    targetNow = forth.target;
    forthBlow = forth.blow;
  }
  // Then the non-lethal ones, the counter's first, each only if its maker still stands.
  if (counterKind) {
    if (health(targetNow) > 0) {
      const done = nonLethal(counterKind, targetNow, attackerNow, attack.weaponId, random);
      attackerNow = done.target;
      backBlow = done.blow;
    } else backBlow = noBlow(target.id, attackerNow, `${target.name} went down before the hold landed`);
  }
  if (attackKind) {
    if (health(attackerNow) > 0) {
      const done = nonLethal(attackKind, attackerNow, targetNow, attack.disarmWeaponId, random);
      targetNow = done.target;
      forthBlow = done.blow;
    } else forthBlow = noBlow(attacker.id, targetNow, `${attacker.name} went down before the hold landed`);
  }
  table.set(attacker.id, attackerNow);
  // The weapon used to counter was used in the fight, whether or not its blow landed.
  table.set(target.id, withUsed(targetNow, counterWeapon));
  const blows = order === 'counterer-hit-first' ? [forthBlow, backBlow] : [backBlow, forthBlow];
  return blows.filter((b): b is Blow => b !== null);
}

/** The changes the attack made, one patch per combatant it touched. */
function patchesOf(before: readonly Combatant[], table: Table): CombatantPatch[] {
  return before.flatMap((c) => {
    const after = table.get(c.id);
    if (!after || after === c) return [];
    return [{ combatantId: c.id, tracks: after.tracks, gear: gearOf(after), marks: after.marks, grabbedBy: zonesPerson(after).grabbedBy }];
  });
}

/** Rolls every blow of the pending attack, with its counter, and records what they did. */
export function resolveAttack(state: EncounterState, random: RandomSource): EncounterEvent {
  const attack = zonesFight(state).pendingAttack;
  if (!attack) return { type: 'zones/attack-resolved', blows: [], patches: [], rng: null };
  const table: Table = new Map(state.combatants.map((c) => [c.id, c]));
  const blows = attack.targets.flatMap((id) => strike(state, attack, table, id, random));
  return { type: 'zones/attack-resolved', blows, patches: patchesOf(state.combatants, table), rng: random.state() };
}
