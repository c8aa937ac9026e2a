/**
 * The User Timing measure the session records for each fight it opens: from "Resume" to the fight
 * read from its store and folded, ready for the tracker to draw. It shows in the browser's performance tools, and
 * `npm run bench` (scripts/bench-open.ts) reads it.
 */
export const OPEN_MEASURE = 'gm-screen: open a fight';
