// The IPC contract's `logs:*` channels: saving an encounter log the renderer built, as text or as a PDF.
import * as v from 'valibot';
import { overLimit, utf8Length, type Result } from '../../engine/campaign/index';
import { objectMessage } from '../ipc-messages';
import { channel, type Cancelled } from './channel';

// --- Encounter logs ------------------------------------------------------------------------------
// The renderer builds a log's file (Markdown, HTML, JSON, CSV; or HTML to print as PDF) with the
// engine; the main process asks the GM where to save it and writes it. The renderer suggests a
// file name only; the path comes from the save dialog and never goes back.

/** Longest suggested file name, in characters (`Lost Mine – Bridge fight – 2026-11-23.md`). */
export const MAX_LOG_FILE_NAME_LENGTH = 150;
/** Largest text file `logs:save` writes (UTF-8 bytes). */
export const MAX_LOG_TEXT_BYTES = 64 * 1024 * 1024;
/** Largest HTML `logs:save-pdf` prints (UTF-8 bytes). */
export const MAX_LOG_HTML_BYTES = 16 * 1024 * 1024;
/** The kinds of text file `logs:save` writes, by extension. */
export const LOG_TEXT_EXTENSIONS = ['md', 'html', 'json', 'csv'] as const;
export type LogTextExtension = (typeof LOG_TEXT_EXTENSIONS)[number];

/** `md` for `x.md`; '' without an extension. Lower case. */
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** A suggested file name: a name (no path), 1–150 characters, no control characters, one of `extensions`. */
function fileNameField(extensions: readonly string[]) {
  const listed = extensions.map((extension) => `.${extension}`).join(', ');
  return v.pipe(
    v.string('fileName must be a string'),
    v.minLength(1, 'fileName must not be empty'),
    v.maxLength(
      MAX_LOG_FILE_NAME_LENGTH,
      (issue) => `fileName must be at most ${MAX_LOG_FILE_NAME_LENGTH} characters (got ${issue.received})`,
    ),
    v.check((name) => !/[/\\]/.test(name), 'fileName must be a file name, not a path (no / or \\)'),
    v.regex(/^[^\p{Cc}]*$/u, 'fileName must not contain control characters'),
    v.check(
      (name) => extensions.includes(fileExtension(name)),
      extensions.length === 1 ? `fileName must end with ${listed}` : `fileName must end with one of ${listed}`,
    ),
  );
}

/** Text of at most `maxBytes` UTF-8 bytes (characters never outnumber bytes: a long text is refused unmeasured). */
function textField(field: string, maxBytes: number) {
  const within = (text: string) => text.length <= maxBytes && utf8Length(text) <= maxBytes;
  return v.pipe(
    v.string(`${field} must be a string`),
    v.check(within, (issue) => `${field} ${overLimit(utf8Length(String(issue.input)), maxBytes)}; nothing was saved`),
  );
}

/** What a save answers: the file's name as the GM chose it in the dialog (never its folder). */
export interface SavedFile {
  readonly fileName: string;
}

export const logChannels = {
  /**
   * Saves an encounter log the renderer built (Markdown, HTML, JSON or CSV text): a save dialog in
   * the GM's documents, offering `fileName` (made safe for every platform), then an atomic write.
   * The dialog asks before replacing a file. Answers the name chosen, or `{ cancelled: true }`.
   */
  'logs:save': channel<Result<SavedFile | Cancelled>>()(
    'saveLogFile',
    v.strictObject(
      { fileName: fileNameField(LOG_TEXT_EXTENSIONS), content: textField('content', MAX_LOG_TEXT_BYTES) },
      objectMessage('{ fileName: string, content: string }'),
    ),
  ),
  /**
   * Prints an encounter log's HTML to a PDF (A4, in a hidden window without JavaScript), then saves
   * it as `logs:save` does (`fileName` ends with .pdf).
   */
  'logs:save-pdf': channel<Result<SavedFile | Cancelled>>()(
    'saveLogPdf',
    v.strictObject(
      { fileName: fileNameField(['pdf']), html: textField('html', MAX_LOG_HTML_BYTES) },
      objectMessage('{ fileName: string, html: string }'),
    ),
  ),
} as const;
