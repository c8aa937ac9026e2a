import { describe, expect, it } from 'vitest';
import { BUILTIN_RULESETS, createEncounter, dispatch, exportHtml, importEncounterLog, type Encounter } from '../../../engine/index';
import { logFile, logFileName, sessionHtml, sessionMarkdown, sessionTitle } from './export-log';

function fight(name: string): Encounter {
  const created = createEncounter({ id: name.toLowerCase().replace(/\W+/g, '-'), name, rulesetId: 'freeform', seed: 3 }, BUILTIN_RULESETS);
  if (!created.ok) throw new Error(created.message);
  const added = dispatch(created.encounter, { type: 'add-combatant', name: 'Orc', factionId: 'f2' });
  if (!added.ok) throw new Error(added.message);
  const started = dispatch(added.encounter, { type: 'start-combat' });
  if (!started.ok) throw new Error(started.message);
  return started.encounter;
}

const AT = '2026-11-23T20:15:00.000Z';
const GM = { audience: 'gm', dice: true, overrides: true } as const;

describe('log files', () => {
  it('names a file after campaign, encounter and day', () => {
    expect(logFileName('Lost Mine', 'Goblin ambush', AT, 'md')).toBe('Lost Mine – Goblin ambush – 2026-11-23.md');
    expect(logFile(fight('Orc gate'), 'Lost Mine', 'pdf', GM, AT)).toMatchObject({ fileName: 'Lost Mine – Orc gate – 2026-11-23.pdf' });
  });

  it('exports JSON that imports back to the same fight', () => {
    const orcs = fight('Orc gate');
    const file = logFile(orcs, 'Lost Mine', 'json', GM, AT);
    const back = importEncounterLog(file.content, BUILTIN_RULESETS);
    expect(back.ok && back.value.state).toEqual(orcs.state);
  });

  it('puts a session of fights in one page, each on its own printed page, with one head', () => {
    const pages = ['Orc gate', 'Troll bridge'].map((name) => exportHtml(fight(name), { campaignName: 'Lost Mine', exportedAt: AT }, GM));
    const page = sessionHtml(pages, 'Lost Mine: session of 2026-11-23');
    expect(page.match(/<head>/g)).toHaveLength(1);
    expect(page.match(/<body>/g)).toHaveLength(1);
    expect(page).toContain('<title>Lost Mine: session of 2026-11-23</title>');
    expect(page).toContain('Orc gate');
    expect(page).toContain('Troll bridge');
    expect(page.match(/break-before: page/g)).toHaveLength(1);
  });

  it('puts a session of recaps under one title, each recap one heading level down', () => {
    const text = sessionMarkdown(['# Orc gate\n\n## Round 1\n\nOrc falls.\n', '# Troll bridge\n\n## Outcome\n\nTroll flees.\n'], 'Lost Mine: session of 2026-11-23');
    expect(text.split('\n').filter((line) => line.startsWith('#'))).toEqual([
      '# Lost Mine: session of 2026-11-23',
      '## Orc gate',
      '### Round 1',
      '## Troll bridge',
      '### Outcome',
    ]);
  });

  it("keeps markup in a campaign's name as text in a session's Markdown title", () => {
    const title = sessionTitle('[Lost](javascript:alert(1)) <b>Mine</b> #1', '2026-11-23');
    expect(sessionMarkdown(['# Orc gate\n'], title).split('\n')[0]).toBe('# \\[Lost\\](javascript:alert(1)) \\<b\\>Mine\\</b\\> \\#1: session of 2026-11-23');
  });

  it("isolates a campaign's name with bidi controls in a session's title (issue 40)", () => {
    expect(sessionTitle('Lost Mine', '2026-11-23')).toBe('Lost Mine: session of 2026-11-23');
    const title = sessionTitle('Lost \u202eMine', '2026-11-23');
    expect(title).toBe('\u2068Lost \u202eMine\u202c\u2069: session of 2026-11-23');
    const pages = [exportHtml(fight('Orc gate'), { campaignName: 'Lost \u202eMine', exportedAt: AT }, GM)];
    expect(sessionHtml(pages, title)).toContain(`<title>${title}</title>`);
    expect(sessionMarkdown(['# Orc gate\n'], title).split('\n')[0]).toBe(`# ${title}`);
  });
});
