import { isFailure } from '../../core/checks';
import { isRulesetEvent } from '../../core/events';
import type { Ruleset } from '../../core/ruleset';
import { hasTrait } from '../../core/fields';
import { markedOut, trackStatus } from '../../core/health';
import { withTrackValue } from '../../core/tracks';
import { TWO_DICE_TRAITS } from './armour';
import { TRAIT_SLOTS_DEFAULT, twoDiceSheetRefusal } from './build';
import { TWO_DICE_COMMANDS } from './commands';
import { freshFight, noteFalls, STABILISE, STABILISE_PROMPT } from './dying';
import { TWO_DICE_ACTIONS, TWO_DICE_ECONOMY } from './economy';
import { TWO_DICE_EVENTS } from './events';
import { twoDiceInitiative } from './initiative';
import { checkKit, kitIds } from './kit';
import { normalMove } from './movement';
import { FRESH_PERSON, idsInPerson, personOf } from './person';
import { twoDicePlayerPart } from './player-view';
import { TWO_DICE_REFERENCES } from './references';
import { TWO_DICE_SETTINGS, twoDiceSettings } from './settings';
import { FRESH_FIGHT } from './turn';
import { foesOnGrid, gridOf } from '../../space/grid/battle-grid';
import { foesAlongside } from '../../space/grid/reach';

/**
 * 2d6 & Vigilant: initiative on 2d6 (3d6 with Vigilant), 5-second rounds, three movement options,
 * light 1 / heavy 2 damage with a critical and damage reduction to roll past, armour by weight,
 * and two stabilisation tests after falling to 0 HP.
 */
export const twoDice: Ruleset = {
  id: 'two-dice',
  name: '2d6 & Vigilant',
  summary: 'Initiative on 2d6 (3d6 when Vigilant), 5-second rounds, damage reduction to roll past, two tests to stabilise at 0 HP.',
  settings: TWO_DICE_SETTINGS,
  references: TWO_DICE_REFERENCES,
  character: {
    stats: [
      { key: 'move', label: 'Movement', min: 0, max: 120, default: 30, hint: 'A normal move in feet; heavy armour takes 5 off.' },
      { key: 'dr', label: 'Natural damage reduction', min: 0, max: 5, default: 0, hint: 'Added to what armour gives (a thick hide, a shell).' },
      { key: 'traitSlots', label: 'Trait slots', min: 0, max: 20, default: TRAIT_SLOTS_DEFAULT, hint: 'Slots for traits; weapon skill past the first proficiency takes them too, and having none gives one more.' },
    ],
    tracks: [{ key: 'hp', label: 'Hit points', shortLabel: 'HP', min: 1, max: 99, default: 4 }],
    traits: TWO_DICE_TRAITS,
    // Heavy armour needs its traits while it is worn; traits and weapon skill fit the trait slots.
    sheetRefusal: twoDiceSheetRefusal,
  },
  turn: {
    order: twoDiceInitiative,
    roundSeconds: 5,
    actions: TWO_DICE_ACTIONS,
    economy: TWO_DICE_ECONOMY,
    endOfRound: () => [],
  },
  health: {
    damage: (c, amount) => withTrackValue(c, 'hp', (hp) => hp.value - amount),
    heal: (c, amount) => withTrackValue(c, 'hp', (hp) => hp.value + amount),
    // A stabilised character is back at 1 HP but stays unconscious for the rest of the encounter.
    status: (c) => markedOut(c) ?? (personOf(c).stable ? { level: 'down', how: 'down', why: 'unconscious, stable' } : trackStatus(c, 'hp', 'HP')),
  },
  space: {
    // Fought with or without a map: on the grid a turn walks at most twice a normal move.
    kinds: ['grid'],
    grid: { diagonals: 'one', movement: (_state, c) => 2 * normalMove(c) },
    // Someone in combat (a foe in a square next to them) gets clear by extricating first.
    holds: {
      heldBack(state, mover) {
        const grid = gridOf(state);
        if (!grid || !mover.square || personOf(mover).extricated === state.round) return null;
        const foes = foesAlongside(grid, mover.square, foesOnGrid(state, twoDice, mover));
        if (foes.length === 0) return null;
        const names = foes.map((id) => state.combatants.find((c) => c.id === id)?.name ?? id).join(', ');
        return `${mover.name} is in combat with ${names}: attack, evade, or extricate first (a test) to move away.`;
      },
      carried: () => [],
    },
  },
  own: {
    prompts: { [STABILISE]: STABILISE_PROMPT },
    slice: {
      encounter: FRESH_FIGHT,
      combatant: FRESH_PERSON,
      newCombatant: {
        freshIds: kitIds,
        part: (_state, input, freshId) => {
          const kit = checkKit(input, FRESH_PERSON, (n) => freshId('g', n));
          return isFailure(kit) ? kit : { ok: true, value: { ...FRESH_PERSON, ...kit } };
        },
      },
      idsIn: idsInPerson,
    },
    // A fight started again begins with nobody fallen or stabilised; then who fell is noted.
    afterEvent: (before, after, event) => noteFalls(before, !isRulesetEvent(event) && event.type === 'combat-started' ? freshFight(after) : after),
    commands: TWO_DICE_COMMANDS,
    events: TWO_DICE_EVENTS,
  },
  log: {
    kinds: [{ id: 'stabilisation', label: 'Stabilisation' }],
  },
  players: {
    view: twoDicePlayerPart,
  },
  between: {
    // Between fights: 1 HP per 6-hour sleep, more for the Resilient (the text gives no number).
    rest: {
      label: 'Party sleeps 6 hours',
      says: (settings) => `1 HP each, ${twoDiceSettings(settings).resilientHeal} for the Resilient`,
      heal: (who, settings) => ({ hp: hasTrait(who, 'resilient') ? twoDiceSettings(settings).resilientHeal : 1 }),
    },
  },
};

// ---------------------------------------------------------------------------------------------
// 2d6 & Vigilant's own surface: what its panels and tests use besides the engine's
// (`engine/index.ts`). Only its screens import this module.

/** What an attack and a test will be before any die is rolled (the forms show it), and their events. */
export { planAttack, reductionOf, type AttackCommand, type AttackPlan, type AttackWeapon, type AttackedEvent } from './attack';
export { planTest, TEST_KINDS, type TestCommand, type TestedEvent, type TestPlan } from './test-command';
/** What an evasion faces: the last attack on the evader, or an attacker named. */
export { evadesUnarmed, facingWords, type Facing } from './evasion';
export type { TestKind } from './hindrance';
/** The movement options from where a character stands, and their normal move. */
export { movementOptions, normalMove, type MoveOption, type MoveOptions } from './movement';
/** A character's part: kit, fall and stability. */
export { personOf, type LastAttack, type TwoDicePerson } from './person';
export { ARMOUR, ARMOUR_WEIGHTS, armourRefusal, type ArmourWeight } from './armour';
/** The sheet's rules: heavy armour's traits, and the trait slots traits and weapon skill take. */
export { entryProblems, slotsCounted, slotsCountedForEntry, traitSlotProblem, traitSlotsOf, type Sheet, type TraitSlots } from './build';
export { CATEGORY_LABEL, PROFICIENCIES, skillWith, WEAPONS, type Kit, type Proficiency, type Skill, type Weapon, type WeaponCategory } from './kit';
export { STABILISE, stabilises, type StabiliseSkippedEvent, type StabilisedEvent } from './dying';
export type { AdvancedEvent } from './advance';
export type { TwoDiceCommand } from './commands';
export type { KitSetEvent, TwoDiceEvent } from './events';
export { actionUsed, movedThisTurn } from './turn';
export type { TwoDicePlayerPart } from './player-view';
