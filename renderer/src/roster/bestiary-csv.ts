// A CSV bestiary (comma, semicolon or tab) read into rows, and the headings and example row the import screen shows.
import Papa from 'papaparse';
import type { Ruleset } from '../../../engine/index';
import { fieldResolver, numberValue, ownImports, parseResources, type Raw, type RawRow } from './bestiary-fields';
import { shown } from './schema';

/** The delimiter of the heading row: the most frequent of comma, semicolon and tab outside quotes. */
function delimiterOf(text: string): string {
  const line = text.split(/\r\n|\n|\r/).find((l) => l.trim() !== '') ?? '';
  const counts = new Map<string, number>([[',', 0], [';', 0], ['\t', 0]]);
  let quoted = false;
  for (const c of line) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && counts.has(c)) counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  let best = ',';
  for (const [d, n] of counts) if (n > (counts.get(best) ?? 0)) best = d;
  return best;
}

export function csvEntries(text: string, label: string, ruleset: Ruleset): Raw {
  const parsed = Papa.parse<string[]>(text, { delimiter: delimiterOf(text), skipEmptyLines: false });
  const records = parsed.data.map((cells) => (Array.isArray(cells) ? cells.map((c) => (typeof c === 'string' ? c : '')) : []));
  const isBlank = (cells: string[]) => cells.every((c) => c.trim() === '');
  const headerIndex = records.findIndex((cells) => !isBlank(cells));
  const header = records[headerIndex];
  if (headerIndex < 0 || !header) return { ok: false, message: `${label} has no rows.` };

  const resolve = fieldResolver(ruleset);
  const columns = header.map((h) => h.trim());
  const meanings = columns.map((h) => resolve(h));
  const example = csvHeader(ruleset);
  if (!meanings.some((m) => m?.kind === 'name')) {
    return { ok: false, message: `${label} has no "name" column. The first row must be the headings, for example: ${example}` };
  }
  const warnings: string[] = [];
  const unknown = columns.filter((h, i) => h !== '' && meanings[i] === null);
  if (unknown.length > 0) {
    warnings.push(`Columns not imported (${ruleset.name} has nothing by these names): ${unknown.map((h) => `"${h}"`).join(', ')}. Known columns: ${example}.`);
  }
  const notInCsv = columns.filter((_, i) => {
    const m = meanings[i];
    return m?.kind === 'stats' || m?.kind === 'tracks' || (m?.kind === 'own' && !m.field.fromCell);
  });
  if (notInCsv.length > 0) warnings.push(`Columns ${notInCsv.map((h) => `"${h}"`).join(', ')} can only be imported from JSON; they were skipped.`);
  // Two columns for the same thing: the first counts.
  const seen = new Map<string, string>();
  const used = meanings.map((m, i) => {
    if (!m || m.kind === 'ignored') return null;
    const id = m.kind === 'stat' || m.kind === 'track' || m.kind === 'own' ? `${m.kind}:${m.key}` : m.kind;
    const first = seen.get(id);
    if (first !== undefined) {
      warnings.push(`Columns "${first}" and "${columns[i] ?? ''}" mean the same thing; only "${first}" is imported.`);
      return null;
    }
    seen.set(id, columns[i] ?? '');
    return m;
  });

  const quoteTrouble = new Map<number, string>();
  for (const e of parsed.errors) {
    if (typeof e.row === 'number' && e.type === 'Quotes') {
      quoteTrouble.set(e.row, 'a quote (") is never closed, so the rest of the file was read into one cell; put quotes around the whole cell and double any quote inside it ("")');
    }
  }

  const rows: RawRow[] = [];
  records.forEach((cells, index) => {
    if (index <= headerIndex || isBlank(cells)) return;
    const row = index + 1;
    const errors: string[] = [];
    const trouble = quoteTrouble.get(index);
    if (trouble) errors.push(trouble);
    if (cells.slice(columns.length).some((c) => c.trim() !== '')) {
      errors.push(`the row has ${cells.length} cells but there are ${columns.length} headings; a value with a comma or semicolon in it needs quotes around it`);
    }
    let name = '';
    const stats: Record<string, unknown> = {};
    const tracks: Record<string, unknown> = {};
    const data: Record<string, unknown> = { stats, tracks };
    used.forEach((m, i) => {
      const cell = cells[i] ?? '';
      if (!m) return;
      switch (m.kind) {
        case 'name':
          name = cell;
          break;
        case 'stat':
        case 'track': {
          const value = numberValue(cell);
          if (value !== undefined) (m.kind === 'stat' ? stats : tracks)[m.key] = value;
          break;
        }
        case 'notes':
          data.notes = cell.trim();
          break;
        case 'own': {
          if (!m.field.fromCell) break;
          const read = m.field.fromCell(cell);
          if (read.ok) data[m.key] = read.value;
          else errors.push(`${columns[i] ?? m.field.name} ${shown(cell.trim())} ${read.problem}`);
          break;
        }
        case 'resources': {
          const parsedResources = parseResources(cell);
          errors.push(...parsedResources.errors);
          data.resources = parsedResources.resources;
          break;
        }
        default:
          break;
      }
    });
    rows.push({ row, name, data, errors });
  });
  return { ok: true, value: { rows, warnings } };
}

/** The headings a CSV bestiary for this ruleset can have: "name,STR,AGI,WIT,Health,fearless,resources,notes". */
export function csvHeader(ruleset: Ruleset): string {
  const own = ownImports(ruleset).filter((f) => f.fromCell).map((f) => f.name);
  return ['name', ...ruleset.character.stats.map((d) => d.label), ...ruleset.character.tracks.map((d) => d.label), ...own, 'resources', 'notes']
    .map((h) => (/[",;\s]/.test(h) ? `"${h.replace(/"/g, '""')}"` : h))
    .join(',');
}

/** A row to go under those headings: a goblin with the ruleset's defaults, one resource and a note. */
export function csvExample(ruleset: Ruleset): string {
  const own = ownImports(ruleset).filter((f) => f.fromCell).map((f) => f.example ?? '');
  return ['Goblin', ...ruleset.character.stats.map((d) => String(d.default)), ...ruleset.character.tracks.map((d) => String(d.default)), ...own, 'Sneak attack 1 per encounter', 'Cowardly'].join(',');
}
