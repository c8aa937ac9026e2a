/**
 * The pictures of the last screen published (the map's and the handout's), kept apart from the
 * screen so that each goes to a phone once, not with every screen (a picture is up to 4 million
 * base64 characters; a GM step is a few kilobytes). The screen's event carries a reference in
 * each picture's place, `{ picture: <sha-256 of mime and base64, hex>, mime, width, height }`, and
 * the page fetches `/<code>/picture/<hash>` once per hash.
 *
 * Only the pictures of the LAST screen published are kept, so only they are served: a picture the
 * GM has since taken off (or one that was never published) is a 404. A picture published again
 * (every step re-publishes the same map) is recognised by its text and not hashed or decoded again.
 */
import { createHash } from 'node:crypto';
import type { MapBackground } from '../../engine/drawing';
import type { PhoneScreenUpdate, PictureRef, SentUpdate } from './sse-events';

/** A picture as the server sends it: its bytes, decoded once, and its type. */
export interface ServedPicture {
  readonly hash: string;
  readonly mime: MapBackground['mime'];
  /** The base64 it was published as: a picture published again is recognised by it. */
  readonly base64: string;
  readonly body: Buffer;
}

/** A picture's name on the wire: sha-256 of its type, a line end and its base64, in hex. */
export function pictureHash(picture: Pick<MapBackground, 'mime' | 'base64'>): string {
  return createHash('sha256').update(picture.mime).update('\n').update(picture.base64).digest('hex');
}

export class PictureShelf {
  /** The last screen's pictures, by hash. */
  private current = new Map<string, ServedPicture>();

  /**
   * `update` as it is sent, each picture replaced by its reference; its pictures become the only
   * ones served (the previous screen's go).
   */
  shelve(update: PhoneScreenUpdate): SentUpdate {
    const kept = new Map<string, ServedPicture>();
    const refer = (picture: MapBackground | null): PictureRef | null => {
      if (picture === null) return null;
      const served = this.find(picture) ?? decoded(picture);
      kept.set(served.hash, served);
      return { picture: served.hash, mime: picture.mime, width: picture.width, height: picture.height };
    };
    const { screen } = update;
    const sent: SentUpdate = { screen: { ...screen, background: refer(screen.background), handout: refer(screen.handout) }, writtenAt: update.writtenAt };
    this.current = kept;
    return sent;
  }

  /** No picture is served any more (the last screen was forgotten). */
  clear(): void {
    this.current = new Map();
  }

  /** The picture named `hash` when the last screen has it. */
  get(hash: string): ServedPicture | undefined {
    return this.current.get(hash);
  }

  /** The same picture among the last screen's (same type, same text: a string comparison, no hashing). */
  private find(picture: MapBackground): ServedPicture | undefined {
    for (const served of this.current.values()) {
      if (served.mime === picture.mime && served.base64 === picture.base64) return served;
    }
    return undefined;
  }
}

function decoded(picture: MapBackground): ServedPicture {
  return { hash: pictureHash(picture), mime: picture.mime, base64: picture.base64, body: Buffer.from(picture.base64, 'base64') };
}
