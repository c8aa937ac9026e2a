/**
 * What the IPC contract's payload checks share (ipc-contract/, player-screen-schema.ts): how an
 * object payload's own issues are worded, and the longest display name. No `electron` import and
 * no Node module: the preload bundles it.
 */
import * as v from 'valibot';

/** Longest display name (campaign, encounter); the store's `NAME_MAX` (a test keeps them equal). */
export const MAX_NAME_LENGTH = 120;

/** Messages for an object payload's own issues: not an object, a missing field, an extra one. */
export function objectMessage(shape: string) {
  return (issue: v.BaseIssue<unknown>): string => {
    if (issue.expected === 'never') return `unknown field ${issue.received}`;
    if (issue.path?.length) return `missing field ${v.getDotPath(issue)}`;
    return `expected a payload ${shape}, got ${issue.received}`;
  };
}
