/**
 * The one restore path for a parsed campaign.json value: envelope (`type`, `version`) →
 * migrations up to the current version → the version 1 schema, and the matching check before
 * writing ({@link serializeCampaign}). Everything loaded goes through {@link restoreCampaign};
 * reading the file (size check, strict UTF-8, guarded JSON) is the disk store's
 * `electron/campaigns/campaign-file.ts`. The renderer's browser build uses these very functions.
 */
import * as v from 'valibot';
import { CAMPAIGN_TYPE, CAMPAIGN_VERSION, campaignSchema, describeIssues, type Campaign } from './campaign-schema';
import { checkJsonValue, MAX_CAMPAIGN_BYTES, overLimit, utf8Length } from '../json-guard';
import { MIGRATIONS, type Migration } from './migrations';
import { failure, ok, type Result } from './result';
import { describe } from './safe-names';

/** A campaign as loaded, with the version its file had. */
export interface RestoredCampaign {
  readonly campaign: Campaign;
  /** The file's version when older than {@link CAMPAIGN_VERSION} (it was migrated in memory), else null. */
  readonly migratedFrom: number | null;
}

/** The sentence added to a refusal to load: nothing was written. */
export const UNCHANGED = ' The file was not changed.';

/** Options of {@link restoreCampaign}; the defaults are the disk store's. */
export interface RestoreOptions {
  /** Added to every refusal; {@link UNCHANGED} by default. */
  readonly unchanged?: string;
  /** The upgrade steps available; {@link MIGRATIONS} by default (`{}` upgrades nothing). */
  readonly migrations?: Readonly<Record<number, Migration>>;
  /** Who cannot upgrade a version without a step, in messages; "this GM Screen" by default. */
  readonly reader?: string;
}

/**
 * Checks a parsed campaign.json value and upgrades it to the current version. `label` names the
 * file in messages.
 */
export function restoreCampaign(raw: unknown, label: string, options: RestoreOptions = {}): Result<RestoredCampaign> {
  const { unchanged = UNCHANGED, migrations = MIGRATIONS, reader = 'this GM Screen' } = options;
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
  let current: unknown = raw;
  for (let at = version; at < CAMPAIGN_VERSION; at++) {
    const step = migrations[at];
    if (step === undefined) {
      return failure('campaign/unknown-version', `${label} has campaign version ${at}, which ${reader} cannot upgrade.${unchanged}`);
    }
    const old = v.safeParse(step.schema, current);
    if (!old.success) {
      return failure('campaign/invalid', `${label} (campaign version ${at}) is damaged: ${describeIssues(old.issues)}.${unchanged}`);
    }
    current = step.migrate(old.output);
  }
  const parsed = v.safeParse(campaignSchema, current);
  if (!parsed.success) {
    const migrated = version < CAMPAIGN_VERSION ? ` after upgrading it from version ${version}` : '';
    return failure('campaign/invalid', `${label} is damaged${migrated}: ${describeIssues(parsed.issues)}.${unchanged}`);
  }
  return ok({ campaign: parsed.output, migratedFrom: version < CAMPAIGN_VERSION ? version : null });
}

/**
 * campaign.json's text for `campaign`, after checking it against the schema and the JSON guard
 * and the size limit: the app never writes a file it would refuse to read.
 */
export function serializeCampaign(campaign: Campaign, label: string): Result<string> {
  const data = checkJsonValue(campaign, label);
  if (!data.ok) return data;
  const parsed = v.safeParse(campaignSchema, campaign);
  if (!parsed.success) return failure('campaign/invalid', `${label} was not saved: ${describeIssues(parsed.issues)}.`);
  const text = `${JSON.stringify(parsed.output, null, 2)}\n`;
  const bytes = utf8Length(text);
  if (bytes > MAX_CAMPAIGN_BYTES) {
    return failure('campaign/too-large', `${label} was not saved: it ${overLimit(bytes, MAX_CAMPAIGN_BYTES).replace(/^is/, 'would be')}. Remove some maps or entries with large data.`);
  }
  return ok(text);
}
