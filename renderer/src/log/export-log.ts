/**
 * One encounter's log as a file: the engine writes the text, this names it and hands it to the
 * platform (the main process's save dialog in the desktop app, a download or the print dialog in
 * a browser).
 */
import { escapeMarkdown, exportDiceCsv, exportHtml, exportJson, exportMarkdown, isolateText, type Encounter, type LogOptions } from '../../../engine/index';

export type LogFormat = 'md' | 'html' | 'pdf' | 'json' | 'csv';

export const LOG_FORMATS: readonly { id: LogFormat; label: string }[] = [
  { id: 'md', label: 'Markdown recap (.md)' },
  { id: 'html', label: 'Web page (.html)' },
  { id: 'pdf', label: 'PDF (.pdf)' },
  { id: 'json', label: 'Raw events, to import back (.json)' },
  { id: 'csv', label: 'Dice rolls as a table (.csv)' },
];

/** What to export: a file name and its content (the printable HTML for a PDF). */
export interface LogFile {
  readonly format: LogFormat;
  readonly fileName: string;
  readonly content: string;
}

/** "The Sunken Crown – Goblin raid – 2026-11-23.md" (the main process makes it safe for the disk). */
export function logFileName(campaign: string, encounter: string, exportedAt: string, format: LogFormat): string {
  return `${campaign} – ${encounter} – ${exportedAt.slice(0, 10)}.${format}`;
}

/** The file for one encounter. JSON is always the whole log (it is the backup), whatever the options. */
export function logFile(encounter: Encounter, campaignName: string, format: LogFormat, options: LogOptions, exportedAt: string): LogFile {
  const meta = { campaignName, exportedAt };
  const fileName = logFileName(campaignName, encounter.state.name, exportedAt, format);
  switch (format) {
    case 'md':
      return { format, fileName, content: exportMarkdown(encounter, meta, options) };
    case 'html':
    case 'pdf':
      return { format, fileName, content: exportHtml(encounter, meta, options) };
    case 'json':
      return { format, fileName, content: exportJson(encounter, meta) };
    case 'csv':
      return { format, fileName, content: exportDiceCsv(encounter, meta, options) };
  }
}

/**
 * "Lost Mine: session of 2026-11-23", the campaign's name in an isolate of its own when it holds
 * right-to-left letters or bidi controls (as in the exports), so it cannot reorder the rest.
 */
export function sessionTitle(campaign: string, day: string): string {
  return `${isolateText(campaign)}: session of ${day}`;
}

/**
 * Several encounters' exported pages as one page (a session's recap): the first page's head, and
 * each page's body one after the other, each starting on a new printed page.
 */
export function sessionHtml(pages: readonly string[], title: string): string {
  const [first] = pages;
  if (!first) return '';
  const head = first.slice(0, first.indexOf('<body>')).replace(/<title>[^<]*<\/title>/, `<title>${escapeText(title)}</title>`);
  const bodies = pages.map((page) => page.slice(page.indexOf('<body>') + '<body>'.length, page.lastIndexOf('</body>')));
  const joined = bodies.map((body, i) => `<article${i > 0 ? ' style="break-before: page"' : ''}>${body}</article>`).join('\n<hr>\n');
  return `${head}<body>\n${joined}\n</body>\n</html>\n`;
}

/** Several encounters' Markdown recaps as one, under the session's title. */
export function sessionMarkdown(recaps: readonly string[], title: string): string {
  // Each recap's headings go one level down, under the session's title; the title holds the
  // campaign's name, whose markup is text like every name's.
  return `# ${escapeMarkdown(title)}\n\n${recaps.map((recap) => recap.replace(/^(#{1,5}) /gm, (_, hashes: string) => `${hashes}# `)).join('\n---\n\n')}`;
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
