import type { Encounter } from '../encounter/encounter';
import { isolateNames, isolateText, nameSplitter, type NameSplitter } from './bidi';
import { diceLabel, type LogDice } from '../core/log-dice';
import { logDocument, type LogDocument, type LogMeta } from './document';
import { restatesHeading, sideParts } from './markdown';
import type { LogOptions } from './player-log';

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/** A faction colour only when it is a plain `#rrggbb`, so nothing else reaches a style attribute. */
function safeColour(colour: string): string | null {
  return /^#[0-9a-fA-F]{6}$/.test(colour) ? colour : null;
}

// One self-contained file: styles inline, no scripts, no fonts, no images, no links, and a
// Content-Security-Policy that refuses anything else, so opening it never reaches the network.
// On screen it follows the system's light or dark scheme; in print it is black on white, A4 and
// Letter alike, headings kept with what follows and entries never split across pages.
const STYLE = `
:root { color-scheme: light dark; --fg: #1d1d1f; --bg: #ffffff; --muted: #5f6368; --line: #d9d9de; --tag: #7a4b00; --tag-bg: #fff1d6; }
@media screen and (prefers-color-scheme: dark) {
  :root { --fg: #e8e8ea; --bg: #1b1c1f; --muted: #a4a7ad; --line: #3a3c41; --tag: #ffd48a; --tag-bg: #4a3510; }
}
* { box-sizing: border-box; }
html { background: var(--bg); color: var(--fg); }
body { font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; max-width: 46rem; margin: 0 auto; padding: 2rem 1.25rem 3rem; }
h1 { font-size: 1.9rem; line-height: 1.2; margin: 0 0 0.4rem; }
h2 { font-size: 1.25rem; margin: 1.8rem 0 0.5rem; padding-bottom: 0.2rem; border-bottom: 1px solid var(--line); }
.meta { color: var(--muted); margin: 0; }
.meta strong { color: var(--fg); }
ul { margin: 0; padding-left: 1.25rem; }
.summary { font-style: italic; margin: 0 0 0.6rem; }
.entries { list-style: none; padding: 0; }
.entry { padding: 0.3rem 0; border-bottom: 1px dotted var(--line); }
.entry:last-child { border-bottom: 0; }
.tag { display: inline-block; margin-left: 0.4rem; padding: 0 0.35rem; border-radius: 0.25rem; font-size: 0.75rem; font-weight: 600; color: var(--tag); background: var(--tag-bg); vertical-align: 0.1em; }
.dice { list-style: none; padding-left: 1rem; margin-top: 0.15rem; color: var(--muted); font-size: 0.88rem; }
.dice .values { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; }
.dropped { text-decoration: line-through; }
.swatch { display: inline-block; width: 0.75em; height: 0.75em; margin-right: 0.35em; border-radius: 50%; border: 1px solid var(--line); vertical-align: -0.05em; }
.verdict { font-weight: 700; font-size: 1.1rem; }
@page { margin: 16mm 14mm; }
@media print {
  :root { color-scheme: light; --fg: #000000; --bg: #ffffff; --muted: #333333; --line: #999999; --tag: #000000; --tag-bg: transparent; }
  html, body { background: #ffffff !important; color: #000000 !important; }
  body { font-size: 10.5pt; max-width: none; margin: 0; padding: 0; }
  h1 { font-size: 18pt; }
  h2 { font-size: 13pt; break-after: avoid; page-break-after: avoid; }
  .summary { break-after: avoid; page-break-after: avoid; }
  .entry, .participants li, .outcome li, .verdict { break-inside: avoid; page-break-inside: avoid; }
  .tag { border: 1px solid #000000; }
  .swatch { print-color-adjust: exact; -webkit-print-color-adjust: exact; }
}
`.trim();

/** Text from the encounter as HTML content: escaped, its right-to-left and bidi-control names each in a `<bdi>`. */
function textWithNames(split: NameSplitter): (text: string) => string {
  return (text) => isolateNames(text, split, (inner) => `<bdi>${inner}</bdi>`, escapeHtml);
}

function diceItem(d: LogDice, t: (text: string) => string): string {
  const values = d.values.length ? ` <span class="values">[${d.values.map((v, i) => (d.kept[i] === false ? `<span class="dropped">(${v})</span>` : String(v))).join(' ')}]</span>` : '';
  return `<li>${t(diceLabel(d))}: ${t(d.notation)}${values} = <strong>${d.total}</strong>${d.manual ? ' (entered by hand)' : ''}</li>`;
}

/** Lays out an export's content as one self-contained HTML page (see {@link exportHtml}). */
export function renderHtml(doc: LogDocument): string {
  const h = textWithNames(nameSplitter(doc.isolate));
  // The title element holds text only: names isolated by U+2068 ... U+2069 there.
  const plain = (text: string) => escapeHtml(isolateText(text));
  const version = doc.audience === 'players' ? "Players' version" : "GM's version";
  const out: string[] = [];
  out.push(
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${plain(doc.title)} · ${plain(doc.campaign)}</title>`,
    `<style>\n${STYLE}\n</style>`,
    '</head>',
    '<body>',
    '<header>',
    `<h1>${h(doc.title)}</h1>`,
    `<p class="meta">Campaign: <strong>${h(doc.campaign)}</strong> · <time datetime="${escapeHtml(doc.exportedAt)}">${h(doc.date)}</time> · ${h(doc.ruleset)} · ${version}</p>`,
    '</header>',
    '<section class="participants">',
    '<h2>Participants</h2>',
  );
  if (doc.participants.length === 0) out.push('<p>Nobody yet.</p>');
  else {
    out.push('<ul>');
    for (const p of doc.participants) {
      const colour = safeColour(p.colour);
      const swatch = colour ? `<span class="swatch" style="background:${colour}"></span>` : '';
      out.push(`<li>${swatch}<strong>${h(p.faction)}:</strong> ${p.names.map(h).join(', ')}</li>`);
    }
    out.push('</ul>');
  }
  out.push('</section>');
  for (const section of doc.sections) {
    out.push(`<section class="round stage-${section.stage}">`, `<h2>${h(section.title)}</h2>`);
    if (section.summary) out.push(`<p class="summary">${h(section.summary)}</p>`);
    out.push('<ul class="entries">');
    for (const line of section.entries) {
      if (restatesHeading(line.text, section.title)) continue;
      const tag = line.gmOnly ? '<span class="tag">GM only</span>' : '';
      const dice = line.dice.length ? `<ul class="dice">${line.dice.map((d) => diceItem(d, h)).join('')}</ul>` : '';
      out.push(`<li class="entry kind-${line.kind}${line.gmOnly ? ' gm-only' : ''}">${h(line.text)}${tag}${dice}</li>`);
    }
    out.push('</ul>', '</section>');
  }
  out.push('<section class="outcome">', '<h2>Outcome</h2>', `<p>${h(doc.outcome.progress)}</p>`);
  if (doc.outcome.sides.length > 0) {
    out.push('<ul>');
    for (const side of doc.outcome.sides) {
      const parts = sideParts(side).map(([label, names]) => `${h(label)} ${names.map(h).join(', ')}`);
      out.push(`<li><strong>${h(side.faction)}:</strong> ${parts.join('; ')}</li>`);
    }
    out.push('</ul>');
  }
  out.push(`<p class="verdict">${h(doc.outcome.verdict)}</p>`, '</section>', '</body>', '</html>', '');
  return out.join('\n');
}

/**
 * The encounter log as one self-contained, printable HTML file: the same content as
 * {@link exportMarkdown} with the campaign's name, the date, the participants and the outcome.
 * Styles are inline and nothing is fetched (no fonts, images, scripts or links; a
 * Content-Security-Policy refuses anything else); every text from the encounter is escaped, and
 * names with right-to-left letters or bidirectional controls are each in a `<bdi>`. An
 * `@media print` stylesheet prints black on white on A4 or Letter, keeps headings with what
 * follows and never splits an entry across pages, so the app can make the PDF from this file.
 */
export function exportHtml(encounter: Encounter, meta: LogMeta, options: LogOptions): string {
  return renderHtml(logDocument(encounter, meta, options));
}
