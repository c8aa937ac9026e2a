// The text's tables as data the rules read, with the text's numbers. Their sentences are ours.

/** Weapon categories and how near and how far each reaches, in feet ("close": no minimum). */
export type WeaponCategory = 'close' | 'light' | 'martial' | 'long' | 'unarmed';

export const REACH: Readonly<Record<WeaponCategory, { min: number; max: number }>> = {
  unarmed: { min: 0, max: 5 },
  close: { min: 0, max: 5 },
  // The table's "martial light" row: both reach from 5 to 10 feet.
  light: { min: 5, max: 10 },
  martial: { min: 5, max: 10 },
  long: { min: 10, max: 15 },
};

/** The skills a check may use: attacks, defences, moving, recovering, forcing, advantages and words. */
export type SkillKey =
  | 'strike' | 'block' | 'grapple'
  | 'martial' | 'long' | 'deflect'
  | 'close' | 'light' | 'parry'
  | 'sprint' | 'climbing' | 'jumping' | 'balance' | 'tumble' | 'shift'
  | 'recover' | 'focus' | 'medicine'
  | 'arena'
  | 'misdirection' | 'cues' | 'memory' | 'awareness'
  | 'insult' | 'ego' | 'startle' | 'resolve' | 'demoralize' | 'conviction';

/** The attributes a condition may hinder the checks of (Wounded: Dexterity). */
export type Attribute = 'strength' | 'dexterity' | 'perception' | 'presence' | 'other';

export interface SkillDefinition {
  key: SkillKey;
  /** As the text writes it: group, then skill. */
  label: string;
  /**
   * The attribute its checks count as, for the conditions that hinder one attribute's checks
   * (Wounded: Dexterity). The sheet has no field to change it: where the GM lets a skill use
   * another attribute, that is their ruling at the table.
   */
  attribute: Attribute;
}

const skill = (key: SkillKey, label: string, attribute: Attribute): SkillDefinition => ({ key, label, attribute });

export const SKILLS: readonly SkillDefinition[] = [
  skill('strike', 'Brawling: strike', 'strength'),
  skill('block', 'Brawling: block', 'strength'),
  skill('grapple', 'Brawling: grapple', 'strength'),
  skill('martial', 'Melee: martial weapons', 'strength'),
  skill('long', 'Melee: long weapons', 'strength'),
  skill('deflect', 'Melee: deflect', 'strength'),
  skill('close', 'Skirmish: close weapons', 'dexterity'),
  skill('light', 'Skirmish: light weapons', 'dexterity'),
  skill('parry', 'Skirmish: parry', 'dexterity'),
  skill('sprint', 'Athletics: sprint', 'dexterity'),
  skill('climbing', 'Athletics: climbing', 'strength'),
  skill('jumping', 'Athletics: jumping', 'dexterity'),
  skill('balance', 'Acrobatics: balance', 'dexterity'),
  skill('tumble', 'Acrobatics: tumble', 'dexterity'),
  skill('shift', 'Lifting: shift', 'strength'),
  skill('recover', 'Stamina: recover', 'strength'),
  skill('focus', 'Discipline: focus', 'presence'),
  skill('medicine', 'Technical: medicine', 'other'),
  skill('arena', 'Tactics: arena', 'perception'),
  skill('misdirection', 'Bluff: misdirection', 'presence'),
  skill('cues', 'Insight: cues', 'perception'),
  skill('memory', 'Research: memory', 'other'),
  skill('awareness', 'Perception: survival: awareness', 'perception'),
  skill('insult', 'Taunt: insult', 'presence'),
  skill('ego', 'Insight: ego', 'perception'),
  skill('startle', 'Intimidate: startle', 'presence'),
  skill('resolve', 'Discipline: resolve', 'presence'),
  skill('demoralize', 'Command: demoralize', 'presence'),
  skill('conviction', 'Discipline: conviction', 'presence'),
];

export const skillLabel = (key: SkillKey): string => SKILLS.find((s) => s.key === key)?.label ?? key;

/** Which skill an attack of a weapon category is made with, and which defence resists it. */
export const ATTACK_SKILL: Readonly<Record<WeaponCategory, { attack: SkillKey; defence: SkillKey }>> = {
  unarmed: { attack: 'strike', defence: 'block' },
  martial: { attack: 'martial', defence: 'deflect' },
  long: { attack: 'long', defence: 'deflect' },
  close: { attack: 'close', defence: 'block' },
  light: { attack: 'light', defence: 'parry' },
};

/** What an attack is made with: a weapon of a category, or a heavy object knocked over or hurled (Lifting: shift). */
export type AttackKind = WeaponCategory | 'object';

/** The defence table's rows: no weapon, or a light, martial or long weapon (a close weapon has no row). */
export type DefenceRow = 'none' | 'light' | 'martial' | 'long';

/**
 * Defending with a weapon (or none): the skill, what it defends against, and the room it needs
 * (distance from the attacker and clearance around it, in feet). No row defends against a hurled
 * object.
 */
export const DEFENCE: Readonly<Record<DefenceRow, { skill: SkillKey; against: readonly AttackKind[]; distance: number; clearance: number }>> = {
  none: { skill: 'block', against: ['unarmed', 'close'], distance: 0, clearance: 0 },
  light: { skill: 'parry', against: ['light'], distance: 0, clearance: 0 },
  martial: { skill: 'deflect', against: ['martial', 'long'], distance: 5, clearance: 5 },
  long: { skill: 'deflect', against: ['martial', 'long'], distance: 5, clearance: 5 },
};

/** A shift attack: a heavy object knocked over or hurled, at most this many feet. */
export const SHIFT_REACH = 15;

/** Going on the defensive: the defensive check's total gains this. A readied defence gains `READIED_DEFENCE_BONUS`. */
export const DEFENSIVE_BONUS = 10;
export const READIED_DEFENCE_BONUS = 5;
/** Survival: awareness to gain the initiative has a fixed difficulty. */
export const AWARENESS_ADVANTAGE_DIFFICULTY = 10;
/** Forcing an opponent to move: this many feet for every rank. */
export const FORCED_FEET_PER_RANK = 5;

/** The difficulty bands, by rank: their names, what moving through them looks like, and the most damage dice a shifted object of the band does. */
export const DIFFICULTY_BANDS: readonly { rank: number; name: string; distance: number; ascent: string; terrain: string; passage: string; shift: string; shiftDice: number }[] = [
  { rank: 1, name: 'Very easy', distance: 20, ascent: '10 ft, plenty to hold on to', terrain: 'firm ground', passage: 'wide and open', shift: 'unsteady, up to 5D damage', shiftDice: 5 },
  { rank: 2, name: 'Easy', distance: 30, ascent: '15 ft, holds to hand', terrain: 'soft or loose ground', passage: 'wide, a little in the way', shift: 'unsteady, up to 6D damage', shiftDice: 6 },
  { rank: 3, name: 'Moderate', distance: 40, ascent: '20 ft, some holds', terrain: 'uneven or shifting ground', passage: 'wide, much in the way', shift: 'set firm, up to 7D damage', shiftDice: 7 },
  { rank: 4, name: 'Difficult', distance: 50, ascent: '25 ft, few holds', terrain: 'narrow, weak or unsteady ground', passage: 'narrow, a little in the way', shift: 'set firm, up to 8D damage', shiftDice: 8 },
  { rank: 5, name: 'Very difficult', distance: 60, ascent: '30 ft, fingertip holds', terrain: 'any of these, hidden from sight', passage: 'narrow, much in the way', shift: 'set firm, up to 9D damage', shiftDice: 9 },
];

/** What a recovery check's ranks do, by rank. */
export const RECOVERY: readonly { rank: number; effect: string }[] = [
  { rank: 1, effect: 'Removes a rank 1 condition, or gives +1D to the next recovery check.' },
  { rank: 2, effect: 'Removes a rank 2 condition, or cuts a condition lasting the encounter down to 1D rounds.' },
  { rank: 3, effect: 'Removes a rank 3 condition, or cuts a condition lasting the scene down to the end of the encounter.' },
  { rank: 4, effect: 'Removes a rank 4 condition, or makes one that needs deliberate recovery end with the scene.' },
  { rank: 5, effect: 'Removes a rank 5 condition.' },
];

/** What an advantage's ranks may buy, by rank. */
export const ADVANTAGES: readonly { rank: number; effects: readonly string[] }[] = [
  { rank: 1, effects: ['+2 to one check, this turn', 'Advantage on one check'] },
  { rank: 2, effects: ['+1D to one check, this round', 'One more bonus action, this round'] },
  { rank: 3, effects: ['+1D to one skill for the encounter', 'One more full action, this round'] },
  { rank: 4, effects: ['+1 action point'] },
  { rank: 5, effects: ['+1 new ability'] },
];
