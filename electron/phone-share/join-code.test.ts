import { describe, expect, it } from 'vitest';
import { JOIN_CODE_ALPHABET, JoinCodeHistory, RETIRED_CODES_KEPT, newJoinCode, normalJoinCode, shownJoinCode } from './join-code';

describe('join codes', () => {
  it('are 8 letters of a 32-letter alphabet without look-alikes, shown with a dash in the middle', () => {
    expect(JOIN_CODE_ALPHABET).toHaveLength(32);
    expect(new Set(JOIN_CODE_ALPHABET).size).toBe(32);
    for (const lookAlike of ['l', 'o', '0', '1']) expect(JOIN_CODE_ALPHABET).not.toContain(lookAlike);
    const codes = Array.from({ length: 2000 }, () => newJoinCode());
    for (const code of codes) expect(code).toMatch(/^[a-km-np-z2-9]{4}-[a-km-np-z2-9]{4}$/);
    // 40 random bits: 2,000 codes never repeat, and every letter turns up.
    expect(new Set(codes).size).toBe(codes.length);
    expect(new Set(codes.join('').replaceAll('-', ''))).toEqual(new Set(JOIN_CODE_ALPHABET));
  });

  const read: [string, string | null][] = [
    ['ab3k-9xq2', 'ab3k9xq2'],
    ['ab3k9xq2', 'ab3k9xq2'],
    ['AB3K-9XQ2', 'ab3k9xq2'],
    ['Ab3K9xQ2', 'ab3k9xq2'],
    ['  ab3k-9xq2\n', 'ab3k9xq2'],
    ['ab3-k9xq2', null],
    ['ab3k--9xq2', null],
    ['ab3k-9xq', null],
    ['ab3k9xq2a', null],
    ['ab3k-9xq0', null],
    ['ab3l-9xq2', null],
    ['ab3k 9xq2', null],
    ['', null],
    ['../etc/passwd', null],
  ];
  it.each(read)('reads %j as %j', (text, letters) => {
    expect(normalJoinCode(text)).toBe(letters);
  });

  it('reads back every code it shows', () => {
    const code = newJoinCode();
    expect(shownJoinCode(normalJoinCode(code) ?? '')).toBe(code);
  });

  it("take the code proposed by the main process unless this sharing used it before, and remember the last 16 replaced", () => {
    const history = new JoinCodeHistory('ab3k9xq2');
    expect(history.replace('CD4M-7XYZ')).toBe('cd4m7xyz');
    expect(history.isRetired('ab3k9xq2')).toBe(true);
    // The code it replaces, or one replaced before, is never taken again: a new random one is drawn.
    const again = history.replace('ab3k-9xq2');
    expect(again).not.toBe('ab3k9xq2');
    expect(normalJoinCode(again)).toBe(again);
    expect(history.replace('cd4m7xyz')).not.toBe('cd4m7xyz');
    // Not a code: a new random one.
    expect(normalJoinCode(history.replace('../etc'))).not.toBeNull();
    for (let i = 0; i < RETIRED_CODES_KEPT; i++) history.replace();
    expect(history.isRetired('ab3k9xq2')).toBe(false);
    // A history started again keeps the codes replaced before (what reads as a code, the latest first).
    const restarted = new JoinCodeHistory('ab3k9xq2', ['CD4M-7XYZ', 'not a code', 'ef5n8wab']);
    expect(restarted.retiredCodes()).toEqual(['cd4m7xyz', 'ef5n8wab']);
    expect(restarted.isRetired('cd4m7xyz')).toBe(true);
    expect(restarted.replace('ef5n-8wab')).not.toBe('ef5n8wab');
    // Two histories told the same proposals stay alike (the main process's and the server's).
    const [main, server] = [new JoinCodeHistory('ab3k9xq2'), new JoinCodeHistory('ab3k9xq2')];
    for (let i = 0; i < 20; i++) expect(server.replace(main.replace())).toBe(main.current);
  });
});
