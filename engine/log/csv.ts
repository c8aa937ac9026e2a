import type { Encounter } from '../encounter/encounter';
import { diceValues } from './dice';
import { logDocument, type LogMeta } from './document';
import type { LogOptions } from './player-log';

// Written here rather than with papaparse's `unparse`: its type definitions pull in Node's types,
// which would make Node globals type-check anywhere in the engine. The tests read the output back
// with papaparse.

/** The header of the dice CSV. */
export const DICE_CSV_FIELDS = ['round', 'who', 'purpose', 'notation', 'dice', 'total'] as const;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a double quote or a line break, with
 * its quotes doubled. Text a spreadsheet would run as a formula (starting with =, +, -, @, a tab
 * or a carriage return) gets a leading apostrophe first, as papaparse's `escapeFormulae` does.
 */
export function csvField(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Every roll of the encounter as CSV (RFC 4180: commas, double-quoted fields where needed, CRLF
 * line ends), one row per roll in the order rolled: `round,who,purpose,notation,dice,total`.
 * `who` is the character, or "GM" for the GM's dice roller and rolls that belong to nobody (a
 * gate die, the initiative draw); `dice` the values separated by spaces with dropped dice in
 * parentheses ("4 (17)"). `options.audience` and `options.overrides` apply as for the other
 * exports; `options.dice` does not (this export is the dice).
 */
export function exportDiceCsv(encounter: Encounter, meta: LogMeta, options: LogOptions): string {
  const doc = logDocument(encounter, meta, { ...options, dice: true });
  const rows: (string | number)[][] = [[...DICE_CSV_FIELDS]];
  for (const section of doc.sections) {
    for (const entry of section.entries) {
      for (const d of entry.dice) rows.push([entry.round, d.who ?? 'GM', d.purpose, d.notation, diceValues(d), d.total]);
    }
  }
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
