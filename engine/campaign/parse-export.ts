/**
 * Reading a campaign export file (campaign-export.ts): everything checked as the disk store checks
 * it, and every fight inside replayed under its ruleset before anything is written. It is an entry
 * of the engine of its own, beside `engine/campaign/index.ts`, because the replay takes the
 * engine's rules: code that only lists, stores or writes campaigns (the renderer's campaign list)
 * stays without them, and loads this file when the GM imports one (issue 43).
 *
 * @packageDocumentation
 */
import type { RulesetCatalogue } from '../core/catalogue';
import { foldJournal } from '../encounter/journal';
import { EXPORT_TYPE, EXPORT_VERSION, importFileLabel, MAX_IMPORT_BYTES, NOTHING_IMPORTED, type CampaignExport } from './campaign-export';
import type { Campaign } from './campaign-schema';
import { checkEventShape, type StoredEvent } from './event-lines';
import { formatBytes, MAX_EVENT_LINE_BYTES, overLimit, parseJsonText, utf8Length } from '../json-guard';
import { restoreCampaign, type RestoreOptions } from './restore-campaign';
import { failure, ok, type Result } from './result';
import { describe, preview } from './safe-names';

/** An export file as `parseExport` read it: what it holds, and what its replay vouched for. */
export interface ParsedExport extends CampaignExport {
  /**
   * Encounter id → the digest of the newest snapshot in its journal that the import's own replay
   * (every event checked) reached with the same state; fights without one are left out. The
   * importing install may trust these as it trusts the ones it replayed itself (journal-snapshots.ts).
   */
  readonly vouched: Readonly<Record<string, string>>;
}

/** Options of {@link parseExport}. */
export interface ParseExportOptions {
  /**
   * How messages name the file, as the start of a sentence: "The import file" by default; the
   * desktop app passes `The import file "lost-mine.gm-campaign.json"` (a base name, never a path).
   */
  readonly label?: string;
  /** The upgrade steps for an older campaign version inside; the disk store's by default. */
  readonly migrations?: RestoreOptions['migrations'];
  /** Who cannot upgrade a version without a step, in messages; "this GM Screen" by default. */
  readonly reader?: string;
}

const NOTHING = NOTHING_IMPORTED;
const FIELDS: readonly string[] = ['type', 'version', 'campaign', 'encounters'];

/** Reads an export file's text, checking everything, its fights replayed under `rulesets`; `maxBytes` is for tests. */
export function parseExport(text: unknown, rulesets: RulesetCatalogue, maxBytes = MAX_IMPORT_BYTES, options: ParseExportOptions = {}): Result<ParsedExport> {
  const label = options.label ?? importFileLabel();
  const inner = lowerFirst(label);
  if (typeof text !== 'string') return failure('import/not-text', `${label} must be text, got ${describe(text)}.${NOTHING}`);
  // A text editor may have added a byte-order mark; it is not part of the data.
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // Characters never outnumber bytes, so a long text is refused before it is measured.
  if (body.length > maxBytes) return failure('import/too-large', `${label} is over the ${formatBytes(maxBytes)} limit for a campaign export.${NOTHING}`);
  const bytes = utf8Length(body);
  if (bytes > maxBytes) return failure('import/too-large', `${label} ${overLimit(bytes, maxBytes)} for a campaign export.${NOTHING}`);
  const parsed = parseJsonText(body, label);
  if (!parsed.ok) return { ...parsed, message: parsed.message + NOTHING };
  const raw = parsed.value;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return failure('import/not-export', `${label} is not a GM Screen campaign export: it holds ${describe(raw)} instead of an object.${NOTHING}`);
  }
  const envelope = raw as Record<string, unknown>;
  if (envelope.type !== EXPORT_TYPE) {
    const found = typeof envelope.type === 'string' ? `its type is "${preview(envelope.type)}"` : 'it has no "type" field';
    return failure('import/not-export', `${label} is not a GM Screen campaign export (${found}; expected "${EXPORT_TYPE}").${NOTHING}`);
  }
  const version = envelope.version;
  if (typeof version === 'number' && Number.isInteger(version) && version > EXPORT_VERSION) {
    return failure(
      'import/newer-version',
      `${label} was exported by a newer GM Screen (export version ${version}; this one reads up to ${EXPORT_VERSION}). Update GM Screen to import it.${NOTHING}`,
    );
  }
  if (version !== EXPORT_VERSION) {
    const shown = typeof version === 'number' ? String(version) : describe(version);
    return failure('import/unknown-version', `${label} has an unknown export version (${shown}); expected ${EXPORT_VERSION}.${NOTHING}`);
  }
  const unknown = Object.keys(envelope).find((key) => !FIELDS.includes(key));
  if (unknown !== undefined) return failure('import/invalid', `${label} has an unknown field "${preview(unknown)}".${NOTHING}`);
  const restored = restoreCampaign(envelope.campaign, `The campaign in ${inner}`, {
    unchanged: NOTHING,
    ...(options.migrations ? { migrations: options.migrations } : {}),
    ...(options.reader ? { reader: options.reader } : {}),
  });
  if (!restored.ok) return restored;
  const campaign = restored.value.campaign;
  const encounters = checkLogs(envelope.encounters, campaign, label, inner);
  if (!encounters.ok) return encounters;
  const replayed = replayLogs(campaign, encounters.value, inner, rulesets);
  if (!replayed.ok) return replayed;
  return ok({ campaign, encounters: encounters.value, vouched: replayed.value });
}

// Every fight's journal is replayed as GM Screen would open it, every event checked (issue 14):
// a forged or damaged one refuses the import, naming the fight and the step, before anything is
// written. (A planned fight's log is empty.) The replay vouches for the newest snapshot of each
// fight that it reached with the same state (issue 43: the first opening after an import then
// starts there instead of replaying everything again).
function replayLogs(campaign: Campaign, logs: Readonly<Record<string, readonly StoredEvent[]>>, inner: string, rulesets: RulesetCatalogue): Result<Record<string, string>> {
  const vouched: Record<string, string> = {};
  for (const [id, lines] of Object.entries(logs)) {
    if (lines.length === 0) continue;
    const name = campaign.encounters.find((entry) => entry.id === id)?.name ?? id;
    const folded = foldJournal(lines, `the log of "${name}" in ${inner}`, rulesets);
    if (!folded.ok) return failure('import/damaged-encounter', `${folded.message}${NOTHING}`);
    if (folded.value.confirmed) vouched[id] = folded.value.confirmed;
  }
  return ok(vouched);
}

function checkLogs(raw: unknown, campaign: Campaign, label: string, inner: string): Result<Record<string, StoredEvent[]>> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    const what = raw === undefined ? 'has no "encounters" field' : `has ${describe(raw)} as "encounters" instead of an object`;
    return failure('import/invalid', `${label} ${what}.${NOTHING}`);
  }
  const listed = new Set(campaign.encounters.map((entry) => entry.id));
  // Keys are checked against the campaign's encounter ids (lower-case letters, digits, hyphens)
  // before use, so none can reach a prototype; parseJsonText refused `__proto__` anywhere anyway.
  const logs: Record<string, StoredEvent[]> = {};
  for (const [id, events] of Object.entries(raw)) {
    if (!listed.has(id)) {
      return failure('import/unknown-encounter', `${label} holds events for encounter "${preview(id)}", which the campaign does not list.${NOTHING}`);
    }
    if (!Array.isArray(events)) {
      return failure('import/invalid', `${label} has ${describe(events)} as the events of encounter "${id}" instead of a list.${NOTHING}`);
    }
    const checked: StoredEvent[] = [];
    for (const [index, event] of events.entries()) {
      const what = `Event ${index + 1} of encounter "${id}" in ${inner}`;
      const shape = checkEventShape(event, what);
      if (!shape.ok) return { ...shape, message: shape.message + NOTHING };
      const bytes = utf8Length(JSON.stringify(event));
      if (bytes > MAX_EVENT_LINE_BYTES) {
        return failure('events/too-large', `${what} ${overLimit(bytes, MAX_EVENT_LINE_BYTES)} for one event.${NOTHING}`);
      }
      checked.push(shape.value);
    }
    logs[id] = checked;
  }
  return ok(logs);
}

/** "The import file …" → "the import file …" (only the first letter: a file name keeps its case). */
function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
