/**
 * New ids and folder names: the campaign format's only randomness, from Web Crypto (Node and every
 * browser have it). The rules never use it: dice and anything else an encounter decides take a
 * seeded `RandomSource`, so a fight replays exactly. Only records get their names here (a
 * campaign, an encounter, a roster entry, a map zone), and a lock its token. `purity.test.ts`
 * allows `crypto` in this file and nowhere else in `engine/`.
 */
import { checkPathSegment, slugify } from './safe-names';

/** The part of Web Crypto used here (the engine's lib is plain ES2022, without the DOM's types). */
declare const crypto: {
  randomUUID(): string;
  getRandomValues<T extends Uint8Array>(array: T): T;
};

/** A new random id (a v4 UUID, which matches `ID_PATTERN`). */
export function newId(): string {
  return crypto.randomUUID();
}

/** `n` random characters from a-z0-9. */
export function randomSuffix(n: number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.getRandomValues(new Uint8Array(n));
  let out = '';
  // 256 % 36 != 0 gives a slight bias, which is harmless for a uniqueness suffix.
  for (const byte of bytes) out += alphabet[byte % alphabet.length];
  return out;
}

/**
 * A new folder name for a campaign called `name`: `<slug>-<6 random characters>`. The suffix keeps
 * two campaigns with the same name apart and makes a clash with an existing folder unlikely (the
 * store still creates folders without overwriting).
 */
export function folderNameFor(name: string): string {
  const folder = `${slugify(name)}-${randomSuffix(6)}`;
  const checked = checkPathSegment(folder);
  // The slug alphabet cannot produce an unsafe segment; if it does, the slug code is wrong.
  if (!checked.ok) throw new Error(`folderNameFor produced an unsafe name: ${checked.message}`);
  return folder;
}
