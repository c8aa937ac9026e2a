import { checkCombatant, isFailure } from '../../core/checks';
import { statOf } from '../../core/effects';
import type { Combatant, EncounterState, Id } from '../../core/state';
import { displayOf } from '../../core/display';
import { failure, ruleRefusal, type Failure } from '../../result';
import { hasTrait } from '../../core/fields';
import { isUnder, PRONE } from './conditions';
import { UNARMED, unarmed, type Attribute, type Weapon } from './gear';
import { feetBetween, foesInMeleeRange, reachesOnGrid, sightOnGrid } from './grid-reading';
import { personOf } from './person';
import { sidesSettings } from './settings';
import { placeKnownOnMap, unplacedRefusal } from './unseen';
import { notReadied } from './items';

// An attack before any die is rolled: d20 + attack bonus + the weapon's attribute modifier + the
// combat skill + the weapon's magic, against the target's AC, with the situational modifiers the
// text lists (filled from the map and the characters' states, each one the GM's to turn on or
// off) and those of the way it is made (charge +2, snap −4, a swarm +2 for each other assailant).
// The forms show this plan; the command rolls it.

/** How an attack is made: a plain one, the strike of a swarm, at the end of a charge, a snap attack, or an attack of opportunity. */
export type AttackWay = 'attack' | 'swarm' | 'charge' | 'snap' | 'opportunity';

/** The text's situational modifiers, by id, with their amounts. */
/** Dual wielding: each weapon's skill at this level at least, this much on every attack roll, this much damage on a hit both reach (never to Shock). */
export const DUAL_WIELDING = { skill: 1, toHit: -1, damage: 2 } as const;

export const SITUATIONS = {
  'distant-prone': { label: 'Shooting at a distant prone foe', amount: -2 },
  'adjacent-prone': { label: 'Attacking a prone foe in melee range', amount: 2 },
  'prone-attacker': { label: 'Melee attacking while prone', amount: -4 },
  'long-range': { label: 'Past normal range', amount: -2 },
  'half-cover': { label: 'Target in half cover', amount: -2 },
  'full-cover': { label: 'Target in full cover', amount: -4 },
  'thrown-in-melee': { label: 'Throwing or shooting one-handed with a foe in melee range', amount: -4 },
  unseen: { label: "Can't see the target, knows where it is", amount: -4 },
} as const;

export type SituationId = keyof typeof SITUATIONS;
export const SITUATION_IDS = Object.keys(SITUATIONS) as SituationId[];

export type AttackAsked = {
  attackerId: Id;
  targetId: Id;
  /** One of the attacker's weapons, or `unarmed`. */
  weaponId: Id;
  /** For a weapon usable with either: the attribute picked (the better one when not given). */
  attribute?: Attribute;
  way?: AttackWay;
  /** The GM's say on each situational modifier; those not given are read from the map and the characters. */
  situation?: Partial<Record<SituationId, boolean>>;
  /** Dual wielding: the other weapon in hand (−1 to hit; +2 damage on a hit when both reach the target). */
  offhandId?: Id;
  /** The GM's say on whether the attacker knows where an unseen target is; not given, read from the map (`unseen.ts`). */
  placeKnown?: boolean;
};

/** A modifier to the attack roll, in words for the form and the log. */
export interface Modifier {
  label: string;
  amount: number;
}

export interface AttackPlan {
  attacker: Combatant;
  target: Combatant;
  weapon: Weapon;
  attribute: Attribute;
  way: AttackWay;
  /** Attack bonus + attribute modifier + skill + magic. */
  bonus: number;
  /** The situational modifiers on, as given or read. */
  situation: Record<SituationId, boolean>;
  /** What the map and the characters' states say of each, before the GM's say: the form marks where the two differ. */
  read: Record<SituationId, boolean>;
  modifiers: Modifier[];
  /** The target's AC as it stands (total defence and a charge counted). */
  ac: number;
  /** Other assailants of a swarm strike (at most three count). */
  swarmOthers: Id[];
  /** Dual wielding's damage on a hit: +2 when the other weapon reaches the target too, else 0. */
  dualBonus: number;
  /** Feet between them on the map; null off it. */
  feet: number | null;
  /** Whether the attacker knows where the target is, as given or read (it matters when the target is unseen). */
  placeKnown: boolean;
  /** The GM said the attacker knows where an unseen target is, against the map's reading: their ruling, logged as such. */
  placeRuled: boolean;
  /** Why the text forbids it (out of reach, a bow in melee), which the GM may overrule; null when it doesn't. */
  objection: Failure | null;
}

const isRanged = (w: Weapon) => w.use !== 'melee';
// "Shooting a bow or crossbow while in melee: N/A", and "bows and other two-handed ranged weapons
// cannot be fired at all": a weapon reloaded as a bow or a crossbow is one, however many hands.
const isBow = (w: Weapon) => w.use === 'ranged-two' || w.reload !== 'none';

/** The attribute modifier a weapon uses: the one asked, the one it takes, or the better of STR and DEX. */
export function attributeFor(c: Combatant, weapon: Weapon, asked?: Attribute): Attribute {
  if (weapon.attribute !== 'either') return weapon.attribute;
  if (asked) return asked;
  return (c.stats.dex ?? 0) > (c.stats.str ?? 0) ? 'dex' : 'str';
}

/** The weapon by id among the character's, or bare hands. */
export function weaponFor(state: EncounterState, c: Combatant, weaponId: Id): Weapon | null {
  if (weaponId === UNARMED) return unarmed(sidesSettings(state.settings).unarmedDamage);
  return personOf(c).gear.find((w) => w.id === weaponId) ?? null;
}

/** Whether this character may make a snap attack: the party always, others only when well trained. */
export function maySnap(state: EncounterState, c: Combatant): boolean {
  return displayOf(state).playerFactions.includes(c.factionId) || hasTrait(c, 'trained');
}

/** The assailants of a swarm on this target this round, up to four; with a side named, only that side's ("four allies"). */
export function swarmOn(state: EncounterState, targetId: Id, swarms: readonly { targetId: Id; round: number; assailants: Id[] }[], side?: Id): Id[] {
  const all = swarms.find((s) => s.targetId === targetId && s.round === state.round)?.assailants ?? [];
  return side === undefined ? all : all.filter((id) => state.combatants.find((c) => c.id === id)?.factionId === side);
}

// The situational modifiers read from the map and the characters' states.
function readSituation(state: EncounterState, attacker: Combatant, target: Combatant, weapon: Weapon, feet: number | null): Record<SituationId, boolean> {
  const ranged = isRanged(weapon);
  const adjacent = feet !== null ? feet <= 5 : !ranged;
  const sight = sightOnGrid(state, attacker, target);
  const meleeFoes = ranged ? (foesInMeleeRange(state, attacker) ?? []) : [];
  return {
    'distant-prone': ranged && !adjacent && isUnder(target, PRONE),
    // Go Prone: "+2 bonus to melee-range attacks against you": from the next square, or a long weapon's reach.
    'adjacent-prone': (adjacent || !ranged) && isUnder(target, PRONE),
    'prone-attacker': !ranged && isUnder(attacker, PRONE),
    'long-range': ranged && feet !== null && feet > weapon.range,
    'half-cover': sight?.cover === 'half',
    'full-cover': sight?.cover === 'full',
    'thrown-in-melee': (weapon.use === 'thrown' || weapon.use === 'ranged-one') && meleeFoes.length > 0,
    // "You are shooting at a target you can't see but you know where they are": the table's row is
    // for shots; a melee strike at someone unseen is one of the situations the GM may add.
    unseen: ranged && sight !== null && !sight.sees,
  };
}

// What the text forbids of this attack as asked: out of reach or range, a bow with a foe in melee range.
function objectionTo(state: EncounterState, plan: Omit<AttackPlan, 'objection'>): Failure | null {
  const { attacker, target, weapon, feet } = plan;
  if (!isRanged(weapon) && reachesOnGrid(state, attacker, target, weapon) === false) return ruleRefusal('sides/reach', `${target.name} is out of reach of ${attacker.name}'s ${weapon.name.toLowerCase()} (${weapon.reach} ft).`);
  if (isRanged(weapon) && feet !== null && feet > weapon.longRange) return ruleRefusal('sides/range', `${target.name} is ${feet} ft away, past the ${weapon.name.toLowerCase()}'s long range of ${weapon.longRange} ft.`);
  if (isBow(weapon) && (foesInMeleeRange(state, attacker) ?? []).length > 0) return ruleRefusal('sides/bow-in-melee', `${attacker.name} has a foe in melee range: a bow, a crossbow or another two-handed ranged weapon can't be fired.`);
  return null;
}

// Whether the other weapon of a pair reaches the target too (off the map, the GM's say: it does).
function reachesToo(state: EncounterState, attacker: Combatant, target: Combatant, offhand: Weapon, feet: number | null): boolean {
  if (!isRanged(offhand)) return reachesOnGrid(state, attacker, target, offhand) !== false;
  return feet === null || feet <= offhand.longRange;
}

/** The attack as it will be rolled, or why it can't be made at all (an unknown weapon or character). */
export function planAttack(state: EncounterState, asked: AttackAsked, swarms: readonly { targetId: Id; round: number; assailants: Id[] }[]): AttackPlan | Failure {
  const attacker = checkCombatant(state, asked.attackerId);
  if (isFailure(attacker)) return attacker;
  const target = checkCombatant(state, asked.targetId);
  if (isFailure(target)) return target;
  if (target.id === attacker.id) return failure('sides/self', `${attacker.name} can't attack themselves; pick another target.`);
  const weapon = weaponFor(state, attacker, asked.weaponId);
  if (!weapon) return failure('sides/weapon', `${attacker.name} carries no such weapon; pick one of theirs, or unarmed.`);
  const way = asked.way ?? 'attack';
  if (way === 'charge' && weapon.use !== 'melee' && weapon.use !== 'thrown') return failure('sides/charge', 'A charge ends in a melee or thrown attack.');
  const attribute = attributeFor(attacker, weapon, asked.attribute);
  const bonus = (attacker.stats.attack ?? 0) + (attacker.stats[attribute] ?? 0) + (attacker.stats[weapon.skill] ?? 0) + weapon.magic;
  const feet = feetBetween(state, attacker, target);
  const read = readSituation(state, attacker, target, weapon, feet);
  const situation = Object.fromEntries(SITUATION_IDS.map((id) => [id, asked.situation?.[id] ?? read[id]])) as Record<SituationId, boolean>;
  // The two rows for throwing in melee are one penalty, never two; full cover replaces half.
  if (situation['full-cover']) situation['half-cover'] = false;
  const swarmOthers = way === 'swarm' ? swarmOn(state, target.id, swarms, attacker.factionId).filter((id) => id !== attacker.id).slice(0, 3) : [];
  const modifiers: Modifier[] = [
    ...SITUATION_IDS.filter((id) => situation[id]).map((id) => ({ label: SITUATIONS[id].label, amount: SITUATIONS[id].amount })),
    ...(way === 'charge' ? [{ label: 'Charge', amount: 2 }] : []),
    ...(way === 'snap' ? [{ label: 'Snap attack', amount: -4 }] : []),
    ...(swarmOthers.length > 0 ? [{ label: `Swarm (${swarmOthers.length} other${swarmOthers.length === 1 ? '' : 's'})`, amount: 2 * swarmOthers.length }] : []),
  ];
  // The other hand: the weapon named, or for one marked as dual wielding their other weapon, so
  // the −1 goes on every attack they make (snap attacks and attacks of opportunity too).
  const offhand = asked.offhandId !== undefined ? weaponFor(state, attacker, asked.offhandId) : hasTrait(attacker, 'dualWield') ? (personOf(attacker).gear.find((w) => w.id !== weapon.id && w.carried === 'readied') ?? null) : null;
  if (asked.offhandId !== undefined && (!offhand || offhand.id === weapon.id)) return failure('sides/offhand', `Dual wielding takes a second weapon of ${attacker.name}'s besides the ${weapon.name.toLowerCase()}.`);
  if (offhand) modifiers.push({ label: 'Dual wielding', amount: DUAL_WIELDING.toHit });
  const dualBonus = offhand && reachesToo(state, attacker, target, offhand, feet) ? DUAL_WIELDING.damage : 0;
  const onMap = placeKnownOnMap(state, attacker, target);
  const placeKnown = asked.placeKnown ?? onMap;
  const placeRuled = situation.unseen && placeKnown && !onMap;
  const plan = { attacker, target, weapon, attribute, way, bonus, situation, read, modifiers, ac: statOf(target, 'ac'), swarmOthers, dualBonus, feet, placeKnown, placeRuled };
  const unskilled = offhand ? [weapon, offhand].find((w) => (attacker.stats[w.skill] ?? 0) < DUAL_WIELDING.skill) : undefined;
  const dualObjection = unskilled ? ruleRefusal('sides/dual-skill', `Dual wielding takes at least level ${DUAL_WIELDING.skill} in each weapon's skill; ${attacker.name} has ${unskilled.skill} ${attacker.stats[unskilled.skill] ?? 0}.`) : null;
  // Only a readied weapon attacks, in either hand.
  const unready = notReadied(attacker, weapon) ?? (offhand ? notReadied(attacker, offhand) : null);
  return { ...plan, objection: unready ?? objectionTo(state, plan) ?? unplacedRefusal(attacker, target, situation.unseen, placeKnown) ?? dualObjection };
}
