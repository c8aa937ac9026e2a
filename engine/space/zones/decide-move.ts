import { borderBetween, otherSide } from './borders';
import { unknownZone } from './zones';
import { findMove, TURN_MOVEMENT_HALVES, type MoveTarget, type Position } from './movement';
import { failure, type Failure } from '../../result';
import { movementSpent } from '../../core/budget';
import type { ZoneSpaceCommandOf, ZoneSpaceEventOf } from '../../core/maps/zone-events';
import type { Combatant, EncounterState, Id } from '../../core/state';
import type { Border } from '../../core/maps/zone-state';

// The `move` command of fights where factions alternate, once the turn checks have passed: where
// the character can get to with the movement left, or why not, in a sentence.

const zoneName = (state: EncounterState, id: Id | null): string => state.zones.find((z) => z.id === id)?.name ?? 'nowhere';

/** "the border between Gate and Yard". */
export function borderName(state: EncounterState, border: Pick<Border, 'a' | 'b'>): string {
  return `the border between ${zoneName(state, border.a)} and ${zoneName(state, border.b)}`;
}

/** A refusal for going against a one-way border, ending with `what` cannot be done. */
function oneWay(state: EncounterState, border: Border, what: string): Failure {
  return failure('move/one-way', `${capital(borderName(state, border))} is one-way, into ${zoneName(state, border.oneWayTo)} only; ${what}.`);
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Why a target that exists can't be reached in a turn at all. */
function unreachable(state: EncounterState, c: Combatant, at: Position, target: MoveTarget): Failure {
  const here = zoneName(state, at.zoneId);
  const standing = at.borderId ? state.borders.find((b) => b.id === at.borderId) : undefined;
  if ('zoneId' in target) {
    const there = zoneName(state, target.zoneId);
    if (standing) {
      const far = otherSide(standing, at.zoneId);
      if (far === target.zoneId) return oneWay(state, standing, `${c.name} can't cross it into ${there}`);
      return failure('move/not-neighbour', `${c.name} stands on ${borderName(state, standing)}: from there a move reaches ${here} or ${zoneName(state, far)}, not ${there}.`);
    }
    const between = borderBetween(state.borders, at.zoneId, target.zoneId);
    if (between) return oneWay(state, between, `${c.name} can't cross it from ${here}`);
    return failure('move/not-neighbour', `${there} doesn't border ${here}; a turn's movement is one zone.`);
  }
  const border = state.borders.find((b) => b.id === target.borderId) as Border;
  if (!standing && otherSide(border, at.zoneId) !== null) return oneWay(state, border, `it can't be stepped onto from ${here}`);
  return failure('move/not-neighbour', `${capital(borderName(state, border))} is more than a turn's movement from where ${c.name} stands; a move reaches the borders of one's own zone.`);
}

/**
 * The `moved` event for a move to a zone or onto a border, or why it can't be made: exactly one
 * destination, a zone or border that exists, not held back by anyone (checked by
 * the caller), reachable through borders in the halves of movement left. Someone who stands in no
 * zone may step into any zone, which takes their whole movement. Those `carried` come along.
 */
export function planMove(state: EncounterState, c: Combatant, cmd: ZoneSpaceCommandOf<'move'>, carried: Id[]): ZoneSpaceEventOf<'moved'> | Failure {
  const hasZone = cmd.zoneId !== undefined && cmd.zoneId !== null;
  const hasBorder = cmd.borderId !== undefined && cmd.borderId !== null;
  if (hasZone === hasBorder) return failure('move/where', `Say where ${c.name} moves: to a zone or onto a border, one of the two.`);
  let target: MoveTarget;
  if (hasZone) {
    const zone = state.zones.find((z) => z.id === cmd.zoneId);
    if (!zone) return unknownZone(cmd.zoneId);
    target = { zoneId: zone.id };
  } else {
    const border = state.borders.find((b) => b.id === cmd.borderId);
    if (!border) return failure('border/unknown', `There is no border with id "${String(cmd.borderId)}" between the zones of this fight.`);
    target = { borderId: border.id };
  }
  const spent = movementSpent(state.turn?.budget ?? { moved: false });
  const left = TURN_MOVEMENT_HALVES - spent;
  if (c.zoneId === null) {
    if (!('zoneId' in target)) return failure('move/unplaced', `${c.name} stands in no zone yet; place them in a zone first.`);
    if (left < TURN_MOVEMENT_HALVES) return failure('move/spent', `${c.name} has already moved this turn.`);
    return { type: 'moved', combatantId: c.id, from: null, to: target.zoneId, fromBorder: null, toBorder: null, halves: 2, carried };
  }
  const at: Position = { zoneId: c.zoneId, borderId: c.borderId ?? null };
  const standing = at.borderId ? state.borders.find((b) => b.id === at.borderId) : undefined;
  if ('zoneId' in target && target.zoneId === at.zoneId && !at.borderId) return failure('move/same-zone', `${c.name} is already in ${zoneName(state, at.zoneId)}.`);
  if ('borderId' in target && target.borderId === at.borderId && standing) return failure('move/same-border', `${c.name} already stands on ${borderName(state, standing)}.`);
  const found = findMove(state.borders, at, target);
  if (!found) return unreachable(state, c, at, target);
  if (found.halves > left) {
    if (left === 0) return failure('move/spent', `${c.name} has already moved a zone this turn.`);
    const where = 'zoneId' in target ? `into ${zoneName(state, target.zoneId)}` : `onto ${borderName(state, state.borders.find((b) => b.id === target.borderId) as Border)}`;
    return failure('move/spent', `${c.name} has half a zone of movement left this turn: enough to step onto a border or off one, not to get ${where}.`);
  }
  return {
    type: 'moved',
    combatantId: c.id,
    from: at.zoneId,
    to: found.to.zoneId,
    fromBorder: at.borderId,
    toBorder: found.to.borderId,
    halves: found.halves === 1 ? 1 : 2,
    carried,
  };
}
