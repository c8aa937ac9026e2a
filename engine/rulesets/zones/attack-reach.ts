import type { AttackIntent, AttackSituation } from './attack';
import type { Combatant, EncounterState, Id } from '../../core/state';
import type { GearItem } from './gear';
import { rangeOf } from './attack-check';
import { nearby } from '../../space/zones/zones';

/**
 * The attacks that need a nearby target, with how a sentence names them: "Disarm. A nearby
 * target…", "Grapple. A nearby target…", "If the target is nearby and incapacitated… a final blow".
 */
const NEARBY_ONLY: Readonly<Partial<Record<AttackIntent, string>>> = { disarm: 'A disarm', grapple: 'A grapple', 'final-blow': 'A final blow' };

/** The first target a disarm, grapple or final blow can't be made at because they are not nearby, if any. */
export function farTarget(attacker: Combatant, targets: readonly Combatant[], intent: AttackIntent): Combatant | undefined {
  return NEARBY_ONLY[intent] ? targets.find((t) => !nearby(attacker, t)) : undefined;
}

/** Why such an attack can't be made at `target`, in a sentence. */
export function notNearbyReason(attacker: Combatant, target: Combatant, intent: AttackIntent): string {
  return `${NEARBY_ONLY[intent] ?? 'The attack'} needs a nearby target: ${target.name} is not in ${attacker.name}'s zone.`;
}

/** How far an attack reaches by the map: past the weapon's reach, or past half its range. */
export interface MapReach {
  readonly outOfRange: boolean;
  readonly beyondHalfRange: boolean;
  /** The first target (or, for a blast, the zone's name) the weapon can't reach, for the refusal. */
  readonly farthest: string | null;
}

/**
 * What the zone map says about an attack's reach: "Melee attacks. Target a nearby character.",
 * ranged ones a target "in range", with a WIT save "beyond half range". A melee blast sweeps the
 * attacker's own zone, so range never stops it. With several targets the worst counts. Null when
 * the map can't tell for anyone (a character or the aimed zone in no zone, or no borders lead
 * there): then the GM's reading of the scene stands.
 */
export function mapReach(
  state: Pick<EncounterState, 'zones'>,
  attacker: Combatant,
  weapon: Pick<GearItem, 'reach' | 'range' | 'blast'>,
  targets: readonly Combatant[],
  zoneId: Id | null,
): MapReach | null {
  if (weapon.blast && weapon.reach === 'melee') return null;
  const aims = weapon.blast
    ? [{ name: state.zones.find((z) => z.id === zoneId)?.name ?? 'the zone aimed at', zoneId }]
    : targets.map((t) => ({ name: t.name, zoneId: t.zoneId }));
  const read = aims.flatMap((aim) => {
    const range = rangeOf(state.zones, attacker.zoneId, aim.zoneId, weapon);
    return range ? [{ ...range, name: aim.name }] : [];
  });
  if (read.length === 0) return null;
  return {
    outOfRange: read.some((r) => r.outOfRange),
    beyondHalfRange: read.some((r) => r.beyondHalfRange),
    farthest: read.find((r) => r.outOfRange)?.name ?? null,
  };
}

/**
 * The situation with reach read from the map. Without the GM's ruling the map decides, whatever
 * the caller said; with it, what the GM says stands (a target ruled within reach unless they say
 * otherwise, half range as they say or else as the map has it). Where the map can't tell, the
 * caller's reading stands as given.
 */
export function withMapReach(situation: AttackSituation, given: Partial<AttackSituation> | undefined, read: MapReach | null, gmRuling: boolean): AttackSituation {
  if (!read) return situation;
  if (!gmRuling) return { ...situation, outOfRange: read.outOfRange, beyondHalfRange: read.beyondHalfRange };
  const said = (key: 'outOfRange' | 'beyondHalfRange'): boolean | undefined => (typeof given?.[key] === 'boolean' ? given[key] : undefined);
  return { ...situation, outOfRange: said('outOfRange') ?? false, beyondHalfRange: said('beyondHalfRange') ?? read.beyondHalfRange };
}

/** Whether the GM's ruling changed what the map says about reach: the event then carries `ruling`. */
export function overrulesMap(situation: AttackSituation, read: MapReach | null): boolean {
  return read !== null && (read.outOfRange !== situation.outOfRange || read.beyondHalfRange !== situation.beyondHalfRange);
}

/** Why the map rules the attack out, in a sentence. */
export function outOfReachReason(attacker: Combatant, weapon: Pick<GearItem, 'reach' | 'blast' | 'name'>, read: MapReach): string {
  const who = read.farthest ?? 'the target';
  const why =
    weapon.reach === 'melee'
      ? `a melee attack reaches only a nearby target, and ${who} is not in ${attacker.name}'s zone`
      : `${who} is beyond the full range of ${attacker.name}'s ${weapon.name}`;
  return `Out of range: ${why}.`;
}

/**
 * Why the attack form marks a target it lists, or null when the weapon can reach them: a disarm,
 * grapple or final blow needs a nearby target, and any attack one within the weapon's reach.
 */
export function reachNote(state: Pick<EncounterState, 'zones'>, attacker: Combatant, weapon: Pick<GearItem, 'reach' | 'range' | 'blast'>, target: Combatant, intent: AttackIntent): string | null {
  if (farTarget(attacker, [target], intent)) return 'not nearby';
  if (!mapReach(state, attacker, weapon, [target], null)?.outOfRange) return null;
  return weapon.reach === 'melee' ? 'not nearby' : 'out of range';
}
