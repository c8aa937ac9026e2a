/**
 * The User Timing measure the session records for each fight it opens: from "Resume" to the fight
 * read from its store and folded, ready for the tracker to draw. It shows in the browser's performance tools, and
 * `npm run bench` (scripts/bench-open.ts) reads it. Its detail counts what was read and replayed
 * for it: `events` in the history, `startedFrom` (the snapshot the replay started from, 0 for
 * none), `linesRead` (journal lines read from the store), `replayed` (events applied), and
 * `preview` when what was drawn is a long fight's end shown while the rest is read.
 */
export const OPEN_MEASURE = 'gm-screen: open a fight';

/**
 * When a long fight opened with its end shown first (`preview` above): from "Resume" to its whole
 * history read and folded, which replaces the end shown, with the same detail.
 */
export const OPEN_HISTORY_MEASURE = 'gm-screen: open a fight, its whole history read';
