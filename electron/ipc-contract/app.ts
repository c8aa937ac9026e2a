// The IPC contract's `app:*` channels: the app itself, its window title and the players' window.
import * as v from 'valibot';
import type { Result } from '../../engine/campaign/index';
import { objectMessage } from '../ipc-messages';
import { playerScreenPayload } from '../player-screen-schema';
import { channel, noPayload } from './channel';

/** Titles longer than this are refused rather than cut (the GM typed them, so say so). */
export const MAX_TITLE_LENGTH = 120;

/** What `appInfo()` answers. */
export interface AppInfo {
  readonly name: string;
  readonly version: string;
  readonly platform: string;
}

const titlePayload = v.strictObject(
  {
    title: v.pipe(
      v.string('title must be a string'),
      v.trim(),
      v.minLength(1, 'title must not be empty'),
      v.maxLength(
        MAX_TITLE_LENGTH,
        (issue) => `title must be at most ${MAX_TITLE_LENGTH} characters (got ${issue.received})`,
      ),
      // Control characters (newlines, escapes) have no business in a window title.
      v.regex(/^[^\p{Cc}]*$/u, 'title must not contain control characters'),
    ),
  },
  objectMessage('{ title: string }'),
);

export const appChannels = {
  'app:info': channel<AppInfo>()('appInfo', noPayload),
  /** Sets the window title to "<title> — GM Screen". */
  'app:set-title': channel<void>()('setTitle', titlePayload),
  /**
   * Opens the players' window (the same page at `#player`): where it was last time, else full
   * screen on a second display, else beside the GM window. Focuses it when it is already open.
   */
  'app:open-player-view': channel<Result<void>>()('openPlayerView', noPayload),
  /** Toggles the players' window's full screen; a failure (`player/not-open`) when it is closed. */
  'app:toggle-player-full-screen': channel<Result<void>>()('togglePlayerFullScreen', noPayload),
  /**
   * What the players' screen shows now, from the GM window. The main process keeps the last one
   * and sends it to the players' window only (at once, and again whenever that window loads); the
   * players' window itself may not call this.
   */
  'app:publish-player-screen': channel<void>()('publishPlayerScreen', playerScreenPayload),
} as const;
