import type { Encounter } from '../encounter/encounter';
import { FSI, isolateNames, nameSplitter, PDI } from './bidi';
import { formatDice } from '../core/log-dice';
import { logDocument, type LogDocument, type LogMeta, type OutcomeSide } from './document';
import type { LogOptions } from './player-log';

/**
 * Escapes Markdown in text from the encounter (names, labels): every character CommonMark could
 * read as markup is backslash-escaped, so a name shows as typed and never becomes a link,
 * emphasis, a table cell or raw HTML.
 */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_~[\]<>|#]/g, (c) => `\\${c}`).replace(/\r?\n/g, ' ');
}

/** "standing: Ann, Bo; dead: Bandit 1" for one side, in the order a recap reads best. */
export function sideParts(side: OutcomeSide): [string, string[]][] {
  const parts: [string, string[]][] = [
    ['standing', side.standing],
    ['down', side.down],
    ['dead', side.dead],
    ['surrendered', side.surrendered],
    ['fled', side.fled],
    ['out of sight', side.unseen],
  ];
  return parts.filter(([, names]) => names.length > 0);
}

/** An entry that only says what its heading says ("Round 2."), left out of the exports. */
export function restatesHeading(text: string, title: string): boolean {
  return text === `${title}.`;
}

/** Lays out an export's content as Markdown (see {@link exportMarkdown}). */
export function renderMarkdown(doc: LogDocument): string {
  const split = nameSplitter(doc.isolate);
  // Text from the encounter: escaped, its right-to-left and bidi-control names in U+2068 ... U+2069.
  const md = (text: string) => isolateNames(text, split, (inner) => `${FSI}${inner}${PDI}`, escapeMarkdown);
  const out: string[] = [];
  out.push(`# ${md(doc.title)}`, '');
  const version = doc.audience === 'players' ? "Players' version" : "GM's version";
  out.push(`**Campaign:** ${md(doc.campaign)}  `, `**Date:** ${md(doc.date)} · **Rules:** ${md(doc.ruleset)} · ${version}`, '');
  out.push('## Participants', '');
  if (doc.participants.length === 0) out.push('Nobody yet.');
  for (const p of doc.participants) out.push(`- **${md(p.faction)}:** ${p.names.map(md).join(', ')}`);
  out.push('');
  for (const section of doc.sections) {
    out.push(`## ${md(section.title)}`, '');
    if (section.summary) out.push(`*${md(section.summary)}*`, '');
    for (const line of section.entries) {
      if (restatesHeading(line.text, section.title)) continue;
      out.push(`- ${md(line.text)}${line.gmOnly ? ' *(GM only)*' : ''}`);
      for (const d of line.dice) out.push(`  - ${md(formatDice(d))}`);
    }
    out.push('');
  }
  out.push('## Outcome', '', md(doc.outcome.progress), '');
  for (const side of doc.outcome.sides) {
    out.push(`- **${md(side.faction)}:** ${sideParts(side).map(([label, names]) => `${label} ${names.map(md).join(', ')}`).join('; ')}`);
  }
  if (doc.outcome.sides.length > 0) out.push('');
  out.push(`**${md(doc.outcome.verdict)}**`, '');
  return out.join('\n');
}

/**
 * The encounter log as Markdown, a recap to paste into a campaign journal or a chat: the title,
 * campaign, date and rules; the participants by faction; "## Round N" headings, each with its
 * one-line summary and its entries (dice as sub-items, GM-only entries marked); then "## Outcome":
 * who is down, dead, surrendered or fled on each side, and which side stands. Text from the
 * encounter is escaped, and names with right-to-left letters or bidirectional controls are
 * isolated (U+2068 ... U+2069) wherever they appear. Pure: `meta.exportedAt` is passed in.
 */
export function exportMarkdown(encounter: Encounter, meta: LogMeta, options: LogOptions): string {
  return renderMarkdown(logDocument(encounter, meta, options));
}
