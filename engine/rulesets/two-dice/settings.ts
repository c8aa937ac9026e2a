import type { SettingValue } from '../../core/state';
import { PASS_OVER_DEFINITION } from '../../turns/pass-over';
import type { SettingDefinition } from '../../core/ruleset';

// What the 2d6 & Vigilant text leaves to its core book or to the table, as settings with defaults,
// each hint saying which rule uses it.

export const TWO_DICE_SETTINGS: SettingDefinition[] = [
  PASS_OVER_DEFINITION,
  { key: 'difficulty', label: 'Test difficulty', kind: 'number', default: 8, min: 2, max: 18, hint: 'What 2d6 must reach for a normal test: attacks, evading, extricating (the text leaves the number to the core book).' },
  { key: 'hardDifficulty', label: 'Difficult test difficulty', kind: 'number', default: 10, min: 2, max: 18, hint: 'What 2d6 must reach for a Difficult test (an untrained unarmed evasion of a weapon wielded proficiently is one).' },
  { key: 'meetSucceeds', label: 'Meeting the difficulty succeeds', kind: 'boolean', default: true, hint: 'On: a total equal to the difficulty succeeds. Off: it must beat it.' },
  {
    key: 'edgeDice',
    label: 'Advantage and disadvantage',
    kind: 'choice',
    default: 'extra-die',
    options: [
      { value: 'extra-die', label: 'An extra die, keep the best or worst two' },
      { value: 'plus-two', label: '+2 or −2 to the total' },
    ],
    hint: 'How a test at advantage or disadvantage is rolled. One of each cancels out.',
  },
  { key: 'critOn', label: 'Critical on', kind: 'number', default: 12, min: 2, max: 18, hint: 'A hit whose critical roll reaches this total does 1 more damage (the text: 12 by default).' },
  {
    key: 'critRoll',
    label: 'Critical roll',
    kind: 'choice',
    default: 'separate',
    options: [
      { value: 'separate', label: 'A separate 2d6 after the hit' },
      { value: 'attack', label: "The attack's own dice" },
    ],
    hint: 'Which 2d6 is read for a critical: the text rolls 2d6 once the attack has hit.',
  },
  { key: 'drDifficulty', label: 'Damage reduction roll', kind: 'number', default: 8, min: 2, max: 18, hint: "What the attacker's second 2d6 must reach to get past the target's damage reduction." },
  { key: 'critBeforeReduction', label: 'Critical before reduction', kind: 'boolean', default: true, hint: 'On: the critical point is added before damage reduction takes its share. Off: after, so it always lands.' },
  {
    key: 'vigilantTiebreak',
    label: 'Vigilant tie re-rolls',
    kind: 'choice',
    default: '3d6',
    options: [
      { value: '3d6', label: '3d6, as their initiative' },
      { value: '2d6', label: '2d6, like everyone' },
    ],
    hint: 'What a Vigilant character rolls when a tie with another Vigilant character is rolled again.',
  },
  {
    key: 'stabiliseAt',
    label: 'Stabilisation test at',
    kind: 'choice',
    default: 'start',
    options: [
      { value: 'start', label: 'The start of their turn' },
      { value: 'end', label: 'The end of their turn' },
    ],
    hint: 'When, in each of the two rounds after falling, the fallen character rolls to stabilise.',
  },
  { key: 'stabiliseDifficulty', label: 'Stabilisation difficulty', kind: 'number', default: 8, min: 2, max: 18, hint: 'What 2d6 must reach to stabilise (the second test is at disadvantage).' },
  { key: 'npcsStabilise', label: 'Other characters stabilise too', kind: 'boolean', default: false, hint: "Off: only the players' characters roll to stabilise (the text says \"a player\"); others at 0 HP stay down for the GM to decide." },
  { key: 'robustBonus', label: 'Robust: bonus to stabilise', kind: 'number', default: 1, min: 0, max: 6, hint: 'Added to a Robust character\'s stabilisation tests (the text gives no number).' },
  { key: 'hardToKillBonus', label: 'Hard to Kill: bonus to stabilise', kind: 'number', default: 2, min: 0, max: 6, hint: 'Added to a Hard to Kill character\'s stabilisation tests (the text gives no number).' },
  { key: 'medicBonus', label: 'Medic helping: bonus to stabilise', kind: 'number', default: 1, min: 0, max: 6, hint: 'Added when someone with the Medic trait tends the fallen (the text gives no number).' },
  { key: 'resilientHeal', label: 'Resilient: HP per sleep', kind: 'number', default: 2, min: 1, max: 10, hint: 'What a Resilient character recovers per 6-hour sleep when the party rests (others recover 1; the text gives no number).' },
  {
    key: 'traitSlotsFor',
    label: 'Trait slots are counted for',
    kind: 'choice',
    default: 'players',
    options: [
      { value: 'players', label: "The players' characters" },
      { value: 'everyone', label: 'Everyone, monsters too' },
      { value: 'nobody', label: 'Nobody' },
    ],
    hint: 'Whose traits and weapon skill must fit their Trait slots (the first proficiency is free; each other one, and each mastery, takes a slot).',
  },
  {
    key: 'mediumArmourTests',
    label: 'Medium armour without training hinders',
    kind: 'choice',
    default: 'physical',
    options: [
      { value: 'physical', label: 'Attacks, evading and extricating' },
      { value: 'all', label: 'Every test' },
      { value: 'attacks', label: 'Attacks only' },
    ],
    hint: 'The tests made at disadvantage in medium armour without Armor Training (sneaking always is).',
  },
];

/** The fight's settings as the rules read them, each falling back to its default. */
export interface TwoDiceSettings {
  difficulty: number;
  hardDifficulty: number;
  meetSucceeds: boolean;
  edgeDice: 'extra-die' | 'plus-two';
  critOn: number;
  critRoll: 'separate' | 'attack';
  drDifficulty: number;
  critBeforeReduction: boolean;
  vigilantTiebreak: '3d6' | '2d6';
  stabiliseAt: 'start' | 'end';
  stabiliseDifficulty: number;
  npcsStabilise: boolean;
  robustBonus: number;
  hardToKillBonus: number;
  medicBonus: number;
  resilientHeal: number;
  mediumArmourTests: 'physical' | 'all' | 'attacks';
  traitSlotsFor: 'players' | 'everyone' | 'nobody';
}

function defaultOf(key: string): SettingValue {
  const def = TWO_DICE_SETTINGS.find((s) => s.key === key);
  if (!def) throw new Error(`2d6 & Vigilant has no setting "${key}".`);
  return def.default;
}

const num = (s: Readonly<Record<string, SettingValue>>, key: string): number => (typeof s[key] === 'number' ? (s[key] as number) : (defaultOf(key) as number));
const bool = (s: Readonly<Record<string, SettingValue>>, key: string): boolean => (typeof s[key] === 'boolean' ? (s[key] as boolean) : (defaultOf(key) as boolean));
function pick<T extends string>(s: Readonly<Record<string, SettingValue>>, key: string, values: readonly T[]): T {
  const value = s[key];
  return values.includes(value as T) ? (value as T) : (defaultOf(key) as T);
}

/** Reads the fight's settings (a log from before a setting existed gets its default). */
export function twoDiceSettings(s: Readonly<Record<string, SettingValue>>): TwoDiceSettings {
  return {
    difficulty: num(s, 'difficulty'),
    hardDifficulty: num(s, 'hardDifficulty'),
    meetSucceeds: bool(s, 'meetSucceeds'),
    edgeDice: pick(s, 'edgeDice', ['extra-die', 'plus-two']),
    critOn: num(s, 'critOn'),
    critRoll: pick(s, 'critRoll', ['separate', 'attack']),
    drDifficulty: num(s, 'drDifficulty'),
    critBeforeReduction: bool(s, 'critBeforeReduction'),
    vigilantTiebreak: pick(s, 'vigilantTiebreak', ['3d6', '2d6']),
    stabiliseAt: pick(s, 'stabiliseAt', ['start', 'end']),
    stabiliseDifficulty: num(s, 'stabiliseDifficulty'),
    npcsStabilise: bool(s, 'npcsStabilise'),
    robustBonus: num(s, 'robustBonus'),
    hardToKillBonus: num(s, 'hardToKillBonus'),
    medicBonus: num(s, 'medicBonus'),
    resilientHeal: num(s, 'resilientHeal'),
    mediumArmourTests: pick(s, 'mediumArmourTests', ['physical', 'all', 'attacks']),
    traitSlotsFor: pick(s, 'traitSlotsFor', ['players', 'everyone', 'nobody']),
  };
}
