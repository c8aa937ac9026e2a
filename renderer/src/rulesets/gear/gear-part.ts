// What a ruleset tells the generic gear part beyond its gear declaration (`Ruleset.character.gear`): where
// its list is kept, the words the forms show, the engine's checks and the commands of a fight.
import type { Combatant, Failure, GearDeclaration, Id, Result, RulesetCommand } from '../../../../engine/index';

/** A piece of gear as the forms edit it: a name, a kind and the kind's fields; the id the fight gave it, if any. */
export interface GearDraft {
  id?: string;
  name: string;
  kind: string;
  [field: string]: unknown;
}

/** One text field of its own beside the gear (Three Actions' fortify test). */
export interface OwnField {
  readonly key: string;
  readonly label: string;
  /** The tooltip: what to type. */
  readonly hint: string;
  /** What an empty field stands for ("2d6"). */
  readonly placeholder: string;
  readonly maxLength: number;
}

/** Text fields of its own kept beside the gear, under one key, in the same fold (Three Actions' tests). */
export interface OwnFields {
  /** The key of the character's own part holding them (`tests`). */
  readonly key: string;
  /** The group's name for screen readers ("Their own tests"). */
  readonly label: string;
  readonly fields: readonly OwnField[];
  /** The engine's check of what is typed: each field's clean value (null: empty), or why not. */
  check(input: unknown): Result<Readonly<Record<string, string | null>>>;
  /** What a character in the fight has, for the edit form. */
  inFight(c: Combatant): Readonly<Record<string, string | null>>;
  /** The command that sets them in the fight. */
  set(combatantId: Id, values: Record<string, string>): RulesetCommand;
}

/** A piece as the engine's check gives it back: its fields beside these, and an id of the fight. */
export interface CheckedPiece {
  readonly id: string;
  readonly name: string;
  readonly kind: string;
}

/** How the generic part checks and names an entry's list (for rulesets whose entries it makes). */
export interface GearEntry {
  /** What a refused list is called at the start of the sentence ("Weapons: …", "Sheet: …"). */
  readonly noun: string;
  /** The engine's check of a list a new character brings: the pieces with ids `freshId(n)`, or why not. */
  check(list: unknown, freshId: (n: number) => Id): readonly CheckedPiece[] | Failure;
  /** Words the party and bestiary lists show for the list, short enough for a row. */
  tags?(gear: readonly GearDraft[]): string[];
}

/** One list of a ruleset's gear: where it is kept, its words, and the declaration its form is generated from. */
export interface GearList {
  /** The key of the character's own part (`add-combatant`'s `rules`, an entry's data) holding it: `gear`; Skill Ranks: `sheet`. */
  readonly key: string;
  /** Its title in the forms, before its count ("Weapons and items"). */
  readonly title: string;
  /** Its word in a fold holding several lists ("proficiencies" in "Weapons (2) and proficiencies (1)"); the title otherwise. */
  readonly short?: string;
  /** A line under the title saying what goes in it, where a list needs one. */
  readonly hint?: string;
  /** Its kinds and fields; the ruleset's own gear (`Ruleset.character.gear`) when absent. */
  readonly declaration?: GearDeclaration;
}

/** A ruleset's gear in the generic part: the add and edit forms, and party and bestiary entries. */
export interface GearPart {
  /** Its lists, in the order the forms show them (most rulesets have one; 2d6 & Vigilant, weapons and proficiencies). */
  readonly lists: readonly GearList[];
  /** The lists a character in the fight carries, by key, as the edit form shows them (ids kept, so the engine keeps them). */
  inFight(c: Combatant): Readonly<Record<string, GearDraft[]>>;
  /** The command that sets a character's lists in the fight (the ruleset keeps whatever else its command carries). */
  set(c: Combatant, lists: Readonly<Record<string, GearDraft[]>>): RulesetCommand;
  /** Its own fields in the same fold, if any. */
  readonly own?: OwnFields;
  /** How entries check and name its (one) list; absent when the ruleset's entries are its own (`RulesetRules.entry`). */
  readonly entry?: GearEntry;
}

/** The lists, reading and setting of a part with one list, from how the ruleset reads and sets that list. */
export function oneList(list: GearList, read: (c: Combatant) => GearDraft[], set: (combatantId: Id, gear: GearDraft[]) => RulesetCommand): Pick<GearPart, 'lists' | 'inFight' | 'set'> {
  return { lists: [list], inFight: (c) => ({ [list.key]: read(c) }), set: (c, lists) => set(c.id, lists[list.key] ?? []) };
}
