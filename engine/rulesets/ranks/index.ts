import { isFailure } from '../../core/checks';
import { isRecord } from '../../json';
import { failure } from '../../result';
import { PASS_OVER_DEFINITION } from '../../turns/pass-over';
import { afterCoreEvents, type RuleEventDefinition, type Ruleset } from '../../core/ruleset';
import { ADVANTAGE_EVENT, ADVANTAGE_GAINED } from './advantage';
import { ADVANTAGE, ADVANTAGE_BOUGHT, ADVANTAGE_BOUGHT_EVENT, ADVANTAGE_PROMPT } from './advantage-buy';
import { ATTACKED, ATTACKED_EVENT } from './attack-event';
import { FOCUS_EVENT, FOCUS_SET, offTurnRefusal } from './engagement';
import { followFight } from './fight-bounds';
import { CHECKED, CHECKED_EVENT } from './check';
import { COMBINED, COMBINED_EVENT } from './combine';
import { RANKS_COMMANDS } from './commands';
import type { RanksEventType } from './events';
import { CONTESTED, CONTESTED_EVENT } from './contest';
import { RECOVERED, RECOVERED_EVENT } from './recover';
import { RECOVERY, RECOVERY_PROMPT, RECOVERY_USED, RECOVERY_USED_EVENT } from './recovery-use';
import { TRIGGER_EVENTS, TRIGGER_PROMPT } from './trigger';
import { TRIGGER } from './trigger-names';
import { MATCHED, MATCHED_EVENT } from './match';
import { READIED_EVENT, READIED_SET, readiers } from './readied';
import { checkSheet, RANKS_GEAR } from './sheet';
import { SHEET_EVENT, SHEET_SET } from './sheet-event';
import { RANKS_CONDITIONS, RANKS_TRACKS } from './conditions';
import { RANKS_ACTIONS, RANKS_ECONOMY } from './economy';
import { ranksStatus } from './health';
import { inflictRanks } from './inflict';
import { ranksEndOfRound, ranksInitiative, REORDERED, REORDERED_EVENT } from './initiative';
import { INITIATIVE_CALLED, INITIATIVE_CALLED_EVENT } from './initiative-call';
import { FRESH_PERSON, idsInPerson } from './person';
import { RANKS_REFERENCES } from './references';
import { RANKS_SETTINGS } from './settings';

const fixed = (key: string, label: string, hint: string) => ({ key, label, min: 0, max: 40, default: 10, hint });

/**
 * Skill Ranks: initiative by the fixed value of awareness, sorted again every round; one full and
 * one bonus action a round, either spendable to respond out of turn; three condition tracks
 * (damage, fatigue, composure) of five ranks whose effects and durations the engine applies.
 */
export const ranks: Ruleset = {
  id: 'ranks',
  name: 'Skill Ranks',
  summary: 'Initiative by fixed awareness, sorted every round; a full and a bonus action a round; damage, fatigue and composure conditions in five ranks.',
  settings: [PASS_OVER_DEFINITION, ...RANKS_SETTINGS],
  references: RANKS_REFERENCES,
  character: {
    stats: [
      fixed('awareness', 'Awareness (fixed)', 'The fixed value of Perception: survival: awareness; the order is by it, highest first.'),
      { key: 'awarenessDice', label: 'Awareness dice', min: 1, max: 10, default: 3, hint: 'How many dice an awareness check rolls (a chaotic round, gaining the initiative).' },
      fixed('strength', 'Strength (fixed)', 'Resists damage rolls, with armour; Exhausted takes 1D off Strength checks.'),
      fixed('dexterity', 'Dexterity (fixed)', 'Wounded takes 1D off Dexterity checks.'),
      fixed('perception', 'Perception (fixed)', 'Awareness and insight checks count as Perception checks.'),
      fixed('presence', 'Presence (fixed)', 'Demoralized takes 1D off Presence checks.'),
      { key: 'armour', label: 'Armour', min: 0, max: 20, default: 0, hint: 'Added to Strength against damage rolls.' },
      { key: 'move', label: 'Move (ft)', min: 0, max: 120, default: 30, hint: 'A full action moves this far; a bonus action or incidental movement half.' },
    ],
    // Harm is the three condition tracks, not points. (Luck points the GM awards for memorable
    // trash talk are a limited-use ability on the character: "Luck point 3 per scene".)
    tracks: [],
    conditionTracks: RANKS_TRACKS,
    conditionCatalogue: RANKS_CONDITIONS,
    gear: RANKS_GEAR,
  },
  turn: {
    order: ranksInitiative,
    actions: RANKS_ACTIONS,
    economy: RANKS_ECONOMY,
    // As a round ends the next one's order is sorted: fixed (or rolled) awareness and that round's changes.
    endOfRound: ranksEndOfRound,
    // The bare actions, taken from the generic buttons: a move asks those holding an attack ready
    // (the Move buttons do), and out of turn only an engaged opponent answers.
    actionRefusal: (state, c, actionId, ruleset) => {
      const step = actionId.startsWith('move-') ? 'move' : actionId === 'attack' ? 'attack' : null;
      const ready = step ? readiers(state, c, step, ruleset) : [];
      if (ready.length > 0) return failure('ranks/readied-first', `${ready.map((x) => x.name).join(', ')} holds something ready for this: ${step === 'move' ? 'move with the turn panel\'s Move buttons' : 'attack with the attack form'}, so they are asked first.`);
      return offTurnRefusal(state, c);
    },
  },
  health: {
    // Harm is conditions, not points: the GM's damage of N lands N ranks on the damage track.
    damage: (c) => ({ ...c.tracks }),
    afterDamage: (state, before, _tracks, amount) => inflictRanks(state, before, 'damage', amount),
    heal: (c) => ({ ...c.tracks }),
    status: ranksStatus,
  },
  own: {
    // A fight's start and end: Startled spent on round 1's order, ties by the setting; one fight's own things gone.
    afterEvent: afterCoreEvents(followFight),
    slice: {
      encounter: {},
      combatant: FRESH_PERSON,
      newCombatant: {
        freshIds: (input) => (isRecord(input) && Array.isArray(input.sheet) ? input.sheet.length : 0),
        part: (_state, input, freshId) => {
          if (input !== undefined && !isRecord(input)) return failure('ranks/sheet', 'A character\'s own part is { sheet: [...] }: their skills and weapons.');
          const sheet = checkSheet(isRecord(input) ? input.sheet : undefined, [], (n) => freshId('g', n));
          return isFailure(sheet) ? sheet : { ok: true, value: { ...FRESH_PERSON, sheet } };
        },
      },
      idsIn: idsInPerson,
    },
    commands: RANKS_COMMANDS,
    prompts: { [TRIGGER]: TRIGGER_PROMPT, [ADVANTAGE]: ADVANTAGE_PROMPT, [RECOVERY]: RECOVERY_PROMPT },
    events: {
      [REORDERED]: REORDERED_EVENT,
      [ADVANTAGE_GAINED]: ADVANTAGE_EVENT,
      [ADVANTAGE_BOUGHT]: ADVANTAGE_BOUGHT_EVENT,
      [INITIATIVE_CALLED]: INITIATIVE_CALLED_EVENT,
      [ATTACKED]: ATTACKED_EVENT,
      [FOCUS_SET]: FOCUS_EVENT,
      [SHEET_SET]: SHEET_EVENT,
      [READIED_SET]: READIED_EVENT,
      [CHECKED]: CHECKED_EVENT,
      [RECOVERED]: RECOVERED_EVENT,
      [RECOVERY_USED]: RECOVERY_USED_EVENT,
      [CONTESTED]: CONTESTED_EVENT,
      [COMBINED]: COMBINED_EVENT,
      [MATCHED]: MATCHED_EVENT,
      ...TRIGGER_EVENTS,
    } satisfies Record<RanksEventType, RuleEventDefinition>,
  },
};

// ---------------------------------------------------------------------------------------------
// Skill Ranks' own surface: what its panels and tests use besides the engine's.

export type { RanksCommand, RanksCommandOf, RanksCommandType, SheetEntryInput, ShiftObjectInput } from './commands';
export type { RanksEvent, RanksEventOf, RanksEventType } from './events';
export { writeDice } from './checks';
export { personOf } from './person';
export { planAttack, type AttackOptions, type AttackPlan } from './attack';
export { bandOf } from './shift-object';
export { engagedOpponents } from './engagement';
export { readiedAction, readiedWords } from './readied';
export { checkPreview } from './check';
export { combineProblem } from './combine';
export { matchCost } from './match';
export { recoveryDifficulty } from './recover';
export { checkSheet, RANKS_GEAR, skillOf, weaponsOf, type SheetEntry } from './sheet';
export { REACH, SKILLS, skillLabel, type SkillKey } from './tables';
export { ranksSettings } from './settings';
