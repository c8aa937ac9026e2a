/**
 * The stream's events as bytes, in the Server-Sent Events format the phone page's EventSource
 * reads (protocol: docs in the common brief of issue 44). A screen's JSON is built here once and
 * the same bytes go to every watcher.
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
