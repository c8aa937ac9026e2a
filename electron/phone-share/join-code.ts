/**
 * The join code a phone needs to see the players' screen: 8 characters from a 32-letter alphabet
 * without look-alikes (no l, o, 0 or 1), so 40 random bits, shown as `ab3k-9xq2`. The code is the
 * first segment of every address the server answers (`/<code>/...`); typed or scanned, it is
 * accepted with or without its dash and in either case.
 */
import { randomInt } from 'node:crypto';

/** The code's letters: 32 of them, so each carries 5 bits. */
export const JOIN_CODE_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
/** Letters in a code: 8 × 5 bits = 40 bits (see limits.ts for how long guessing takes). */
export const JOIN_CODE_LENGTH = 8;

const CODE_PATTERN = new RegExp(`^[${JOIN_CODE_ALPHABET}]{${JOIN_CODE_LENGTH}}$`);

/** A new code from the operating system's random source, as shown: `ab3k-9xq2`. */
export function newJoinCode(): string {
  return shownJoinCode(newJoinLetters());
}

/** A new code's 8 letters, as `normalJoinCode` gives them: `ab3k9xq2`. */
export function newJoinLetters(): string {
  let letters = '';
  for (let i = 0; i < JOIN_CODE_LENGTH; i++) letters += JOIN_CODE_ALPHABET[randomInt(JOIN_CODE_ALPHABET.length)];
  return letters;
}

/**
 * The code's 8 letters in lower case, from what a person typed or a path carried (`AB3K-9XQ2`,
 * `ab3k9xq2`, ` ab3k-9xq2 `), or null when it is not a code: a dash only between the 4th and the
 * 5th letter, nothing outside the alphabet.
 */
export function normalJoinCode(text: string): string | null {
  const trimmed = text.trim().toLowerCase();
  const letters = trimmed.length === JOIN_CODE_LENGTH + 1 && trimmed[4] === '-' ? trimmed.slice(0, 4) + trimmed.slice(5) : trimmed;
  return CODE_PATTERN.test(letters) ? letters : null;
}

/** A code's letters as shown to people: `ab3k-9xq2`. */
export function shownJoinCode(letters: string): string {
  return `${letters.slice(0, 4)}-${letters.slice(4)}`;
}

/** Codes replaced earlier in a sharing that are kept: a phone still holding one gets a 404 without being counted as guessing. */
export const RETIRED_CODES_KEPT = 16;

/**
 * A sharing's codes: the current one and the last few it replaced. A new code is never one of
 * those. Kept alike on both sides of the server's process (server-process.ts): the main process
 * proposes each new code, so it knows it at once, and the server, holding the same history,
 * takes it.
 */
export class JoinCodeHistory {
  private readonly retired: string[];

  /**
   * `currentLetters`: a code's letters, as `normalJoinCode` gives them; `retired`: codes it
   * replaced before (a server started again keeps them), the latest first; what does not read as
   * a code is left out.
   */
  constructor(
    private currentLetters: string,
    retired: readonly string[] = [],
  ) {
    this.retired = retired.flatMap((code) => normalJoinCode(code) ?? []).slice(0, RETIRED_CODES_KEPT);
  }

  /** The current code's letters. */
  get current(): string {
    return this.currentLetters;
  }

  /** The codes replaced, the latest first (letters). */
  retiredCodes(): string[] {
    return [...this.retired];
  }

  /** Whether `letters` was a code of this sharing, replaced since. */
  isRetired(letters: string): boolean {
    return this.retired.includes(letters);
  }

  /**
   * Retires the current code for `proposed` (letters), or for a new random one when none is
   * proposed or the one proposed was used before in this sharing. Answers the new code's letters.
   */
  replace(proposed?: string): string {
    this.retired.unshift(this.currentLetters);
    this.retired.length = Math.min(this.retired.length, RETIRED_CODES_KEPT);
    let next = proposed !== undefined ? normalJoinCode(proposed) : null;
    while (next === null || this.retired.includes(next)) next = newJoinLetters();
    this.currentLetters = next;
    return next;
  }
}
