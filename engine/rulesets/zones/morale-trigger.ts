import { checkFaction, isFailure } from '../../core/checks';
import type { EncounterEvent } from '../../core/events';
import type { Combatant, EncounterState, Id } from '../../core/state';
import { failure, ruleRefusal, type Result } from '../../result';
import type { ZonesCommandOf } from './commands';
import type { ZonesEventOf } from './events';
import { atMoraleThreshold, isFighting, subjectToMorale } from './morale';
import { withZonesFight, zonesFight } from './slice';

// When morale is shaken. The rule text: "Groups must make a morale check after being reduced to
// half or less their original number during a fight. Characters fighting alone must do so after
// taking damage reducing their health to half or less the maximum. Morale checks are made at the
// end of the round, during the morale phase." So what counts is the reduction, during the fight:
// a group that starts the fight with members already down, or a loner who starts it hurt, is not
// shaken until something happens to it. Once shaken, a side stays due its check until the round's
// end, even if healed in the meantime.

const health = (c: Combatant): number | null => c.tracks.health?.value ?? null;

/**
 * The factions `after` reduced from `before`: one of their members went out of the fight, or a
 * member was hurt (a loner's reduction; a group's needs a member out, which the threshold checks).
 * Found in one pass that skips everyone the event left untouched, since every event comes here.
 */
function reducedSides(before: EncounterState, after: EncounterState): { lost: Set<Id>; hurt: Set<Id> } {
  const lost = new Set<Id>();
  const hurt = new Set<Id>();
  after.combatants.forEach((c, i) => {
    const same = before.combatants[i];
    if (same === c) return;
    const then = same?.id === c.id ? same : before.combatants.find((b) => b.id === c.id);
    // Health and marks untouched (a condition ticking, a move): nothing that reduces a side.
    if (!then || (then.tracks === c.tracks && then.marks === c.marks)) return;
    if (isFighting(then) && !isFighting(c)) lost.add(c.factionId);
    const now = health(c);
    const was = health(then);
    if (now !== null && was !== null && now < was) hurt.add(c.factionId);
  });
  return { lost, hurt };
}

/** Whether `factionId` was reduced as the text means it: a group losing a member, a loner hurt. */
function reducedAsTheTextSays(after: EncounterState, factionId: Id, lost: Set<Id>, hurt: Set<Id>): boolean {
  if (lost.has(factionId)) return true;
  if (!hurt.has(factionId)) return false;
  // Fighting alone: the side's number at its largest this fight is one, as the threshold counts it.
  const members = after.combatants.filter((c) => c.factionId === factionId).length;
  return Math.max(zonesFight(after).factionSize[factionId] ?? 0, members) === 1;
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
  const { lost, hurt } = reducedSides(before, after);
  if (lost.size === 0 && hurt.size === 0) return state;
  const shaken = zonesFight(state).shaken;
  const fresh = atMoraleThreshold(after).filter((f) => !shaken.includes(f) && reducedAsTheTextSays(after, f, lost, hurt));
  return fresh.length > 0 ? withZonesFight(state, { shaken: [...shaken, ...fresh] }) : state;
}

/** The sides due a morale check at the end of this round: shaken, with someone left who can still break; in faction order. */
export function moraleDue(state: EncounterState): Id[] {
  const shaken = stillShaken(state);
  return state.factions.filter((f) => shaken.includes(f.id)).map((f) => f.id);
}

/**
 * The GM calls for a morale check at the end of this round from a side the text doesn't ask one
 * of (nothing has reduced it during the fight): a ruling, so refused without one. A side already
 * due needs no call.
 */
export function callMorale(state: EncounterState, cmd: ZonesCommandOf<'zones/call-morale'>): Result<EncounterEvent[]> {
  if (state.status !== 'running' || !state.turn || state.turn.phase === 'morale') {
    return failure('morale/not-now', 'A morale check is called for during a round, to be made in the morale phase at its end.');
  }
  const faction = checkFaction(state, cmd.factionId);
  if (isFailure(faction)) return faction;
  if (zonesFight(state).shaken.includes(faction.id)) return failure('morale/already-due', `${faction.name} checks morale at the end of this round already.`);
  if (!state.combatants.some((c) => c.factionId === faction.id && subjectToMorale(c))) {
    return failure('morale/nobody', `Nobody in ${faction.name} can still break: everyone left holds their nerve, fears nothing or is out of the fight.`);
  }
  if (cmd.gmRuling !== true) {
    return ruleRefusal('morale/not-shaken', `Nothing has reduced ${faction.name} to half or less during this fight, so the rules ask no morale check. As GM you may rule otherwise.`);
  }
  return { ok: true, value: [{ type: 'zones/morale-called', factionId: faction.id, ruling: true }] };
}

/** Called: the side is shaken, due its check at the round's end. */
export function moraleCalled(state: EncounterState, event: ZonesEventOf<'zones/morale-called'>): EncounterState {
  const shaken = zonesFight(state).shaken;
  return shaken.includes(event.factionId) ? state : withZonesFight(state, { shaken: [...shaken, event.factionId] });
}
