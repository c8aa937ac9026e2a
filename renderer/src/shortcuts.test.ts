import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SHORTCUTS, shortcutFor, type KeyPress } from './shortcuts';

const press = (key: string, extra: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  typing: false,
  ...extra,
});

describe('shortcutFor', () => {
  it('maps Space and N to the next turn, P to the previous one', () => {
    expect(shortcutFor(press(' '))).toBe('next-turn');
    expect(shortcutFor(press('n'))).toBe('next-turn');
    expect(shortcutFor(press('N', { shiftKey: true }))).toBe('next-turn');
    expect(shortcutFor(press('p'))).toBe('previous-turn');
  });

  it('maps Ctrl+Z to undo and Ctrl+Shift+Z or Ctrl+Y to redo, Cmd too', () => {
    expect(shortcutFor(press('z', { ctrlKey: true }))).toBe('undo');
    expect(shortcutFor(press('Z', { ctrlKey: true, shiftKey: true }))).toBe('redo');
    expect(shortcutFor(press('y', { ctrlKey: true }))).toBe('redo');
    expect(shortcutFor(press('z', { metaKey: true }))).toBe('undo');
  });

  it('leaves keys to a text field being typed in, except Escape', () => {
    expect(shortcutFor(press(' ', { typing: true }))).toBeNull();
    expect(shortcutFor(press('z', { ctrlKey: true, typing: true }))).toBeNull();
    expect(shortcutFor(press('Escape', { typing: true }))).toBe('close');
  });

  it('opens help on ? and ignores keys it does not know', () => {
    expect(shortcutFor(press('?', { shiftKey: true }))).toBe('help');
    expect(shortcutFor(press('q'))).toBeNull();
    expect(shortcutFor(press('n', { altKey: true }))).toBeNull();
  });

  it('maps 1 to 9 to picking who acts, X to pass and T to attack, but not while typing', () => {
    expect(shortcutFor(press('1'))).toBe('pick-1');
    expect(shortcutFor(press('9'))).toBe('pick-9');
    expect(shortcutFor(press('0'))).toBeNull();
    expect(shortcutFor(press('x'))).toBe('pass');
    expect(shortcutFor(press('T', { shiftKey: true }))).toBe('attack');
    expect(shortcutFor(press('3', { typing: true }))).toBeNull();
    expect(shortcutFor(press('x', { typing: true }))).toBeNull();
  });
});

describe('the map keys', () => {
  it('maps S to the side panel, W to walking, M to measuring, L to sight and F to doors and fog, but not while typing', () => {
    expect(shortcutFor(press('s'))).toBe('side-panel');
    expect(shortcutFor(press('w'))).toBe('walk');
    expect(shortcutFor(press('M', { shiftKey: true }))).toBe('measure');
    expect(shortcutFor(press('l'))).toBe('sight');
    expect(shortcutFor(press('f'))).toBe('fog');
    for (const key of 'swmlf') expect(shortcutFor(press(key, { typing: true })), key).toBeNull();
    expect(shortcutFor(press('m', { ctrlKey: true }))).toBeNull();
  });
});

describe('the shortcut table the help and the palette show', () => {
  // "Ctrl+Shift+Z" as a key press; "↓" and "Space" as the keys they name.
  const pressOf = (shown: string): KeyPress => {
    const parts = shown.split('+');
    const last = parts[parts.length - 1] ?? '';
    const key = ({ Space: ' ', '↓': 'ArrowDown', '↑': 'ArrowUp', Esc: 'Escape' } as Record<string, string>)[last] ?? last.toLowerCase();
    return press(key, { ctrlKey: parts.includes('Ctrl'), shiftKey: parts.includes('Shift') });
  };

  it('names keys that do what it says', () => {
    for (const s of SHORTCUTS) {
      if (s.id === null) continue;
      // ↓ and ↑ share a line: the first key is the line's action.
      const [first, ...rest] = s.keys;
      expect(shortcutFor(pressOf(first ?? '')), first).toBe(s.id);
      if (s.id !== 'select-next') for (const k of rest) expect(shortcutFor(pressOf(k)), k).toBe(s.id);
    }
  });

  it('lists every action a plain key runs', () => {
    const listed = new Set(SHORTCUTS.map((s) => s.id));
    for (const key of 'abcdefghijklmnopqrstuvwxyz ?') {
      const action = shortcutFor(press(key));
      if (action !== null && !action.startsWith('pick-')) expect(listed.has(action), key).toBe(true);
    }
  });
});

describe("the README's table of keys", () => {
  it('lists every shortcut, with its keys and what it does as the help says it', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const table = readme.slice(readme.indexOf('### Keys'));
    for (const s of SHORTCUTS) expect(table, s.action).toContain(`| ${s.keys.map((k) => `**${k}**`).join(' / ')} | ${s.action} |`);
  });
});

describe('Ctrl+K', () => {
  it('opens the palette from inside a field too', () => {
    expect(shortcutFor(press('k', { ctrlKey: true, typing: true }))).toBe('palette');
    expect(shortcutFor(press('k', { ctrlKey: true }))).toBe('palette');
  });
});
