import { describe, expect, it } from 'vitest';
import { utf8Length } from '../json-guard';
import { folderNameFor, newId } from './random-names';
import { checkDisplayName, checkId, checkPathSegment, FILE_NAME_MAX_BYTES, ID_PATTERN, safeFileName, slugify } from './safe-names';

describe('checkPathSegment', () => {
  it.each([
    ['..', 'points outside its folder'],
    ['.', 'points outside its folder'],
    ['../etc', 'path separator'],
    ['a/b', 'path separator'],
    ['a\\b', 'path separator'],
    ['/etc/passwd', 'path separator'],
    ['C:\\Windows', 'path separator'],
    ['C:', 'contains ":"'],
    ['a:stream', 'contains ":"'],
    ['what?', 'contains "?"'],
    ['star*', 'contains "*"'],
    ['<tag>', 'contains "<"'],
    ['pipe|', 'contains "|"'],
    ['say "hi"', 'contains """'],
    ['tab\there', 'control character'],
    ['line\nbreak', 'control character'],
    ['nul\u0000byte', 'control character'],
    ['trailing.', 'ends with a dot or a space'],
    ['trailing ', 'ends with a dot or a space'],
    ['CON', 'reserved by Windows'],
    ['con', 'reserved by Windows'],
    ['Nul.txt', 'reserved by Windows'],
    ['PRN', 'reserved by Windows'],
    ['aux.json', 'reserved by Windows'],
    ['COM1', 'reserved by Windows'],
    ['com9.jsonl', 'reserved by Windows'],
    ['LPT1', 'reserved by Windows'],
    ['lpt9', 'reserved by Windows'],
    ['x'.repeat(101), 'longer than 100'],
  ])('refuses %j (%s)', (segment, problem) => {
    const result = checkPathSegment(segment);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.code).toBe('name/unsafe');
      expect(result.message).toContain(problem);
    }
  });

  it('refuses the empty name and non-strings', () => {
    expect(checkPathSegment('').ok).toBe(false);
    expect(checkPathSegment(42).ok).toBe(false);
    expect(checkPathSegment(null).ok).toBe(false);
  });

  it.each(['lost-mine-k3x9q2', 'My Campaign (copy)', 'Ünïcödé', 'console', 'com10', 'lpt', 'a.b.c', '.hidden'])('accepts %j', (segment) => {
    expect(checkPathSegment(segment)).toEqual({ ok: true, value: segment });
  });
});

describe('checkId', () => {
  it('accepts generated ids', () => {
    for (let i = 0; i < 50; i++) expect(checkId(newId()).ok).toBe(true);
  });

  it.each(['', '../x', 'a/b', 'a\\b', 'A-upper', 'with space', 'dot.dot', '-lead', 'trail-', 'x'.repeat(65), 'con', 'nul', 'com1', 'lpt3', 'é'])(
    'refuses %j',
    (id) => {
      const result = checkId(id);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.code).toBe('name/bad-id');
    },
  );

  it('refuses non-strings', () => {
    expect(checkId(7).ok).toBe(false);
    expect(checkId({ toString: () => 'x' }).ok).toBe(false);
  });

  it('pattern has no way to express a separator or dot', () => {
    expect(ID_PATTERN.test('a.b')).toBe(false);
    expect(ID_PATTERN.test('a:b')).toBe(false);
  });
});

describe('slugify and folderNameFor', () => {
  it.each([
    ['The Lost Mine of Phandelver', 'the-lost-mine-of-phandelver'],
    ['Ärger im Dörfchen', 'arger-im-dorfchen'],
    ['../../etc/passwd', 'etc-passwd'],
    ['CON', 'con'],
    ['  ', 'campaign'],
    ['東京の夜', 'campaign'],
    ['a'.repeat(80), 'a'.repeat(40)],
    ['trailing...', 'trailing'],
  ])('%j → %j', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it('adds a random suffix and always yields a safe folder name', () => {
    const names = ['CON', 'nul.', '..', 'a<b>c', 'tab\tname', 'x'.repeat(200), ''];
    for (const name of names) {
      const folder = folderNameFor(name);
      expect(folder).toMatch(/^[a-z0-9-]+-[a-z0-9]{6}$/);
      expect(checkPathSegment(folder).ok).toBe(true);
    }
    expect(folderNameFor('same')).not.toBe(folderNameFor('same'));
  });
});

describe('checkDisplayName', () => {
  it('trims and accepts any printable text, including path-like text (never used as a path)', () => {
    expect(checkDisplayName('  Lost Mine  ')).toEqual({ ok: true, value: 'Lost Mine' });
    expect(checkDisplayName('A/B ../CON').ok).toBe(true);
  });

  it('refuses empty, too long, control characters and non-text', () => {
    expect(checkDisplayName('   ').ok).toBe(false);
    expect(checkDisplayName('x'.repeat(121)).ok).toBe(false);
    expect(checkDisplayName('two\nlines').ok).toBe(false);
    expect(checkDisplayName(12).ok).toBe(false);
  });
});

describe('safeFileName', () => {
  it.each([
    ['Lost Mine – Goblin ambush – 2026-11-23.md', 'Lost Mine – Goblin ambush – 2026-11-23.md'],
    ['Round 1: ambush.md', 'Round 1- ambush.md'],
    ['say "hi".html', "say 'hi'.html"],
    ['a<b>c|d?e*f.csv', 'a-b-c-d-e-f.csv'],
    ['a/b\\c.json', 'a-b-c.json'],
    ['tab\there.md', 'tab here.md'],
    ['many    spaces.md', 'many spaces.md'],
    ['  .hidden.md', 'hidden.md'],
    ['trailing. . .md', 'trailing.md'],
    ['CON.md', '_CON.md'],
    ['nul.csv', '_nul.csv'],
    ['com1.pdf', '_com1.pdf'],
    ['console.md', 'console.md'],
    ['.md', 'export.md'],
    ['...md', 'export.md'],
    ['x\u202Egpj.exe.md', 'xgpj.exe.md'],
    ['no extension', 'no extension'],
    ['odd.ext ension', 'odd.ext ension'],
  ])('%j becomes %j', (name, safe) => {
    expect(safeFileName(name)).toBe(safe);
    expect(checkPathSegment(safe).ok).toBe(true);
  });

  it('uses the fallback for an empty stem', () => {
    expect(safeFileName('.json', 'encounter-log')).toBe('encounter-log.json');
    expect(safeFileName(' ?.md', 'encounter-log')).toBe('-.md');
  });

  it('cuts a long stem between characters to fit the byte budget, keeping the extension', () => {
    const long = safeFileName(`${'🐉'.repeat(100)}.md`);
    expect(utf8Length(long)).toBeLessThanOrEqual(FILE_NAME_MAX_BYTES);
    expect(long).toMatch(/^(?:🐉)+\.md$/u);
    const ascii = safeFileName(`${'a'.repeat(300)} tail.csv`);
    expect(ascii).toBe(`${'a'.repeat(FILE_NAME_MAX_BYTES - 5)}.csv`);
    // A cut that ends on a space or a dot drops it.
    expect(safeFileName(`${'a'.repeat(FILE_NAME_MAX_BYTES - 5)} b.md`)).toBe(`${'a'.repeat(FILE_NAME_MAX_BYTES - 5)}.md`);
  });
});
