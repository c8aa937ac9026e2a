/**
 * The shape of campaign.json, version 1, as valibot schemas, and the types derived from them.
 *
 * Objects are strict: an unknown field is refused with its name rather than dropped, because
 * dropping it and saving would lose data a newer version wrote. Roster, bestiary and map entries
 * are `{ id, name, data }` with an open `data` record until their own schemas exist; json-guard
 * has already made sure `data` holds only JSON without prototype keys.
 */
import * as v from 'valibot';
import type { SettingValue } from '../core/state';
import { idProblem, NAME_MAX } from './safe-names';

/** The `type` every campaign.json carries. */
export const CAMPAIGN_TYPE = 'gm-screen/campaign';

/** The version this build writes; older ones are migrated on open (see migrations.ts). */
export const CAMPAIGN_VERSION = 1;

/** Most entries in any one list (roster, bestiary, maps, encounters). */
export const MAX_LIST_ENTRIES = 10_000;

/** An id: `checkId`'s pattern and no Windows device name. */
export const idSchema = v.pipe(
  v.string(),
  v.check((id) => idProblem(id) === null, (issue) => `(${issue.received}) ${idProblem(String(issue.input)) ?? 'is not valid'}`),
);

/** A display name: trimmed, 1–120 characters, no control characters. */
export const nameSchema = v.pipe(
  v.string(),
  v.check((name) => name.trim() === name, 'has spaces at the start or end'),
  v.minLength(1, 'is empty'),
  v.maxLength(NAME_MAX, `is longer than ${NAME_MAX} characters`),
  v.regex(/^[^\p{Cc}]*$/u, 'contains a control character'),
);

/** A UTC timestamp as `Date.prototype.toISOString` writes it. */
export const timestampSchema = v.pipe(
  v.string(),
  // One check, so a bad value gets one message rather than one per rule.
  v.check(
    (text) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{3})?Z$/.test(text) && !Number.isNaN(Date.parse(text)),
    'is not a timestamp like 2025-01-31T18:30:00.000Z',
  ),
);

/** A ruleset id (`freeform`, `zones`, …). Checked against the installed rulesets by the engine. */
export const rulesetIdSchema = v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'is not a ruleset id'));

/**
 * A record that refuses lists: valibot's `record` accepts an array (it is an object) and turns it
 * into `{}`, which would silently drop data on the next save.
 */
function plainRecord<TValue extends v.GenericSchema>(key: v.GenericSchema<string, string>, value: TValue) {
  return v.pipe(
    v.custom<Record<string, unknown>>((input) => typeof input === 'object' && input !== null && !Array.isArray(input), (issue) => `should be an object but is ${issue.received === 'Array' ? 'a list' : issue.received}`),
    v.record(key, value),
  );
}

/** Ruleset settings: name → number, text or yes/no (the engine's `SettingValue`). */
export const settingsSchema = plainRecord(
  v.pipe(v.string(), v.maxLength(100, 'is a setting name longer than 100 characters')),
  v.union([v.pipe(v.number(), v.finite()), v.string(), v.boolean()]),
);

/** A roster, bestiary or map entry. */
export const itemSchema = v.strictObject({
  id: idSchema,
  name: nameSchema,
  data: plainRecord(v.string(), v.unknown()),
});

/** What the campaign knows about an encounter; its events are in `encounters/<id>.jsonl`. */
export const encounterEntrySchema = v.strictObject({
  id: idSchema,
  name: nameSchema,
  status: v.picklist(['planned', 'running', 'finished']),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});

/** A list of entries with distinct ids, at most {@link MAX_LIST_ENTRIES}. */
export function uniqueList<T extends v.GenericSchema<unknown, { id: string }>>(entry: T, what: string) {
  return v.pipe(
    v.array(entry),
    v.maxLength(MAX_LIST_ENTRIES, `has more than ${MAX_LIST_ENTRIES} ${what}`),
    v.check((items) => duplicateId(items) === null, (issue) => {
      const items = issue.input as { id: string }[];
      return `lists two ${what} with the id "${duplicateId(items) ?? '?'}"`;
    }),
  );
}

/** campaign.json, version 1. */
export const campaignSchema = v.strictObject({
  type: v.literal(CAMPAIGN_TYPE),
  version: v.literal(CAMPAIGN_VERSION),
  id: idSchema,
  name: nameSchema,
  rulesetId: rulesetIdSchema,
  settings: settingsSchema,
  roster: uniqueList(itemSchema, 'roster entries'),
  bestiary: uniqueList(itemSchema, 'bestiary entries'),
  maps: uniqueList(itemSchema, 'maps'),
  encounters: uniqueList(encounterEntrySchema, 'encounters'),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});

/** A campaign as stored in campaign.json (version 1). */
export type Campaign = v.InferOutput<typeof campaignSchema>;
/** A roster, bestiary or map entry: id, name and an open JSON `data` record. */
export type CampaignItem = v.InferOutput<typeof itemSchema>;
/** An encounter's entry in the campaign. */
export type EncounterEntry = v.InferOutput<typeof encounterEntrySchema>;
/** Where an encounter stands. */
export type EncounterStatus = EncounterEntry['status'];

// The settings schema must accept exactly the engine's setting values.
const settingValueMatches: SettingValue extends Campaign['settings'][string] ? true : never = true;
void settingValueMatches;

/** A campaign of the current version with nothing in it yet: no party, bestiary, maps or encounters. */
export function emptyCampaign(fields: { id: string; name: string; rulesetId: string; settings?: Campaign['settings']; at: string }): Campaign {
  const { at, settings = {}, ...named } = fields;
  return { type: CAMPAIGN_TYPE, version: CAMPAIGN_VERSION, ...named, settings: { ...settings }, roster: [], bestiary: [], maps: [], encounters: [], createdAt: at, updatedAt: at };
}

/**
 * The first problems valibot found, as one sentence: "roster[2].name is empty; the field "maps" is
 * missing". At most three, with a count of the rest.
 */
export function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  const shown = issues.slice(0, 3).map(describeIssue);
  const more = issues.length > 3 ? ` (and ${issues.length - 3} more problems)` : '';
  return `${shown.join('; ')}${more}`;
}

function describeIssue(issue: v.BaseIssue<unknown>): string {
  const at = pathText(issue.path);
  if (issue.kind === 'schema' && issue.expected === 'never') return `it has an unknown field "${at}"`;
  if (issue.kind === 'schema' && issue.received === 'undefined' && issue.path?.length) return `the field "${at}" is missing`;
  // Custom schemas carry their own message; the others get "should be X but is Y".
  if (issue.kind === 'schema' && issue.type !== 'custom') return `${at} should be ${readable(issue.expected)} but is ${readable(issue.received)}`;
  return `${at} ${issue.message}`;
}

/** `roster[2].name` from a valibot path. */
function pathText(path: v.BaseIssue<unknown>['path']): string {
  if (!path?.length) return 'the top level';
  return path
    .map((item, i) => {
      const key: unknown = item.key;
      if (typeof key === 'number') return `[${key}]`;
      return i === 0 ? String(key) : `.${String(key)}`;
    })
    .join('');
}

/** valibot's "Object", "Array", "1" → "an object", "a list", "1". */
function readable(text: string | null): string {
  if (text === null) return 'something else';
  if (text === 'Object') return 'an object';
  if (text === 'Array') return 'a list';
  if (text === 'string') return 'text';
  return text.replace(/^\((.*)\)$/, '$1');
}

function duplicateId(items: readonly { id: string }[]): string | null {
  const seen = new Set<string>();
  for (const { id } of items) {
    if (seen.has(id)) return id;
    seen.add(id);
  }
  return null;
}
