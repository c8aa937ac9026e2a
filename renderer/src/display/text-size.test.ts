import { describe, expect, it } from 'vitest';
import { chooseLargeText, largeTextChosen } from './text-size';

// A stand-in for localStorage and for the page's root element's class list.
function memory(): Storage {
  const items = new Map<string, string>();
  return {
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => void items.set(k, v),
    removeItem: (k) => void items.delete(k),
    clear: () => items.clear(),
    key: (i) => [...items.keys()][i] ?? null,
    get length() {
      return items.size;
    },
  };
}

function root(): HTMLElement {
  const classes = new Set<string>();
  return { classList: { toggle: (c: string, on: boolean) => (on ? classes.add(c) : classes.delete(c), on), contains: (c: string) => classes.has(c) } } as unknown as HTMLElement;
}

describe('the large text setting', () => {
  it('puts the class on the page and remembers the choice on this device, both ways', () => {
    const storage = memory();
    const page = root();
    expect(largeTextChosen(storage)).toBe(false);
    chooseLargeText(true, page, storage);
    expect(page.classList.contains('large-text')).toBe(true);
    expect(largeTextChosen(storage)).toBe(true);
    chooseLargeText(false, page, storage);
    expect(page.classList.contains('large-text')).toBe(false);
    expect(largeTextChosen(storage)).toBe(false);
  });

  it('still shows the choice when the browser refuses to store it', () => {
    const page = root();
    const refusing = { setItem: () => { throw new Error('QuotaExceededError'); }, removeItem: () => {} };
    chooseLargeText(true, page, refusing);
    expect(page.classList.contains('large-text')).toBe(true);
  });
});
