/**
 * Party members and bestiary entries ("templates"): what a campaign's roster or bestiary entry
 * holds in its `data`, checked against the campaign's ruleset, and how it becomes an
 * `add-combatant` command (quantity → numbered copies) and takes back what a fight spent.
 *
 * The ruleset's own part of an entry (Zones & Factions: gear, fearless) is its screen folder's
 * (`entry`, found through `rulesets/rules.ts`): checked, drafted and taken into a fight there.
 *
 * Pure: no stores, no DOM. Every check returns sentences for the GM instead of throwing.
 */
import * as v from 'valibot';
import {
  NAME_MAX,
  NOTES_MAX,
  afterRest as restedEntry,
  afterSceneEnds,
  checkKeptConditions,
  KEPT_CONDITIONS_MAX,
  type Command,
  type Id,
  type CheckedKeptCondition,
  type KeptDuration,
  type ResourceReset,
  type RestRules,
  type Result,
  type Ruleset,
  type SettingValue,
  type SpaceStart,
} from '../../../engine/index';
import { checkDisplayName, newId, type CampaignItem } from '../../../engine/campaign/index';
import type { EntryContext, EntryRules, OwnEntry } from '../rulesets/panels';
import { rulesFor } from '../rulesets/rules';
import { capitalise, listEntryProblem, listOf, plainObject, shortText, shown, wholeNumber } from './schema';

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

/** The ruleset's own part of its entries, if it has one (its screen folder declares it). */
export function entryPartOf(ruleset: Ruleset): EntryRules | undefined {
  return rulesFor(ruleset.id).entry;
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
// Schemas. Every message is a phrase that names the field and the value.

/** Numbers by key; unknown keys become `never` issues, gathered into one sentence later. */
function numbersSchema(definitions: readonly { key: string; label: string; min: number; max: number; default: number }[], label: string) {
  return v.pipe(
    plainObject(label),
    v.strictObject(Object.fromEntries(definitions.map((d) => [d.key, v.optional(wholeNumber(d.label, d.min, d.max), d.default)]))),
  );
}

const resourceSchema = v.pipe(
  v.object(
    {
      name: shortText('the name'),
      max: wholeNumber('uses', 1, RESOURCE_USES_MAX),
      used: v.optional(wholeNumber('used', 0, RESOURCE_USES_MAX), 0),
      reset: v.optional(
        v.picklist(RESETS, (i) => `comes back ${shown(i.input)}; use round, encounter or rest`),
        'encounter',
      ),
    },
    (i) => `should be a group of fields (name, max, used, reset), not ${shown(i.input)}`,
  ),
  v.check((r) => r.used <= r.max, (i) => {
    const r = i.input as TemplateResource;
    return `used ${r.used} is more than its ${r.max} ${r.max === 1 ? 'use' : 'uses'}`;
  }),
);

function templateSchema(ruleset: Ruleset) {
  return v.pipe(
    plainObject('The entry'),
    v.object({
      stats: v.optional(numbersSchema(ruleset.stats, 'stats'), {}),
      tracks: v.optional(numbersSchema(ruleset.tracks, 'tracks'), {}),
      notes: v.optional(
        v.pipe(
          v.string((i) => `notes should be text, not ${shown(i.input)}`),
          v.maxLength(NOTES_MAX, (i) => `notes are ${(i.input as string).length} characters long; at most ${NOTES_MAX} are allowed`),
        ),
        '',
      ),
      resources: v.optional(listOf('resources', resourceSchema, MAX_RESOURCES), []),
      current: v.optional(currentSchema(ruleset)),
      conditions: v.optional(listOf('conditions', keptConditionSchema, KEPT_CONDITIONS_MAX)),
      traits: v.optional(listOf('traits', traitSchema(ruleset), 20)),
    }),
    // What a kept condition does, and how long it lasts, is the engine's to check, against the ruleset.
    v.check(
      (t) => t.conditions === undefined || !('ok' in checkKeptConditions(ruleset, t.conditions)),
      (i) => {
        const checked = checkKeptConditions(ruleset, (i.input as { conditions?: unknown }).conditions);
        return `conditions: ${'ok' in checked ? checked.message : 'not valid'}`;
      },
    ),
  );
}

/** Track values by key, 0 up to the largest maximum the ruleset allows (a value above the entry's own maximum is cut to it). */
function currentSchema(ruleset: Ruleset) {
  return v.pipe(
    plainObject('current'),
    v.strictObject(Object.fromEntries(ruleset.tracks.map((d) => [d.key, v.optional(wholeNumber(`${d.label} now`, 0, d.max))]))),
  );
}

function traitSchema(ruleset: Ruleset) {
  const known = (ruleset.traits ?? []).map((t) => t.key);
  return v.picklist(known, (i) => (known.length > 0 ? `trait ${shown(i.input)} should be one of ${known.join(', ')}` : `${ruleset.name} has no traits, so not ${shown(i.input)}`));
}

const keptConditionSchema = v.object(
  { name: shortText('the name'), effects: v.optional(v.array(v.unknown())), rank: v.optional(v.unknown()), lasts: v.optional(v.unknown()) },
  (i) => `should be a group of fields (name, effects, rank, lasts), not ${shown(i.input)}`,
);

const schemas = new WeakMap<Ruleset, ReturnType<typeof templateSchema>>();
function schemaFor(ruleset: Ruleset) {
  let schema = schemas.get(ruleset);
  if (!schema) {
    schema = templateSchema(ruleset);
    schemas.set(ruleset, schema);
  }
  return schema;
}

/** A template, or every problem found in it as a phrase ("STR 25 is above the maximum 20"). */
export type TemplateCheck = { ok: true; value: Template } | { ok: false; problems: string[] };

/**
 * Checks `data` (an entry's `data`, or a template being edited) against the ruleset. Missing
 * fields take defaults (the ruleset's stat and track defaults, no notes, no gear, no resources);
 * unknown stat or track keys are refused, named in one phrase.
 */
export function validateTemplate(data: unknown, ruleset: Ruleset): TemplateCheck {
  const parsed = v.safeParse(schemaFor(ruleset), data, { abortPipeEarly: true });
  // The ruleset's own part checks its own keys; the rest of the entry is checked above.
  const part = entryPartOf(ruleset);
  const own = part && isPlainRecord(data) ? part.read(data) : { ok: true as const, value: {} };
  if (parsed.success && own.ok) {
    const t = parsed.output;
    return {
      ok: true,
      value: {
        stats: { ...t.stats },
        tracks: { ...t.tracks },
        notes: t.notes,
        ...own.value,
        resources: t.resources.map((r) => ({ name: r.name, max: r.max, used: r.used, reset: r.reset })),
        // As the engine reads them: each saying how long it lasts (older entries' read by the ruleset).
        ...keptParts({ tracks: { ...t.tracks }, current: t.current, conditions: keptConditionsOf(ruleset, t.conditions) }),
        ...(t.traits && t.traits.length > 0 ? { traits: [...new Set(t.traits)] } : {}),
      },
    };
  }
  return { ok: false, problems: [...(parsed.success ? [] : describeProblems(parsed.issues, data, ruleset)), ...(own.ok ? [] : own.problems)] };
}

/** The kept conditions as the engine checked them (the schema's check has refused those it wouldn't take). */
function keptConditionsOf(ruleset: Ruleset, raw: unknown): CheckedKeptCondition[] | undefined {
  const checked = raw === undefined ? undefined : checkKeptConditions(ruleset, raw);
  return Array.isArray(checked) ? checked : undefined;
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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

function describeProblems(issues: readonly v.BaseIssue<unknown>[], data: unknown, ruleset: Ruleset): string[] {
  const problems: string[] = [];
  const unknown = new Set<'stats' | 'tracks'>();
  for (const issue of issues) {
    const path = (issue.path ?? []).map((p) => p.key as unknown);
    const [top] = path;
    if (issue.kind === 'schema' && issue.expected === 'never' && (top === 'stats' || top === 'tracks') && path.length === 2) {
      unknown.add(top);
      continue;
    }
    problems.push(listEntryProblem(issue, data, 'resources', 'Resource') ?? capitalise(issue.message));
  }
  // valibot stops at the first unknown key; name them all, in one phrase per kind.
  const unknownProblems = (['stats', 'tracks'] as const).flatMap((what) => {
    if (!unknown.has(what)) return [];
    const definitions = what === 'stats' ? ruleset.stats : ruleset.tracks;
    const given = (data as Record<string, Record<string, unknown>>)[what] ?? {};
    const keys = Object.keys(given).filter((k) => !definitions.some((d) => d.key === k));
    const known = definitions.map((d) => d.label).join(', ') || 'none';
    const noun = what === 'stats' ? 'stat' : 'track';
    return [`${ruleset.name} has no ${noun}${keys.length > 1 ? 's' : ''} called ${keys.map((k) => `"${k}"`).join(', ')} (its ${what}: ${known})`];
  });
  return [...unknownProblems, ...problems];
}

// ---------------------------------------------------------------------------------------------
// Entries.

/**
 * The template of a roster or bestiary entry. A damaged entry (hand-edited file, ruleset
 * changed) gives one sentence naming it and its problems.
 */
export function readTemplate(item: CampaignItem, ruleset: Ruleset): Result<Template> {
  const checked = validateTemplate(item.data, ruleset);
  if (checked.ok) return checked;
  const shownProblems = checked.problems.slice(0, 3).join('; ');
  const more = checked.problems.length > 3 ? ` (and ${checked.problems.length - 3} more)` : '';
  return {
    ok: false,
    code: 'template/damaged',
    message: `"${item.name}" cannot be used as it is: ${shownProblems}${more}. Edit the entry to fix it.`,
  };
}

/** A new entry's template: the ruleset's defaults, no notes or resources, and its own part new. */
export function newTemplate(ruleset: Ruleset): Template {
  return {
    stats: Object.fromEntries(ruleset.stats.map((d) => [d.key, d.default])),
    tracks: Object.fromEntries(ruleset.tracks.map((d) => [d.key, d.default])),
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

/**
 * Checks an entry's name: 1–{@link NAME_MAX} characters (the longest combatant name), no line
 * breaks, and not the name of another entry in `takenNames` (case does not count).
 */
export function checkTemplateName(name: unknown, takenNames: readonly string[] = []): Result<string> {
  const checked = checkDisplayName(name, 'name');
  if (!checked.ok) return checked;
  if (checked.value.length > NAME_MAX) {
    return { ok: false, code: 'name/bad-name', message: `The name must be at most ${NAME_MAX} characters (it has ${checked.value.length}).` };
  }
  const lower = checked.value.toLocaleLowerCase();
  if (takenNames.some((n) => n.trim().toLocaleLowerCase() === lower)) {
    return { ok: false, code: 'name/taken', message: `There is already an entry called "${checked.value}"; choose another name.` };
  }
  return checked;
}

function taken(names: readonly string[]): Set<string> {
  return new Set(names.map((n) => n.trim().toLocaleLowerCase()));
}

/** `base` plus `suffix`, cut so the whole stays within {@link NAME_MAX}. */
function suffixed(base: string, suffix: string): string {
  return `${base.slice(0, NAME_MAX - suffix.length).trimEnd()}${suffix}`;
}

/** "Goblin (copy)", or "Goblin (copy 2)", "(copy 3)"… when that is taken too. */
export function copyNameFor(name: string, existingNames: readonly string[]): string {
  const used = taken(existingNames);
  for (let n = 1; ; n++) {
    const candidate = suffixed(name.trim(), n === 1 ? ' (copy)' : ` (copy ${n})`);
    if (!used.has(candidate.toLocaleLowerCase())) return candidate;
  }
}

/** `name` if it is free, else "Goblin (2)", "Goblin (3)"… */
export function numberedName(name: string, existingNames: readonly string[]): string {
  const used = taken(existingNames);
  const base = name.trim();
  if (!used.has(base.toLocaleLowerCase())) return base;
  for (let n = 2; ; n++) {
    const candidate = suffixed(base, ` (${n})`);
    if (!used.has(candidate.toLocaleLowerCase())) return candidate;
  }
}

/** A copy of the entry with a fresh id and a free "… (copy)" name; its data deep-copied. */
export function duplicateItem(item: CampaignItem, existingNames: readonly string[]): CampaignItem {
  // A JSON copy, not structuredClone: the item may be a Svelte state proxy, which cannot be cloned.
  const data = JSON.parse(JSON.stringify(item.data)) as Record<string, unknown>;
  return { id: newId(), name: copyNameFor(item.name, existingNames), data };
}

// ---------------------------------------------------------------------------------------------
// Into a fight and back.

export interface AddOptions {
  factionId: Id;
  /** Numbered copies ("Goblin 1" … "Goblin 4"); 1 adds the name as it is. */
  quantity: number;
  /** Where they start, in the fight's space (`add-combatant`'s fields for it). */
  start?: SpaceStart;
  concealed?: boolean;
  /** The campaign's ruleset: its own part of the entry goes into the fight as it says. */
  ruleset: Ruleset;
}

/**
 * The command that adds the entry to an encounter. Resources that come back per round or per
 * encounter start unspent; per-rest ones keep what the party has spent. Each copy remembers the
 * entry (`templateId`), so a party member's spent resources can be written back after the fight.
 */
export function addCommandFor(item: CampaignItem, template: Template, options: AddOptions): AddCombatant {
  return {
    type: 'add-combatant',
    name: item.name,
    factionId: options.factionId,
    quantity: options.quantity,
    stats: { ...template.stats },
    tracks: { ...template.tracks },
    notes: template.notes,
    ...(options.concealed ? { concealed: true } : {}),
    ...options.start,
    ...entryPartOf(options.ruleset)?.toCommand(ownOf(template)),
    resources: template.resources.map((r) => ({ name: r.name, max: r.max, used: r.reset === 'rest' ? r.used : 0, reset: r.reset })),
    // Still hurt from the last fight, and what lasts until the scene ends or until recovered.
    ...(template.current ? { current: { ...template.current } } : {}),
    ...(template.conditions ? { conditions: template.conditions.map((k) => ({ ...k })) } : {}),
    ...(template.traits ? { traits: [...template.traits] } : {}),
    templateId: item.id,
  };
}

/**
 * After the party rests, as the engine has it (`afterRest`): the scene is over, every resource has
 * all its uses back, and the tracks what the ruleset's rest gives back (`Ruleset.rest`, by the
 * campaign's settings). Conditions lasting until recovered stay.
 */
export function afterRest(template: Template, restRules?: RestRules, settings: Readonly<Record<string, SettingValue>> = {}): Template {
  const rested = restedEntry(template, restRules, settings);
  const { conditions: _had, current: _was, ...rest } = template;
  return { ...rest, resources: rested.resources, ...keptParts({ tracks: template.tracks, current: rested.current, conditions: rested.conditions }) };
}

/** After the scene ends, as the engine has it (`afterSceneEnds`): conditions lasting until then are gone, those lasting until recovered stay. */
export function afterScene(template: Template): Template {
  const { conditions, ...rest } = template;
  return { ...rest, ...keptParts({ tracks: template.tracks, current: template.current, conditions: afterSceneEnds(conditions ?? []) }) };
}

/**
 * The template with the uses a fight spent of its per-rest resources, by resource name (case and
 * spaces aside). Per-round and per-encounter resources, and names it doesn't have, stay as they were.
 */
export function withRestUses(template: Template, uses: readonly (readonly [string, number])[]): Template {
  const key = (name: string) => name.trim().toLocaleLowerCase();
  const spent = new Map(uses.map(([name, used]) => [key(name), used]));
  return {
    ...template,
    resources: template.resources.map((r) => {
      const used = r.reset === 'rest' ? spent.get(key(r.name)) : undefined;
      return used === undefined || !Number.isFinite(used) ? r : { ...r, used: Math.min(r.max, Math.max(0, Math.round(used))) };
    }),
  };
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
    ...ruleset.stats.map((d) => `${d.label} ${template.stats[d.key] ?? d.default}`),
    // A track below its maximum after a fight shows where it stands: "HP 6/10".
    ...ruleset.tracks.map((d) => {
      const max = template.tracks[d.key] ?? d.default;
      const now = template.current?.[d.key];
      return `${d.shortLabel} ${now === undefined ? max : `${now}/${max}`}`;
    }),
  ].join(' · ');
}

/**
 * What the editor starts from: the entry's template, or for a damaged entry as much of it as
 * can be shown (numbers kept even when out of range, so the check on saving names them; unknown
 * stats and non-list fields dropped). Never fails.
 */
export function draftTemplate(data: unknown, ruleset: Ruleset): Template {
  const checked = validateTemplate(data, ruleset);
  if (checked.ok) return checked.value;
  const record = (value: unknown): Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const number = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
  const d = record(data);
  const stats = record(d.stats);
  const tracks = record(d.tracks);
  return {
    stats: Object.fromEntries(ruleset.stats.map((def) => [def.key, number(stats[def.key], def.default)])),
    tracks: Object.fromEntries(ruleset.tracks.map((def) => [def.key, number(tracks[def.key], def.default)])),
    notes: typeof d.notes === 'string' ? d.notes : '',
    ...entryPartOf(ruleset)?.draft(d),
    resources: Array.isArray(d.resources)
      ? d.resources.map((raw) => {
          const r = record(raw);
          const reset = RESETS.find((x) => x === r.reset) ?? 'encounter';
          return { name: typeof r.name === 'string' ? r.name : '', max: number(r.max, 1), used: number(r.used, 0), reset };
        })
      : [],
  };
}

/** The party after a rest: every entry's resources have all their uses back. Damaged entries stay as they are. */
export function restAll(items: readonly CampaignItem[], ruleset: Ruleset): CampaignItem[] {
  return items.map((item) => {
    const read = readTemplate(item, ruleset);
    return read.ok ? withTemplate(item, item.name, afterRest(read.value)) : item;
  });
}
