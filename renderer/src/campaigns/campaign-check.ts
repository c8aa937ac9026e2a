/**
 * How the browser build applies the disk store's campaign rules. The rules themselves are not
 * copied: the schema, `restoreCampaign`, `serializeCampaign`, the event-line checks, names and
 * ids are the shared campaign format's, in `engine/campaign/` (restore-campaign.ts,
 * event-lines.ts, safe-names.ts, json-guard.ts), which the disk store uses too; they are pure, so
 * the renderer bundles them as they are (`browser-bundle.test.ts` fails on a Node import). Only
 * what is the browser's own lives here: no migrations (the browser never stored an older version),
 * events as they read back, and how messages name a campaign and a log (in the disk store's words).
 */
import {
  ok,
  restoreCampaign,
  serializeCampaign,
  serializeEvents,
  UNCHANGED,
  type Campaign,
  type Result,
  type StoredEvent,
} from '../../../engine/campaign/index';

/**
 * Checks a parsed campaign value as `restoreCampaign` does (same codes and messages) and returns
 * it as a version 1 campaign. There is nothing to migrate: an older version is refused as one the
 * browser build cannot upgrade. `unchanged` is the sentence added to refusals.
 */
export function restoreCampaignValue(raw: unknown, label: string, unchanged = UNCHANGED): Result<Campaign> {
  const restored = restoreCampaign(raw, label, { unchanged, migrations: {}, reader: 'the browser build of GM Screen' });
  return restored.ok ? ok(restored.value.campaign) : restored;
}

/**
 * A campaign about to be stored, checked by `serializeCampaign` (JSON data only, the schema, the
 * size limit) and returned as it reads back from that text: the store never keeps a campaign it
 * would refuse to read.
 */
export function checkCampaignForSave(campaign: Campaign, label: string): Result<Campaign> {
  const text = serializeCampaign(campaign, label);
  return text.ok ? ok(JSON.parse(text.value) as Campaign) : text;
}

/**
 * Checks events before they are stored, by `serializeEvents` (same codes and messages), and
 * returns them as they read back from their lines (an `undefined` property left out, as on disk),
 * so what is compared later is what a log file would hold.
 */
export function checkEvents(events: readonly unknown[], label: string): Result<StoredEvent[]> {
  const text = serializeEvents(events, label);
  if (!text.ok) return text;
  // One line per event, each ending in a newline (JSON.stringify never writes a raw newline).
  return ok(text.value.split('\n').slice(0, -1).map((line) => JSON.parse(line) as StoredEvent));
}

/**
 * True when two JSON values are equal: same primitives, same lists in the same order, objects
 * with the same keys and equal values (in any key order, as JSON objects are unordered).
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => sameJson(item, b[i]));
  }
  const left = Object.entries(a).filter(([, value]) => value !== undefined);
  const right = b as Record<string, unknown>;
  if (left.length !== Object.values(right).filter((value) => value !== undefined).length) return false;
  return left.every(([key, value]) => Object.hasOwn(right, key) && sameJson(value, right[key]));
}

/** The campaign in messages: `The campaign in folder "lost-mine-k3x9q2"` (as `campaignPaths`). */
export function campaignLabel(folder: string): string {
  return `The campaign in folder "${folder}"`;
}

/** An encounter's log in messages: `lost-mine-k3x9q2/encounters/<id>.jsonl` (as `eventLogPath`). */
export function logLabel(folder: string, encounterId: string): string {
  return `${folder}/encounters/${encounterId}.jsonl`;
}
