import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { Encounter } from '../encounter/encounter';
import { csvField, exportDiceCsv, exportHtml, exportMarkdown, type LogOptions } from '../index';
import { add, ENEMIES, idOf, run, stepWithDice, newEncounter } from '../test-support';
import { addT, newTwoDice, SWORDS } from '../rulesets/two-dice/testing';
import { balanceBidi, isolateText } from './bidi';

// Issue 40: a name holding U+202E RIGHT-TO-LEFT OVERRIDE ("Bob\u202Eevil") reversed the rest of
// every exported line it was in. The exports put each name with right-to-left letters or bidi
// controls in an isolate of its own (U+2068 ... U+2069 in text, <bdi> in HTML), balanced inside
// so a stray U+2069 of its own cannot close that isolate early.

const GM: LogOptions = { audience: 'gm', dice: true, overrides: true };
const PLAYERS: LogOptions = { audience: 'players', dice: true, overrides: true };

const FSI = '\u2068';
const PDI = '\u2069';
const PDF = '\u202c';
const RLO = '\u202e';

/** An override name: "evil" is shown reversed, and without an isolate so is the rest of the line. */
const OVERRIDE = `Bob${RLO}evil`;
/** A stray U+2069 of its own, then an override: naively wrapped, the U+2069 closes the isolate and the override leaks. */
const STRAY = `Eve${PDI}${RLO}x`;
const ARABIC = 'علي';
const HEBREW = 'דוד';
const FACTION = 'الذئاب';
const WEAPON = `Axe${RLO}eht`;
const CAMPAIGN = `Salt ${RLO}Road`;
const META = { campaignName: CAMPAIGN, exportedAt: '2026-11-29T07:00:00.000Z' };

/** Each name as it must appear in text exports: in its own isolate, its controls balanced. */
const ISOLATED: Record<string, string> = {
  [OVERRIDE]: `${FSI}Bob${RLO}evil${PDF}${PDI}`,
  [STRAY]: `${FSI}Eve${RLO}x${PDF}${PDI}`,
  [ARABIC]: `${FSI}${ARABIC}${PDI}`,
  [HEBREW]: `${FSI}${HEBREW}${PDI}`,
  [FACTION]: `${FSI}${FACTION}${PDI}`,
  [WEAPON]: `${FSI}Axe${RLO}eht${PDF}${PDI}`,
  [CAMPAIGN]: `${FSI}Salt ${RLO}Road${PDF}${PDI}`,
};
const inText = (name: string) => ISOLATED[name] as string;
const inHtml = (name: string) => `<bdi>${(ISOLATED[name] as string).slice(1, -1)}</bdi>`;

/** A line whose every embedding and isolate is closed within it, with no closer of its own left over. */
function expectBalanced(line: string): void {
  expect(balanceBidi(line), JSON.stringify(line)).toBe(line);
}

/** Core (Freeform): the hostile names as characters and a faction; damage, a fight started and ended. */
function coreFight(): Encounter {
  let e = run(newEncounter(), { type: 'add-faction', name: FACTION, colour: '#aa3300' });
  const wolves = e.state.factions.find((f) => f.name === FACTION)?.id ?? '';
  e = run(e, add(OVERRIDE, { hp: 10 }), add(STRAY, { hp: 10 }), add(ARABIC, { factionId: ENEMIES, hp: 5 }), add(HEBREW, { factionId: wolves, hp: 5 }), { type: 'start-combat' });
  return run(
    e,
    { type: 'damage', combatantId: idOf(e, ARABIC), amount: 5 },
    { type: 'damage', combatantId: idOf(e, OVERRIDE), amount: 3 },
    { type: 'damage', combatantId: idOf(e, STRAY), amount: 2 },
    { type: 'end-combat' },
  );
}

/** 2d6 & Vigilant: Bob\u202Eevil attacks the Arabic-named orc with an axe named with an override, and hits. */
function twoDiceFight(): Encounter {
  const axe = { name: WEAPON, kind: 'weapon', category: 'light-melee', subclass: 'One-handed swords' };
  let e = run(newTwoDice(), addT(OVERRIDE, { kit: { armour: 'none', weapons: [axe], proficiencies: [SWORDS] } }), addT(ARABIC, { factionId: ENEMIES, hp: 4, kit: { armour: 'none' } }));
  e = stepWithDice(e, [6, 6, 1, 1], { type: 'start-combat' }).encounter;
  const bob = e.state.combatants.find((c) => c.name === OVERRIDE);
  const weaponId = (bob?.rules as { weapons: { id: string }[] }).weapons[0]?.id ?? null;
  return stepWithDice(e, [4, 4, 1, 1], { type: 'two-dice/attack', attackerId: idOf(e, OVERRIDE), targetId: idOf(e, ARABIC), weaponId }).encounter;
}

describe('names in their own isolates', () => {
  it('balances a name: a stray closer goes, what it opens is closed at its end, the rest stays as typed', () => {
    expect(balanceBidi(`a${PDI}b`)).toBe('ab');
    expect(balanceBidi(`a${PDF}b`)).toBe('ab');
    expect(balanceBidi(`a${RLO}b`)).toBe(`a${RLO}b${PDF}`);
    expect(balanceBidi(`\u2067a${RLO}b${PDI}c`)).toBe(`\u2067a${RLO}b${PDI}c`);
    expect(isolateText(STRAY)).toBe(inText(STRAY));
    expect(isolateText('Ann')).toBe('Ann');
    // Each paragraph of a name in an isolate of its own: a line break ends every isolate.
    expect(isolateText(`a${RLO}\nb`)).toBe(`${FSI}a${RLO}${PDF}${PDI}\n${FSI}b${PDI}`);
  });

  it('Markdown: names isolated in the participants, the outcome and the sentences of the core and of 2d6 & Vigilant', () => {
    const md = exportMarkdown(coreFight(), META, GM);
    const lines = md.split('\n');
    for (const line of lines) expectBalanced(line);
    expect(md).toContain(`**Campaign:** ${inText(CAMPAIGN)}  `);
    const participants = lines.slice(lines.indexOf('## Participants'));
    expect(participants).toContain(`- **Heroes:** ${inText(OVERRIDE)}, ${inText(STRAY)}`);
    expect(participants).toContain(`- **${inText(FACTION)}:** ${inText(HEBREW)}`);
    const outcome = lines.slice(lines.indexOf('## Outcome'));
    expect(outcome).toContain(`- **Enemies:** down ${inText(ARABIC)}`);
    expect(outcome).toContain(`- **Heroes:** standing ${inText(OVERRIDE)}, ${inText(STRAY)}`);
    expect(md).toContain(`- ${inText(OVERRIDE)} takes 3 damage (7 hit points left).`);
    expect(md).toContain(`- ${inText(STRAY)} takes 2 damage (8 hit points left).`);
    expect(md).toContain(`- ${inText(HEBREW)} is added.`);
    expect(md).toContain(`- ${inText(FACTION)} join the encounter as a faction.`);
    // Outside the isolates, no control of the names is left.
    let rest = md;
    for (const iso of Object.values(ISOLATED)) rest = rest.replaceAll(iso, '');
    expect(rest).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/u);

    const two = exportMarkdown(twoDiceFight(), META, GM);
    for (const line of two.split('\n')) expectBalanced(line);
    expect(two).toContain(`- ${inText(OVERRIDE)} hits ${inText(ARABIC)} with ${inText(WEAPON)} (8 against 8): 1 damage`);
    expect(two).toContain(`  - ${inText(OVERRIDE)}: attack with ${inText(WEAPON)}:`);
  });

  it("Markdown: the players' version isolates the names they see", () => {
    const md = exportMarkdown(coreFight(), META, PLAYERS);
    for (const line of md.split('\n')) expectBalanced(line);
    expect(md).toContain(`- ${inText(OVERRIDE)} takes 3 damage (7 hit points left).`);
    expect(md).toContain(`- **Heroes:** ${inText(OVERRIDE)}, ${inText(STRAY)}`);
  });

  it('HTML: each name in a <bdi>, balanced, in the participants, the outcome and the sentences; the title in isolates', () => {
    const page = exportHtml(coreFight(), META, GM);
    expect(page).toContain(`<li><span class="swatch" style="background:#aa3300"></span><strong>${inHtml(FACTION)}:</strong> ${inHtml(HEBREW)}</li>`);
    expect(page).toContain(`<strong>Heroes:</strong> ${inHtml(OVERRIDE)}, ${inHtml(STRAY)}</li>`);
    expect(page).toContain(`<li><strong>Enemies:</strong> down ${inHtml(ARABIC)}</li>`);
    expect(page).toContain(`${inHtml(OVERRIDE)} takes 3 damage (7 hit points left).`);
    expect(page).toContain(`${inHtml(STRAY)} takes 2 damage (8 hit points left).`);
    // <title> holds text only.
    expect(page).toContain(`<title>Test fight · ${inText(CAMPAIGN)}</title>`);
    expect(page).toContain(`Campaign: <strong>${inHtml(CAMPAIGN)}</strong>`);
    // Outside the <bdi>s, nothing of the names' controls.
    const outside = page.replace(/<bdi>[^<]*<\/bdi>/g, '').replace(`<title>Test fight · ${inText(CAMPAIGN)}</title>`, '');
    expect(outside).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/u);
    // Still one self-contained file without scripts.
    expect(page).not.toMatch(/<script|\son\w+=/i);

    const two = exportHtml(twoDiceFight(), META, GM);
    expect(two).toContain(`${inHtml(OVERRIDE)} hits ${inHtml(ARABIC)} with ${inHtml(WEAPON)} (8 against 8): 1 damage`);
    expect(two).toContain(`<li>${inHtml(OVERRIDE)}: attack with ${inHtml(WEAPON)}: 2d6`);
  });

  it('CSV: names isolated inside the quoted fields, who and purpose alike', () => {
    const rows = (e: Encounter) => Papa.parse<string[]>(exportDiceCsv(e, META, GM).trimEnd(), { newline: '\r\n' }).data.slice(1);
    const core = rows(coreFight());
    expect(core.map((r) => r[1]).sort()).toEqual([inText(OVERRIDE), inText(STRAY), inText(ARABIC), inText(HEBREW)].sort());
    const two = rows(twoDiceFight());
    expect(two.map((r) => [r[1], r[2]])).toContainEqual([inText(OVERRIDE), `attack with ${inText(WEAPON)}`]);
    expect(two.map((r) => r[1])).toContain(inText(ARABIC));
    for (const cell of [...core, ...two].flat()) expectBalanced(cell);
  });

  it('CSV: an isolate before "=" does not hide a formula from the apostrophe rule', () => {
    expect(csvField(`${FSI}=1+1`)).toBe(`"'${FSI}=1+1"`);
    expect(csvField(`a;\u200b+1`)).toBe(`"a;'\u200b+1"`);
    const e = run(newEncounter(2), add(`${FSI}=1+1`, { factionId: ENEMIES }), add(`${RLO}@SUM(A1)`, { factionId: ENEMIES }), { type: 'start-combat' });
    const csv = exportDiceCsv(e, META, GM);
    expect(csv).toContain(`\r\n1,"'${FSI}${FSI}=1+1${PDI}${PDI}","initiative","d20",`);
    for (const delimiter of [',', ';', '\t']) {
      const cells = Papa.parse<string[]>(csv.trimEnd(), { newline: '\r\n', delimiter }).data.flat();
      // A spreadsheet that drops invisible format characters still finds no formula.
      expect(cells.filter((cell) => /^\p{Cf}*[=+\-@\t\r]/u.test(cell)), delimiter).toEqual([]);
    }
  });

  it('isolates a hyphenated right-to-left name, and names holding characters a pattern would read (the splitter threw on "-")', () => {
    const hyphenated = 'בן-גוריון';
    const odd = 'דוד (a.k.a. [x]*)?';
    const e = run(newEncounter(), add(hyphenated, { hp: 10 }), add(odd, { hp: 10 }));
    expect(exportMarkdown(e, META, GM)).toContain(`${FSI}${hyphenated}${PDI}`);
    expect(exportMarkdown(e, META, GM)).toContain(`${FSI}דוד (a.k.a. \\[x\\]\\*)?${PDI}`);
    expect(exportHtml(e, META, GM)).toContain(`<bdi>${hyphenated}</bdi>`);
  });

  it('leaves plain left-to-right names as they are', () => {
    const e = run(newEncounter(), add('Ann'), add('Orc', { factionId: ENEMIES }), { type: 'start-combat' });
    for (const text of [exportMarkdown(e, { ...META, campaignName: 'Salt Road' }, GM), exportHtml(e, { ...META, campaignName: 'Salt Road' }, GM), exportDiceCsv(e, META, GM)]) {
      expect(text).not.toMatch(/[\u2066-\u2069]|<bdi>/u);
    }
  });
});
