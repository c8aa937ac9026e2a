/**
 * Bestiary import: a JSON or CSV file becomes preview rows, each either ready (with the entry it
 * will become) or with its errors in words, so the GM sees everything before anything is saved.
 *
 * JSON: a list of entries, or `{ "bestiary": [...] }` (a GM Screen campaign file works too).
 * An entry is `{ name, stats?, tracks?, notes?, resources? }` and the fields of the ruleset's own
 * part of an entry (Zones & Factions: `gear`, `fearless`); stats and tracks
 * may also sit at the top level under their key or label, in any case (`{"name":"Goblin","STR":8,
 * "hp":5}`). Entries shaped like campaign entries (`{ id, name, data }`) are read from `data`.
 *
 * CSV (comma, semicolon or tab; UTF-8 with or without BOM, or Excel's Windows-1252): one heading
 * row, then one entry per row. Columns: `name` (required), any stat or track by key or label,
 * `notes`, the ruleset's own fields a cell can hold (Zones & Factions: `fearless`, yes/no,
 * true/false, 1/0), `resources` in the form
 * `Rage 2 per encounter; Spell slot 3 per rest; Parry 1 per round` (name, uses, and when they
 * come back: per round, per encounter or per rest; "fight"/"combat" mean encounter and "day"
 * means rest). Blank cells take the ruleset's defaults; blank rows are skipped. Rows are numbered
 * as a spreadsheet shows them (the heading is row 1).
 *
 * Pure and total: garbage in gives a message out, never an exception.
 */
import { formatBytes, overLimit, parseJsonText, utf8Length, type CampaignItem } from '../../../engine/campaign/index';
import { isRecord, type Result, type Ruleset } from '../../../engine/index';
import { csvEntries } from './bestiary-csv';
import { fieldResolver, numberKey, numberValue, parseResources, type Field, type Raw, type RawFile, type RawRow } from './bestiary-fields';
import { shown } from './schema';
import { templateItem } from './template';
import { validateTemplate } from './template-check';
import { checkTemplateName, numberedName } from './template-names';

/** Largest file accepted. */
export const MAX_IMPORT_FILE_BYTES = 2 * 1024 * 1024;
/** Most entries in one file. */
export const MAX_IMPORT_ROWS = 2000;

/** One entry of the file, as the preview shows it. */
export interface PreviewRow {
  /** CSV: the spreadsheet row (the heading is row 1). JSON: the entry's place in the list, from 1. */
  row: number;
  /** The name as it will be imported (renamed when taken), or as the file gives it. */
  name: string;
  /** The entry to import; absent when the row has errors. */
  item?: CampaignItem;
  /** What keeps the row out, each naming the column and the value. */
  errors: string[];
  /** Imported anyway, but worth knowing (renamed because the name was taken). */
  warnings: string[];
}

export interface BestiaryPreview {
  format: 'json' | 'csv' | null;
  rows: PreviewRow[];
  /** About the whole file: columns or fields that were not imported. */
  warnings: string[];
  /** The file cannot be read at all (too big, not text, no name column…); `rows` is then empty. */
  error: string | null;
}

const fileError = (format: BestiaryPreview['format'], error: string): BestiaryPreview => ({ format, rows: [], warnings: [], error });

// ---------------------------------------------------------------------------------------------
// Bytes to text.

/**
 * The text of an imported file: refuses files over the limit and binary data; reads UTF-8 (with
 * or without BOM), UTF-16 with a BOM, and falls back to Windows-1252 (what Excel's plain "CSV"
 * writes on Western Windows) when the bytes are not UTF-8.
 */
export function decodeImportFile(bytes: Uint8Array, fileName: string): Result<string> {
  const label = `"${fileName}"`;
  if (bytes.length > MAX_IMPORT_FILE_BYTES) {
    return { ok: false, code: 'import/too-big', message: `${label} ${overLimit(bytes.length, MAX_IMPORT_FILE_BYTES)}. Split it into smaller files.` };
  }
  try {
    if (bytes[0] === 0xff && bytes[1] === 0xfe) return { ok: true, value: new TextDecoder('utf-16le').decode(bytes) };
    if (bytes[0] === 0xfe && bytes[1] === 0xff) return { ok: true, value: new TextDecoder('utf-16be').decode(bytes) };
    if (bytes.includes(0)) {
      return { ok: false, code: 'import/binary', message: `${label} looks like binary data, not a text file. Choose a .csv or .json file.` };
    }
    try {
      return { ok: true, value: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
    } catch {
      return { ok: true, value: new TextDecoder('windows-1252').decode(bytes) };
    }
  } catch {
    return { ok: false, code: 'import/not-text', message: `${label} could not be read as text. Save it as "CSV UTF-8" or JSON and try again.` };
  }
}

// ---------------------------------------------------------------------------------------------
// Text to preview.

/**
 * Reads a bestiary file into preview rows. `fileName` picks the format (.json, else CSV; a paste
 * without a name is sniffed). `existingNames` are the bestiary's names: an entry whose name is
 * taken (there, or earlier in the file) is imported as "Goblin (2)", with a warning.
 */
export function parseBestiary(text: string, fileName: string, ruleset: Ruleset, existingNames: readonly string[] = []): BestiaryPreview {
  try {
    return parse(text, fileName, ruleset, existingNames);
  } catch (error) {
    // Every path above returns a message; this is the net under it.
    return fileError(null, `"${fileName}" could not be read (${error instanceof Error ? error.message : 'unexpected problem'}). Check that it is a CSV or JSON bestiary.`);
  }
}

function parse(input: string, fileName: string, ruleset: Ruleset, existingNames: readonly string[]): BestiaryPreview {
  const label = fileName ? `"${fileName}"` : 'The pasted text';
  if (typeof input !== 'string') return fileError(null, `${label} is not text.`);
  const size = utf8Length(input);
  if (size > MAX_IMPORT_FILE_BYTES) return fileError(null, `${label} ${overLimit(size, MAX_IMPORT_FILE_BYTES)}. Split it into smaller files.`);
  const text = input.replace(/^\uFEFF/, '');
  if (text.trim() === '') return fileError(null, `${label} is empty.`);
  if (text.includes('\u0000')) return fileError(null, `${label} looks like binary data, not a text file. Choose a .csv or .json file.`);
  const format = formatOf(fileName, text);
  const raw = format === 'json' ? jsonEntries(text, label, ruleset) : csvEntries(text, label, ruleset);
  if (!raw.ok) return fileError(format, raw.message);
  return finish(format, raw.value, ruleset, existingNames);
}

function formatOf(fileName: string, text: string): 'json' | 'csv' {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName.trim())?.[1]?.toLowerCase();
  if (ext === 'json') return 'json';
  if (ext === 'csv' || ext === 'tsv' || ext === 'txt') return 'csv';
  return /^\s*[[{]/.test(text) ? 'json' : 'csv';
}

function finish(format: 'json' | 'csv', file: RawFile, ruleset: Ruleset, existingNames: readonly string[]): BestiaryPreview {
  if (file.rows.length === 0) return { format, rows: [], warnings: file.warnings, error: 'There are no entries in the file.' };
  if (file.rows.length > MAX_IMPORT_ROWS) {
    return fileError(format, `The file has ${file.rows.length.toLocaleString('en-US')} entries; import at most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} at a time (split the file).`);
  }
  const names = [...existingNames];
  const rows = file.rows.map((raw): PreviewRow => {
    const errors = [...raw.errors];
    const warnings: string[] = [];
    const checkedName = checkTemplateName(raw.name);
    if (!checkedName.ok) errors.unshift(raw.name.trim() === '' ? 'name is empty: every entry needs a name' : checkedName.message);
    const template = validateTemplate(raw.data, ruleset);
    if (!template.ok) errors.push(...template.problems);
    if (errors.length > 0 || !checkedName.ok || !template.ok) return { row: raw.row, name: raw.name.trim(), errors, warnings };
    const name = numberedName(checkedName.value, names);
    if (name !== checkedName.value) warnings.push(`There is already an entry called "${checkedName.value}"; it will be imported as "${name}".`);
    names.push(name);
    return { row: raw.row, name, item: templateItem(name, template.value), errors, warnings };
  });
  return { format, rows, warnings: file.warnings, error: null };
}

// ---------------------------------------------------------------------------------------------
// JSON.

function jsonEntries(text: string, label: string, ruleset: Ruleset): Raw {
  const parsed = parseJsonText(text, label);
  if (!parsed.ok) return { ok: false, message: parsed.message };
  const top = parsed.value;
  const list = Array.isArray(top) ? top : isRecord(top) && Array.isArray(top.bestiary) ? top.bestiary : null;
  if (!list) {
    return { ok: false, message: `${label} should hold a list of entries ([{"name": "Goblin", …}, …]) or {"bestiary": [...]}; it holds ${Array.isArray(top) ? 'a list' : shown(top)}.` };
  }
  if (list.length > MAX_IMPORT_ROWS) {
    return { ok: false, message: `${label} has ${list.length.toLocaleString('en-US')} entries; import at most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} at a time (split the file).` };
  }
  const resolve = fieldResolver(ruleset);
  const unknownFields = new Set<string>();
  const rows = list.map((entry: unknown, i) => jsonRow(i + 1, entry, resolve, unknownFields));
  const warnings = unknownFields.size > 0
    ? [`Fields not imported (${ruleset.name} has nothing by these names): ${[...unknownFields].map((f) => `"${f}"`).join(', ')}.`]
    : [];
  return { ok: true, value: { rows, warnings } };
}

/** A JSON entry as template data: fields matched to the ruleset, text resources parsed. */
function jsonRow(row: number, entry: unknown, resolve: (name: string) => Field | null, unknownFields: Set<string>): RawRow {
  if (!isRecord(entry)) return { row, name: '', data: {}, errors: [`the entry should be a group of fields like {"name": "Goblin"}, not ${shown(entry)}`] };
  const name = typeof entry.name === 'string' ? entry.name : entry.name === undefined ? '' : String(entry.name as string | number);
  const errors: string[] = [];
  // A campaign entry ({ id, name, data }) carries its template in `data`.
  const source: Record<string, unknown> = isRecord(entry.data) ? { ...entry.data } : {};
  const stats: Record<string, unknown> = {};
  const tracks: Record<string, unknown> = {};
  const data: Record<string, unknown> = {};
  const take = (fields: Record<string, unknown>) => {
    for (const [field, value] of Object.entries(fields)) {
      if (field === 'data' || field === 'name') continue;
      const meaning = resolve(field);
      if (!meaning) {
        unknownFields.add(field);
        continue;
      }
      switch (meaning.kind) {
        case 'stat':
          stats[meaning.key] = numberValue(value);
          break;
        case 'track':
          tracks[meaning.key] = numberValue(value);
          break;
        case 'stats':
        case 'tracks': {
          const into = meaning.kind === 'stats' ? stats : tracks;
          if (!isRecord(value)) {
            data[meaning.kind] = value; // refused by the template check, with its type
            break;
          }
          for (const [k, n] of Object.entries(value)) into[numberKey(k, meaning.kind === 'stats' ? 'stat' : 'track', resolve)] = numberValue(n);
          break;
        }
        case 'own':
          data[meaning.key] = meaning.field.fromJson ? meaning.field.fromJson(value) : value;
          break;
        case 'resources':
          if (typeof value === 'string') {
            const parsed = parseResources(value);
            errors.push(...parsed.errors);
            data.resources = parsed.resources;
          } else data.resources = value;
          break;
        case 'notes':
          data.notes = typeof value === 'number' ? String(value) : value;
          break;
        default:
          break;
      }
    }
  };
  take(source);
  take(entry);
  for (const [k, n] of Object.entries(stats)) if (n === undefined) delete stats[k];
  for (const [k, n] of Object.entries(tracks)) if (n === undefined) delete tracks[k];
  if (!('stats' in data)) data.stats = stats;
  if (!('tracks' in data)) data.tracks = tracks;
  return { row, name, data, errors };
}

/** "12 ready, 2 with errors (skipped)". */
export function importSummary(preview: BestiaryPreview): string {
  if (preview.error) return 'Nothing can be imported from this file.';
  const ready = preview.rows.filter((r) => r.item).length;
  const bad = preview.rows.length - ready;
  const parts = [`${ready} ready`];
  if (bad > 0) parts.push(`${bad} with errors (skipped)`);
  return parts.join(', ');
}

/** The entries to import: the rows without errors. */
export function readyItems(preview: BestiaryPreview): CampaignItem[] {
  return preview.rows.flatMap((r) => (r.item ? [r.item] : []));
}

/** The size limit in words, for the file picker's hint. */
export const IMPORT_LIMITS_TEXT = `up to ${formatBytes(MAX_IMPORT_FILE_BYTES)} and ${MAX_IMPORT_ROWS.toLocaleString('en-US')} entries`;
