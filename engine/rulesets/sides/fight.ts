import type { EncounterState, Id } from '../../encounter/state';
import { isRecord } from '../../json';

// Sides & Shock's part of the encounter (`state.rules`): the sides the GM gave a surprise round,
// the swarms building up on targets this round, and who grapples whom.

/** Allies who have made a swarm attack on one target in the round named. */
export interface Swarm {
  targetId: Id;
  round: number;
  assailants: Id[];
}

/** A grappler holding their one target. */
export interface Grapple {
  by: Id;
  target: Id;
}

export interface SidesFight {
  surprise: Id[];
  swarms: Swarm[];
  grapples: Grapple[];
}

export const FRESH_FIGHT: SidesFight = { surprise: [], swarms: [], grapples: [] };

const ids = (raw: unknown): Id[] => (Array.isArray(raw) ? raw.filter((x): x is Id => typeof x === 'string') : []);

/** The encounter's part, whatever the log holds. */
export function fightOf(state: EncounterState): SidesFight {
  const r = state.rules;
  if (!isRecord(r)) return FRESH_FIGHT;
  const swarms = Array.isArray(r.swarms)
    ? r.swarms.filter(isRecord).flatMap((s) => (typeof s.targetId === 'string' && typeof s.round === 'number' ? [{ targetId: s.targetId, round: s.round, assailants: ids(s.assailants) }] : []))
    : [];
  const grapples = Array.isArray(r.grapples) ? r.grapples.filter(isRecord).flatMap((g) => (typeof g.by === 'string' && typeof g.target === 'string' ? [{ by: g.by, target: g.target }] : [])) : [];
  return { surprise: ids(r.surprise), swarms, grapples };
}

/** The state with the encounter's part changed. */
export function withFight(state: EncounterState, change: (f: SidesFight) => SidesFight): EncounterState {
  return { ...state, rules: { ...change(fightOf(state)) } };
}
