/**
 * Names and ids for campaigns kept in the browser, made as the disk store makes them
 * (`safe-names.ts`), with Web Crypto instead of `node:crypto`: ids are v4 UUIDs, folder names
 * `<slug>-<6 random characters>`. Also how messages name a campaign and a log, in the disk
 * store's words, so the campaign manager shows the same sentences in both builds.
 */
import { NAME_MAX } from './campaign-check';

/** Longest slug part of a folder name (`SLUG_MAX`). */
const SLUG_MAX = 40;

/** A new random id (a v4 UUID). */
export function newId(): string {
  return crypto.randomUUID();
}

/** `n` random characters from a-z0-9. */
export function randomSuffix(n: number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  let out = '';
  for (const byte of crypto.getRandomValues(new Uint8Array(n))) out += alphabet[byte % alphabet.length];
  return out;
}

/** A slug of `name`: ASCII letters and digits joined by hyphens; `campaign` when nothing is left. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
  return slug === '' ? 'campaign' : slug;
}

/** A new folder name for a campaign called `name`. */
export function folderNameFor(name: string): string {
  return `${slugify(name)}-${randomSuffix(6)}`;
}

/** "Lost Mine (copy)", cut so it stays within the name limit. */
export function copyName(name: string): string {
  const suffix = ' (copy)';
  return `${name.slice(0, NAME_MAX - suffix.length).trimEnd()}${suffix}`;
}

/** The campaign in messages: `The campaign in folder "lost-mine-k3x9q2"`. */
export function campaignLabel(folder: string): string {
  return `The campaign in folder "${folder}"`;
}

/** An encounter's log in messages: `lost-mine-k3x9q2/encounters/<id>.jsonl`. */
export function logLabel(folder: string, encounterId: string): string {
  return `${folder}/encounters/${encounterId}.jsonl`;
}
