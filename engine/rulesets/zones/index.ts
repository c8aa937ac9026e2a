import { rollD20 } from '../../dice/checks';
import type { AlternatingProcedure } from '../../core/turn-procedure';
import { isRulesetEvent } from '../../core/events';
import type { Ruleset } from '../../core/ruleset';
import { markedOut, trackStatus } from '../../core/health';
import { withTrackValue } from '../../core/tracks';
import { ZONES_ACTIONS, ZONES_ECONOMY } from './actions';
import { ZONES_COMMANDS } from './commands';
import { ZONES_EVENTS } from './event-definitions';
import { ZONES_RENAMED_EVENTS } from './events';
import { carriedBy, heldBack, releaseHolds } from './holds';
import { isFighting } from './morale';
import { moraleDue, noteShaken } from './morale-trigger';
import { ZONES_REFERENCES } from './references';
import { ZONES_SETTINGS } from './settings';
import { ZONES_GEAR } from './gear';
import { zonesPlayerPart } from './player-view';
import { ATTACK_PROMPT, FRESH_FIGHT, FRESH_PERSON, followCoreEvent, gearOf, NEW_PERSON, zonesFight } from './slice';
import { ATTACK_PROMPT_KIND } from './attack-prompt';
import { REVEAL_PROMPT, REVEAL_PROMPT_KIND, revealAfterAction } from './reveal';
import { throwAwayOnSurrender } from './items';
import { holdUpMove, LEAVING_PROMPT, LEAVING_PROMPT_KIND } from './leaving';

/** Factions alternate one character at a time or pass; fast/slow is an optional phase split. */
export const zonesTurns: AlternatingProcedure = {
  kind: 'alternating',
  id: 'factions',
  allowPass: true,
  // A reaction (dodge, counter, guard, an opportunity attack) spends the character's whole turn.
  reactionSpendsTurn: true,
  canAct: isFighting,
  // Characters who launch an ambush are concealed when the fight starts, and play a bonus turn first.
  opening: {
    phase: 'ambush',
    heading: 'Ambush',
    mayAct: (c) => c.concealed,
    waits: (c) => `Only concealed characters act in the ambush; ${c.name} waits for round 1.`,
    reactionCode: 'turn/ambush',
    reactionRefusal: 'Only the ambushers act during the ambush.',
    started: { gm: 'Ambush: only concealed characters act.', players: 'Ambush!' },
  },
  // Fast and slow activation (optional): a d20 each round; only WIT at or above it acts first.
  gate: {
    first: 'fast',
    second: 'slow',
    die: 'd20',
    roll: (random) => rollD20(random),
    stat: 'wit',
    setting: 'fastSlow',
    byHandSetting: 'thresholdByHand',
    waiting: 'Enter the fast action threshold first: roll the d20 at the table and type it in.',
    below: (c, score, gate) => `${c.name}'s WIT ${score} is below the fast action threshold ${gate}; they act in the slow phase.`,
    entryRefusal: 'The fast action threshold can be entered only at the start of the fast phase, before anyone acts or passes.',
    dieLabel: 'fast action threshold',
    firstStarted: (round, gate) => (gate === null ? `Round ${round}, fast phase: waiting for the threshold d20.` : `Round ${round}, fast phase (threshold ${gate}).`),
    secondStarted: (round) => `Round ${round}, slow phase.`,
  },
  roundEnd: {
    phase: 'morale',
    code: 'turn/morale',
    refusal: 'It is the morale phase; settle the morale checks first.',
    whatNow: "It's the morale phase: roll or skip the morale checks, then the next round starts.",
    settled: (state) => zonesFight(state).moraleDue.length === 0,
  },
};

/**
 * Zones & Factions: factions alternate one character at a time or pass, zones instead of a grid,
 * reactions that spend the turn, morale at the end of each round, long chases and gear wear.
 */
export const zones: Ruleset = {
  id: 'zones',
  name: 'Zones & Factions',
  summary: 'Factions alternate one character at a time or pass; zones, reactions, morale, chases and gear wear.',
  settings: ZONES_SETTINGS,
  references: ZONES_REFERENCES,
  character: {
    stats: [
      { key: 'str', label: 'STR', min: 1, max: 20, default: 10, hint: 'Strength: saves against being disarmed or grabbed.' },
      { key: 'agi', label: 'AGI', min: 1, max: 20, default: 10, hint: 'Agility: dodging, and escaping in a long chase.' },
      { key: 'wit', label: 'WIT', min: 1, max: 20, default: 10, hint: 'Wits: hitting in hard conditions, morale, and the fast phase.' },
    ],
    tracks: [{ key: 'health', label: 'Health', shortLabel: 'HP', min: 1, max: 999, default: 10 }],
    gear: ZONES_GEAR,
    // Both are the GM's to know: the players only see who breaks.
    marks: [
      { id: 'morale-immune', label: 'Held their nerve', set: 'holds their nerve', cleared: 'no longer holds their nerve', gmOnly: true },
      { id: 'fear-immune', label: 'Fearless', set: 'is fearless', cleared: 'is no longer fearless', gmOnly: true },
    ],
  },
  turn: {
    order: zonesTurns,
    actions: ZONES_ACTIONS,
    economy: ZONES_ECONOMY,
    // The morale phase: factions shaken this round must check before the next round begins.
    endOfRound: (state) => {
      const due = moraleDue(state);
      return due.length > 0 ? [{ type: 'zones/morale-phase-started', due }] : [];
    },
    // A grabber who does anything but attack, move with or hide behind the one held lets go.
    beforeActing: (state, combatantId) => releaseHolds(state, combatantId),
    // A concealed character who talks may give themselves away: the GM is asked. One who
    // surrenders throws their weapons away.
    afterAction: (state, combatantId, actionId) => [...throwAwayOnSurrender(state, combatantId, actionId), ...revealAfterAction(state, combatantId, actionId)],
  },
  health: {
    damage: (c, amount) => withTrackValue(c, 'health', (h) => h.value - amount),
    heal: (c, amount) => withTrackValue(c, 'health', (h) => h.value + amount),
    status: (c) => markedOut(c) ?? trackStatus(c, 'health', 'Health'),
  },
  space: {
    kinds: ['zones'],
    // A grabbed character stays put while the grabber fights on; whoever a mover holds comes along.
    holds: { heldBack, carried: carriedBy },
    holdUpMove,
  },
  own: {
    commands: ZONES_COMMANDS,
    events: ZONES_EVENTS,
    renamedEvents: ZONES_RENAMED_EVENTS,
    // An attack waits for its targets' reactions; one still waiting when the fight ends is called off.
    // A concealed attacker's attack asks whether it gives them away.
    // Moving away from enemies nearby waits while they may strike first.
    prompts: { [ATTACK_PROMPT]: ATTACK_PROMPT_KIND, [REVEAL_PROMPT]: REVEAL_PROMPT_KIND, [LEAVING_PROMPT]: LEAVING_PROMPT_KIND },
    // Logs written before the slice kept who holds whom and the gear on the combatant itself.
    slice: { encounter: FRESH_FIGHT, combatant: FRESH_PERSON, combatantFields: ['grabbedBy', 'gear'], newCombatant: NEW_PERSON, idsIn: (part) => gearOf({ rules: part }).map((g) => g.id) },
    // Its part follows the core's events; then a side reduced during the fight to where morale
    // breaks is due a check at the round's end.
    afterEvent: (before, after, event) => noteShaken(before, isRulesetEvent(event) ? after : followCoreEvent(after, event)),
  },
  log: {
    kinds: [
      { id: 'morale', label: 'Morale' },
      { id: 'chase', label: 'Chases' },
    ],
  },
  players: {
    // The players see the attack waiting for reactions and the chaos-of-combat countdown's length.
    view: zonesPlayerPart,
  },
  between: {
    // Worn and broken gear stays so after the fight: each piece's wear, by its name.
    aftermath: (c) => gearOf(c).map((g) => ({ name: g.name, wear: g.wear })),
  },
};

// ---------------------------------------------------------------------------------------------
// Zones & Factions' own surface: what its panels and tests use besides the engine's
// (`engine/index.ts`). Only Zones & Factions' screens import this module.

/** What the GM says about an attack, the reactions to it, and the attack waiting for them. */
export type { AttackIntent, AttackSituation, Blow, CounterIntent, PendingAttack, Reaction } from './attack';
/** Its part of the encounter state: the attack waiting, the factions' sizes, the morale checks due. */
/** What a turn holds (a main and a bonus action, the main one usable as a second bonus one) and what actions cost. */
export { ZONES_ECONOMY } from './actions';
export { gearOf, zonesFight, zonesPerson, type ZonesFight, type ZonesPerson } from './slice';
/** Weapons, shields and armour: their fields, and the GM's entry of them (`add-combatant`'s `rules: { gear }`, `zones/set-gear`). */
export { checkGearRules, MAX_GEAR, ZONES_GEAR, type GearInput, type GearItem, type GearKind, type GearWear, type WeaponReach } from './gear';
export type { PlayerAttack, ZonesPlayerPart } from './player-view';
/** Its commands and events (`zones/…`), their types, and a typed test for one of its events in a log. */
export type { ChaseRunner, ZonesCommand, ZonesCommandOf, ZonesCommandType } from './commands';
export { isZonesEvent, type ChaseResult, type Deviation, type MoraleResult, type WearResult, type ZonesEvent, type ZonesEventOf, type ZonesEventType } from './events';
/** Whether an attack hits by itself, needs a WIT save or can't be made, and the range from the zones. */
export { attackCheck, intentCheck, type HitCheck } from './attack-check';
/**
 * How every other character stands as a target for an attacker (nearby, in range, beyond half
 * range, out of range, not visible, with the best weapon and whether a barrier is in the way),
 * whether a barrier lies between two zones, and who a blast on a zone would hit (those in it and
 * on its borders).
 */
export { targetsFor, type TargetStatus, type TargetView } from './targeting';
export { blastTargets, blastZoneAndBorders } from './blast';
export { armourOf } from './damage';
export { UNARMED, workingWeapons } from './declare-attack';
/** Which weapon or shield is in hand: what may be done with each, and why one not in hand can't strike. */
export { itemMoves, notEquipped, notEquippedReason, type HandMove, type ItemMove } from './items';
export { placeOf, type GearPlace } from './gear';
/** Weapons that run out (a firebomb): what is left of them, and why one with nothing left can't be used. */
export { noUsesLeft, usesLeftWords } from './limited-uses';
export { farTarget, mapReach, notNearbyReason, outOfReachReason, reachNote, withMapReach } from './attack-reach';
/** What the map and the turn say of an attack's scene: who is out of the attacker's sight, whose zone conceals or covers them, and whether the attacker has moved. */
export { mapProtection, mapSight, movedForAttack, movingReadsTurn, withMapSight, withMovement, type MapProtection } from './attack-scene';
/** A barrier between attacker and target as the map has it, and whether it stops the attack. */
export { barrierBlocks, barrierReason, mapBarrier, withMapBarrier, type MapBarrier } from './barrier';
export { counterOutlook, guardChoices, hideBehindChoices, ruledReactionWhy } from './react';
/** Why a target can't react to an attack themselves: for the attack form before it is declared, and the reaction panel after. */
export { noReactionNote, noReactionsOf, whyNoReaction, type NoReaction, type NoReactionReason } from './no-reaction';
/** Still in the fight; may flee in a long chase. */
export { isFighting } from './morale';
export { canFlee } from './aftermath';
/** Odds and verdicts the screen shows before any dice are rolled. */
export { moraleOdds, moraleReason, subjectToMorale, type MoraleReason } from './morale';
export { chaseOdds, chaseVerdict, type ChaseVerdict, type Pace } from './chase';
export { gearToRoll } from './wear';
/**
 * Decisions the GM screen shows before the GM commits: who may answer out of turn, why a blow's
 * damage is impaired, and the attack waiting for reactions as declared (with where its missed
 * blast went).
 */
export { impairedReasons, mayReactOutOfTurn, pendingDeclaration, pendingDeviation, type ImpairingSituation } from './screen-helpers';
/** A move away from enemies nearby, waiting while they may strike: who may, and at whom. */
export { LEAVING_PROMPT, leavingNow, opportunityFor, strikersLeft, type Leaving } from './leaving';
/** Where a shove may send the one held, and the hazard there. */
export { hazardAt, shoveSteps } from './shove';
