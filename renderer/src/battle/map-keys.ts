import type { ShortcutAction } from '../shortcuts';

/**
 * Where the screen's map keys (M measure, L sight, W walk, F fog and doors) reach the battle map
 * on screen. The grid map is loaded on demand (so a component reference can't be bound through
 * its loader): the map on screen registers here while mounted, and the tracker hands it the keys.
 */
export interface MapKeys {
  /** True when the map handled the action. */
  shortcut(action: ShortcutAction): boolean;
}

let current: MapKeys | null = null;

/** The map on screen takes the keys from now on; the function returned gives them back. */
export function takeMapKeys(map: MapKeys): () => void {
  current = map;
  return () => {
    if (current === map) current = null;
  };
}

/** Hands a key to the map on screen; false when there is none, or it has no use for the key. */
export function mapShortcut(action: ShortcutAction): boolean {
  return current?.shortcut(action) ?? false;
}
