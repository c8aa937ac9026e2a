import type { EncounterEvent } from '../../core/events';
import type { Combatant, EncounterState } from '../../core/state';
import type { AlternatingProcedure } from '../../core/turn-procedure';
import { isImpaired } from './damage';
import { isZonesEvent, type Deviation, type ZonesEventOf } from './events';
import { zonesFight } from './slice';

// Zones & Factions decisions the GM screen shows before anything is committed: who may
// answer out of turn, why a blow would be impaired, and where a missed blast went. Pure reads of the state (and of the events for the last one);
// the commands still check everything again when the GM commits.

/**
 * Whether a character may answer out of turn now (a reaction spends their turn for the round):
 * in a running fight, not the one acting, no attack waiting, not in the morale phase, during the
 * ambush only the concealed, and only with their turn still unspent and while able to act.
 */
export function mayReactOutOfTurn(proc: AlternatingProcedure, state: EncounterState, c: Combatant): boolean {
  const turn = state.turn;
  return (
    state.status === 'running' &&
    state.activeId !== c.id &&
    !zonesFight(state).pendingAttack &&
    turn?.phase !== 'morale' &&
    (turn?.phase !== 'ambush' || c.concealed) &&
    !(turn?.spent.includes(c.id) ?? false) &&
    proc.canAct(c)
  );
}

/** What makes a blow's damage impaired, as the attack form describes it. */
export interface ImpairingSituation {
  /** No weapon: bare hands. */
  unarmed: boolean;
  /** The attacker holds back on purpose. */
  holdBack: boolean;
  /** The target is partly hidden. */
  concealment: boolean;
}

/**
 * Why damage would be impaired, in words for the GM ("unarmed", "holding back", "target partly
 * hidden"), in that order; empty when it isn't. Agrees with the rule the damage roll uses.
 */
export function impairedReasons(o: ImpairingSituation): string[] {
  if (!isImpaired(o)) return [];
  return [o.unarmed ? 'unarmed' : '', o.holdBack ? 'holding back' : '', o.concealment ? 'target partly hidden' : ''].filter((r) => r !== '');
}

/**
 * The declaration of the attack waiting for reactions (its save to hit, its blast's deviation):
 * the latest `zones/attack-declared` event while an attack is pending; null when none is.
 */
export function pendingDeclaration(state: EncounterState, events: readonly EncounterEvent[]): ZonesEventOf<'zones/attack-declared'> | null {
  if (!zonesFight(state).pendingAttack) return null;
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i];
    if (isZonesEvent(event, 'zones/attack-declared')) return event;
  }
  return null;
}

/** Where the blast waiting for reactions went after it missed: its deviation, or null. */
export function pendingDeviation(state: EncounterState, events: readonly EncounterEvent[]): Deviation | null {
  return pendingDeclaration(state, events)?.deviation ?? null;
}
