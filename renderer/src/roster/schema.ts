/**
 * Pieces of the party and bestiary entry schema that the generic entry and a ruleset's own part
 * of it (`EntryPart`) both use: every message is a phrase that names the field and the value.
 */
import * as v from 'valibot';
import { NAME_MAX } from '../../../engine/index';

/** A value as a message shows it: `"abc"`, `null`, `a list`. */
export function shown(value: unknown): string {
  if (typeof value === 'string') return `"${value.length > 40 ? `${value.slice(0, 37)}...` : value}"`;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  return `a ${typeof value === 'object' ? 'group of fields' : typeof value}`;
}

export function wholeNumber(label: string, min: number, max: number) {
  return v.pipe(
    v.number((i) => `${label} should be a number, not ${shown(i.input)}`),
    v.integer((i) => `${label} ${String(i.input)} is not a whole number`),
    v.minValue(min, (i) => `${label} ${String(i.input)} is below the minimum ${min}`),
    v.maxValue(max, (i) => `${label} ${String(i.input)} is above the maximum ${max}`),
  );
}

export function shortText(label: string) {
  return v.pipe(
    v.string((i) => `${label} should be text, not ${shown(i.input)}`),
    v.trim(),
    v.minLength(1, `${label} is empty`),
    v.maxLength(NAME_MAX, `${label} is longer than ${NAME_MAX} characters`),
    v.regex(/^[^\p{Cc}]*$/u, `${label} contains a line break or control character`),
  );
}

export function plainObject(label: string) {
  return v.custom<Record<string, unknown>>(
    (input) => typeof input === 'object' && input !== null && !Array.isArray(input),
    (i) => `${label} should be a group of named values, not ${shown(i.input)}`,
  );
}

export function listOf<T extends v.GenericSchema>(label: string, item: T, max: number) {
  return v.pipe(
    v.array(item, (i) => `${label} should be a list, not ${shown(i.input)}`),
    v.maxLength(max, (i) => `${label} has ${(i.input as unknown[]).length} entries; at most ${max} are allowed`),
  );
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A list's issue as a phrase naming the entry by its place and name: `Gear 1 ("Axe"): …`, or
 * null for an issue that is not about one entry of `list`.
 */
export function listEntryProblem(issue: v.BaseIssue<unknown>, data: unknown, list: string, noun: string): string | null {
  const [top, index] = (issue.path ?? []).map((p) => p.key as unknown);
  if (top !== list || typeof index !== 'number') return null;
  const items = (data as Record<string, unknown>)[list] as unknown[];
  const entry = items[index] as { name?: unknown } | undefined;
  const name = typeof entry?.name === 'string' && entry.name.trim() ? ` ("${entry.name.trim()}")` : '';
  return `${noun} ${index + 1}${name}: ${issue.message}`;
}

/** yes/no, true/false, 1/0, y/n, blank (no), as a bestiary file writes them; anything else stays as it is (refused later). */
export function yesNo(value: unknown): unknown {
  if (typeof value === 'number') return value === 1 ? true : value === 0 ? false : value;
  if (typeof value !== 'string') return value;
  const text = value.trim().toLowerCase();
  if (['yes', 'y', 'true', '1', 'x', 'ja', 'oui', 'sí', 'si'].includes(text)) return true;
  if (['no', 'n', 'false', '0', '', 'nein', 'non'].includes(text)) return false;
  return value;
}
