import type { SaveResult } from '../../dice/checks';
import type { RandomState } from '../../dice/random';
import type { Roll } from '../../dice/roll';
import type { Blow, CombatantPatch, PendingAttack, Reaction } from './attack';
import type { EncounterEvent, RulesetEvent } from '../../core/events';
import type { Id } from '../../core/state';
import type { GearItem, GearPlace, GearWear } from './gear';
import type { ItemMove } from './items';
import type { MoveTarget, Position } from '../../space/zones/movement';

// Zones & Factions' own events. Each type is written `zones/<name>`; logs from before rulesets
// owned their events wrote the bare name, renamed on reading (`ZONES_RENAMED_EVENTS`).

/** Where a missed ranged blast went: the neighbouring zones numbered 1..n, and the die that picked one. */
export interface Deviation {
  from: Id;
  /** Null when the zone has no neighbours and the blast hits nothing. */
  to: Id | null;
  /** Null when there was only one neighbour to go to. */
  roll: Roll | null;
  numbered: Id[];
}

/** One fleeing character's fate in a long chase. */
export interface ChaseResult {
  combatantId: Id;
  verdict: 'escapes' | 'caught' | 'save';
  save: SaveResult | null;
  escaped: boolean;
}

/** One character's morale save and what came of it. */
export interface MoraleResult {
  combatantId: Id;
  save: SaveResult;
  /** Passed: immune for the rest of the fight; failed: surrenders or retreats. */
  outcome: 'immune' | 'surrendered' | 'retreated';
}

/** One piece of gear's durability roll after the fight. */
export interface WearResult {
  combatantId: Id;
  itemId: Id;
  name: string;
  roll: Roll;
  before: GearWear;
  after: GearWear;
}

export type ZonesEvent =
  /** `ruling`: made by the GM's ruling, against what the rule text allows (a target not nearby). */
  | { type: 'zones/attack-declared'; attack: PendingAttack; hitSave: SaveResult | null; missed: boolean; deviation: Deviation | null; asReaction: boolean; rng: RandomState | null; ruling?: true }
  /**
   * `save`: a dodge's AGI save, or a counter's WIT save to hit. `ruling`: a reaction made by the
   * GM's ruling, against what the rule text allows (a counter at an attacker out of its reach, a
   * reaction to an opportunity attack, a guard's counter). `guardAsked`: the guard, now the
   * target, is asked in turn (they take the blow, or the GM rules the reaction a skill allows);
   * logs from before it leave the guard unasked, as the attack then resolved at once.
   */
  | { type: 'zones/reaction-chosen'; reactorId: Id; targetId: Id; reaction: Reaction; save: SaveResult | null; rng: RandomState | null; ruling?: true; guardAsked?: true }
  | { type: 'zones/attack-resolved'; blows: Blow[]; patches: CombatantPatch[]; rng: RandomState | null }
  | { type: 'zones/attack-cancelled' }
  /** The attacker offers a stunt in place of the waiting attack's damage; `awaiting`: who is asked to take it or not. */
  | { type: 'zones/stunt-proposed'; stunt: string; awaiting: Id[] }
  | { type: 'zones/chase-resolved'; results: ChaseResult[]; rng: RandomState | null }
  | { type: 'zones/gear-worn'; results: WearResult[]; rng: RandomState | null }
  /** Who holds a character grabbed; null: free. */
  | { type: 'zones/grab-set'; combatantId: Id; grabbedBy: Id | null }
  /** `ruling`: armour changed during the fight, by the GM's ruling. */
  | { type: 'zones/gear-set'; combatantId: Id; gear: GearItem[]; ruling?: true }
  /** The round has ended with these factions due a morale check: the morale phase begins. */
  | { type: 'zones/morale-phase-started'; due: Id[] }
  | { type: 'zones/morale-checked'; factionId: Id; results: MoraleResult[]; rng: RandomState | null }
  | { type: 'zones/morale-skipped'; factionId: Id }
  /** A concealed attacker has attacked: the GM is asked whether it gives them away. */
  /** `by`: asked after words spoken from hiding, or a move made without sneaking; missing after an attack. */
  | { type: 'zones/reveal-asked'; attackerId: Id; by?: 'speaking' | 'moving' }
  | { type: 'zones/reveal-decided'; attackerId: Id; revealed: boolean }
  /** The acting character moves away from enemies who may strike first: the move waits (see `leaving.ts`). */
  | { type: 'zones/leaving-asked'; moverId: Id; to: MoveTarget; strikers: Id[] }
  /** The move goes on (its `moved` event follows) or the mover stays. */
  | { type: 'zones/leaving-decided'; moverId: Id; goes: boolean }
  /**
   * A grabber shoves the one they held: freed, sent `to` (half a zone; null: they stay where they
   * are) and, with `hazard`, into that zone's hazard (its text; what it does is the GM's to rule).
   * `spends` is the grabber's action; `ruling`: someone not held, by the GM's ruling.
   */
  | { type: 'zones/shoved'; grabberId: Id; targetId: Id; to: Position | null; hazard: string | null; spends: 'main' | 'bonus'; ruling?: true }
  /**
   * Weapons or shields moved by their owner: equipped, unequipped, put down or picked up (a bonus
   * action), or thrown away on surrendering; `place` is where they are after it, `zoneId` where
   * dropped ones lie. `ruling`: picked up from another zone, by the GM's ruling.
   */
  | { type: 'zones/items-moved'; combatantId: Id; itemIds: Id[]; names: string[]; how: ItemMove; place: GearPlace; zoneId: Id | null; ruling?: true }
  /** The GM calls for a morale check from a side at this round's end (always a ruling: the text asks none). */
  | { type: 'zones/morale-called'; factionId: Id; ruling: true };

export type ZonesEventType = ZonesEvent['type'];
export type ZonesEventOf<T extends ZonesEventType> = Extract<ZonesEvent, { type: T }>;

/** The names these events had in logs written before rulesets owned their events. */
export const ZONES_RENAMED_EVENTS: Readonly<Record<string, ZonesEventType>> = {
  'attack-declared': 'zones/attack-declared',
  'reaction-chosen': 'zones/reaction-chosen',
  'attack-resolved': 'zones/attack-resolved',
  'attack-cancelled': 'zones/attack-cancelled',
  'chase-resolved': 'zones/chase-resolved',
  'gear-worn': 'zones/gear-worn',
  'grab-set': 'zones/grab-set',
  'gear-set': 'zones/gear-set',
  'morale-phase-started': 'zones/morale-phase-started',
  'morale-checked': 'zones/morale-checked',
  'morale-skipped': 'zones/morale-skipped',
};

/** Whether an event of the log is this Zones event, typed as such (for the screen and the log). */
export function isZonesEvent<T extends ZonesEventType>(event: EncounterEvent | undefined, type: T): event is ZonesEventOf<T> & RulesetEvent {
  return event?.type === type;
}
