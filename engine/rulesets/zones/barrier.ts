import type { AttackSituation } from './attack';
import type { Combatant, EncounterState, Id } from '../../core/state';
import type { GearItem } from './gear';
import { borderBetween } from '../../space/zones/borders';

// "Barriers completely block attacks. If a character peaks behind cover to attack, they can be
// still countered and the barrier only counts as cover." A barrier is a border the map marks as
// one; peeking out from it is standing on it. This reads both from the map for attacks and
// counters alike, so the attack form, the attack and the counter all see the same barrier.

/** What the map says of a barrier between one character and another (or the zone a blast aims at). */
export interface BarrierRead {
  /** A barrier stands between them and neither stands on it: nothing gets through. */
  readonly blocked: boolean;
  /** A barrier stands between them and the one attacking stands on it, peeking out: it is only cover. */
  readonly peeking: boolean;
}

type Place = Pick<Combatant, 'zoneId' | 'borderId'>;

/**
 * Whether a barrier stands between `from` and `to`, read from the map. In the same zone nothing
 * stands between them; zones that border each other over a barrier have it between them, unless
 * one of the two stands on that border (`from` on it peeks out; `to` on it peeks out too, and has
 * the barrier as cover: see `peeksFromBarrier`). Null
 * when the map can't tell: either stands in no zone, or their zones don't border each other
 * (what stands between zones further apart the map doesn't say).
 */
export function barrierRead(state: Pick<EncounterState, 'borders'>, from: Place, to: Place): BarrierRead | null {
  if (from.zoneId === null || to.zoneId === null) return null;
  if (from.zoneId === to.zoneId) return { blocked: false, peeking: false };
  const border = borderBetween(state.borders, from.zoneId, to.zoneId);
  if (!border) return null;
  if (!border.barrier) return { blocked: false, peeking: false };
  const fromOn = from.borderId === border.id;
  return { blocked: !fromOn && to.borderId !== border.id, peeking: fromOn };
}

/**
 * Whether `target` stands on a barrier between them and `from`, peeking out from behind it: "the
 * barrier only counts as cover" for them against a blow from across it, as for an attacker peeking
 * out. A blow from their own side of it, or where the map can't tell, meets no barrier.
 */
export function peeksFromBarrier(state: Pick<EncounterState, 'borders'>, from: Place, target: Place): boolean {
  if (from.zoneId === null || target.zoneId === null || from.zoneId === target.zoneId) return false;
  const border = borderBetween(state.borders, from.zoneId, target.zoneId);
  return border?.barrier === true && target.borderId === border.id;
}

/** The map's reading for a whole attack: blocked or peeking towards any target, and who is behind the barrier. */
export interface MapBarrier extends BarrierRead {
  /** The first target (or, for a blast, the zone's name) behind the barrier, for the refusal. */
  readonly behind: string | null;
}

/**
 * What the map says of barriers between the attacker and the targets (or the zone a ranged blast
 * aims at). A melee blast sweeps the attacker's own zone, so no barrier stands in its way. Null
 * when the map can't tell for anyone: then the GM's reading of the scene stands.
 */
export function mapBarrier(
  state: Pick<EncounterState, 'borders' | 'zones'>,
  attacker: Combatant,
  weapon: Pick<GearItem, 'reach' | 'blast'>,
  targets: readonly Combatant[],
  zoneId: Id | null,
): MapBarrier | null {
  if (weapon.blast && weapon.reach === 'melee') return null;
  const aims: { name: string; place: Place }[] = weapon.blast
    ? [{ name: state.zones.find((z) => z.id === zoneId)?.name ?? 'the zone aimed at', place: { zoneId, borderId: null } }]
    : targets.map((t) => ({ name: t.name, place: t }));
  const read = aims.flatMap((aim) => {
    const r = barrierRead(state, attacker, aim.place);
    return r ? [{ ...r, name: aim.name }] : [];
  });
  if (read.length === 0) return null;
  return { blocked: read.some((r) => r.blocked), peeking: read.some((r) => r.peeking), behind: read.find((r) => r.blocked)?.name ?? null };
}

/**
 * The situation with the barrier read from the map. Without the GM's ruling the map decides,
 * whatever the caller said; with it, what the GM says stands (else the map's reading). Where the
 * map can't tell, the caller's reading stands as given.
 */
export function withMapBarrier(situation: AttackSituation, given: Partial<AttackSituation> | undefined, read: MapBarrier | null, gmRuling: boolean): AttackSituation {
  if (!read) return situation;
  if (!gmRuling) return { ...situation, barrier: read.blocked, attackerPeeking: read.peeking };
  const said = (key: 'barrier' | 'attackerPeeking'): boolean | undefined => (typeof given?.[key] === 'boolean' ? given[key] : undefined);
  return { ...situation, barrier: said('barrier') ?? read.blocked, attackerPeeking: said('attackerPeeking') ?? read.peeking };
}

/** Whether the GM's ruling changed what the map says of the barrier: the event then carries `ruling`. */
export function overrulesBarrier(situation: AttackSituation, read: MapBarrier | null): boolean {
  return read !== null && (read.blocked !== situation.barrier || read.peeking !== situation.attackerPeeking);
}

/**
 * Whether the barrier stops an attack with this reach. An attacker peeking out has the barrier as
 * cover only. Indirect fire is "directed at targets which aren't directly visible and over
 * obstacles": it goes over a barrier, which stops what flies straight (situations stored before
 * the flags existed read as no barrier).
 */
export function barrierBlocks(reach: GearItem['reach'], s: Pick<AttackSituation, 'barrier' | 'attackerPeeking'>): boolean {
  return s.barrier === true && s.attackerPeeking !== true && reach !== 'indirect';
}

/** Why the barrier stops the attack, in a sentence, with what to do about it. */
export function barrierReason(attacker: Pick<Combatant, 'name'>, read: MapBarrier | null): string {
  const where = read?.blocked ? `${read.behind ?? 'the target'} is behind a barrier on the map` : 'the situation says the target is behind a barrier';
  return `A barrier blocks the attack completely: ${where}. ${attacker.name} may peek out to attack by standing on the barrier's border (then it counts only as cover), or use indirect fire over it.`;
}
