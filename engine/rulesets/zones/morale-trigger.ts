import type { Combatant, EncounterState, Id } from '../../encounter/state';
import { atMoraleThreshold, isFighting, subjectToMorale } from './morale';
import { withZonesFight, zonesFight } from './slice';

// When morale is shaken. The rule text: "Groups must make a morale check after being reduced to
// half or less their original number during a fight. Characters fighting alone must do so after
// taking damage reducing their health to half or less the maximum. Morale checks are made at the
// end of the round, during the morale phase." So what counts is the reduction, during the fight:
// a group that starts the fight with members already down, or a loner who starts it hurt, is not
// shaken until something happens to it. Once shaken, a side stays due its check until the round's
// end, even if healed in the meantime.

const health = (c: Combatant | undefined): number | null => c?.tracks.health?.value ?? null;

/** Whether `factionId` was reduced by what turned `before` into `after`: a member out of the fight, or a loner hurt. */
function reduced(before: EncounterState, after: EncounterState, factionId: Id): boolean {
  const members = after.combatants.filter((c) => c.factionId === factionId);
  const was = (c: Combatant) => before.combatants.find((b) => b.id === c.id);
  const lost = members.some((c) => {
    const then = was(c);
    return then !== undefined && isFighting(then) && !isFighting(c);
  });
  if (lost) return true;
  const [alone] = members;
  const now = health(alone);
  const then = health(alone && was(alone));
  return members.length === 1 && now !== null && then !== null && now < then;
}

/** Shaken sides with someone left who can still break. */
function stillShaken(state: EncounterState): Id[] {
  return zonesFight(state).shaken.filter((f) => state.combatants.some((c) => c.factionId === f && subjectToMorale(c)));
}

/**
 * The state after an event, with the sides it shook noted: a side at the threshold that the event
 * reduced is shaken until the morale phase asks it. A new round keeps only the sides whose check
 * the GM skipped (the morale phase cleared the rest) that can still break. Only while the fight
 * runs; nothing to look at unless someone changed.
 */
export function noteShaken(before: EncounterState, after: EncounterState): EncounterState {
  let state = after;
  if (after.round > before.round && zonesFight(after).shaken.length > 0) state = withZonesFight(state, { shaken: stillShaken(after) });
  if (after.status !== 'running' || before.combatants === after.combatants) return state;
  const shaken = zonesFight(state).shaken;
  const fresh = atMoraleThreshold(after).filter((f) => !shaken.includes(f) && reduced(before, after, f));
  return fresh.length > 0 ? withZonesFight(state, { shaken: [...shaken, ...fresh] }) : state;
}

/** The sides due a morale check at the end of this round: shaken, with someone left who can still break; in faction order. */
export function moraleDue(state: EncounterState): Id[] {
  const shaken = stillShaken(state);
  return state.factions.filter((f) => shaken.includes(f.id)).map((f) => f.id);
}
