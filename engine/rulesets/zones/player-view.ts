import type { EncounterState, Id } from '../../core/state';
import { zonesFight } from './slice';

/** An attack waiting for reactions, shown only when everyone in it (and its zone) is shown. */
export type PlayerAttack = {
  attackerKey: string;
  targetKeys: string[];
  /** A blast's zone. */
  zoneKey: string | null;
};

/** What of Zones & Factions' own part the players see (`view.rules`). */
export type ZonesPlayerPart = {
  pendingAttack: PlayerAttack | null;
  /**
   * The chaos-of-combat countdown, when the setting is on: its length in seconds. The countdown
   * itself runs on the GM's screen.
   */
  chaos: { seconds: number } | null;
};

function playerAttack(state: EncounterState, keyOf: (id: Id) => string | null): PlayerAttack | null {
  const pending = zonesFight(state).pendingAttack;
  if (!pending) return null;
  const attackerKey = keyOf(pending.attackerId);
  const targetKeys = pending.targets.map(keyOf);
  const zoneKey = pending.zoneId === null ? null : keyOf(pending.zoneId);
  if (attackerKey === null || (pending.zoneId !== null && zoneKey === null)) return null;
  if (!targetKeys.every((k): k is string => k !== null)) return null;
  return { attackerKey, targetKeys, zoneKey };
}

function chaosOf(state: EncounterState): { seconds: number } | null {
  if (state.settings.chaos !== true) return null;
  const seconds = state.settings.declareSeconds;
  return { seconds: typeof seconds === 'number' && Number.isFinite(seconds) ? seconds : 0 };
}

/** Zones' part of the player view, naming characters and zones only by their player keys. */
export function zonesPlayerPart(state: EncounterState, keyOf: (id: Id) => string | null): ZonesPlayerPart {
  return { pendingAttack: playerAttack(state, keyOf), chaos: chaosOf(state) };
}
