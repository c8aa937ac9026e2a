// Checking a roster or bestiary entry's data against the campaign's ruleset: the template, or every problem in words.
import * as v from 'valibot';
import {
  NOTES_MAX,
  checkKeptConditions,
  KEPT_CONDITIONS_MAX,
  type CheckedKeptCondition,
  type Result,
  type Ruleset,
} from '../../../engine/index';
import { type CampaignItem } from '../../../engine/campaign/index';
import {
  capitalise,
  listEntryProblem,
  listOf,
  plainObject,
  shortText,
  shown,
  wholeNumber,
} from './schema';
import { entryPartOf, keptParts, MAX_RESOURCES, RESETS, RESOURCE_USES_MAX, type Template, type TemplateResource } from './template';

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
      stats: v.optional(numbersSchema(ruleset.character.stats, 'stats'), {}),
      tracks: v.optional(numbersSchema(ruleset.character.tracks, 'tracks'), {}),
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
    v.strictObject(Object.fromEntries(ruleset.character.tracks.map((d) => [d.key, v.optional(wholeNumber(`${d.label} now`, 0, d.max))]))),
  );
}

function traitSchema(ruleset: Ruleset) {
  const known = (ruleset.character.traits ?? []).map((t) => t.key);
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
    const definitions = what === 'stats' ? ruleset.character.stats : ruleset.character.tracks;
    const given = (data as Record<string, Record<string, unknown>>)[what] ?? {};
    const keys = Object.keys(given).filter((k) => !definitions.some((d) => d.key === k));
    const known = definitions.map((d) => d.label).join(', ') || 'none';
    const noun = what === 'stats' ? 'stat' : 'track';
    return [`${ruleset.name} has no ${noun}${keys.length > 1 ? 's' : ''} called ${keys.map((k) => `"${k}"`).join(', ')} (its ${what}: ${known})`];
  });
  return [...unknownProblems, ...problems];
}

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
    stats: Object.fromEntries(ruleset.character.stats.map((def) => [def.key, number(stats[def.key], def.default)])),
    tracks: Object.fromEntries(ruleset.character.tracks.map((def) => [def.key, number(tracks[def.key], def.default)])),
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
