/**
 * The screen a phone holds on one connection, as the laptop's stream builds it
 * (electron/phone-share/sse-events.ts): a whole screen as it comes (`event: screen`), and a patch
 * (`event: patch`, the changes as a JSON Patch) applied to the screen it was made from. A patch
 * made from another screen than the one held, or one that does not apply, is refused: the page
 * then connects again and starts from the whole screen the laptop sends on connecting. What comes
 * out is read as any screen is (connection.ts), never trusted for being a patch.
 */
import { applyPatch, type Operation } from 'fast-json-patch';

/** What a stream message says: `{ screen, writtenAt }` for a screen, whatever it is for other events. */
export type Said = unknown;

/** A stream message's data, parsed (null when it is not JSON). */
export function saidBy(data: string): Said {
  try {
    return JSON.parse(data) as Said;
  } catch {
    return null;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export class HeldScreen {
  /** The id (`id:` line) of the screen held; null when none is, or the last did not read. */
  #id: string | null = null;
  #screen: unknown = null;

  /** A whole screen's data, parsed; held (with its id) for the patches that follow it. */
  whole(id: string | null, data: string): Said {
    const value = saidBy(data);
    const screen = isRecord(value) ? value.screen : undefined;
    this.#id = screen === undefined ? null : id;
    this.#screen = screen ?? null;
    return value;
  }

  /**
   * A patch's data: the `{ screen, writtenAt }` it makes of the screen held, now held in its place;
   * null when it was made from another screen or does not apply (then nothing held changes).
   */
  patched(id: string | null, data: string): Said | null {
    const value = saidBy(data);
    if (!isRecord(value) || this.#id === null || id === null || String(value.base) !== this.#id || !Array.isArray(value.patch)) return null;
    try {
      // Checked operation by operation (a path that isn't there is an error), on a copy: the
      // screen held stays as it was when one fails, and the page's last screen is never changed
      // in place.
      const screen: unknown = applyPatch(this.#screen, value.patch as Operation[], true, false).newDocument;
      this.#id = id;
      this.#screen = screen;
      return { screen, writtenAt: value.writtenAt };
    } catch {
      return null;
    }
  }
}
