/**
 * The one restore path for campaign.json: bytes → size check → strict UTF-8 → guarded JSON →
 * envelope (`type`, `version`) → migrations up to the current version → the version 1 schema.
 * Everything loaded goes through {@link restoreCampaign}; nothing here writes.
 */
import { readFile, stat } from 'node:fs/promises';
import * as v from 'valibot';
import { CAMPAIGN_TYPE, CAMPAIGN_VERSION, campaignSchema, describeIssues, type Campaign } from './campaign-schema';
import { hasCode, ioFailure } from './io-failure';
import { checkJsonValue, decodeUtf8, formatBytes, MAX_CAMPAIGN_BYTES, overLimit, parseJsonText } from './json-guard';
import { MIGRATIONS } from './migrations';
import { failure, ok, type Result } from './result';
import { describe } from './safe-names';

/** A campaign as loaded, with the version its file had. */
export interface RestoredCampaign {
  readonly campaign: Campaign;
  /** The file's version when older than {@link CAMPAIGN_VERSION} (it was migrated in memory), else null. */
  readonly migratedFrom: number | null;
}

/** A campaign file read from disk: the restored campaign and the exact bytes it came from. */
export interface LoadedCampaignFile extends RestoredCampaign {
  readonly bytes: Buffer;
}

const UNCHANGED = ' The file was not changed.';

/**
 * Checks a parsed campaign.json value and upgrades it to the current version. `label` names the
 * file in messages.
 */
export function restoreCampaign(raw: unknown, label: string): Result<RestoredCampaign> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return failure('campaign/not-campaign', `${label} is not a GM Screen campaign: it holds ${describe(raw)} instead of an object.${UNCHANGED}`);
  }
  const envelope = raw as { type?: unknown; version?: unknown };
  if (envelope.type !== CAMPAIGN_TYPE) {
    const found = typeof envelope.type === 'string' ? `its type is "${envelope.type.slice(0, 60)}"` : 'it has no "type" field';
    return failure('campaign/not-campaign', `${label} is not a GM Screen campaign (${found}; expected "${CAMPAIGN_TYPE}").${UNCHANGED}`);
  }
  const version = envelope.version;
  if (typeof version === 'number' && Number.isInteger(version) && version > CAMPAIGN_VERSION) {
    return failure(
      'campaign/newer-version',
      `${label} was saved by a newer GM Screen (campaign version ${version}; this one reads up to ${CAMPAIGN_VERSION}). Update GM Screen to open it.${UNCHANGED}`,
    );
  }
  if (version === undefined) {
    return failure('campaign/unknown-version', `${label} has no "version" field, so GM Screen cannot tell how to read it.${UNCHANGED}`);
  }
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) {
    const shown = typeof version === 'number' ? String(version) : describe(version);
    return failure('campaign/unknown-version', `${label} has an unknown campaign version (${shown}); expected a whole number up to ${CAMPAIGN_VERSION}.${UNCHANGED}`);
  }
  let current: unknown = raw;
  for (let at = version; at < CAMPAIGN_VERSION; at++) {
    const step = MIGRATIONS[at];
    if (step === undefined) {
      return failure('campaign/unknown-version', `${label} has campaign version ${at}, which this GM Screen cannot upgrade.${UNCHANGED}`);
    }
    const old = v.safeParse(step.schema, current);
    if (!old.success) {
      return failure('campaign/invalid', `${label} (campaign version ${at}) is damaged: ${describeIssues(old.issues)}.${UNCHANGED}`);
    }
    current = step.migrate(old.output);
  }
  const parsed = v.safeParse(campaignSchema, current);
  if (!parsed.success) {
    const migrated = version < CAMPAIGN_VERSION ? ` after upgrading it from version ${version}` : '';
    return failure('campaign/invalid', `${label} is damaged${migrated}: ${describeIssues(parsed.issues)}.${UNCHANGED}`);
  }
  return ok({ campaign: parsed.output, migratedFrom: version < CAMPAIGN_VERSION ? version : null });
}

/** Reads and restores `file`. Never changes it. */
export async function readCampaignFile(file: string, label: string): Promise<Result<LoadedCampaignFile>> {
  let bytes: Buffer;
  try {
    // Stat first so a 2 GB file is refused before it is read into memory.
    const { size } = await stat(file);
    if (size > MAX_CAMPAIGN_BYTES) {
      return failure('campaign/too-large', `${label} ${overLimit(size, MAX_CAMPAIGN_BYTES)} for a campaign.${UNCHANGED}`);
    }
    bytes = await readFile(file);
  } catch (error) {
    if (hasCode(error, 'ENOENT')) return failure('campaign/missing', `${label} is missing.`);
    return ioFailure('read', label, error);
  }
  // The file may have grown between stat and read.
  if (bytes.length > MAX_CAMPAIGN_BYTES) {
    return failure('campaign/too-large', `${label} is over the ${formatBytes(MAX_CAMPAIGN_BYTES)} limit for a campaign.${UNCHANGED}`);
  }
  if (bytes.length === 0) return failure('campaign/empty', `${label} is empty (0 bytes).${UNCHANGED}`);
  const text = decodeUtf8(bytes, label);
  if (!text.ok) return { ...text, message: text.message + UNCHANGED };
  const raw = parseJsonText(text.value, label);
  if (!raw.ok) return { ...raw, message: raw.message + UNCHANGED };
  const restored = restoreCampaign(raw.value, label);
  if (!restored.ok) return restored;
  return ok({ ...restored.value, bytes });
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
  const bytes = Buffer.byteLength(text);
  if (bytes > MAX_CAMPAIGN_BYTES) {
    return failure('campaign/too-large', `${label} was not saved: it ${overLimit(bytes, MAX_CAMPAIGN_BYTES).replace(/^is/, 'would be')}. Remove some maps or entries with large data.`);
  }
  return ok(text);
}
