import type { RandomState } from '../dice/random';

export type Id = string;

/** A resource that goes down and up between 0 and its maximum: hit points, endurance, a rank. */
export interface Track {
  value: number;
  max: number;
}

/**
 * When a timed condition runs out: after `remaining` more starts (or ends) of the anchor's turn.
 * A condition put on during the anchor's own turn and ending at the end of a turn does not count
 * that turn, so "1 round" always lasts until the same point of the next round.
 */
export interface ConditionTimer {
  remaining: number;
  endsOn: 'turn-start' | 'turn-end';
  anchorId: Id;
}

export interface Condition {
  id: Id;
  name: string;
  timer: ConditionTimer | null;
}

export interface Combatant {
  id: Id;
  name: string;
  factionId: Id;
  /** Ruleset stats by key (initiative modifier, armour, WIT…), validated against its schema. */
  stats: Record<string, number>;
  /** Ruleset tracks by key (hp, endurance, health…). */
  tracks: Record<string, Track>;
  conditions: Condition[];
  notes: string;
  /** Hidden from the players (ambushers, unseen monsters). */
  concealed: boolean;
  /** The initiative total once rolled or entered; null before combat or for procedures without one. */
  initiative: number | null;
}

export interface Faction {
  id: Id;
  name: string;
  /** A CSS colour (#rrggbb) used for the faction's badge. */
  colour: string;
}

export type SettingValue = number | boolean | string;

export type CombatStatus = 'setup' | 'running' | 'ended';

/** Everything about one encounter at one moment. Plain JSON: it can be stored and compared. */
export interface EncounterState {
  id: Id;
  name: string;
  rulesetId: string;
  settings: Record<string, SettingValue>;
  factions: Faction[];
  combatants: Combatant[];
  status: CombatStatus;
  round: number;
  /** Turn order as combatant ids; its meaning belongs to the ruleset's turn procedure. */
  order: Id[];
  activeId: Id | null;
  /** The seeded random source's state after the last draw. */
  rng: RandomState;
  /** Counter behind the ids the engine hands out (c1, f2, k3), so ids never depend on chance. */
  serial: number;
}
