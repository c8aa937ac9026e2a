import type { ReferenceTable } from '../../core/ruleset';
import { RANKS } from './conditions';
import { RANKS_ACTIONS } from './economy';
import { ADVANTAGES, ATTACK_SKILL, DEFENCE, DIFFICULTY_BANDS, REACH, RECOVERY, SHIFT_REACH, skillLabel, type AttackKind, type WeaponCategory } from './tables';

// Every table of the text, in our own words, for the reference panel (the help, one key away).

const CATEGORY: Readonly<Record<AttackKind, string>> = { unarmed: 'Unarmed', close: 'Close', light: 'Light', martial: 'Martial', long: 'Long', object: 'Heavy object (shifted)' };
const feet = (n: number) => (n === 0 ? 'none' : `${n} ft`);
const actions = (cost: string) => RANKS_ACTIONS.filter((a) => a.cost === cost).map((a) => [a.name, a.summary]);
const trackRows = (track: string) => RANKS.filter((r) => r.track === track).map((r) => [String(r.rank), r.name, r.says, LASTS[r.lasts]]);
const LASTS: Readonly<Record<(typeof RANKS)[number]['lasts'], string>> = {
  'their-next-turn': 'to the end of their next turn',
  'their-next-round': 'to the end of their next round (a setting)',
  'this-round': 'for the next round\'s order',
  encounter: 'to the end of the encounter',
  scene: 'to the end of the scene',
  'until-recovered': 'until recovered',
};

export const RANKS_REFERENCES: ReferenceTable[] = [
  { title: 'Full actions (one a round)', columns: ['Action', 'What it does'], rows: actions('Full action') },
  { title: 'Bonus actions (one a round)', columns: ['Action', 'What it does'], rows: actions('Bonus action') },
  { title: 'Free actions', columns: ['Action', 'What it does'], rows: actions('Free action') },
  {
    title: 'Reach',
    columns: ['Weapon', 'Attack with', 'Defended by', 'Nearest', 'Farthest'],
    rows: [
      ...(Object.keys(REACH) as WeaponCategory[]).map((k) => [CATEGORY[k], skillLabel(ATTACK_SKILL[k].attack), skillLabel(ATTACK_SKILL[k].defence), feet(REACH[k].min), feet(REACH[k].max)]),
      // Knocked over or hurled: the Shift Object row gives its difficulty and damage; no defence row meets it.
      [CATEGORY.object, skillLabel('shift'), 'nothing in the defence table', feet(0), feet(SHIFT_REACH)],
    ],
  },
  {
    title: 'Defence',
    columns: ['Defending with', 'Skill', 'Against', 'Distance', 'Clearance'],
    rows: (['none', 'light', 'martial', 'long'] as const).map((k) => [k === 'none' ? 'No weapon' : CATEGORY[k], skillLabel(DEFENCE[k].skill), DEFENCE[k].against.map((c) => CATEGORY[c].toLowerCase()).join(', '), feet(DEFENCE[k].distance), feet(DEFENCE[k].clearance)]),
  },
  {
    title: 'Movement difficulty',
    columns: ['Difficulty', 'Distance', 'Climb', 'Ground', 'Way through', 'Shifting an object'],
    rows: DIFFICULTY_BANDS.map((b) => [`${b.name} (${(b.rank - 1) * 5 + 1}–${b.rank * 5})`, `${b.distance} ft`, b.ascent, b.terrain, b.passage, b.shift]),
  },
  { title: 'Recovery', columns: ['Rank', 'Difficulty', 'What the ranks do'], rows: RECOVERY.map((r) => [String(r.rank), DIFFICULTY_BANDS[r.rank - 1]?.name ?? '', r.effect]) },
  { title: 'Advantages', columns: ['Rank', 'What it buys (one of)'], rows: ADVANTAGES.map((a) => [String(a.rank), a.effects.join('; or ')]) },
  { title: 'Damage conditions', columns: ['Rank', 'Condition', 'Effect', 'Lasts'], rows: trackRows('damage') },
  { title: 'Fatigue conditions', columns: ['Rank', 'Condition', 'Effect', 'Lasts'], rows: trackRows('fatigue') },
  { title: 'Composure conditions', columns: ['Rank', 'Condition', 'Effect', 'Lasts'], rows: trackRows('composure') },
];
