/**
 * The GM's text size: normal, or large (about a quarter larger) for reading the screen from
 * further away. Every size in the app is in rem, so one class on the root scales all of it. Kept
 * on this device (localStorage), not in a campaign: it is about the screen and the eyes, not the game.
 */

const KEY = 'gm-screen:large-text';
const CLASS = 'large-text';

/** Whether large text was chosen on this device. */
export function largeTextChosen(storage: Pick<Storage, 'getItem'> | null = safeStorage()): boolean {
  return storage?.getItem(KEY) === 'on';
}

/** Shows the page as this device last chose (at start-up). */
export function applyChosenTextSize(root: HTMLElement = document.documentElement): void {
  root.classList.toggle(CLASS, largeTextChosen());
}

/** Shows the page in large text or not, and remembers the choice on this device. */
export function chooseLargeText(on: boolean, root: HTMLElement = document.documentElement, storage: Pick<Storage, 'setItem' | 'removeItem'> | null = safeStorage()): void {
  root.classList.toggle(CLASS, on);
  // A browser that refuses storage (private mode, a full quota) still shows the choice now.
  try {
    if (on) storage?.setItem(KEY, 'on');
    else storage?.removeItem(KEY);
  } catch {
    /* kept for this visit only */
  }
}

// localStorage itself can throw where storage is disabled.
function safeStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
