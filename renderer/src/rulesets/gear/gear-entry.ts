// The generic part of party and bestiary entries for a ruleset whose own part is its gear list
// (and its own fields beside it): checked by the engine's rules, drafted for the editor, taken
// into a fight. Ids are the fight's business: an entry keeps none, and each fight gives new ones.
import type { GearDeclaration } from '../../../../engine/index';
import type { EntryImport, EntryRules, OwnEntry } from '../panels';
import { givenOf, listOf, ownValuesOf, withoutId } from './gear-draft';
import type { GearEntry, GearPart } from './gear-part';

/** The entry rules of a gear part whose entries are the generic part's (`entry`: its `part.entry`). */
export function gearEntryRules(part: GearPart, entry: GearEntry, declaration: GearDeclaration): EntryRules {
  // Entries made by the generic part keep one list (`GearPart.entry` speaks of it): the part's first.
  const list = part.lists[0] ?? { key: 'gear', title: '' };
  const { key } = list;
  const { own } = part;
  const imports: EntryImport[] = [{ name: key, key }, ...(own ? [{ name: own.key, key: own.key }] : [])];
  return {
    read(data) {
      const checked = entry.check(data[key] ?? [], (n) => `g${n + 1}`);
      if ('ok' in checked) return { ok: false, problems: [`${entry.noun}: ${checked.message}`] };
      const values = own?.check(data[own.key]);
      if (values && !values.ok) return { ok: false, problems: [values.message] };
      const given = values ? givenOf(values.value) : {};
      return { ok: true, value: { [key]: checked.map((g) => withoutId({ ...g })), ...(own && Object.keys(given).length > 0 ? { [own.key]: given } : {}) } };
    },
    draft: (data): OwnEntry => ({ [key]: listOf(list, declaration, data).map(withoutId), ...(own ? { [own.key]: ownValuesOf(own, data) } : {}) }),
    toCommand(draft) {
      const gear = listOf(list, declaration, draft).map(withoutId);
      const given = own ? givenOf(ownValuesOf(own, draft)) : {};
      // Nothing given adds nothing; anything given goes with the list, empty or not (tests alone carry `gear: []`).
      const parts = { ...(gear.length > 0 ? { [key]: gear } : {}), ...(own && Object.keys(given).length > 0 ? { [own.key]: given } : {}) };
      return Object.keys(parts).length > 0 ? { rules: { [key]: gear, ...parts } } : {};
    },
    tags: (draft) => entry.tags?.(listOf(list, declaration, draft)) ?? [],
    imports,
  };
}
