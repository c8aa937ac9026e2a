/**
 * The campaign rules of the disk store, for the browser: the campaign.json version 1 schema, the
 * restore checks (`type`, `version`, schema) and the name and id checks, with the same codes and
 * messages.
 *
 * WHY A MIRROR: `electron/campaigns/campaign-schema.ts` imports `safe-names.ts`, which imports
 * `node:crypto` (for `newId` and `randomSuffix`). The schema never calls them and a production
 * bundle drops the import, but Vite still warns ("externalized for browser compatibility") and its
 * dev server makes that import a module that throws on access, so the renderer would not load
 * under `vite`. Until the random helpers leave safe-names.ts, the renderer uses this copy.
 * `campaign-check.test.ts` runs it and the real schema side by side on a corpus and must stay
 * green: change both together. When campaign-schema.ts is Node-free, replace the schema part of
 * this file with re-exports.
 *
 * The JSON guard (`json-guard.ts`) is Node-free and used as it is.
 */
import * as v from 'valibot';
import type { Campaign } from '../../../electron/campaigns/index';
import type { Result } from '../../../electron/campaigns/result';

/** The `type` every campaign carries (`CAMPAIGN_TYPE`). */
export const CAMPAIGN_TYPE = 'gm-screen/campaign';
/** The campaign version this build writes (`CAMPAIGN_VERSION`). */
export const CAMPAIGN_VERSION = 1;
/** Longest display name (`NAME_MAX`). */
export const NAME_MAX = 120;
/** Most entries in one list (`MAX_LIST_ENTRIES`). */
export const MAX_LIST_ENTRIES = 10_000;

export function failure(code: string, message: string): { ok: false; code: string; message: string } {
  return { ok: false, code, message };
}

export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

// --- safe-names.ts --------------------------------------------------------------------------

const ID_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;
const WINDOWS_RESERVED = /^(?:con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)(?:\..*)?$/i;
const CONTROL_CHARACTERS = /\p{Cc}/u;

/** What is wrong with `id` as a phrase, or null (`idProblem`). */
export function idProblem(id: string): string | null {
  if (!ID_PATTERN.test(id)) return 'is not valid: use 1–64 lower-case letters, digits and inner hyphens';
  if (WINDOWS_RESERVED.test(id)) return 'is a device name reserved by Windows; choose another';
  return null;
}

/** Checks an id (`checkId`). */
export function checkId(id: unknown, what = 'id'): Result<string> {
  if (typeof id !== 'string') return failure('name/bad-id', `The ${what} must be a string, got ${describe(id)}.`);
  const problem = idProblem(id);
  if (problem !== null) return failure('name/bad-id', `The ${what} "${preview(id)}" ${problem}.`);
  return ok(id);
}

/** Checks and trims a display name (`checkDisplayName`). */
export function checkDisplayName(name: unknown, what = 'name'): Result<string> {
  if (typeof name !== 'string') return failure('name/bad-name', `The ${what} must be text, got ${describe(name)}.`);
  const trimmed = name.trim();
  if (trimmed.length === 0) return failure('name/bad-name', `The ${what} must not be empty.`);
  if (trimmed.length > NAME_MAX) {
    return failure('name/bad-name', `The ${what} must be at most ${NAME_MAX} characters (it has ${trimmed.length}).`);
  }
  if (CONTROL_CHARACTERS.test(trimmed)) {
    return failure('name/bad-name', `The ${what} must not contain control characters such as line breaks.`);
  }
  return ok(trimmed);
}

/** At most 60 characters of `text`, control characters as `?` (`preview`). */
export function preview(text: string): string {
  const clean = text.replace(/\p{Cc}/gu, '?');
  return clean.length > 60 ? `${clean.slice(0, 57)}...` : clean;
}

/** A short description of a value's kind (`describe`). */
export function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return 'text';
  return `a ${typeof value}`;
}

// --- campaign-schema.ts ---------------------------------------------------------------------

const idSchema = v.pipe(
  v.string(),
  v.check((id) => idProblem(id) === null, (issue) => `(${issue.received}) ${idProblem(String(issue.input)) ?? 'is not valid'}`),
);

const nameSchema = v.pipe(
  v.string(),
  v.check((name) => name.trim() === name, 'has spaces at the start or end'),
  v.minLength(1, 'is empty'),
  v.maxLength(NAME_MAX, `is longer than ${NAME_MAX} characters`),
  v.regex(/^[^\p{Cc}]*$/u, 'contains a control character'),
);

const timestampSchema = v.pipe(
  v.string(),
  v.check(
    (text) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{3})?Z$/.test(text) && !Number.isNaN(Date.parse(text)),
    'is not a timestamp like 2025-01-31T18:30:00.000Z',
  ),
);

const rulesetIdSchema = v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'is not a ruleset id'));

function plainRecord<TValue extends v.GenericSchema>(key: v.GenericSchema<string, string>, value: TValue) {
  return v.pipe(
    v.custom<Record<string, unknown>>(
      (input) => typeof input === 'object' && input !== null && !Array.isArray(input),
      (issue) => `should be an object but is ${issue.received === 'Array' ? 'a list' : issue.received}`,
    ),
    v.record(key, value),
  );
}

const settingsSchema = plainRecord(
  v.pipe(v.string(), v.maxLength(100, 'is a setting name longer than 100 characters')),
  v.union([v.pipe(v.number(), v.finite()), v.string(), v.boolean()]),
);

const itemSchema = v.strictObject({
  id: idSchema,
  name: nameSchema,
  data: plainRecord(v.string(), v.unknown()),
});

const encounterEntrySchema = v.strictObject({
  id: idSchema,
  name: nameSchema,
  status: v.picklist(['planned', 'running', 'finished']),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});

function uniqueList<T extends v.GenericSchema<unknown, { id: string }>>(entry: T, what: string) {
  return v.pipe(
    v.array(entry),
    v.maxLength(MAX_LIST_ENTRIES, `has more than ${MAX_LIST_ENTRIES} ${what}`),
    v.check(
      (items) => duplicateId(items) === null,
      (issue) => {
        const items = issue.input as { id: string }[];
        return `lists two ${what} with the id "${duplicateId(items) ?? '?'}"`;
      },
    ),
  );
}

/** campaign.json, version 1 (the mirror of `campaignSchema`). */
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

// The mirror must describe exactly the store's `Campaign` type.
type Mirrored = v.InferOutput<typeof campaignSchema>;
const sameShape: [Mirrored, Campaign] extends [Campaign, Mirrored] ? true : never = true;
void sameShape;

/** The first problems valibot found, as one sentence (`describeIssues`). */
export function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  const shown = issues.slice(0, 3).map(describeIssue);
  const more = issues.length > 3 ? ` (and ${issues.length - 3} more problems)` : '';
  return `${shown.join('; ')}${more}`;
}

function describeIssue(issue: v.BaseIssue<unknown>): string {
  const at = pathText(issue.path);
  if (issue.kind === 'schema' && issue.expected === 'never') return `it has an unknown field "${at}"`;
  if (issue.kind === 'schema' && issue.received === 'undefined' && issue.path?.length) return `the field "${at}" is missing`;
  if (issue.kind === 'schema' && issue.type !== 'custom') return `${at} should be ${readable(issue.expected)} but is ${readable(issue.received)}`;
  return `${at} ${issue.message}`;
}

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

// --- restore-campaign.ts --------------------------------------------------------------------

const UNCHANGED = ' The file was not changed.';

/**
 * Checks a parsed campaign value (`restoreCampaign`, same codes and messages) and returns it as a
 * version 1 campaign. The browser never stored an older version, so there is nothing to migrate:
 * an older version is refused as one this build cannot upgrade here. `unchanged` is the sentence
 * added to envelope refusals (the disk store's " The file was not changed.").
 */
export function restoreCampaignValue(raw: unknown, label: string, unchanged = UNCHANGED): Result<Campaign> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return failure('campaign/not-campaign', `${label} is not a GM Screen campaign: it holds ${describe(raw)} instead of an object.${unchanged}`);
  }
  const envelope = raw as { type?: unknown; version?: unknown };
  if (envelope.type !== CAMPAIGN_TYPE) {
    const found = typeof envelope.type === 'string' ? `its type is "${envelope.type.slice(0, 60)}"` : 'it has no "type" field';
    return failure('campaign/not-campaign', `${label} is not a GM Screen campaign (${found}; expected "${CAMPAIGN_TYPE}").${unchanged}`);
  }
  const version = envelope.version;
  if (typeof version === 'number' && Number.isInteger(version) && version > CAMPAIGN_VERSION) {
    return failure(
      'campaign/newer-version',
      `${label} was saved by a newer GM Screen (campaign version ${version}; this one reads up to ${CAMPAIGN_VERSION}). Update GM Screen to open it.${unchanged}`,
    );
  }
  if (version === undefined) {
    return failure('campaign/unknown-version', `${label} has no "version" field, so GM Screen cannot tell how to read it.${unchanged}`);
  }
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) {
    const shown = typeof version === 'number' ? String(version) : describe(version);
    return failure('campaign/unknown-version', `${label} has an unknown campaign version (${shown}); expected a whole number up to ${CAMPAIGN_VERSION}.${unchanged}`);
  }
  if (version < CAMPAIGN_VERSION) {
    return failure(
      'campaign/unknown-version',
      `${label} has campaign version ${version}, which the browser build of GM Screen cannot upgrade.${unchanged}`,
    );
  }
  const parsed = v.safeParse(campaignSchema, raw);
  if (!parsed.success) return failure('campaign/invalid', `${label} is damaged: ${describeIssues(parsed.issues)}.${unchanged}`);
  return ok(parsed.output);
}
