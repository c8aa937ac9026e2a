/**
 * Movement over zones and borders. A turn's movement is one zone, taken as two halves: from a zone
 * onto one of its borders is a half, from a border into either of its zones is a half, so zone to
 * neighbouring zone is both. One-way borders are only stepped onto from their "from" side and
 * only crossed into their `oneWayTo` zone; stepping back off a border into the zone one came from
 * is always allowed. Barriers block attacks, not movement (a wall one can't pass is a `closed` link).
 */
import type { EncounterState, Id } from '../../core/state';
import type { Border } from '../../core/maps/zone-state';
import { movementSpent } from '../../core/budget';
import { bordersOf, crossableInto, otherSide } from './borders';

/** Where a character stands: in a zone, and possibly on one of its borders. */
export interface Position {
  readonly zoneId: Id;
  readonly borderId: Id | null;
}

/** Where a move is going: a zone (off any border), or a border (from whichever side reaches it). */
export type MoveTarget = { readonly zoneId: Id } | { readonly borderId: Id };

/** The halves of movement a turn holds. */
export const TURN_MOVEMENT_HALVES = 2;

/** Where one half of a turn's movement can take someone from `at`. */
export function halfSteps(borders: readonly Border[], at: Position): Position[] {
  if (at.borderId === null) {
    return bordersOf(borders, at.zoneId)
      .filter((b) => {
        const far = otherSide(b, at.zoneId);
        return far !== null && crossableInto(b, far);
      })
      .map((b) => ({ zoneId: at.zoneId, borderId: b.id }));
  }
  const steps: Position[] = [{ zoneId: at.zoneId, borderId: null }];
  const border = borders.find((b) => b.id === at.borderId);
  const far = border ? otherSide(border, at.zoneId) : null;
  if (border && far !== null && crossableInto(border, far)) steps.push({ zoneId: far, borderId: null });
  return steps;
}

const reaches = (p: Position, target: MoveTarget): boolean =>
  'borderId' in target ? p.borderId === target.borderId : p.zoneId === target.zoneId && p.borderId === null;

/**
 * The quickest way to a zone or a border within `maxHalves` halves of movement: where one ends up
 * (a border is stood on from the side one came from) and the halves it takes; null if it can't be
 * reached that quickly, or at all. Standing there already takes 0 halves.
 */
export function findMove(borders: readonly Border[], from: Position, target: MoveTarget, maxHalves = TURN_MOVEMENT_HALVES): { to: Position; halves: number } | null {
  if (reaches(from, target)) return { to: from, halves: 0 };
  let frontier: Position[] = [from];
  for (let halves = 1; halves <= maxHalves; halves++) {
    const next = frontier.flatMap((p) => halfSteps(borders, p));
    const found = next.find((p) => reaches(p, target));
    if (found) return { to: found, halves };
    frontier = next;
  }
  return null;
}

/** One place a character can move to now, and the halves of movement it takes. */
export interface MoveOption {
  readonly zoneId: Id;
  /** Null for the zone itself; else the border, stood on from `zoneId`'s side. */
  readonly borderId: Id | null;
  readonly halves: number;
}

/**
 * Everywhere a character can move with the movement they have left (the acting character's
 * remaining halves; anyone else, a whole turn's), quickest first, each zone and border once; for
 * the map view to light up. Empty for someone who stands in no zone. Doesn't check whose turn it
 * is or whether they are held: `move` says that.
 */
export function moveOptions(state: Pick<EncounterState, 'combatants' | 'borders' | 'activeId' | 'turn'>, combatantId: Id): MoveOption[] {
  const c = state.combatants.find((x) => x.id === combatantId);
  if (!c || c.zoneId === null) return [];
  const budget = state.activeId === c.id && state.turn ? movementSpent(state.turn.budget) : 0;
  const left = TURN_MOVEMENT_HALVES - budget;
  const start: Position = { zoneId: c.zoneId, borderId: c.borderId ?? null };
  const options: MoveOption[] = [];
  const seen = new Set<string>([start.borderId === null ? `z:${start.zoneId}` : `b:${start.borderId}`]);
  let frontier: Position[] = [start];
  for (let halves = 1; halves <= left; halves++) {
    const next: Position[] = [];
    for (const p of frontier.flatMap((q) => halfSteps(state.borders, q))) {
      next.push(p);
      const key = p.borderId === null ? `z:${p.zoneId}` : `b:${p.borderId}`;
      if (seen.has(key)) continue;
      seen.add(key);
      options.push({ zoneId: p.zoneId, borderId: p.borderId, halves });
    }
    frontier = next;
  }
  return options;
}
