import type { Encounter } from '../encounter/encounter';
import { FSI, isolateNames, nameSplitter, PDI } from './bidi';
import { diceValues } from '../core/log-dice';
import { logDocument, type LogMeta } from './document';
import type { LogOptions } from './player-log';

// Written here rather than with papaparse's `unparse`: its type definitions pull in Node's types,
// which would make Node globals type-check anywhere in the engine. The tests read the output back
// with papaparse.

/** The header of the dice CSV. */
export const DICE_CSV_FIELDS = ['round', 'who', 'purpose', 'notation', 'dice', 'total'] as const;

/**
 * One CSV field (RFC 4180): text always quoted, its quotes doubled; numbers bare. A spreadsheet
 * runs a cell that starts with =, +, -, @, a tab or a carriage return as a formula, and one set
 * to split on ";" (or tabs) cuts "Goblin;=1+1" into a second cell that starts with "=": so such a
 * character at the start of the text, or after any ",", ";", tab or line break in it, gets a
 * leading apostrophe (as papaparse's `escapeFormulae` does at the start). Invisible format
 * characters before it (a bidi isolate around a name, a zero-width space) don't hide it from the
 * rule: a spreadsheet may drop them and run what follows, so the apostrophe goes before them.
 */
export function csvField(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const text = value.replace(/(^|[,;\t\r\n])(\p{Cf}*[=+\-@\t\r])/gu, "$1'$2");
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * Every roll of the encounter as CSV (RFC 4180: commas, every text field double-quoted, CRLF
 * line ends), one row per roll in the order rolled: `round,who,purpose,notation,dice,total`.
 * `who` is the character, or "GM" for the GM's dice roller and rolls that belong to nobody (a
 * gate die, the initiative draw); `dice` the values separated by spaces with dropped dice in
 * parentheses ("4 (17)"). Names with right-to-left letters or bidirectional controls are isolated
 * (U+2068 ... U+2069) wherever they appear in a field. `options.audience` and `options.overrides`
 * apply as for the other exports; `options.dice` does not (this export is the dice).
 */
export function exportDiceCsv(encounter: Encounter, meta: LogMeta, options: LogOptions): string {
  const doc = logDocument(encounter, meta, { ...options, dice: true });
  const split = nameSplitter(doc.isolate);
  const t = (text: string) => isolateNames(text, split, (inner) => `${FSI}${inner}${PDI}`);
  const rows: (string | number)[][] = [[...DICE_CSV_FIELDS]];
  for (const section of doc.sections) {
    for (const entry of section.entries) {
      for (const d of entry.dice) rows.push([entry.round, d.who === null ? 'GM' : t(d.who), t(d.purpose), t(d.notation), diceValues(d), d.total]);
    }
  }
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
