/**
 * The stream's events as bytes, in the Server-Sent Events format. A screen's JSON is built here
 * once and the same bytes go to every watcher.
 *
 * The protocol between the laptop and a phone (issue 44):
 * - `http://<address>:<port>/<code>/`: the phone page; `/<code>/<file>`: its built files
 *   (`dist/phone/`, relative URLs). The join code is in the path, not a #hash, so that it gates
 *   every request: 8 characters of 32, shown as `ab3k-9xq2`, taken with or without the dash.
 * - `GET /<code>/screen`: the stream, `text/event-stream`:
 *   - `event: screen` / `id: <n>` / `data: {"screen": PlayerScreen, "writtenAt": ms}`: the last
 *     screen at once on connecting, then each new one (at most 10 a second, the latest wins);
 *   - `event: share` / `data: {"pick": boolean}`: whether players may pick their character, at once
 *     and whenever it changes;
 *   - `event: ended` / `data: {}`: sharing ended or the code was replaced; the stream then closes,
 *     and the old code is a 404 from then on;
 *   - `: ping` every 15 s, so a phone can tell a quiet fight from a dead connection.
 *   The phone page reads it with fetch (renderer/src/phone/stream.ts), which, unlike EventSource,
 *   lets it see the pings.
 * - Anything else: `404 Not found` and nothing more. Phones only read.
 */
import type { PlayerScreen } from '../../engine/drawing';

/** What the GM window published: the players' screen and when it was written (ms since 1970). */
export interface PhoneScreenUpdate {
  readonly screen: PlayerScreen;
  readonly writtenAt: number;
}

/**
 * `event: screen` with its sequence number. Only `screen` and `writtenAt` are written, whatever
 * else the object passed in carries. JSON never holds a raw line break, so `data` is one line.
 */
export function screenEvent(seq: number, update: PhoneScreenUpdate): Buffer {
  const data = JSON.stringify({ screen: update.screen, writtenAt: update.writtenAt });
  return Buffer.from(`event: screen\nid: ${seq}\ndata: ${data}\n\n`);
}

/** `event: share`: whether players may pick their character on their phone. */
export function shareEvent(pick: boolean): Buffer {
  return Buffer.from(`event: share\ndata: ${JSON.stringify({ pick })}\n\n`);
}

/** `event: ended`: sharing ended or the code was replaced; the stream closes after it. */
export const ENDED_EVENT = Buffer.from('event: ended\ndata: {}\n\n');

/** A comment line: ignored by EventSource, it keeps the connection and shows it is alive. */
export const PING = Buffer.from(': ping\n\n');
