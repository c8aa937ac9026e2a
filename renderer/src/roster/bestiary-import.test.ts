import { describe, expect, it } from 'vitest';
import type { Ruleset } from '../../../engine/index';
import { csvExample, csvHeader } from './bestiary-csv';
import { parseResources } from './bestiary-fields';
import {
  decodeImportFile,
  importSummary,
  MAX_IMPORT_FILE_BYTES,
  MAX_IMPORT_ROWS,
  parseBestiary,
  readyItems,
  type BestiaryPreview,
} from './bestiary-import';
import { readTemplate } from './template-check';
import { freeform, zones } from './test-support';


const csv = (text: string, existing: string[] = [], r: Ruleset = zones) => parseBestiary(text, 'monsters.csv', r, existing);
const json = (value: unknown, existing: string[] = [], r: Ruleset = zones) => parseBestiary(JSON.stringify(value), 'monsters.json', r, existing);

/** The template of a ready row, read back through the ruleset. */
function templateOf(preview: BestiaryPreview, index: number, r: Ruleset = zones) {
  const item = preview.rows[index]?.item;
  if (!item) throw new Error(`row ${index} is not ready: ${preview.rows[index]?.errors.join('; ') ?? preview.error ?? ''}`);
  const read = readTemplate(item, r);
  if (!read.ok) throw new Error(read.message);
  return read.value;
}

describe('CSV', () => {
  it('reads headings by key or label in any case, blanks take defaults', () => {
    const preview = csv('Name,str,AGI,Wit,HP,Notes,fearless,resources\nGoblin,8,,7,5,Cowardly,no,Sneak attack 1 per encounter\n');
    expect(preview.error).toBeNull();
    expect(preview.warnings).toEqual([]);
    expect(preview.rows).toHaveLength(1);
    expect(preview.rows[0]).toMatchObject({ row: 2, name: 'Goblin', errors: [], warnings: [] });
    expect(templateOf(preview, 0)).toEqual({
      stats: { str: 8, agi: 10, wit: 7 },
      tracks: { health: 5 },
      notes: 'Cowardly',
      gear: [],
      fearless: false,
      resources: [{ name: 'Sneak attack', max: 1, used: 0, reset: 'encounter' }],
    });
  });

  it('handles quoted commas, line breaks in quotes, a BOM and blank lines', () => {
    const text = '\uFEFFname,STR,notes\r\n"Orc, chief",14,"Big.\nLoud, too."\r\n\r\n   \r\n,,\r\nWolf,9,"Says ""grr"""\r\n';
    const preview = csv(text);
    expect(preview.rows.map((r) => r.name)).toEqual(['Orc, chief', 'Wolf']);
    expect(templateOf(preview, 0).notes).toBe('Big.\nLoud, too.');
    expect(templateOf(preview, 1).notes).toBe('Says "grr"');
    // Spreadsheet rows: the heading is 1, blank rows still count.
    expect(preview.rows.map((r) => r.row)).toEqual([2, 6]);
  });

  it('reads semicolons (European Excel) and tabs', () => {
    const semi = csv('name;STR;Health;notes\n"Troll; big";18;30;Regrows\nRat;3;1;"a;b"\n');
    expect(semi.rows.map((r) => [r.name, r.item ? templateOf(semi, semi.rows.indexOf(r)).stats.str : null])).toEqual([
      ['Troll; big', 18],
      ['Rat', 3],
    ]);
    const tabs = parseBestiary('name\tSTR\nBat\t4\n', 'bats.tsv', zones);
    expect(templateOf(tabs, 0).stats.str).toBe(4);
  });

  it('reports bad values per row, naming the column and the value, and imports the rest', () => {
    const preview = csv('name,STR,AGI,fearless,resources\nGoblin,8,9,no,\nOgre,25,x,maybe,Smash twice\n,5,5,,\nBat,4,4,1,Bite 2/round\n');
    expect(preview.rows.map((r) => r.errors)).toEqual([
      [],
      [
        'fearless "maybe" should be yes or no',
        'resources "Smash twice": write each as a name, its uses and when they come back, for example "Rage 2 per encounter; Spell slot 3 per rest"',
        'STR 25 is above the maximum 20',
        'AGI should be a number, not "x"',
      ],
      ['name is empty: every entry needs a name'],
      [],
    ]);
    expect(preview.rows[1]?.row).toBe(3);
    expect(importSummary(preview)).toBe('2 ready, 2 with errors (skipped)');
    expect(readyItems(preview).map((i) => i.name)).toEqual(['Goblin', 'Bat']);
    expect(templateOf(preview, 3)).toMatchObject({ fearless: true, resources: [{ name: 'Bite', max: 2, reset: 'round' }] });
  });

  it('warns once about columns it does not know, and about doubled columns', () => {
    const preview = csv('name,STR,Speed,CR,strength,str\nGoblin,8,30,1/4,,9\nOrc,12,30,1,,\n');
    expect(preview.warnings).toEqual([
      'Columns not imported (Zones & Factions has nothing by these names): "Speed", "CR", "strength". Known columns: name,STR,AGI,WIT,Health,fearless,resources,notes.',
      'Columns "STR" and "str" mean the same thing; only "STR" is imported.',
    ]);
    expect(templateOf(preview, 0).stats.str).toBe(8);
  });

  it('refuses a file without a name column, saying what the headings should be', () => {
    const preview = csv('monster,STR\nGoblin,8\n');
    expect(preview.error).toBe('"monsters.csv" has no "name" column. The first row must be the headings, for example: name,STR,AGI,WIT,Health,fearless,resources,notes');
    expect(preview.rows).toEqual([]);
    expect(importSummary(preview)).toBe('Nothing can be imported from this file.');
  });

  it('flags rows with too many cells (an unquoted comma) and an unclosed quote', () => {
    const preview = csv('name,notes\nGoblin,Sneaky, fast\nOrc,"never closed\nWolf,ok\n');
    expect(preview.rows[0]?.errors[0]).toMatch(/the row has 3 cells but there are 2 headings/);
    expect(preview.rows[1]?.errors[0]).toMatch(/a quote \(".*is never closed/);
  });

  it('renames entries whose name is taken, in the bestiary or earlier in the file', () => {
    const preview = csv('name\nGoblin\ngoblin\nOrc\n', ['Goblin']);
    expect(preview.rows.map((r) => r.name)).toEqual(['Goblin (2)', 'goblin (3)', 'Orc']);
    expect(preview.rows[0]?.warnings).toEqual(['There is already an entry called "Goblin"; it will be imported as "Goblin (2)".']);
    expect(preview.rows[2]?.warnings).toEqual([]);
  });

  it('works with another ruleset’s labels', () => {
    const preview = csv('name,Armour class,Initiative modifier,Hit points\nBandit,12,+2,11\n', [], freeform);
    expect(templateOf(preview, 0, freeform)).toMatchObject({ stats: { ac: 12, initMod: 2 }, tracks: { hp: 11 } });
  });

  it("reads another ruleset's own fields as unknown columns", () => {
    const preview = csv('name,Hit points,fearless\nBandit,11,yes\n', [], freeform);
    expect(preview.warnings).toEqual([
      'Columns not imported (Freeform has nothing by these names): "fearless". Known columns: name,"Initiative modifier","Armour class","Hit points",resources,notes.',
    ]);
    expect(templateOf(preview, 0, freeform)).not.toHaveProperty('fearless');
  });

  it('gives an example row that reads back under the headings, for any ruleset', () => {
    expect(csvExample(zones)).toBe('Goblin,10,10,10,10,no,Sneak attack 1 per encounter,Cowardly');
    expect(csvExample(freeform)).toBe('Goblin,0,10,10,Sneak attack 1 per encounter,Cowardly');
    for (const r of [zones, freeform]) {
      const preview = csv(`${csvHeader(r)}\n${csvExample(r)}\n`, [], r);
      expect(preview.rows[0]?.errors).toEqual([]);
      expect(preview.warnings).toEqual([]);
    }
  });

  it('gives the headings to use', () => {
    // Rewritten with issue 13 ("no source file outside rulesets/zones/ names a Zones-only rule"):
    // fearless is Zones & Factions' morale rule, so a Freeform bestiary no longer offers the column.
    expect(csvHeader(freeform)).toBe('name,"Initiative modifier","Armour class","Hit points",resources,notes');
  });
});

describe('resources as text', () => {
  it('reads name, uses and reset, separated by ; , or line breaks', () => {
    expect(parseResources('Rage 2 per encounter; Spell slot 3 per rest,Parry 1/round\nBreath (1 per day); Dodge 1x per fight')).toEqual({
      resources: [
        { name: 'Rage', max: 2, reset: 'encounter' },
        { name: 'Spell slot', max: 3, reset: 'rest' },
        { name: 'Parry', max: 1, reset: 'round' },
        { name: 'Breath', max: 1, reset: 'rest' },
        { name: 'Dodge', max: 1, reset: 'encounter' },
      ],
      errors: [],
    });
    expect(parseResources('Rage 2').errors).toHaveLength(1);
    expect(parseResources(' ; ')).toEqual({ resources: [], errors: [] });
  });
});

describe('JSON', () => {
  it('reads a list of entries with nested or top-level stats', () => {
    const preview = json([
      { name: 'Goblin', STR: 8, hp: 5, notes: 'Sneaky' },
      { name: 'Orc', stats: { Str: 14, wit: '9' }, tracks: { Health: 12 }, fearless: 'yes', resources: [{ name: 'Rage', max: 1, reset: 'encounter' }] },
      { name: 'Archer', gear: [{ name: 'Bow', kind: 'weapon', damage: 'd6', reach: 'ranged', range: 2 }], resources: 'Volley 1 per encounter' },
    ]);
    expect(preview.error).toBeNull();
    expect(preview.format).toBe('json');
    expect(templateOf(preview, 0)).toMatchObject({ stats: { str: 8, agi: 10 }, tracks: { health: 5 }, notes: 'Sneaky' });
    expect(templateOf(preview, 1)).toMatchObject({ stats: { str: 14, wit: 9 }, tracks: { health: 12 }, fearless: true, resources: [{ name: 'Rage', max: 1, used: 0, reset: 'encounter' }] });
    expect(templateOf(preview, 2)).toMatchObject({ gear: [{ name: 'Bow', reach: 'ranged' }], resources: [{ name: 'Volley' }] });
  });

  it('reads {bestiary: [...]}, including campaign entries with their data', () => {
    const preview = json({ bestiary: [{ id: 'x', name: 'Ghoul', data: { stats: { str: 11 }, notes: 'Cold' } }], roster: [] });
    expect(templateOf(preview, 0)).toMatchObject({ stats: { str: 11 }, notes: 'Cold' });
    expect(preview.rows[0]?.item?.id).not.toBe('x');
  });

  it('reports wrong shapes per entry and unknown fields once', () => {
    const preview = json([{ name: 'Goblin', speed: 30 }, 'Orc', { name: 7 }, { name: 'Ogre', stats: { cha: 3 } }, { name: 'Imp', stats: 5 }, { name: 'Rat', speed: 20 }]);
    expect(preview.warnings).toEqual(['Fields not imported (Zones & Factions has nothing by these names): "speed".']);
    expect(preview.rows[0]?.item).toBeDefined();
    expect(preview.rows[1]?.errors).toContain('the entry should be a group of fields like {"name": "Goblin"}, not "Orc"');
    expect(preview.rows[2]?.name).toBe('7');
    expect(preview.rows[3]?.errors).toEqual(['Zones & Factions has no stat called "cha" (its stats: STR, AGI, WIT)']);
    expect(preview.rows[4]?.errors).toEqual(['Stats should be a group of named values, not 5']);
  });

  it('refuses other shapes, broken JSON and prototype keys with a sentence', () => {
    expect(json({ monsters: [] }).error).toMatch(/should hold a list of entries .* or \{"bestiary": \[...\]\}/);
    expect(json(42).error).toMatch(/it holds 42/);
    expect(parseBestiary('[{"name": "Gob"', 'm.json', zones).error).toMatch(/^"m.json" is not valid JSON/);
    const proto = parseBestiary('[{"name":"Gob","__proto__":{"x":1}}]', 'm.json', zones);
    expect(proto.error).toMatch(/contains the key "__proto__"/);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(json([]).error).toBe('There are no entries in the file.');
  });

  it('sniffs pasted text without a file name', () => {
    expect(parseBestiary(' [{"name":"Gob"}]', '', zones).format).toBe('json');
    expect(parseBestiary('name\nGob', '', zones).format).toBe('csv');
  });
});

describe('limits and garbage', () => {
  it('refuses files over the size and row limits', () => {
    const big = `name,notes\n${'x,'.padEnd(MAX_IMPORT_FILE_BYTES, 'y')}`;
    expect(csv(big).error).toMatch(/is 2 MB, over the 2 MB limit|is 2\.0 MB|over the 2 MB limit/);
    const many = `name\n${Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => `G${i}`).join('\n')}`;
    expect(csv(many).error).toBe('The file has 2,001 entries; import at most 2,000 at a time (split the file).');
    expect(json(Array.from({ length: MAX_IMPORT_ROWS + 1 }, () => ({ name: 'G' }))).error).toMatch(/2,001 entries/);
    expect(decodeImportFile(new Uint8Array(MAX_IMPORT_FILE_BYTES + 1), 'big.csv')).toMatchObject({ ok: false, code: 'import/too-big' });
  });

  it('never throws on garbage', () => {
    const garbage = ['', '   ', '\u0000\u0001\u0002PK', '"""', ',,,\n,,,', '{', 'null', '[null, 1, [], {}]', 'name\n\u0000', '\uFEFF'];
    for (const text of garbage) {
      for (const file of ['x.csv', 'x.json', '']) {
        const preview = parseBestiary(text, file, zones);
        expect(preview.error !== null || preview.rows.length > 0).toBe(true);
      }
    }
    expect(parseBestiary(123 as unknown as string, 'x.csv', zones).error).toMatch(/is not text/);
  });

  it('decodes UTF-8, UTF-16 and Excel’s Windows-1252, and refuses binary data', () => {
    expect(decodeImportFile(new TextEncoder().encode('\uFEFFname\nGoblin'), 'a.csv')).toEqual({ ok: true, value: 'name\nGoblin' });
    expect(decodeImportFile(new Uint8Array([0x6e, 0x0a, 0x43, 0x61, 0x66, 0xe9]), 'a.csv')).toEqual({ ok: true, value: 'n\nCafé' });
    expect(decodeImportFile(new Uint8Array([0xff, 0xfe, 0x6e, 0x00]), 'a.csv')).toEqual({ ok: true, value: 'n' });
    expect(decodeImportFile(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]), 'a.png')).toMatchObject({ ok: false, message: '"a.png" looks like binary data, not a text file. Choose a .csv or .json file.' });
  });
});
