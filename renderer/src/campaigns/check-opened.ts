/**
 * A fight opened from a snapshot in its journal shows at once, with only the tail of its history
 * replayed; the events before the snapshot are checked here, right after the screen is drawn, by
 * replaying the whole history (engine/encounter/journal-snapshots.ts says why a snapshot is never
 * trusted on its own).
 */
import { verifyOpened, type Encounter, type Failure } from '../../../engine/index';

/** What the whole history says of a fight opened from a snapshot. */
export type OpenedCheck =
  /** It gives the state that was opened. */
  | { readonly status: 'agrees' }
  /** It gives another state (a stale or forged snapshot): the history wins. */
  | { readonly status: 'differs' }
  /** It can't be replayed (a damaged or forged event before the snapshot). */
  | { readonly status: 'damaged'; readonly failure: Failure };

/** Replays `opened`'s whole history once the screen has had a frame to draw it. */
export async function checkOpened(opened: Encounter, label: string): Promise<OpenedCheck> {
  await afterNextPaint();
  const verified = verifyOpened(opened, label);
  if (!verified.ok) return { status: 'damaged', failure: verified };
  return { status: verified.value.agrees ? 'agrees' : 'differs' };
}

/** Resolves after the next frame is painted (or on the next task where nothing paints, as in tests). */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    const later = () => setTimeout(resolve, 0);
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(later);
    else later();
  });
}
