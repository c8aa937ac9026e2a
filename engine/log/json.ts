import type { RulesetCatalogue } from '../core/catalogue';
import type { Encounter } from '../encounter/encounter';
import { foldJournal, historyLines, type JournalLine } from '../encounter/journal';
import { failure, type Result } from '../result';
import type { LogMeta } from './document';

// The encounter log as JSON: the raw history (every GM step, undone steps included) in the
// journal format the campaign stores, in a versioned envelope. It is the encounter's backup and
// the bug report format: importing it back gives the same events, steps, redo list and state.

/** The `type` of an encounter log file. */
export const ENCOUNTER_LOG_TYPE = 'gm-screen/encounter-log';
/** The version of the encounter log file this engine writes and reads. */
export const ENCOUNTER_LOG_VERSION = 1;
/** The largest encounter log file read, in characters (about 64 MB of plain text). */
export const MAX_LOG_CHARS = 64 * 1024 * 1024;
/** The deepest nesting of lists and objects read. */
export const MAX_LOG_DEPTH = 64;
/** Keys refused anywhere in a file: they reach an object's prototype when code later copies it. */
const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** An encounter log file. */
export interface EncounterLogFile {
  type: typeof ENCOUNTER_LOG_TYPE;
  version: typeof ENCOUNTER_LOG_VERSION;
  /** When it was exported (ISO 8601). */
  exportedAt: string;
  /** The campaign's name. */
  campaign: string;
  encounter: { id: string; name: string };
  /** The history as journal lines (see `historyLines`). */
  journal: JournalLine[];
}

/**
 * The encounter log as JSON: `{ type: 'gm-screen/encounter-log', version: 1, exportedAt,
 * campaign, encounter: { id, name }, journal }`, one journal line per line of text so the file
 * reads and diffs well; bidirectional controls in names are written as `\u202e` escapes, so none
 * reorders a line in a text editor. {@link importEncounterLog} turns it back into the same encounter.
 */
export function exportJson(encounter: Encounter, meta: LogMeta): string {
  const head = {
    type: ENCOUNTER_LOG_TYPE,
    version: ENCOUNTER_LOG_VERSION,
    exportedAt: meta.exportedAt,
    campaign: meta.campaignName,
    encounter: { id: encounter.state.id, name: encounter.state.name },
  };
  const fields = Object.entries(head).map(([k, v]) => `  ${jsonText(k)}: ${jsonText(v)},`);
  const lines = historyLines(encounter).map((line) => `    ${jsonText(line)}`);
  return ['{', ...fields, '  "journal": [', lines.join(',\n'), '  ]', '}', ''].join('\n');
}

/**
 * JSON text with bidirectional controls written as `\uXXXX` escapes: the same data once read, but
 * a name's U+202E can't reverse the rest of a line in a text editor (they occur only inside strings).
 */
function jsonText(value: unknown): string {
  return JSON.stringify(value).replace(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Nesting depth of JSON text, without recursion; brackets inside strings don't count. */
function depthOf(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) max = Math.max(max, ++depth);
    else if (c === 0x5d || c === 0x7d) depth--;
  }
  return max;
}

/** The path of the first forbidden key in a parsed value, or null; iterative. */
function forbiddenKey(value: unknown): string | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const current = item.value;
    if (typeof current !== 'object' || current === null) continue;
    if (Array.isArray(current)) {
      current.forEach((v: unknown, i) => stack.push({ value: v, path: `${item.path}[${i}]` }));
      continue;
    }
    for (const [key, v] of Object.entries(current)) {
      const path = item.path ? `${item.path}.${key}` : key;
      if (FORBIDDEN_KEYS.has(key)) return path;
      stack.push({ value: v, path });
    }
  }
  return null;
}

const LABEL = 'The encounter log file';

/**
 * Reads an encounter log file: checks its size, nesting and keys, its envelope, then folds its
 * journal into the encounter. Every problem is a sentence about the file; nothing is half-read.
 */
export function readEncounterLog(text: string, rulesets: RulesetCatalogue): Result<{ file: Omit<EncounterLogFile, 'journal'>; encounter: Encounter }> {
  if (typeof text !== 'string') return failure('log/not-a-log', `${LABEL} is not text.`);
  if (text.length > MAX_LOG_CHARS) {
    return failure('log/too-large', `${LABEL} is ${Math.ceil(text.length / (1024 * 1024))} MB, over the ${MAX_LOG_CHARS / (1024 * 1024)} MB limit.`);
  }
  if (text.trim() === '') return failure('log/empty', `${LABEL} is empty.`);
  if (depthOf(text) > MAX_LOG_DEPTH) return failure('log/too-deep', `${LABEL} nests lists or objects more than ${MAX_LOG_DEPTH} levels deep, which GM Screen never writes.`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return failure('log/syntax', `${LABEL} is not valid JSON (${error instanceof Error ? error.message : 'it could not be read'}).`);
  }
  const key = forbiddenKey(value);
  if (key !== null) return failure('log/forbidden-key', `${LABEL} contains the key "${key.split(/[.[]/).pop()}" (at ${key}), which GM Screen refuses because it can change how the program behaves.`);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return failure('log/not-a-log', `${LABEL} is not an encounter log.`);
  const file = value as Record<string, unknown>;
  if (file.type !== ENCOUNTER_LOG_TYPE) return failure('log/not-a-log', `${LABEL} is not a GM Screen encounter log (its type is ${JSON.stringify(file.type ?? null)}).`);
  if (typeof file.version !== 'number' || !Number.isInteger(file.version) || file.version < 1) return failure('log/version', `${LABEL} has no valid version number.`);
  if (file.version > ENCOUNTER_LOG_VERSION) {
    return failure('log/newer', `${LABEL} is version ${file.version}, made by a newer GM Screen; this one reads version ${ENCOUNTER_LOG_VERSION}.`);
  }
  const about = file.encounter as Record<string, unknown> | undefined;
  if (typeof about !== 'object' || about === null || typeof about.id !== 'string' || typeof about.name !== 'string') {
    return failure('log/encounter', `${LABEL} does not say which encounter it holds (its "encounter" needs an id and a name).`);
  }
  if (typeof file.exportedAt !== 'string' || typeof file.campaign !== 'string') return failure('log/meta', `${LABEL} lacks its export date or campaign name.`);
  if (!Array.isArray(file.journal)) return failure('log/journal', `${LABEL} has no journal (the list of what happened).`);
  let folded: ReturnType<typeof foldJournal>;
  try {
    folded = foldJournal(file.journal, 'the encounter log file', rulesets);
  } catch {
    // A well-formed line with a damaged event (a missing field) fails when it is applied.
    return failure('log/damaged', `${LABEL} holds an event GM Screen cannot apply; the file is damaged.`);
  }
  if (!folded.ok) return folded;
  if (folded.value.cutShort.length > 0) {
    const cut = folded.value.cutShort[0];
    return failure('log/cut-short', `${LABEL} is incomplete: the step at line ${cut?.line} of its journal has ${cut?.found} of its ${cut?.expected} events.`);
  }
  const encounter = folded.value.encounter;
  if (encounter.state.id !== about.id) {
    return failure('log/mismatch', `${LABEL} says it holds encounter "${about.id}", but its journal is encounter "${encounter.state.id}".`);
  }
  return {
    ok: true,
    value: {
      file: { type: ENCOUNTER_LOG_TYPE, version: ENCOUNTER_LOG_VERSION, exportedAt: file.exportedAt, campaign: file.campaign, encounter: { id: about.id, name: about.name } },
      encounter,
    },
  };
}

/**
 * Imports an encounter log file made by {@link exportJson}: the same events, steps, undone steps
 * and state as the encounter it was exported from. Refuses, with a sentence, a file too large
 * ({@link MAX_LOG_CHARS}), too deeply nested, with `__proto__` / `constructor` / `prototype`
 * keys, of another type or a newer version, or with a damaged or incomplete journal.
 */
export function importEncounterLog(text: string, rulesets: RulesetCatalogue): Result<Encounter> {
  const read = readEncounterLog(text, rulesets);
  return read.ok ? { ok: true, value: read.value.encounter } : read;
}
