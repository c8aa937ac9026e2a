import type { EncounterState, Id } from '../../core/state';
import { isRecord } from '../../json';
import type { Size } from './maneuver';

// Sides & Shock's part of the encounter (`state.rules`): the sides the GM gave a surprise round,
// the swarms building up on targets this round, who grapples whom, and who screens whom.

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
  /** How much larger the target was when taken ("a -2 penalty on all skill checks by the attacker"); missing in older logs: man-sized. */
  size?: Size;
}

/** A screener blocking attacks on an ally, from the round they began until their next turn; `used`: attackers screened in the round named (who they were, where the log says). */
export interface Screen {
  screenerId: Id;
  wardId: Id;
  since: number;
  used: { round: number; count: number; attackers?: Id[] };
  /** Which of the screener's Moves this turn the screen is (`movesTaken`): its first walk provokes foes beside; missing out of turn and in older logs. */
  move?: number;
}

/** Someone who disengaged in the round named, from the foes beside them then ("all adjacent melee attackers"). */
export type Disengagement = {
  combatantId: Id;
  from: Id[];
  round: number;
};

export interface SidesFight {
  surprise: Id[];
  swarms: Swarm[];
  grapples: Grapple[];
  screens: Screen[];
  disengaged: Disengagement[];
}

export const FRESH_FIGHT: SidesFight = { surprise: [], swarms: [], grapples: [], screens: [], disengaged: [] };

const ids = (raw: unknown): Id[] => (Array.isArray(raw) ? raw.filter((x): x is Id => typeof x === 'string') : []);

/** The encounter's part, whatever the log holds. */
export function fightOf(state: EncounterState): SidesFight {
  const r = state.rules;
  if (!isRecord(r)) return FRESH_FIGHT;
  const swarms = Array.isArray(r.swarms)
    ? r.swarms.filter(isRecord).flatMap((s) => (typeof s.targetId === 'string' && typeof s.round === 'number' ? [{ targetId: s.targetId, round: s.round, assailants: ids(s.assailants) }] : []))
    : [];
  const grapples = Array.isArray(r.grapples) ? r.grapples.filter(isRecord).flatMap((g) => (typeof g.by === 'string' && typeof g.target === 'string' ? [{ by: g.by, target: g.target, ...(g.size === 'larger' || g.size === 'huge' ? { size: g.size as Size } : {}) }] : [])) : [];
  const screens = Array.isArray(r.screens)
    ? r.screens.filter(isRecord).flatMap((x) => {
        const attackers = isRecord(x.used) && Array.isArray(x.used.attackers) ? { attackers: ids(x.used.attackers) } : {};
        const used = isRecord(x.used) && typeof x.used.round === 'number' && typeof x.used.count === 'number' ? { round: x.used.round, count: x.used.count, ...attackers } : { round: 0, count: 0 };
        const move = typeof x.move === 'number' ? { move: x.move } : {};
        return typeof x.screenerId === 'string' && typeof x.wardId === 'string' && typeof x.since === 'number' ? [{ screenerId: x.screenerId, wardId: x.wardId, since: x.since, used, ...move }] : [];
      })
    : [];
  const disengaged = Array.isArray(r.disengaged)
    ? r.disengaged.filter(isRecord).flatMap((d) => (typeof d.combatantId === 'string' && typeof d.round === 'number' ? [{ combatantId: d.combatantId, from: ids(d.from), round: d.round }] : []))
    : [];
  return { surprise: ids(r.surprise), swarms, grapples, screens, disengaged };
}

/** The state with the encounter's part changed. */
export function withFight(state: EncounterState, change: (f: SidesFight) => SidesFight): EncounterState {
  return { ...state, rules: { ...change(fightOf(state)) } };
}
