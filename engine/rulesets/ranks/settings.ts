import type { SettingValue } from '../../core/state';
import type { SettingDefinition } from '../../core/ruleset';

// What the Skill Ranks text leans on its core rulebook for, as settings with defaults, each shown
// beside the rule that uses it: how a check's dice and result points work, how ranks are counted,
// how initiative ties break, how cumulative conditions stack, and the durations the text leaves
// loose.

export const RANKS_SETTINGS: SettingDefinition[] = [
  { key: 'rolledInitiative', label: 'Roll awareness for initiative', kind: 'boolean', default: false, hint: 'A chaotic fight: awareness checks are rolled for the order every round instead of reading its fixed value (the GM may also call for it for some rounds during the fight).' },
  { key: 'die', label: 'What 1D is (sides)', kind: 'number', default: 6, min: 2, max: 20, hint: 'The die of a skill\'s dice ("3D+1" rolls three of them and adds 1); −1D takes one away.' },
  {
    key: 'advantage',
    label: 'Advantage on skill dice',
    kind: 'choice',
    default: 'extra-die',
    options: [
      { value: 'extra-die', label: 'Roll one die more and drop the lowest (disadvantage: the highest)' },
      { value: 'twice', label: 'Roll the check twice and keep the better (disadvantage: the worse)' },
    ],
    hint: 'The text gives advantage and disadvantage without saying how they work on a pool of skill dice.',
  },
  {
    key: 'resultPoints',
    label: 'Result points',
    kind: 'choice',
    default: 'over',
    options: [
      { value: 'over', label: 'The check\'s total less the difficulty' },
      { value: 'over-plus-one', label: 'The total less the difficulty, plus 1 (meeting it makes 1)' },
    ],
    hint: 'How a check\'s result points are counted; the ranks come from them.',
  },
  { key: 'rankSize', label: 'Result points a rank', kind: 'number', default: 5, min: 1, max: 20, hint: 'Ranks come in bands of this many result points: 1–5 is rank 1, 6–10 rank 2… (the recovery table\'s difficulties).' },
  { key: 'meetSucceeds', label: 'Meeting the difficulty succeeds', kind: 'boolean', default: true, hint: 'On, a total equal to the difficulty succeeds (with the fewest result points); off, it must beat it.' },
  {
    key: 'initiativeTie',
    label: 'Initiative ties',
    kind: 'choice',
    default: 'previous',
    options: [
      { value: 'previous', label: 'Keep the order they had (the first round: the higher awareness dice)' },
      { value: 'players', label: 'The players\' characters first, then as before' },
    ],
    hint: 'Who goes first when two characters\' initiative is equal (the text says nothing).',
  },
  {
    key: 'cumulative',
    label: 'Conditions are cumulative',
    kind: 'choice',
    default: 'add',
    options: [
      { value: 'add', label: 'Ranks add up on the track (Stunned and a rank 2 make Wounded)' },
      { value: 'separate', label: 'Each stands beside the others with its own rank and timer' },
    ],
    hint: '"Damage conditions are cumulative": whether a new condition adds its ranks to the one on the track or stands beside it.',
  },
  {
    key: 'nextRound',
    label: '"Until the end of their next round"',
    kind: 'choice',
    default: 'round-after',
    options: [
      { value: 'round-after', label: 'The end of the round after this one' },
      { value: 'their-turn', label: 'The end of their next turn' },
    ],
    hint: 'How long Hurt, Winded and Disoriented last: the text counts some effects in turns and some in rounds.',
  },
  { key: 'combineDice', label: 'Dice a combined action adds or takes', kind: 'number', default: 1, min: 1, max: 5, hint: 'Helping or hindering another\'s action (the text leaves "the ordinary rules for combined actions" to the core book): their checks gain or lose this many dice until their turn ends.' },
  {
    key: 'readiedLapse',
    label: 'A readied action lapses',
    kind: 'choice',
    default: 'next-turn',
    options: [
      { value: 'next-turn', label: 'At the start of their next turn' },
      { value: 'round-end', label: 'At the end of the round' },
    ],
    hint: 'When a readied action that nothing set off is gone (the bonus action stays spent either way).',
  },
  {
    key: 'undefended',
    label: 'Resistance with nothing to defend with',
    kind: 'choice',
    default: 'untrained',
    options: [
      { value: 'untrained', label: 'The average of one die, as a skill they can\'t use' },
      { value: 'table', label: 'The fixed value of the skill the attack table names, weapon or room or not' },
    ],
    hint: 'The defence table says which weapon (or bare hands) defends against which attack and the room it needs; the text doesn\'t say what stands against an attack nothing of the defender\'s can meet.',
  },
];

/** The settings as the rules read them, defaults where the fight has none. */
export interface RanksSettings {
  die: number;
  advantage: 'extra-die' | 'twice';
  resultPoints: 'over' | 'over-plus-one';
  rankSize: number;
  meetSucceeds: boolean;
  initiativeTie: 'previous' | 'players';
  cumulative: 'add' | 'separate';
  nextRound: 'round-after' | 'their-turn';
  readiedLapse: 'next-turn' | 'round-end';
  combineDice: number;
  undefended: 'untrained' | 'table';
}

const num = (v: SettingValue | undefined, d: number) => (typeof v === 'number' && Number.isFinite(v) ? v : d);

export function ranksSettings(s: Readonly<Record<string, SettingValue>>): RanksSettings {
  return {
    die: num(s.die, 6),
    advantage: s.advantage === 'twice' ? 'twice' : 'extra-die',
    resultPoints: s.resultPoints === 'over-plus-one' ? 'over-plus-one' : 'over',
    rankSize: Math.max(1, num(s.rankSize, 5)),
    meetSucceeds: s.meetSucceeds !== false,
    initiativeTie: s.initiativeTie === 'players' ? 'players' : 'previous',
    cumulative: s.cumulative === 'separate' ? 'separate' : 'add',
    nextRound: s.nextRound === 'their-turn' ? 'their-turn' : 'round-after',
    readiedLapse: s.readiedLapse === 'round-end' ? 'round-end' : 'next-turn',
    combineDice: Math.min(5, Math.max(1, num(s.combineDice, 1))),
    undefended: s.undefended === 'table' ? 'table' : 'untrained',
  };
}
