/**
 * The stream's events as bytes, in the Server-Sent Events format. A screen's JSON is built here
 * once and the same bytes go to every watcher.
 *
 * The protocol between the laptop and a phone (issue 44):
 * - `http://<address>:<port>/<code>/`: the phone page; `/<code>/<file>`: its built files
 *   (`dist/phone/`, relative URLs). The join code is in the path, not a #hash, so that it gates
 *   every request: 8 characters of 32, shown as `ab3k-9xq2`, taken with or without the dash.
 * - `GET /<code>/screen`: the stream, `text/event-stream`, in this order on connecting:
 *   - `event: clock` / `data: {"now": ms}`: the laptop's time of day as the stream opens. A
 *     screen's times (`writtenAt`, when a roll went up, the countdown's) are the laptop's, and a
 *     phone's clock may be minutes off it: the page reads them against this. (A screen's own
 *     `writtenAt` would not do alone: the last screen, sent to a phone as it connects, may have
 *     been written long before.)
 *   - `event: screen` / `id: <n>` / `data: {"screen": SentScreen, "writtenAt": ms}`: a whole
 *     screen: the last one at once on connecting (after `share`), then each new one (at most 10
 *     a second, the latest wins) to a phone that does not hold the screen sent before it.
 *     `SentScreen` is the `PlayerScreen` with each picture (`background`, `handout`) replaced by
 *     a reference, `{"picture": "<hash>", "mime", "width", "height"}` (or null): the picture
 *     itself is sent once, on request, not with every screen (pictures.ts);
 *   - `event: patch` / `id: <n>` / `data: {"base": <m>, "writtenAt": ms, "patch": [...]}`: screen
 *     <n> as the changes from screen <m>, the one the phone holds, as a JSON Patch (RFC 6902) of
 *     the `SentScreen`; sent instead of the whole screen whenever the phone holds <m> and the
 *     patch is under 4 KB or shorter than the whole screen. A step of a fight of 100 changes a few
 *     hundred bytes of a 30 KB screen, and the laptop writes to every phone at every step. A
 *     phone that cannot apply a patch (its screen is not <m>, or an operation fails) connects
 *     again, and gets the whole screen;
 *   - `event: share` / `data: {"pick": boolean}`: whether players may pick their character, at once
 *     and whenever it changes;
 *   - `event: ended` / `data: {}`: sharing ended or the code was replaced; the stream then closes,
 *     and the old code is a 404 from then on;
 *   - `: ping` every 15 s, so a phone can tell a quiet fight from a dead connection.
 *   The phone page reads it with fetch (renderer/src/phone/stream.ts), which, unlike EventSource,
 *   lets it see the pings.
 * - `GET /<code>/picture/<hash>`: a picture of the LAST screen published, its bytes with its own
 *   `Content-Type` (`image/png`, `image/jpeg` or `image/webp`). `<hash>` is the sha-256, in
 *   lowercase hex, of the picture's mime type, `\n` and its base64. Any other hash (a picture no
 *   longer on the screen, one never published) is the bare 404. The page keeps one `blob:` URL per
 *   hash while screens refer to it (renderer/src/phone/pictures.ts).
 * - Anything else: `404 Not found` and nothing more. Phones only read.
 */
import type { Operation } from 'fast-json-patch';
import type { MapBackground, PlayerScreen } from '../../engine/drawing';

/** What the GM window published: the players' screen and when it was written (ms since 1970). */
export interface PhoneScreenUpdate {
  readonly screen: PlayerScreen;
  readonly writtenAt: number;
}

/** A picture's place in a sent screen: what the page needs to fetch it and lay it out. */
export interface PictureRef {
  /** The picture's hash (pictures.ts): fetched at `picture/<hash>`. */
  readonly picture: string;
  readonly mime: MapBackground['mime'];
  readonly width: number;
  readonly height: number;
}

/** The players' screen as the stream sends it: pictures by reference. */
export type SentScreen = Omit<PlayerScreen, 'background' | 'handout'> & {
  readonly background: PictureRef | null;
  readonly handout: PictureRef | null;
};

export interface SentUpdate {
  readonly screen: SentScreen;
  readonly writtenAt: number;
}

/**
 * `event: screen` with its sequence number. Only `screen` and `writtenAt` are written, whatever
 * else the object passed in carries. JSON never holds a raw line break, so `data` is one line.
 */
export function screenEvent(seq: number, update: SentUpdate): Buffer {
  const data = JSON.stringify({ screen: update.screen, writtenAt: update.writtenAt });
  return Buffer.from(`event: screen\nid: ${seq}\ndata: ${data}\n\n`);
}

/** A patch this short goes out without building the whole screen to compare. */
const PATCH_ALWAYS_BYTES = 4096;

/**
 * `event: patch`: screen `seq` as the changes `operations` make to screen `base`. Its bytes, or
 * null when the patch is no shorter than `whole`, the screen's own bytes (asked only for a long
 * patch, so that most steps build no whole screen at all).
 */
export function patchEvent(seq: number, base: number, writtenAt: number, operations: readonly Operation[], whole: () => Buffer): Buffer | null {
  const data = JSON.stringify({ base, writtenAt, patch: operations });
  const bytes = Buffer.from(`event: patch\nid: ${seq}\ndata: ${data}\n\n`);
  return bytes.length < PATCH_ALWAYS_BYTES || bytes.length < whole().length ? bytes : null;
}


/** `event: clock`: the laptop's time of day, written to one phone as its stream opens. */
export function clockEvent(now: number): Buffer {
  return Buffer.from(`event: clock\ndata: ${JSON.stringify({ now })}\n\n`);
}

/** `event: share`: whether players may pick their character on their phone. */
export function shareEvent(pick: boolean): Buffer {
  return Buffer.from(`event: share\ndata: ${JSON.stringify({ pick })}\n\n`);
}

/** `event: ended`: sharing ended or the code was replaced; the stream closes after it. */
export const ENDED_EVENT = Buffer.from('event: ended\ndata: {}\n\n');

/** A comment line: ignored by EventSource, it keeps the connection and shows it is alive. */
export const PING = Buffer.from(': ping\n\n');
