import type { ReferenceTable } from '../../../engine/index';

/**
 * A ruleset's reference tables narrowed to what the GM typed: a table whose title has every word
 * keeps all its rows; otherwise only the rows that have every word (in any cell, any case). Tables
 * left with no rows go. Nothing typed keeps everything.
 */
export function filterReferences(tables: readonly ReferenceTable[], query: string): ReferenceTable[] {
  const words = query.toLowerCase().split(/\s+/).filter((w) => w !== '');
  if (words.length === 0) return [...tables];
  const has = (text: string) => words.every((w) => text.toLowerCase().includes(w));
  return tables.flatMap((t) => {
    if (has(t.title)) return [t];
    const rows = t.rows.filter((row) => has(row.join(' ')));
    return rows.length > 0 ? [{ ...t, rows }] : [];
  });
}
