/**
 * The screen's pictures on the phone. The laptop sends each picture once: a screen carries a
 * reference in its place (`{ picture: <hash>, mime, width, height }`, electron/phone-share/
 * sse-events.ts), and the page fetches `./picture/<hash>` (a GET, same origin) the first time a
 * screen shows it, then keeps one `blob:` URL per hash for as long as screens show it, and gives it
 * back when none does. A reference that does not read (a forged hash, type or size) is left out:
 * the screen shows without that picture.
 */
import { IMAGE_TYPES, type ImageType } from '../map/background';
import type { PictureAtUrl } from '../player/shown-parts.svelte';

/** A picture as a sent screen refers to it. */
export interface PictureRef {
  readonly picture: string;
  readonly mime: ImageType;
  readonly width: number;
  readonly height: number;
}

/** The references of one screen. */
export interface ScreenPictures {
  readonly background: PictureRef | null;
  readonly handout: PictureRef | null;
}

export const NO_PICTURES: ScreenPictures = { background: null, handout: null };


const HASH = /^[0-9a-f]{64}$/;
/** The largest side a stored picture has (2048), with room: anything beyond is not one of ours. */
const MAX_SIDE = 16_384;
const isSide = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n > 0 && n <= MAX_SIDE;

/** `value` as a picture reference, or null when it is not one. */
export function readPictureRef(value: unknown): PictureRef | null {
  if (typeof value !== 'object' || value === null) return null;
  const ref = value as Partial<Record<keyof PictureRef, unknown>>;
  if (typeof ref.picture !== 'string' || !HASH.test(ref.picture)) return null;
  if (!(IMAGE_TYPES as readonly unknown[]).includes(ref.mime) || !isSide(ref.width) || !isSide(ref.height)) return null;
  return { picture: ref.picture, mime: ref.mime as ImageType, width: ref.width, height: ref.height };
}

/** The picture references of a sent screen (`background`, `handout`); what does not read is null. */
export function readScreenPictures(screen: unknown): ScreenPictures {
  if (typeof screen !== 'object' || screen === null) return NO_PICTURES;
  const { background, handout } = screen as { background?: unknown; handout?: unknown };
  return { background: readPictureRef(background), handout: readPictureRef(handout) };
}

/** The picture `ref` as the page shows it, once its URL is among `ready`; null meanwhile (or when `ref` is null). */
export function shownPicture(ready: ReadonlyMap<string, string>, ref: PictureRef | null): PictureAtUrl | null {
  const url = ref ? ready.get(ref.picture) : undefined;
  return ref && url ? { url, width: ref.width, height: ref.height } : null;
}

/** What the cache needs of the browser (tests give their own). */
export interface PictureWorld {
  fetch(url: string, init: RequestInit): Promise<Response>;
  createObjectURL(blob: Blob): string;
  revokeObjectURL(url: string): void;
  now(): number;
}

export const BROWSER: PictureWorld = {
  fetch: (url, init) => fetch(url, init),
  createObjectURL: (blob) => URL.createObjectURL(blob),
  revokeObjectURL: (url) => URL.revokeObjectURL(url),
  now: () => Date.now(),
};

/** A picture that failed to come (the laptop busy, or the screen already moved on) is asked again after this. */
export const PICTURE_RETRY_MS = 5000;

interface Entry {
  url: string | null;
  failedAt: number | null;
  readonly controller: AbortController;
}

/**
 * One `blob:` URL per picture the current screen shows. `use` is given each screen's references:
 * a new hash is fetched (once), a hash no longer shown is given back (its fetch stopped, its URL
 * revoked). `changed` is told when a URL becomes ready (then read them with `ready`).
 */
export class PictureCache {
  readonly #entries = new Map<string, Entry>();

  constructor(
    private readonly changed: () => void,
    private readonly world: PictureWorld = BROWSER,
    /** Where the pictures are, beside the page: `picture/<hash>`. */
    private readonly base = './picture/',
  ) {}

  /** Keeps the pictures of `refs` (fetching those not yet here) and gives back all others. */
  use(refs: readonly (PictureRef | null)[]): void {
    const wanted = new Set(refs.flatMap((ref) => (ref ? [ref.picture] : [])));
    for (const [hash, entry] of this.#entries) {
      if (!wanted.has(hash)) this.#forget(hash, entry);
    }
    for (const ref of refs) {
      if (!ref) continue;
      const entry = this.#entries.get(ref.picture);
      if (entry?.failedAt != null && this.world.now() - entry.failedAt >= PICTURE_RETRY_MS) this.#forget(ref.picture, entry);
      if (!this.#entries.has(ref.picture)) this.#load(ref);
    }
  }

  /** The URLs of the pictures fetched so far, by hash (a copy: the page keeps it as its state). */
  ready(): ReadonlyMap<string, string> {
    return new Map([...this.#entries].flatMap(([hash, entry]) => (entry.url === null ? [] : [[hash, entry.url] as const])));
  }

  /** Gives every URL back and stops every fetch (the page is going). */
  clear(): void {
    for (const [hash, entry] of this.#entries) this.#forget(hash, entry);
  }

  #load(ref: PictureRef): void {
    const entry: Entry = { url: null, failedAt: null, controller: new AbortController() };
    this.#entries.set(ref.picture, entry);
    this.world
      .fetch(`${this.base}${ref.picture}`, { cache: 'no-store', signal: entry.controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(`The picture answered ${response.status}.`);
        // The blob's type is the one the screen named, whatever the answer said.
        return new Blob([await response.arrayBuffer()], { type: ref.mime });
      })
      .then(
        (blob) => {
          if (this.#entries.get(ref.picture) !== entry) return; // given back meanwhile
          entry.url = this.world.createObjectURL(blob);
          this.changed();
        },
        () => {
          if (this.#entries.get(ref.picture) === entry) entry.failedAt = this.world.now();
        },
      );
  }

  #forget(hash: string, entry: Entry): void {
    this.#entries.delete(hash);
    entry.controller.abort();
    if (entry.url !== null) this.world.revokeObjectURL(entry.url);
  }
}
