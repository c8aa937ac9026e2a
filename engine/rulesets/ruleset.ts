import type { RandomSource } from '../dice/random';
import type { EncounterEvent } from '../encounter/events';
import type { Combatant, EncounterState, SettingValue, Track } from '../encounter/state';
import type { TurnProcedure } from '../turns/procedure';

/** A number every combatant of the ruleset has (initiative modifier, armour, WIT…). */
export interface StatDefinition {
  key: string;
  label: string;
  min: number;
  max: number;
  default: number;
  /** One line, in our own words, shown next to the field. */
  hint: string;
}

/** A resource track (hit points, endurance, health…): the combatant sets its maximum. */
export interface TrackDefinition {
  key: string;
  label: string;
  /** A few letters for tight places such as the turn-order rows ("HP"). */
  shortLabel: string;
  /** Bounds for the maximum. */
  min: number;
  max: number;
  default: number;
}

/** A value the rule text leaves open, exposed so the GM can match their table. */
export type SettingDefinition =
  | { key: string; label: string; hint: string; kind: 'number'; default: number; min: number; max: number }
  | { key: string; label: string; hint: string; kind: 'boolean'; default: boolean }
  | { key: string; label: string; hint: string; kind: 'choice'; default: string; options: { value: string; label: string }[] };

/** An entry of the action catalogue: what it is called, what it costs, what it provokes. */
export interface ActionDefinition {
  id: string;
  name: string;
  cost: string;
  provokes: string | null;
  summary: string;
}

/** A table for the reference panel, written in our own words. */
export interface ReferenceTable {
  title: string;
  columns: string[];
  rows: string[][];
}

/**
 * What a ruleset is: data plus a few functions. Adding a ruleset touches `rulesets/` only; the
 * encounter core asks these for everything rule-specific.
 */
export interface Ruleset {
  id: string;
  name: string;
  summary: string;
  stats: StatDefinition[];
  tracks: TrackDefinition[];
  settings: SettingDefinition[];
  turns: TurnProcedure;
  actions: ActionDefinition[];
  references: ReferenceTable[];
  /** The tracks after `amount` damage (already a whole number above zero). */
  applyDamage(combatant: Combatant, amount: number, settings: Record<string, SettingValue>): Record<string, Track>;
  /** The tracks after `amount` healing. */
  applyHealing(combatant: Combatant, amount: number, settings: Record<string, SettingValue>): Record<string, Track>;
  /** Whether the combatant is out of the fight (shown greyed, still in the order for the GM). */
  isOut(combatant: Combatant): boolean;
  /** Automatic steps when a round ends (stabilisation rolls, morale prompts…), as events. */
  endOfRound(state: EncounterState, random: RandomSource): EncounterEvent[];
}

/** The settings a new encounter starts with: every default of the ruleset. */
export function defaultSettings(ruleset: Ruleset): Record<string, SettingValue> {
  return Object.fromEntries(ruleset.settings.map((s) => [s.key, s.default]));
}
