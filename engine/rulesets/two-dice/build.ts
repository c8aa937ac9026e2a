import { playerFactionIds } from '../../core/display';
import type { Combatant, EncounterState, SettingValue } from '../../core/state';
import { ruleRefusal, type Failure } from '../../result';
import { hasTrait } from '../../core/fields';
import { ARMOUR, TWO_DICE_TRAITS, armourRefusal, type ArmourWeight } from './armour';
import type { Proficiency } from './kit';
import { personOf } from './person';
import { twoDiceSettings, type TwoDiceSettings } from './settings';

// What a character's sheet must hold together, whenever it changes (added, a trait given or taken
// away, a stat set, the kit set): heavy armour only with Armor Training and Strong, for as long as
// it is worn; and the trait slots: "Each character begins with a single weapon proficiency.
// Additional proficiencies, or mastery, can be purchased with a trait slot. Alternatively, a
// character can forgo weapon proficiency for an additional trait slot." The sheet's traits (those
// this ruleset lists) and weapon skill beyond the first proficiency take slots; the stat Trait
// slots says how many the character has. The GM may overrule either.

/** A sheet as the rules between its parts read it: traits, stats and kit. */
export interface Sheet {
  traits?: readonly string[];
  stats: Readonly<Record<string, number>>;
  kit: { armour: ArmourWeight; proficiencies: readonly Pick<Proficiency, 'name' | 'level'>[] };
}

/** How a sheet spends its trait slots, and what each slot went on (in words, for the forms and refusals). */
export interface TraitSlots {
  /** The stat: the slots the character has, before the one forgoing proficiency gives. */
  slots: number;
  /** With no weapon proficiency at all: one more slot. */
  forgone: boolean;
  /** Slots taken, each named ("Vigilant", "a second proficiency (bows)", "mastery of bows"). */
  spent: string[];
  /** Slots taken past those the character has (0 when it fits). */
  over: number;
}

const TRAIT_LABEL = new Map(TWO_DICE_TRAITS.map((t) => [t.key, t.label]));

/** The trait slots a sheet takes: one per trait, one per proficiency past the first, one per mastery. */
export function traitSlotsOf(sheet: Sheet): TraitSlots {
  const traits = TWO_DICE_TRAITS.filter((t) => (sheet.traits ?? []).includes(t.key)).map((t) => TRAIT_LABEL.get(t.key) ?? t.key);
  const skill = sheet.kit.proficiencies.flatMap((p, i) => [
    ...(i > 0 ? [`another proficiency (${p.name.toLowerCase()})`] : []),
    ...(p.level === 'mastery' ? [`mastery of ${p.name.toLowerCase()}`] : []),
  ]);
  const slots = sheet.stats.traitSlots ?? TRAIT_SLOTS_DEFAULT;
  const forgone = sheet.kit.proficiencies.length === 0;
  const spent = [...traits, ...skill];
  return { slots, forgone, spent, over: Math.max(0, spent.length - slots - (forgone ? 1 : 0)) };
}

/** The stat Trait slots' default (the text gives no number; the GM types the character's own). */
export const TRAIT_SLOTS_DEFAULT = 3;

/** "3 trait slots, 1 more for having no weapon proficiency". */
function slotWords(t: TraitSlots): string {
  return `${t.slots} trait slot${t.slots === 1 ? '' : 's'}${t.forgone ? ', and 1 more for having no weapon proficiency' : ''}`;
}

/** Why this sheet takes more trait slots than it has ("… takes 4 …"), or null when it fits. */
export function traitSlotProblem(name: string, sheet: Sheet): string | null {
  const t = traitSlotsOf(sheet);
  if (t.over === 0) return null;
  return `${name} has ${slotWords(t)}, but takes ${t.spent.length}: ${t.spent.join(', ')}. The first weapon proficiency is free; each other one, and each mastery, takes a slot like a trait. Raise Trait slots if the character has more, or take something off.`;
}

/** Whether the trait slots are counted for this character (the players' only, everyone, or nobody, by the setting). */
export function slotsCounted(state: EncounterState, c: Pick<Combatant, 'factionId'>, settings: Pick<TwoDiceSettings, 'traitSlotsFor'> = twoDiceSettings(state.settings)): boolean {
  if (settings.traitSlotsFor === 'nobody') return false;
  return settings.traitSlotsFor === 'everyone' || playerFactionIds(state).includes(c.factionId);
}

/** Whether the trait slots are counted for a party entry (a player's character) or a bestiary one, by the campaign's setting. */
export function slotsCountedForEntry(party: boolean, settings: Readonly<Record<string, SettingValue>>): boolean {
  const scope = twoDiceSettings(settings).traitSlotsFor;
  return scope === 'everyone' || (scope === 'players' && party);
}

/** What the sheet's rules refuse in a party or bestiary entry, as sentences (none when it fits). */
export function entryProblems(name: string, sheet: Sheet, countSlots: boolean): string[] {
  const armour = armourRefusal(name, sheet.kit.armour, sheet);
  const slots = countSlots ? traitSlotProblem(name, sheet) : null;
  return [armour, slots].filter((p): p is string => p !== null).map((p) => p.charAt(0).toUpperCase() + p.slice(1));
}

const sheetOf = (c: Combatant): Sheet => ({ traits: c.traits, stats: c.stats, kit: personOf(c) });

/** The traits the armour worn needs and the character lacks. */
const lacking = (c: Combatant): string[] => ARMOUR[personOf(c).armour].requires.filter((t) => !hasTrait(c, t));

/**
 * What the rules refuse in a character's sheet as a change would leave it, or null: only what the
 * change makes worse, so a sheet the GM ruled on before is not refused again for an unrelated step.
 */
export function twoDiceSheetRefusal(state: EncounterState, after: Combatant, before: Combatant | null): Failure | null {
  const armour = personOf(after).armour;
  const missing = lacking(after);
  const wasMissing = before && personOf(before).armour === armour ? lacking(before) : [];
  if (missing.some((t) => !wasMissing.includes(t))) {
    const taken = before !== null && personOf(before).armour === armour;
    const message = taken
      ? `${after.name} wears ${ARMOUR[armour].label.toLowerCase()}, which needs Armor Training and Strong all the time it is worn. Take the armour off first (edit their kit), or rule it anyway to leave it on without ${missing.map((t) => TRAIT_LABEL.get(t) ?? t).join(' and ')}.`
      : (armourRefusal(after.name, armour, after) ?? '');
    return ruleRefusal('two-dice/armour-needs', message);
  }
  if (!slotsCounted(state, after)) return null;
  const over = traitSlotsOf(sheetOf(after)).over;
  if (over > 0 && over > (before ? traitSlotsOf(sheetOf(before)).over : 0)) return ruleRefusal('two-dice/trait-slots', traitSlotProblem(after.name, sheetOf(after)) ?? '');
  return null;
}
