import type { Combatant, EncounterState, Id } from '../../core/state';
import type { GearItem } from './gear';
import { barrierRead } from './barrier';
import { nearby, zoneDistances } from '../../space/zones/zones';
import { rangeAt } from './attack-check';
import { UNARMED } from './declare-attack';
import { gearOf } from './slice';

/**
 * How one character stands as a target for another, best first:
 * - `nearby`: same zone (or either stands in none: the GM judges), so melee reaches;
 * - `in-range`: a ranged or indirect weapon reaches them within half its range;
 * - `beyond-half-range`: a weapon reaches them, but only beyond half its range;
 * - `out-of-range`: no weapon the attacker carries reaches them;
 * - `not-visible`: not nearby and not to be seen (see {@link targetsFor}).
 */
export type TargetStatus = 'nearby' | 'in-range' | 'beyond-half-range' | 'out-of-range' | 'not-visible';

/** One possible target as the map view shows it, with what the attack form can take as defaults. */
export interface TargetView {
  readonly combatantId: Id;
  readonly status: TargetStatus;
  /** Zones between them (range, whichever way borders go); null when either stands nowhere or no way leads there. */
  readonly distance: number | null;
  /** Whether the attacker can see them (see {@link targetsFor}). */
  readonly visible: boolean;
  /** The weapon that does best against them, or null for bare hands (or when nothing reaches). */
  readonly weaponId: Id | null;
  /** A barrier lies between them: the attack can't be made (read from the map by `barrierRead`). */
  readonly barrier: boolean;
  /** The attacker stands on that barrier, peeking out: the barrier counts only as cover. */
  readonly peeking: boolean;
}

/** The weapons an attacker can use: those carried that work and deal damage, then bare hands. */
function usableWeapons(attacker: Combatant): GearItem[] {
  return [...gearOf(attacker).filter((g) => g.kind === 'weapon' && g.wear !== 'broken' && g.damage !== null), UNARMED];
}

/** Whether `attacker` can see `target`, as {@link targetsFor} reads it. */
export function isVisible(state: EncounterState, attacker: Combatant, target: Combatant): boolean {
  // Concealed characters are unseen by the other side; one's own side knows where they are.
  if (target.concealed && target.factionId !== attacker.factionId) return false;
  // A hidden zone (a secret room) can't be seen into from outside it.
  const zone = state.zones.find((z) => z.id === target.zoneId);
  return !(zone?.hidden === true && target.zoneId !== attacker.zoneId);
}

const RANK: Record<TargetStatus, number> = { nearby: 0, 'in-range': 1, 'beyond-half-range': 2, 'out-of-range': 3, 'not-visible': 4 };

/**
 * How every other combatant (not dead) stands as a target for `attackerId`, in combatant order;
 * [] for an unknown attacker. Nearby wins over everything (melee can strike an unseen target with
 * a WIT save); otherwise an unseen target is `not-visible`; otherwise the best reach of the
 * attacker's working weapons, measured in zones as `rangeOf` does (from the zone a character
 * stands in, also when they stand on one of its borders). Visibility is kept simple: a concealed
 * character is unseen by other factions, and a character in a zone marked hidden is unseen from
 * outside that zone; the zone's `concealment` trait only impairs damage and doesn't hide anyone.
 */
export function targetsFor(state: EncounterState, attackerId: Id): TargetView[] {
  const attacker = state.combatants.find((c) => c.id === attackerId);
  if (!attacker) return [];
  const weapons = usableWeapons(attacker);
  const distances = attacker.zoneId !== null ? zoneDistances(state.zones, attacker.zoneId) : new Map<Id, number>();
  return state.combatants
    .filter((t) => t.id !== attacker.id && !t.marks.includes('dead'))
    .map((t) => {
      const distance = t.zoneId !== null ? (distances.get(t.zoneId) ?? null) : null;
      const visible = isVisible(state, attacker, t);
      // The barrier as the attack reads it (see `barrierRead`).
      const walls = barrierRead(state, attacker, t);
      const barrier = walls?.blocked ?? false;
      const peeking = walls?.peeking ?? false;
      let status: TargetStatus = 'out-of-range';
      let weaponId: Id | null = null;
      if (nearby(attacker, t)) {
        status = 'nearby';
      } else if (!visible) {
        status = 'not-visible';
      } else {
        for (const w of weapons) {
          const range = rangeAt(distance, w);
          // Indirect fire only reaches beyond half range.
          if (w.reach === 'indirect' && range && !range.beyondHalfRange) continue;
          const s: TargetStatus = !range || range.outOfRange ? 'out-of-range' : range.beyondHalfRange ? 'beyond-half-range' : 'in-range';
          if (RANK[s] < RANK[status]) [status, weaponId] = [s, w.id];
        }
      }
      // Nearby: the first weapon that can strike at close quarters (bare hands at worst).
      if (status === 'nearby') weaponId = weapons.find((w) => w.reach !== 'indirect')?.id ?? null;
      return { combatantId: t.id, status, distance, visible, weaponId: weaponId === UNARMED.id ? null : weaponId, barrier, peeking };
    });
}
