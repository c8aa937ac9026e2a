import { isFailure } from '../../core/checks';
import { isRecord } from '../../json';
import { failure } from '../../result';
import { afterCoreEvents, type Ruleset } from '../../core/ruleset';
import { THREE_ACTIONS_CONDITIONS } from './conditions';
import { threeActionsRefusal } from './extended';
import { checkOwnTests } from './own-tests';
import { afterDamage, DEATH, DEATH_PROMPT, DEFEND, FORTIFY, FORTIFY_PROMPT } from './blow';
import { DEFEND_PROMPT } from './defend';
import { THREE_ACTIONS_EVENTS } from './events';
import { THREE_ACTIONS_COMMANDS } from './commands';
import { THREE_ACTIONS_GEAR } from './gear';
import { checkGearInHand, handsIn } from './hands';
import { freshFight, FRESH_PERSON, personOf } from './person';
import { THREE_ACTIONS_ACTIONS, THREE_ACTIONS_ECONOMY, threeActionsEconomy } from './economy';
import { damaged, healed, playerWords, threeActionsStatus } from './health';
import { currentMove, movementOnGrid, SPEED_DEFAULT, walkRefusal } from './movement';
import { THREE_ACTIONS_REFERENCES } from './references';
import { THREE_ACTIONS_SETTINGS } from './settings';
import { threeActionsTurns } from './turns';
import { followStarter, STARTER_EVENT, STARTER_SET } from './starter';
import { OPENING_ATTACKED, OPENING_ATTACKED_EVENT } from './opening';

/**
 * Three Actions: teams alternate picking one member each; three actions and a reaction a turn;
 * endurance, then health.
 */
export const threeActions: Ruleset = {
  id: 'three-actions',
  name: 'Three Actions',
  summary: 'Teams alternate picking one member each; three actions and a reaction a turn; endurance, then health; block or parry, fortify or fall, cheat death with luck.',
  settings: THREE_ACTIONS_SETTINGS,
  references: THREE_ACTIONS_REFERENCES,
  character: {
    stats: [
      { key: 'evasion', label: 'Evasion', min: 0, max: 40, default: 6, hint: 'What an attack test must reach to hit (a tie hits).' },
      // The stored key stays `deflection` (saved sheets and logs hold it); it is the physical one.
      { key: 'deflection', label: 'Physical deflection', min: 0, max: 40, default: 0, hint: 'Taken off bludgeoning, piercing and slashing damage (at least 1 gets through).' },
      { key: 'elementalDeflection', label: 'Elemental deflection', min: 0, max: 40, default: 0, hint: 'Taken off arcane, cold, fire, radiant, shock and void damage (at least 1 gets through).' },
      { key: 'constitution', label: 'Constitution', min: 0, max: 40, default: 4, hint: 'Missing more health than this, they fortify or fall unconscious.' },
      { key: 'speed', label: 'Speed', min: 0, max: 40, default: SPEED_DEFAULT, hint: 'Metres a move covers (a square of the grid is 1 m).' },
      { key: 'size', label: 'Size', min: 1, max: 9, default: 4, hint: 'Medium is 4, small 3: a larger attacker finds the target easier to evade and harder to hurt.' },
      { key: 'deathDifficulty', label: 'Death difficulty', min: 10, max: 100, default: 10, hint: 'What the luck test to cheat death must reach; 5 more each time death is cheated.', lasting: true },
    ],
    tracks: [
      { key: 'endurance', label: 'Endurance', shortLabel: 'END', min: 0, max: 99, default: 12 },
      { key: 'health', label: 'Health', shortLabel: 'HP', min: 1, max: 99, default: 12 },
      { key: 'stamina', label: 'Stamina', shortLabel: 'STA', min: 0, max: 20, default: 3 },
      { key: 'focus', label: 'Focus', shortLabel: 'FOC', min: 0, max: 20, default: 3 },
    ],
    // What Guard, Seek cover, Wait, Ready and lying prone leave a character in.
    conditionCatalogue: THREE_ACTIONS_CONDITIONS,
    traits: [{ key: 'cannotBeSurprised', label: 'Cannot be surprised', hint: 'Acts in a surprise round even when their team was taken unawares (danger sense).' }],
    marks: [{ id: 'unconscious', label: 'Unconscious', set: 'falls unconscious', cleared: 'comes round', gmOnly: false }],
    gear: THREE_ACTIONS_GEAR,
  },
  turn: {
    order: threeActionsTurns,
    roundSeconds: 6,
    economy: THREE_ACTIONS_ECONOMY,
    // The reaction back at one's own turn, or once a round (a setting).
    economyFor: threeActionsEconomy,
    actions: THREE_ACTIONS_ACTIONS,
    endOfRound: () => [],
    // An extended action under way is finished (or given up) before anything else; a step or a move.
    actionRefusal: threeActionsRefusal,
  },
  health: {
    damage: (c, amount) => damaged(c, amount),
    // Damage by any means (the GM's, a trap) asks to fortify or to test against death, as a blow does.
    afterDamage: (state, before, tracks, amount) => afterDamage(state, before, tracks, amount),
    heal: (c, amount) => healed(c, amount),
    status: threeActionsStatus,
  },
  space: {
    // On a grid of 1 m squares every second diagonal of a move counts 2 m; a move goes as far as the speed.
    kinds: ['grid'],
    grid: { diagonals: 'alternating', movement: movementOnGrid, currentMove, walkRefusal },
  },
  own: {
    // Rounds count from 1 again in a new fight: what was counted by round in the last one goes.
    // Whoever started the fight opens it again in a new one.
    afterEvent: afterCoreEvents((after, event) => followStarter(event.type === 'combat-started' ? freshFight(after) : after, event)),
    slice: {
      encounter: {},
      combatant: FRESH_PERSON,
      newCombatant: {
        freshIds: (input) => (isRecord(input) && Array.isArray(input.gear) ? input.gear.length : 0),
        part: (state, input, freshId) => {
          if (input !== undefined && !isRecord(input)) return failure('three-actions/gear', 'A character\'s own part is { gear: [...], tests: { fortify, dodge } }.');
          const checked = checkGearInHand(isRecord(input) ? input.gear : undefined, [], (n) => freshId('g', n), handsIn(state));
          if (isFailure(checked)) return checked;
          const tests = checkOwnTests(isRecord(input) ? input.tests : undefined);
          return isFailure(tests) ? tests : { ok: true, value: { ...FRESH_PERSON, gear: checked.gear, held: checked.held, tests } };
        },
      },
      idsIn: (part) => personOf({ rules: part }).gear.map((g) => g.id),
    },
    prompts: { [DEFEND]: DEFEND_PROMPT, [FORTIFY]: FORTIFY_PROMPT, [DEATH]: DEATH_PROMPT },
    commands: THREE_ACTIONS_COMMANDS,
    events: { ...THREE_ACTIONS_EVENTS, [STARTER_SET]: STARTER_EVENT, [OPENING_ATTACKED]: OPENING_ATTACKED_EVENT },
  },
  players: {
    // The players see enemies as harmed and bloodied, the text's own words.
    words: playerWords,
  },
};

// ---------------------------------------------------------------------------------------------
// Three Actions' own surface: what its panels and tests use besides the engine's.

export { defencesAgainst, outOfTurn, planAttack, reducedBy, type AttackPlan, type AttackedEvent } from './attack';
export { actionsLeft } from './extended';
export type { ThreeActionsCommand } from './commands';
export { COMMANDABLE, FOCUS_FOR_COMMAND } from './command';
export { BEHIND_COVER, GUARDING, isUnder, PRONE, READIED, WAITING } from './conditions';
export { mayBeStruckDown } from './strike';
export { READYABLE, readiedName, readiedOf, TRIGGER_MAX } from './ready';
export { checkOwnTests, PLAIN_TEST, type OwnTests } from './own-tests';
export { LUCK_BONUS } from './ordinary-test';
export { namesOf, type ReadFrom, type Surroundings } from './surroundings';
export { personOf, attacksThisRound, type Extended, type Readied, type ThreeActionsPerson } from './person';
export { checkGearInHand, handsIn, heldGear, heldIds, holds, weaponsAtHand } from './hands';
export { checkThreeActionsGear, kindOf, reductionFor, THREE_ACTIONS_GEAR, type DamageType, type Gear, type Item, type Reduction, type Weapon } from './gear';
export { THREE_ACTIONS_ACTIONS, THREE_ACTIONS_ECONOMY } from './economy';
/** Who started the fight, and whether they have opened it. */
export { ACTION_WORDS, OPENING_ACTIONS, OPENING_DEFAULT, starterOf, type Starter } from './starter';
/** The starter's opening still due, and what it is in words. */
export { openingDue, openingWords } from './opening';
