// What a bestiary file's columns and fields mean for a ruleset, and the rows read from it on their way to entries.
import type { Ruleset } from '../../../engine/index';
import type { EntryImport } from '../rulesets/panels';
import { shown } from './schema';
import { entryPartOf, type TemplateResource } from './template';

/** What a column or field of an entry means. */
export type Field =
  | { kind: 'name' | 'notes' | 'resources' | 'stats' | 'tracks' | 'ignored' }
  | { kind: 'stat' | 'track'; key: string }
  | { kind: 'own'; key: string; field: EntryImport };

/** A row on its way to becoming an entry: the template data gathered so far. */
export interface RawRow {
  row: number;
  name: string;
  data: Record<string, unknown>;
  errors: string[];
}

export interface RawFile {
  rows: RawRow[];
  warnings: string[];
}

export type Raw = { ok: true; value: RawFile } | { ok: false; message: string };

const SPECIAL: Record<string, Field['kind']> = {
  name: 'name',
  notes: 'notes',
  note: 'notes',
  resources: 'resources',
  resource: 'resources',
  stats: 'stats',
  tracks: 'tracks',
  id: 'ignored',
};

/** Resolves a column heading or field name: special fields, then stat and track keys, then labels. */
export function fieldResolver(ruleset: Ruleset): (name: string) => Field | null {
  const table = new Map<string, Field>();
  const add = (alias: string, field: Field) => {
    const key = alias.trim().toLowerCase();
    if (key && !table.has(key)) table.set(key, field);
  };
  for (const [alias, kind] of Object.entries(SPECIAL)) add(alias, { kind } as Field);
  for (const field of ownImports(ruleset)) add(field.name, { kind: 'own', key: field.key, field });
  for (const d of ruleset.character.stats) add(d.key, { kind: 'stat', key: d.key });
  for (const d of ruleset.character.tracks) add(d.key, { kind: 'track', key: d.key });
  for (const d of ruleset.character.stats) add(d.label, { kind: 'stat', key: d.key });
  for (const d of ruleset.character.tracks) add(d.label, { kind: 'track', key: d.key });
  for (const d of ruleset.character.tracks) add(d.shortLabel, { kind: 'track', key: d.key });
  return (name) => table.get(name.trim().toLowerCase()) ?? null;
}

/** The fields of the ruleset's own part of an entry, as bestiary files name them. */
export function ownImports(ruleset: Ruleset): readonly EntryImport[] {
  return entryPartOf(ruleset)?.imports ?? [];
}

/** A stat or track key from a key or label (`"STR"` → `str`), or the name as given (refused later). */
export function numberKey(name: string, kind: 'stat' | 'track', resolve: (name: string) => Field | null): string {
  const field = resolve(name);
  return field && field.kind === kind ? field.key : name;
}

/** A number from a cell or field: numbers stay, numeric text becomes a number, blank is absent. */
export function numberValue(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return undefined;
  return /^[+-]?\d+(?:\.\d+)?$/.test(text) ? Number(text) : text;
}

const RESET_WORDS: Record<string, TemplateResource['reset']> = {
  round: 'round',
  encounter: 'encounter',
  fight: 'encounter',
  combat: 'encounter',
  battle: 'encounter',
  rest: 'rest',
  day: 'rest',
};

const RESOURCE_ITEM = /^(.*?\S)\s*[(:]?\s*(\d+)\s*(?:uses?|times?|[x×])?\s*(?:per|\/|each|every|a|an)\s*(round|encounter|fight|combat|battle|rest|day)s?\s*\)?$/i;

/**
 * Resources written as text: `Rage 2 per encounter; Spell slot 3 per rest`. Items are separated
 * by `;`, `,` or line breaks; each is a name, a number of uses, and when they come back.
 */
export function parseResources(text: string): { resources: { name: string; max: number; reset: TemplateResource['reset'] }[]; errors: string[] } {
  const resources: { name: string; max: number; reset: TemplateResource['reset'] }[] = [];
  const errors: string[] = [];
  for (const part of text.split(/[;,\n\r]+/)) {
    const item = part.trim();
    if (item === '') continue;
    const m = RESOURCE_ITEM.exec(item);
    const reset = m ? RESET_WORDS[(m[3] ?? '').toLowerCase()] : undefined;
    if (!m || !reset) {
      errors.push(`resources ${shown(item)}: write each as a name, its uses and when they come back, for example "Rage 2 per encounter; Spell slot 3 per rest"`);
      continue;
    }
    resources.push({ name: (m[1] ?? '').trim(), max: Number(m[2]), reset });
  }
  return { resources, errors };
}
