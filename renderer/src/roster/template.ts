/**
 * Party members and bestiary entries ("templates"): what a campaign's roster or bestiary entry
 * holds in its `data`, how it is written back as plain JSON, and how it is shown. Checking it
 * against the campaign's ruleset is template-check.ts's; its name, template-names.ts's; taking it
 * into a fight (`add-combatant`, quantity → numbered copies) and back, template-fight.ts's.
 *
 * The ruleset's own part of an entry (Zones & Factions: gear, fearless) is its screen folder's
 * (`entry`, found through `rulesets/rules.ts`): checked, drafted and taken into a fight there.
 *
 * Pure: no stores, no DOM. Every check returns sentences for the GM instead of throwing.
 */
import type { CheckedKeptCondition, Command, KeptDuration, ResourceReset, Ruleset } from '../../../engine/index';
import { newId, type CampaignItem } from '../../../engine/campaign/index';
import type { EntryContext, EntryRules, OwnEntry } from '../rulesets/panels';
import { entryRulesOf } from '../rulesets/rules';

/** A limited-use ability or resource as a template keeps it: `used` of `max` uses are spent. */
export interface TemplateResource {
  name: string;
  max: number;
  used: number;
  reset: ResourceReset;
}

/** The `data` of a roster or bestiary entry. */
export interface Template {
  /** Every stat of the ruleset, by key. */
  stats: Record<string, number>;
  /** Every track's maximum, by key. */
  tracks: Record<string, number>;
  notes: string;
  resources: TemplateResource[];
  /**
   * Where tracks stand now, for those below their maximum (a party member still hurt from the
   * last fight); absent when every track is full.
   */
  current?: Record<string, number>;
  /**
   * Conditions that outlived the last fight, each lasting until the scene ends or until someone
   * recovers it (`lasts`); absent when none.
   */
  conditions?: CheckedKeptCondition[];
  /** The ruleset's yes/no traits the character has (Vigilant); absent when none. */
  traits?: string[];
  /**
   * The ruleset's own part, by the keys its entry part reads (Zones & Factions: `gear`,
   * `fearless`); read them through the part, which made them.
   */
  [own: string]: unknown;
}

/** The keys every ruleset's entries have; any other key of a template is the ruleset's own part. */
const CORE_KEYS: readonly string[] = ['stats', 'tracks', 'notes', 'resources', 'current', 'conditions', 'traits'];

/** How long a kept condition lasts, in the GM's words. */
export const LASTS_WORDS: Readonly<Record<KeptDuration, string>> = { scene: 'until the end of the scene', 'until-recovered': 'until recovered' };

/** The ruleset's own part of a template (`{}` for a ruleset without one). */
export function ownOf(template: Template): OwnEntry {
  return Object.fromEntries(Object.entries(template).filter(([key]) => !CORE_KEYS.includes(key)));
}

/** The ruleset's own part of its entries, if it has one (its screen folder declares it, or its gear part). */
export function entryPartOf(ruleset: Ruleset): EntryRules | undefined {
  return entryRulesOf(ruleset);
}

/**
 * What the ruleset's rules refuse in an entry as a whole (heavy armour without its traits, more
 * trait slots taken than the character has), as sentences; none for a ruleset without such rules.
 */
export function entryRefusals(template: Template, ruleset: Ruleset, context: EntryContext): string[] {
  return entryPartOf(ruleset)?.refusals?.(templateData(template), context) ?? [];
}

/** What the lists show of the ruleset's own part of an entry ("Fearless"). */
export function ownTags(template: Template, ruleset: Ruleset): string[] {
  return entryPartOf(ruleset)?.tags?.(ownOf(template)) ?? [];
}

/** The `add-combatant` command. */
export type AddCombatant = Extract<Command, { type: 'add-combatant' }>;

/** Most limited-use resources on one entry. */
export const MAX_RESOURCES = 20;
/** Most uses a resource can have. */
export const RESOURCE_USES_MAX = 99;

export const RESETS: readonly ResourceReset[] = ['round', 'encounter', 'rest'];
/** How the GM reads a reset: "per round", "per encounter", "per rest". */
export const RESET_LABELS: Readonly<Record<ResourceReset, string>> = {
  round: 'per round',
  encounter: 'per encounter',
  rest: 'per rest',
};

// ---------------------------------------------------------------------------------------------
// Entries.

/** A new entry's template: the ruleset's defaults, no notes or resources, and its own part new. */
export function newTemplate(ruleset: Ruleset): Template {
  return {
    stats: Object.fromEntries(ruleset.character.stats.map((d) => [d.key, d.default])),
    tracks: Object.fromEntries(ruleset.character.tracks.map((d) => [d.key, d.default])),
    notes: '',
    ...entryPartOf(ruleset)?.draft({}),
    resources: [],
  };
}

/** The template as an entry's `data`: a deep copy, plain JSON. */
export function templateData(template: Template): Record<string, unknown> {
  return {
    stats: { ...template.stats },
    tracks: { ...template.tracks },
    notes: template.notes,
    // The ruleset's own part, as plain JSON (its part's `read` made it clean).
    ...(JSON.parse(JSON.stringify(ownOf(template))) as OwnEntry),
    resources: template.resources.map((r) => ({ name: r.name, max: r.max, used: r.used, reset: r.reset })),
    ...JSON.parse(JSON.stringify(keptParts(template))),
    ...(template.traits && template.traits.length > 0 ? { traits: [...template.traits] } : {}),
  };
}

/** A new entry with a fresh id. `name` should have passed {@link checkTemplateName}. */
export function templateItem(name: string, template: Template): CampaignItem {
  return { id: newId(), name: name.trim(), data: templateData(template) };
}

/** The entry `item` with a new name and template, same id. */
export function withTemplate(item: CampaignItem, name: string, template: Template): CampaignItem {
  return { id: item.id, name: name.trim(), data: templateData(template) };
}

/** Uses left of a resource. */
export function usesLeft(resource: TemplateResource): number {
  return Math.max(0, resource.max - resource.used);
}

/** "Rage 1/2" (uses left of all). */
export function resourceShort(resource: TemplateResource): string {
  return `${resource.name} ${usesLeft(resource)}/${resource.max}`;
}

/** "Rage: 1 of 2 uses left, per encounter". */
export function resourceLong(resource: TemplateResource): string {
  return `${resource.name}: ${usesLeft(resource)} of ${resource.max} ${resource.max === 1 ? 'use' : 'uses'} left, ${RESET_LABELS[resource.reset]}`;
}

/** "STR 8 · AGI 12 · WIT 7 · HP 5": the ruleset's stats and track maxima, short. */
export function keyStats(template: Template, ruleset: Ruleset): string {
  return [
    ...ruleset.character.stats.map((d) => `${d.label} ${template.stats[d.key] ?? d.default}`),
    // A track below its maximum after a fight shows where it stands: "HP 6/10".
    ...ruleset.character.tracks.map((d) => {
      const max = template.tracks[d.key] ?? d.default;
      const now = template.current?.[d.key];
      return `${d.shortLabel} ${now === undefined ? max : `${now}/${max}`}`;
    }),
  ].join(' · ');
}

/**
 * The entry's health now and kept conditions, only where there is something to keep: tracks below
 * their maximum (a value above it is cut to it), conditions if any.
 */
export function keptParts(t: { tracks: Record<string, number>; current?: Record<string, number | undefined>; conditions?: readonly CheckedKeptCondition[] }): Pick<Template, 'current' | 'conditions'> {
  const below = Object.entries(t.current ?? {}).flatMap(([key, value]): [string, number][] => {
    const max = t.tracks[key];
    return value === undefined || max === undefined || value >= max ? [] : [[key, Math.max(0, value)]];
  });
  return {
    ...(below.length > 0 ? { current: Object.fromEntries(below) } : {}),
    ...(t.conditions && t.conditions.length > 0 ? { conditions: t.conditions.map((k) => ({ ...k })) } : {}),
  };
}
