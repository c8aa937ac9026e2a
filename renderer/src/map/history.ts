// Undo and redo for the map editors (zone maps and grid maps): every edit makes a new map and
// leaves the old one as it was, so the history is a plain list of maps.

/** The maps before and after the current one. */
export interface History<T> {
  readonly past: readonly T[];
  readonly present: T;
  readonly future: readonly T[];
  /** The group of the last change: a change in the same group replaces it rather than adding a step. */
  readonly group: string | null;
}

/** How many steps back undo reaches. */
export const HISTORY_CAP = 100;

export function startHistory<T>(map: T): History<T> {
  return { past: [], present: map, future: [], group: null };
}

/**
 * The history with `next` as the current map. Changes with the same `group` one after another
 * (the moves of one drag, the letters of one name) make one step.
 */
export function record<T>(history: History<T>, next: T, group: string | null = null, cap = HISTORY_CAP): History<T> {
  if (next === history.present) return history;
  if (group !== null && group === history.group) return { ...history, present: next, future: [] };
  const past = [...history.past, history.present];
  return { past: past.slice(Math.max(0, past.length - cap)), present: next, future: [], group };
}

/** The history with its group closed, so the next change is a step of its own. */
export function endGroup<T>(history: History<T>): History<T> {
  return history.group === null ? history : { ...history, group: null };
}

export const canUndo = <T>(history: History<T>): boolean => history.past.length > 0;
export const canRedo = <T>(history: History<T>): boolean => history.future.length > 0;

export function undo<T>(history: History<T>): History<T> {
  const previous = history.past[history.past.length - 1];
  if (!previous) return history;
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future], group: null };
}

export function redo<T>(history: History<T>): History<T> {
  const next = history.future[0];
  if (!next) return history;
  return { past: [...history.past, history.present], present: next, future: history.future.slice(1), group: null };
}
