import { isFailure } from '../../core/checks';
import { isRecord } from '../../json';
import { failure } from '../../result';
import { afterCoreEvents, type RuleEventDefinition, type Ruleset, type StatDefinition } from '../../core/ruleset';
import { withTrackValue } from '../../core/tracks';
import { goOnAfter, strikeOfOpportunity } from './attack';
import { movesTaken, movementOnGrid, walkWithoutMove } from './charge';
import { reachCells } from './grid-reading';
import { afterAction, holdUpWalk, OPPORTUNITY, OPPORTUNITY_EVENTS, opportunityPrompt } from './opportunity';
import { ATTACK_EVENTS, BLOW } from './attack-events';
import { BLOW_PROMPT } from './blow-prompt';
import { SIDES_CONDITIONS } from './conditions';
import { SIDES_ACTIONS, SIDES_ECONOMY } from './economy';
import { FRESH_FIGHT } from './fight';
import { checkSidesGear, SIDES_GEAR } from './gear';
import { CHECK_EVENTS } from './checks';
import { SIDES_COMMANDS } from './commands';
import type { SidesEventType } from './events';
import { gatherOnStanding, ITEMS_EVENT, ITEMS_MOVED } from './items';
import { EXECUTE_EVENT, EXECUTED } from './execution';
import { GEAR_SET, GEAR_SET_EVENT } from './gear-set';
import { GRAPPLE_EVENTS, grappleDamage, heldInGrapple } from './grapple';
import { afterDamage, SIDES_MARKS, sidesStatus } from './health';
import { FRESH_PERSON, idsInPerson } from './person';
import { SIDES_REFERENCES } from './references';
import { sidesRefusal } from './refusal';
import { SIDES_SETTINGS, sidesSettings } from './settings';
import { SHOVE_EVENT, SHOVED } from './shove';
import { SCREEN_EVENTS } from './screen';
import { followFight } from './fight-bounds';
import { SURPRISE_EVENT, SURPRISE_SET } from './surprise';
import { SWARM_EVENT, SWARM_JOINED } from './swarm';
import { sidesTurns } from './turns';

const modifier = (key: string, label: string, hint: string): StatDefinition => ({ key, label, min: -3, max: 3, default: 0, hint });
const skill = (key: string, label: string, hint: string): StatDefinition => ({ key, label, min: -1, max: 5, default: 0, hint });

/**
 * Sides & Shock: sides roll once for their place and act as blocks; a Main and a Move action a
 * round, with Free and Instant ones; d20 against AC; Shock on a miss; swarms, charges, snap attacks
 * and total defence; fought on a 5-ft grid with line of sight and cover.
 */
export const sides: Ruleset = {
  id: 'sides',
  name: 'Sides & Shock',
  summary: 'Sides roll 1d8 once and act as blocks (the party wins ties); a Main and a Move action a round; d20 against AC, with Shock on a miss; swarms, charges, snap attacks and total defence.',
  settings: SIDES_SETTINGS,
  references: SIDES_REFERENCES,
  character: {
    stats: [
      { key: 'ac', label: 'AC', min: 0, max: 30, default: 10, hint: 'What an attack roll must reach to hit.' },
      { key: 'attack', label: 'Attack bonus', min: 0, max: 20, default: 0, hint: 'Added to every attack roll; for most NPCs it is their HD, and stands for skill and attribute too.' },
      modifier('str', 'STR modifier', 'Added to attacks and damage with STR weapons, to shoves and grapples.'),
      modifier('dex', 'DEX modifier', "Added to attacks and damage with DEX weapons, to sneaking; the party's highest adds to its initiative d8."),
      modifier('wis', 'WIS modifier', 'Added to noticing a surprise coming.'),
      { key: 'dexScore', label: 'DEX score', min: 3, max: 18, default: 10, hint: "Where the fight's setting says so, the party's side adds its highest to its initiative d8 (by default it adds the modifier)." },
      skill('brawl', 'Brawl', 'Unarmed attacks (it adds to their damage too), shoves and grapples.'),
      skill('stab', 'Stab', 'Melee weapons.'),
      skill('shoot', 'Shoot', 'Bows and other ranged weapons; at 1 or more a bow reloads freely.'),
      skill('exert', 'Exert', 'Throwing, shoving, kicking a door in.'),
      skill('sneak', 'Sneak', 'A stealthy approach that may surprise.'),
      skill('notice', 'Notice', 'Spotting a surprise coming.'),
      { key: 'move', label: 'Movement (ft)', min: 0, max: 120, default: 30, hint: 'A Move action goes this far; a charge twice as far; prone, half.' },
      { key: 'save', label: 'Physical save', min: 2, max: 20, default: 15, hint: 'What a d20 must reach against an execution attack (less the attacker\'s combat skill).' },
      { key: 'nerve', label: 'Nerve', min: 2, max: 20, default: 8, hint: 'What a nerve check is rolled against, when the GM calls for one.' },
    ],
    tracks: [{ key: 'hp', label: 'Hit points', shortLabel: 'HP', min: 1, max: 999, default: 6 }],
    conditionCatalogue: SIDES_CONDITIONS,
    traits: [
      { key: 'shield', label: 'Uses a shield', hint: 'Ignores the first Shock of each round.' },
      { key: 'shockImmune', label: 'Immune to Shock', hint: "No Shock reaches them, except a swarm's." },
      { key: 'fearless', label: 'Fights to the end', hint: 'Undead, constructs, zealots, hard-drilled troops: they don\'t put survival first, so take no nerve check (unless you rule it).' },
      { key: 'trained', label: 'Trained (NPC)', hint: 'A well-trained, disciplined NPC may make snap attacks; the party always may.' },
      { key: 'dualWield', label: 'Dual wielding', hint: 'A weapon in each hand: −1 to every attack, +2 damage on a hit when both reach; level 1 in each weapon\'s skill needed.' },
    ],
    marks: SIDES_MARKS,
    gear: SIDES_GEAR,
  },
  turn: {
    order: sidesTurns,
    roundSeconds: 6,
    economy: SIDES_ECONOMY,
    actions: SIDES_ACTIONS,
    // As a round ends, grapples hurt their targets.
    endOfRound: grappleDamage,
    actionRefusal: sidesRefusal,
    // Standing up gathers what was dropped within reach; then standing up, picking up or using a
    // skill beside armed foes, or walking out of their reach, lets them strike first.
    afterAction: (state, combatantId, actionId) => [...gatherOnStanding(state, combatantId, actionId), ...afterAction(state, combatantId, actionId)],
  },
  health: {
    damage: (c, amount) => withTrackValue(c, 'hp', (hp) => hp.value - amount),
    afterDamage: (state, before, tracks) => afterDamage(state, before, tracks),
    heal: (c, amount) => withTrackValue(c, 'hp', (hp) => hp.value + amount),
    status: sidesStatus,
  },
  space: {
    kinds: ['grid'],
    // 5-ft squares; a Move covers the character's movement, a charge twice it; a long weapon reaches 10 ft.
    // Alternating diagonals (the setting) count through the Moves taken so far; another Move starts them again.
    grid: { diagonals: 'one', diagonalsFor: (settings) => sidesSettings(settings).diagonals, movement: movementOnGrid, currentMove: (state) => movesTaken(state), reach: (state, c) => reachCells(state, c) },
    // Grapplers and the grappled stay where they are.
    // (and a walk on the map waits for a Move action taken).
    holds: { heldBack: (state, c) => heldInGrapple(state, c) ?? walkWithoutMove(state, c), carried: () => [] },
    holdUpMove: holdUpWalk,
  },
  own: {
    // A fight's start and end clear what belonged to the last; screens end at the screener's next turn.
    afterEvent: afterCoreEvents(followFight),
    slice: {
      encounter: FRESH_FIGHT,
      combatant: FRESH_PERSON,
      newCombatant: {
        freshIds: (input) => (isRecord(input) && Array.isArray(input.gear) ? input.gear.length : 0),
        part: (_state, input, freshId) => {
          if (input !== undefined && !isRecord(input)) return failure('sides/gear', "A character's own part is { gear: [...] }: their weapons.");
          const gear = checkSidesGear(isRecord(input) ? input.gear : undefined, [], (n) => freshId('g', n));
          return isFailure(gear) ? gear : { ok: true, value: { ...FRESH_PERSON, gear } };
        },
      },
      idsIn: idsInPerson,
    },
    prompts: { [BLOW]: BLOW_PROMPT, [OPPORTUNITY]: opportunityPrompt(strikeOfOpportunity, goOnAfter) },
    commands: SIDES_COMMANDS,
    events: { ...ATTACK_EVENTS, ...OPPORTUNITY_EVENTS, ...GRAPPLE_EVENTS, ...SCREEN_EVENTS, [SWARM_JOINED]: SWARM_EVENT, [SHOVED]: SHOVE_EVENT, [EXECUTED]: EXECUTE_EVENT, [GEAR_SET]: GEAR_SET_EVENT, [ITEMS_MOVED]: ITEMS_EVENT, ...CHECK_EVENTS, [SURPRISE_SET]: SURPRISE_EVENT } satisfies Record<SidesEventType, RuleEventDefinition>,
  },
};

// ---------------------------------------------------------------------------------------------
// Sides & Shock's own surface: what its panels and tests use besides the engine's.

export { ATTACKED, type AttackedEvent, type AttackCommand } from './attack';
export { planAttack, maySnap, DUAL_WIELDING, SITUATIONS, SITUATION_IDS, type AttackPlan, type AttackWay, type SituationId } from './plan';
export { personOf, type SidesPerson } from './person';
export { UNARMED, type Carried, type Weapon } from './gear';
export { itemMoves } from './items';
export { fightOf, type Swarm } from './fight';
export { surprisers } from './surprise';
export { mainLeft } from './spend';
export { opposedOdds, oddsOfRoll, percent } from './odds';
export { SIDES_GEAR, checkSidesGear } from './gear';
export { sidesSettings } from './settings';
export { swarmOn } from './plan';
export { SWARM_MOST } from './swarm';
export { reloadCost } from './reload';
export { grapplesOf, inGrapple } from './grapple';
export { DRAG_FEET, planBreakFree, planDrag, THROW_FEET, type BreakFreePlan, type DragPlan, type HoldPlan } from './grapple-plan';
export { combatSkill, screensFor, SCREEN_REACH_FEET } from './screen';
export { CHARGE_LEAST_FEET } from './charge';
export { nerveHolds, nerveObjection, planSurpriseCheck, SURPRISE_APPROACHES, type Approach, type SurpriseCheckPlan } from './checks';
export { type Bonus, type BonusPart } from './opposed';
export { hitVerdict, type HitVerdict } from './verdict';
export { planGrapple, planShove, SIZE_LABEL, type ManeuverPlan } from './maneuver-plan';
export { planExecution, EXECUTION_DISTANCE, type ExecutionPlan } from './execution-plan';
export { HOLDING, PRONE, TOTAL_DEFENCE, TOTAL_DEFENCE_AC, isUnder } from './conditions';
export { standing, MORTALLY_INJURED, UNCONSCIOUS } from './health';
export { NERVE_CHECKED, SURPRISE_CHECKED, type NerveCheckedEvent, type SurpriseCheckedEvent } from './checks';
export { SIZE_PENALTY, type Size } from './maneuver';
export { type SidesCommand, type SidesCommandOf, type GearEntry } from './commands';
export { type SidesEvent, type SidesEventType } from './events';
