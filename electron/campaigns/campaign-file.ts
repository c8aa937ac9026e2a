/**
 * Reading campaign.json from disk: bytes → size check → strict UTF-8 → guarded JSON →
 * {@link restoreCampaign} (envelope, migrations, schema). Never writes.
 */
import { readRegularFile } from './regular-file';
import { hasCode, ioFailure } from './io-failure';
import {
  decodeUtf8,
  failure,
  formatBytes,
  MAX_CAMPAIGN_BYTES,
  ok,
  overLimit,
  parseJsonText,
  restoreCampaign,
  UNCHANGED,
  type RestoredCampaign,
  type Result,
} from '../../engine/campaign/index';

/** A campaign file read from disk: the restored campaign and the exact bytes it came from. */
export interface LoadedCampaignFile extends RestoredCampaign {
  readonly bytes: Buffer;
}

/** Reads and restores `file`. Never changes it. */
export async function readCampaignFile(file: string, label: string): Promise<Result<LoadedCampaignFile>> {
  let bytes: Buffer;
  try {
    const read = await readRegularFile(file, MAX_CAMPAIGN_BYTES);
    if (read.kind === 'not-file') return failure('campaign/not-file', `${label} is not a regular file (a pipe, a device or a folder), so it was not read.${UNCHANGED}`);
    if (read.kind === 'too-large') {
      return failure('campaign/too-large', `${label} ${overLimit(read.size, MAX_CAMPAIGN_BYTES)} for a campaign.${UNCHANGED}`);
    }
    bytes = read.bytes;
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
