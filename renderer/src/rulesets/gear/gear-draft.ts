// The gear part's values read from a draft (the add form's extras, an entry's own part) as far
// as they read: pieces of the declaration's kinds, and its own fields as text. Never fails.
import type { GearDeclaration } from '../../../../engine/index';
import { isRecord } from '../../../../engine/listing';
import type { GearDraft, GearList, GearPart, OwnFields } from './gear-part';

/** The pieces of a list as the form edits them: each a record with a name, and a kind the declaration has (its first kind otherwise). */
export function piecesOf(declaration: GearDeclaration, list: unknown): GearDraft[] {
  const kinds = declaration.kinds.map((k) => k.id);
  return Array.isArray(list) ? list.filter(isRecord).map((g) => ({ ...g, name: String(g.name ?? ''), kind: kinds.includes(g.kind as string) ? (g.kind as string) : (kinds[0] ?? '') })) : [];
}

/** A list's declaration: its own, or the ruleset's gear. */
export function declarationOf(list: GearList, gear: GearDeclaration | undefined): GearDeclaration | undefined {
  return list.declaration ?? gear;
}

/** One list in a draft of the character's own part (`{ gear }`, `{ sheet }`). */
export function listOf(list: GearList, declaration: GearDeclaration, own: unknown): GearDraft[] {
  return piecesOf(declaration, isRecord(own) ? own[list.key] : undefined);
}

/** Every list of the part in a draft of the character's own part, by key (a list without a declaration reads as empty). */
export function listsOf(part: GearPart, gear: GearDeclaration | undefined, own: unknown): Record<string, GearDraft[]> {
  return Object.fromEntries(part.lists.map((l) => {
    const declaration = declarationOf(l, gear);
    return [l.key, declaration ? listOf(l, declaration, own) : []];
  }));
}

/** A piece without the id a fight gave it: entries keep none, each fight gives new ones. */
export const withoutId = ({ id: _id, ...rest }: GearDraft): GearDraft => rest;

/** Its own fields in a draft of the character's own part, as text (empty: none). */
export function ownValuesOf(own: OwnFields, draft: unknown): Record<string, string> {
  const values = isRecord(draft) && isRecord(draft[own.key]) ? draft[own.key] as Record<string, unknown> : {};
  return Object.fromEntries(own.fields.map((f) => [f.key, typeof values[f.key] === 'string' ? (values[f.key] as string) : '']));
}

/** Only the fields typed in, so a part without any keeps no key for them. */
export function givenOf(values: Readonly<Record<string, string | null>>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].trim() !== ''));
}
