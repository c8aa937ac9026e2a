/**
 * The lists of an encounter's history (its events, its step ends, its kept states) grow by a few
 * items at each GM step and are read whole by the screen. Copying a list of 50,000 events at
 * every step made a step's cost grow with the fight's length (issue 43), so the values of one
 * history share one array, and each value owns a length in it:
 *
 * - the newest value (nothing lies past its length) hands out the shared array itself, and the
 *   next step pushes onto it: no copy;
 * - redo pushes nothing when the shared array already holds the very step it puts back (the
 *   items past the length are that step's own objects): no copy;
 * - an older value, or an undone one, reads its own copy of the first `length` items, made once
 *   when it is first read after the shared array grew past it; a new step after an undo (a branch)
 *   copies the kept part once and goes on in the copy.
 *
 * Chosen over a persistent (chunked) list because every reader of `Encounter.events` (the log, the
 * panels, exports, the journal) keeps reading a plain array. The one thing a reader must not rely
 * on: the array the newest value handed out grows when the next step is taken. Readers that keep a
 * list copy it (`redoable`, `verifyOpened`), and the screen follows the encounter, not its list.
 */

/** The first `length` items of `items`; `owned` when `items` was made here and may be pushed onto. */
export interface Growing<T> {
  readonly items: T[];
  readonly length: number;
  readonly owned: boolean;
}

/** A list handed in from outside (a restored history, a test's literal): never pushed onto. */
export function outside<T>(list: readonly T[]): Growing<T> {
  // Read-only here: `owned: false` makes `grow` copy before pushing.
  return { items: list as T[], length: list.length, owned: false };
}

/** `list` with `added` after it (see the module's comment for when that copies). */
export function grow<T>(list: Growing<T>, added: readonly T[]): Growing<T> {
  const { items, length } = list;
  const length2 = length + added.length;
  if (list.owned && items.length === length) {
    for (const item of added) items.push(item);
    return { items, length: length2, owned: true };
  }
  if (list.owned && items.length >= length2 && added.every((item, i) => items[length + i] === item)) {
    return { items, length: length2, owned: true };
  }
  const copy = items.slice(0, length);
  for (const item of added) copy.push(item);
  return { items: copy, length: length2, owned: true };
}

/** The first `length` items of `list` (`length` at most its own). */
export function shortened<T>(list: Growing<T>, length: number): Growing<T> {
  return { items: list.items, length, owned: list.owned };
}

/**
 * How a value reads its list: the shared array while nothing lies past its length, else its own
 * copy, made once.
 */
export function reader<T>(list: Growing<T>): () => readonly T[] {
  let own: readonly T[] | null = null;
  return () => {
    if (own) return own;
    if (list.items.length === list.length) return list.items;
    own = list.items.slice(0, list.length);
    return own;
  };
}
