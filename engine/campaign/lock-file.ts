/**
 * A campaign folder's `.lock` file: who has the campaign open. The disk store takes, checks and
 * releases it (`electron/campaigns/lock.ts`); the campaign list shows what it says (`LockState`),
 * so the renderer knows its shape too.
 */
import * as v from 'valibot';

/** The lock file's name inside a campaign folder. */
export const LOCK_FILE = '.lock';

/** The lock file's content: pid, hostname, time and a random token that tells one lock from another. */
export const lockSchema = v.strictObject({
  type: v.literal('gm-screen/lock'),
  version: v.literal(1),
  pid: v.pipe(v.number(), v.integer(), v.minValue(1)),
  hostname: v.pipe(v.string(), v.maxLength(255)),
  since: v.string(),
  token: v.string(),
});

/** Who holds a lock, as read from its file. */
export type LockInfo = v.InferOutput<typeof lockSchema>;

/** What is known about an existing lock. */
export interface LockState {
  /** The parsed lock, or null when the file is empty or damaged (a crash while taking it). */
  readonly info: LockInfo | null;
  /** Provably abandoned: same computer and the pid is gone, or the file is unreadable. */
  readonly stale: boolean;
}
