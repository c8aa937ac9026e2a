import type { SettingValue } from '../../core/state';
import type { SettingDefinition } from '../../core/ruleset';

// What the Sides & Shock text leaves open or contradicts, as settings with defaults; each hint
// says which rule reads it.

const choice = (key: string, label: string, hint: string, options: readonly [string, string][]): SettingDefinition => ({
  key,
  label,
  kind: 'choice',
  default: options[0]?.[0] ?? '',
  options: options.map(([value, text]) => ({ value, label: text })),
  hint,
});

export const SIDES_SETTINGS: SettingDefinition[] = [
  // Attributes add to the text's rolls as their modifiers ("the weapon's relevant Attribute
  // Modifier"), so the party's "highest DEX" is read the same way; a score (3-18) against a bare
  // d8 would put the party first nearly always. Encounters store every setting as they are
  // created, so fights begun under the old default (the score) keep it.
  choice('partyBonus', 'Party initiative adds', "What the party's side adds to its d8: the text says its highest DEX; attributes add to its rolls as modifiers, so the modifier by default.", [
    ['dex-mod', 'The highest DEX modifier'],
    ['dex-score', 'The highest DEX score'],
    ['none', 'Nothing'],
  ]),
  choice('otherTies', 'Ties between other sides', 'The party wins its ties; two other sides that tie either roll again or keep the order the encounter lists them in.', [
    ['reroll', 'Roll again between them'],
    ['listed', 'Keep the listed order'],
  ]),
  choice('joining', 'A side joining the fight', 'It acts last in the round it arrives; then it rolls once for its place, or stays last.', [
    ['rolls', 'Rolls once for its place'],
    ['last', 'Always acts last'],
  ]),
  choice('diagonals', 'Diagonal squares', 'How far a diagonal step on the 5-ft grid counts: the text measures by squares and says no more.', [
    ['5', 'Every diagonal 5 ft'],
    ['alternating', 'Alternately 5 ft and 10 ft'],
  ]),
  choice('crossbowReload', 'Reloading a crossbow', 'The text gives a crossbow a Main action to reload, and also lets bows and crossbows reload freely at Shoot-1.', [
    ['main', 'A Main action'],
    ['as-bow', 'As a bow: free at Shoot-1, else a Move'],
  ]),
  choice('checkDice', 'Skill check dice', 'What an opposed skill check rolls before its attribute modifier and skill (shove, grapple, screen, surprise): the text leaves it to the core book.', [
    ['2d6', '2d6'],
    ['1d20', '1d20'],
  ]),
  { key: 'executionDifficulty', label: 'Ranged execution difficulty', kind: 'number', default: 8, min: 2, max: 30, hint: 'What the DEX/Shoot check of a ranged execution must reach (the text leaves it to the core book).' },
  { key: 'unarmedDamage', label: 'Unarmed damage die', kind: 'choice', default: '1d2', options: ['1d2', '1d3', '1d4', '1d6'].map((d) => ({ value: d, label: d })), hint: 'An unarmed attack rolls this, adding the attribute modifier and Brawl; it has no Shock.' },
  choice('atZero', 'At 0 HP', 'The text names only "Mortally Injured": the mark is set; what follows is the GM\'s.', [
    ['mortal', 'Mortally Injured, the GM rules what follows'],
    ['enemies-die', 'Enemies die; the party is Mortally Injured'],
  ]),
  choice('nerveDice', 'Nerve check dice', 'The text\'s rule on when the defeated flee breaks off mid-sentence: what the GM\'s nerve check rolls against the character\'s nerve score.', [
    ['2d6', '2d6'],
    ['1d20', '1d20'],
    ['1d10', '1d10'],
  ]),
  choice('nerveHolds', 'Nerve holds when the roll is', 'Against the nerve score of the one checking.', [
    ['at-most', 'At most the score'],
    ['at-least', 'At least the score'],
  ]),
];

export interface SidesSettings {
  partyBonus: 'dex-score' | 'dex-mod' | 'none';
  otherTies: 'reroll' | 'listed';
  joining: 'rolls' | 'last';
  diagonals: 'one' | 'alternating';
  crossbowReload: 'main' | 'as-bow';
  checkDice: string;
  executionDifficulty: number;
  unarmedDamage: string;
  atZero: 'mortal' | 'enemies-die';
  nerveDice: string;
  nerveHolds: 'at-most' | 'at-least';
}

function pick<T extends string>(value: SettingValue | undefined, allowed: readonly T[]): T {
  return allowed.find((a) => a === value) ?? (allowed[0] as T);
}

/** The fight's settings as Sides & Shock reads them, defaults where a value is missing or unknown. */
export function sidesSettings(settings: Readonly<Record<string, SettingValue>>): SidesSettings {
  return {
    partyBonus: pick(settings.partyBonus, ['dex-mod', 'dex-score', 'none'] as const),
    otherTies: pick(settings.otherTies, ['reroll', 'listed'] as const),
    joining: pick(settings.joining, ['rolls', 'last'] as const),
    diagonals: settings.diagonals === 'alternating' ? 'alternating' : 'one',
    crossbowReload: pick(settings.crossbowReload, ['main', 'as-bow'] as const),
    checkDice: pick(settings.checkDice, ['2d6', '1d20'] as const),
    executionDifficulty: typeof settings.executionDifficulty === 'number' ? settings.executionDifficulty : 8,
    unarmedDamage: pick(settings.unarmedDamage, ['1d2', '1d3', '1d4', '1d6'] as const),
    atZero: pick(settings.atZero, ['mortal', 'enemies-die'] as const),
    nerveDice: pick(settings.nerveDice, ['2d6', '1d20', '1d10'] as const),
    nerveHolds: pick(settings.nerveHolds, ['at-most', 'at-least'] as const),
  };
}
