import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvField, escapeHtml, escapeMarkdown, exportDiceCsv, exportHtml, exportMarkdown, logEntries, playerLog, type LogOptions } from '../index';
import { add, ENEMIES, newEncounter, run } from '../test-support';
import { GOLDEN_META, goldenFreeformFight, goldenZonesFight } from '../testing/log-fixtures';

const GM: LogOptions = { audience: 'gm', dice: true, overrides: true };
const PLAYERS: LogOptions = { audience: 'players', dice: true, overrides: true };

describe('exportHtml', () => {
  const cellar = exportHtml(goldenFreeformFight(), GOLDEN_META, GM);

  it('escapes every text from the encounter: a <script> in a name stays text', () => {
    expect(cellar).toContain('Imp &lt;script&gt;alert(&quot;boo&quot;)&lt;/script&gt;');
    expect(cellar).toContain('Ogre &amp; *Son*');
    expect(cellar.toLowerCase()).not.toContain('<script');
    const hostile = { campaignName: '</title><script>x()</script>', exportedAt: '"><img src=x onerror=y>' };
    const page = exportHtml(goldenFreeformFight(), hostile, GM);
    expect(page.toLowerCase()).not.toMatch(/<script|<img/);
    expect(page).toContain('&lt;/title&gt;&lt;script&gt;x()&lt;/script&gt;');
  });

  it('is one self-contained file: no scripts, links, images, fonts or URLs, and a policy that refuses them', () => {
    for (const page of [cellar, exportHtml(goldenZonesFight(), GOLDEN_META, PLAYERS)]) {
      expect(page).toMatch(/^<!DOCTYPE html>\n<html lang="en">/);
      expect(page).not.toMatch(/https?:|\/\/|url\(|@import|@font-face|<link|<img|<iframe|<object|<script|\ssrc=|\shref=/i);
      expect(page).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`);
      expect(page.match(/<style>/g)).toHaveLength(1);
    }
  });

  it('prints black on white, headings with what follows, entries whole', () => {
    const print = cellar.slice(cellar.indexOf('@media print'));
    expect(print).toMatch(/html, body \{ background: #ffffff !important; color: #000000 !important; \}/);
    expect(print).toMatch(/h2 \{[^}]*break-after: avoid/);
    expect(print).toMatch(/\.entry[^{]*\{ break-inside: avoid/);
    expect(cellar).toContain('@page { margin: 16mm 14mm; }');
    // The dark scheme is for screens only.
    expect(cellar).toContain('@media screen and (prefers-color-scheme: dark)');
  });

  it('carries the campaign, the date, the participants and the outcome', () => {
    expect(cellar).toContain('Campaign: <strong>The Salt Road</strong> · <time datetime="2025-03-14T19:30:00.000Z">2025-03-14</time> · Freeform');
    expect(cellar).toContain('<h2>Participants</h2>');
    expect(cellar).toContain('<h2>Outcome</h2>');
    expect(cellar).toMatch(/<p class="verdict">Still standing: Heroes, Enemies\.<\/p>/);
  });
});

describe('exportMarkdown', () => {
  it('is a recap: title, round headings with a summary, and the outcome last', () => {
    const md = exportMarkdown(goldenZonesFight(), GOLDEN_META, GM);
    const headings = md.split('\n').filter((l) => l.startsWith('#'));
    expect(headings).toEqual(['# Ambush at the ford', '## Participants', '## Before the fight', '## Ambush', '## Round 1', '## Round 2', '## Round 3', '## After the fight', '## Outcome']);
    expect(md.trimEnd().split('\n').at(-1)).toBe('**Heroes hold the field.**');
    expect(md).toContain('- **Bandits:** down Bandit 1, Bandit 2, Bandit 3; fled Red Maud, Scout');
  });

  it('escapes Markdown in names, so they show as typed', () => {
    const md = exportMarkdown(goldenFreeformFight(), GOLDEN_META, GM);
    expect(md).toContain('Ogre & \\*Son\\*');
    expect(md).toContain('Imp \\<script\\>alert("boo")\\</script\\>');
    expect(escapeMarkdown('[link](x) _a_ `b` # | ~ \\')).toBe('\\[link\\](x) \\_a\\_ \\`b\\` \\# \\| \\~ \\\\');
  });

  it('leaves out dice details and overrides when asked', () => {
    const md = exportMarkdown(goldenZonesFight(), GOLDEN_META, { audience: 'gm', dice: false, overrides: false });
    expect(md).not.toMatch(/^ {2}- /m);
    expect(md).not.toContain('The GM rolls');
    expect(md).not.toContain("Ann's health is set to");
    expect(md).toContain('Ann hits Bandit 1 for 1');
  });

  it('gives the players their version: no GM-only entries, names as they know them', () => {
    const md = exportMarkdown(goldenZonesFight(), GOLDEN_META, PLAYERS);
    expect(md).toContain("Players' version");
    expect(md).not.toMatch(/GM only|Scout|Smugglers|baron|Burning|horses|Old ford/);
    expect(md).toContain('- **Bandits:** Bandits 1, Bandits 2, Bandits 3, Red Maud (first seen as Bandits 4)');
  });
});

describe('exportDiceCsv', () => {
  it('is RFC 4180 CSV with one row per roll that a CSV reader reads back', () => {
    const enc = goldenFreeformFight();
    const csv = exportDiceCsv(enc, GOLDEN_META, GM);
    expect(csv.split('\r\n')[0]).toBe('"round","who","purpose","notation","dice","total"');
    expect(csv.endsWith('\r\n')).toBe(true);
    const parsed = Papa.parse<string[]>(csv.trimEnd(), { newline: '\r\n' });
    expect(parsed.errors).toEqual([]);
    const rows = parsed.data.slice(1);
    expect(rows).toHaveLength(logEntries(enc).flatMap((e) => e.dice).length);
    expect(rows[1]).toEqual(['1', 'Imp <script>alert("boo")</script>', 'initiative', 'd20+1', '11', '12']);
    expect(rows.at(-1)).toEqual(['2', 'GM', 'Lucky charm', '4d6kh3', '6 6 5 (5)', '17']);
  });

  it('follows the audience: the players get only the rolls they may see', () => {
    const enc = goldenZonesFight();
    const rows = Papa.parse<string[]>(exportDiceCsv(enc, GOLDEN_META, PLAYERS).trimEnd(), { newline: '\r\n' }).data.slice(1);
    expect(rows).toHaveLength(playerLog(enc).flatMap((e) => e.dice).length);
    expect(rows.map((r) => r[1])).not.toContain('GM');
    expect(rows.map((r) => r[1])).not.toContain('Scout');
  });

  // Issue 14 asks for every text field quoted and every cell's formula defused: fields used to be
  // quoted only when they held a comma, so "Goblin;=1+1" ran as a formula in ";" locales.
  it('quotes every text field and defuses spreadsheet formulas, so no locale splits a cell into a formula', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('plain')).toBe('"plain"');
    expect(csvField('Goblin;=1+1')).toBe(`"Goblin;'=1+1"`);
    expect(csvField('a, -b')).toBe('"a, -b"');
    expect(csvField('a,-b')).toBe(`"a,'-b"`);
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('-3')).toBe(`"'-3"`);
    expect(csvField('\tTab')).toBe(`"'\tTab"`);
    expect(csvField(-3)).toBe('-3');
    const enc = run(newEncounter(2), add('=cmd|calc', { factionId: ENEMIES }), add('Goblin;=1+1', { factionId: ENEMIES }), { type: 'start-combat' });
    const csv = exportDiceCsv(enc, GOLDEN_META, GM);
    expect(csv).toContain(`\r\n1,"'=cmd|calc","initiative","d20",`);
    expect(csv).toContain(`\r\n1,"Goblin;'=1+1","initiative","d20",`);
    // Read as a "," or a ";" spreadsheet would: no cell starts a formula.
    for (const delimiter of [',', ';', '\t']) {
      const cells = Papa.parse<string[]>(csv.trimEnd(), { newline: '\r\n', delimiter }).data.flat();
      expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell)), delimiter).toEqual([]);
    }
  });
});

describe('escapeHtml', () => {
  it('escapes the five characters that matter', () => {
    expect(escapeHtml(`<a href="x">Tom & 'Jerry'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;');
  });
});
