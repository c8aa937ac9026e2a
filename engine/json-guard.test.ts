import { describe, expect, it } from 'vitest';
import { checkDepth, checkJsonValue, decodeUtf8, MAX_JSON_DEPTH, parseJsonText } from './json-guard';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('checkDepth', () => {
  it('accepts the limit and refuses one more, saying where', () => {
    expect(checkDepth(nested(MAX_JSON_DEPTH), 'f').ok).toBe(true);
    const deep = checkDepth(nested(MAX_JSON_DEPTH + 1), 'f');
    expect(deep).toMatchObject({ ok: false, code: 'json/too-deep' });
    if (!deep.ok) expect(deep.message).toContain('at character 65');
  });

  it('scans a million brackets without recursion', () => {
    const result = checkDepth('['.repeat(1_000_000), 'f');
    expect(result.ok).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ a: `${'['.repeat(500)}\\"${'{'.repeat(500)}` });
    expect(checkDepth(text, 'f').ok).toBe(true);
  });
});

describe('parseJsonText', () => {
  it('parses plain JSON', () => {
    expect(parseJsonText('{"a":[1,2,{"b":null}]}', 'f')).toEqual({ ok: true, value: { a: [1, 2, { b: null }] } });
  });

  it.each(['__proto__', 'constructor', 'prototype'])('refuses the key %s anywhere, naming its path', (key) => {
    const result = parseJsonText(`{"roster":[{"data":{"${key}":{"polluted":true}}}]}`, 'x/campaign.json');
    expect(result).toMatchObject({ ok: false, code: 'json/forbidden-key' });
    if (!result.ok) expect(result.message).toContain(`roster[0].data.${key}`);
  });

  // Issue 14: 1e309 read as Infinity let a hand-edited campaign open, and then every save failed.
  it.each(['1e309', '-1e309', '123e400'])('refuses the number %s, which reads as infinite, naming its path', (number) => {
    const result = parseJsonText(`{"roster":[{"data":{"tracks":{"hp":${number}}}}]}`, 'x/campaign.json');
    expect(result).toMatchObject({ ok: false, code: 'json/number-too-large' });
    if (!result.ok) expect(result.message).toMatch(/^x\/campaign\.json holds a number too large to keep at roster\[0\]\.data\.tracks\.hp \(-?Infinity\); correct it in the file and open it again\.$/);
  });

  it('keeps large numbers that are still finite', () => {
    expect(parseJsonText('{"a":1e308}', 'f')).toEqual({ ok: true, value: { a: 1e308 } });
  });

  it('sees an escaped __proto__ key too', () => {
    expect(parseJsonText('{"\\u005f_proto__":1}', 'f')).toMatchObject({ ok: false, code: 'json/forbidden-key' });
  });

  it('says "cut off" for text that ends early and where for other syntax errors', () => {
    const cut = parseJsonText('{"a":[1,2', 'f');
    expect(!cut.ok && cut.message).toContain('cut off');
    const bad = parseJsonText('{"a" 1}', 'f');
    expect(!bad.ok && bad.message).toContain('at character 6');
    const pretty = parseJsonText('{\n  "a": 1,\n  "b" 2\n}', 'f');
    expect(!pretty.ok && pretty.message).toContain('at line 3, column 7');
  });

  it('refuses empty text', () => {
    expect(parseJsonText('  \n', 'f')).toMatchObject({ ok: false, code: 'json/empty' });
  });
});

describe('decodeUtf8', () => {
  it('refuses invalid UTF-8 and a BOM', () => {
    expect(decodeUtf8(new Uint8Array([0xff, 0xfe, 0x00]), 'f')).toMatchObject({ ok: false, code: 'json/not-text' });
    expect(decodeUtf8(new Uint8Array([0xef, 0xbb, 0xbf, 0x7b, 0x7d]), 'f')).toMatchObject({ ok: false, code: 'json/bom' });
    expect(decodeUtf8(new TextEncoder().encode('{"é":1}'), 'f')).toEqual({ ok: true, value: '{"é":1}' });
  });
});

describe('checkJsonValue', () => {
  it('accepts JSON data', () => {
    expect(checkJsonValue({ a: [1, 'x', true, null, { b: -0.5 }], c: Object.create(null) as object }, 'f').ok).toBe(true);
  });

  it.each([
    ['undefined in a list', [1, undefined]],
    ['undefined at the top', undefined],
    ['NaN', { a: Number.NaN }],
    ['Infinity', [Infinity]],
    ['a function', { a: () => 1 }],
    ['a bigint', { a: 1n }],
    ['a Date', { a: new Date(0) }],
    ['a Map', { a: new Map() }],
    ['a forbidden key', JSON.parse('{"__proto__":{"x":1}}') as unknown],
    ['too deep', JSON.parse(nested(MAX_JSON_DEPTH + 1)) as unknown],
  ])('refuses %s', (_what, value) => {
    expect(checkJsonValue(value, 'f')).toMatchObject({ ok: false, code: 'json/not-data' });
  });

  it('allows an undefined property (left out, like an absent optional field)', () => {
    expect(checkJsonValue({ a: 1, note: undefined }, 'f').ok).toBe(true);
  });

  it('refuses a cycle instead of looping', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(checkJsonValue(cyclic, 'f').ok).toBe(false);
  });
});
