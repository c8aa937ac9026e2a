// The names of roster and bestiary entries: checked, kept apart from the others', numbered and copied.
import { NAME_MAX, type Result } from '../../../engine/index';
import { checkDisplayName, newId, type CampaignItem } from '../../../engine/campaign/index';

/**
 * Checks an entry's name: 1–{@link NAME_MAX} characters (the longest combatant name), no line
 * breaks, and not the name of another entry in `takenNames` (case does not count).
 */
export function checkTemplateName(name: unknown, takenNames: readonly string[] = []): Result<string> {
  const checked = checkDisplayName(name, 'name');
  if (!checked.ok) return checked;
  if (checked.value.length > NAME_MAX) {
    return { ok: false, code: 'name/bad-name', message: `The name must be at most ${NAME_MAX} characters (it has ${checked.value.length}).` };
  }
  const lower = checked.value.toLocaleLowerCase();
  if (takenNames.some((n) => n.trim().toLocaleLowerCase() === lower)) {
    return { ok: false, code: 'name/taken', message: `There is already an entry called "${checked.value}"; choose another name.` };
  }
  return checked;
}

function taken(names: readonly string[]): Set<string> {
  return new Set(names.map((n) => n.trim().toLocaleLowerCase()));
}

/** `base` plus `suffix`, cut so the whole stays within {@link NAME_MAX}. */
function suffixed(base: string, suffix: string): string {
  return `${base.slice(0, NAME_MAX - suffix.length).trimEnd()}${suffix}`;
}

/** "Goblin (copy)", or "Goblin (copy 2)", "(copy 3)"… when that is taken too. */
export function copyNameFor(name: string, existingNames: readonly string[]): string {
  const used = taken(existingNames);
  for (let n = 1; ; n++) {
    const candidate = suffixed(name.trim(), n === 1 ? ' (copy)' : ` (copy ${n})`);
    if (!used.has(candidate.toLocaleLowerCase())) return candidate;
  }
}

/** `name` if it is free, else "Goblin (2)", "Goblin (3)"… */
export function numberedName(name: string, existingNames: readonly string[]): string {
  const used = taken(existingNames);
  const base = name.trim();
  if (!used.has(base.toLocaleLowerCase())) return base;
  for (let n = 2; ; n++) {
    const candidate = suffixed(base, ` (${n})`);
    if (!used.has(candidate.toLocaleLowerCase())) return candidate;
  }
}

/** A copy of the entry with a fresh id and a free "… (copy)" name; its data deep-copied. */
export function duplicateItem(item: CampaignItem, existingNames: readonly string[]): CampaignItem {
  // A JSON copy, not structuredClone: the item may be a Svelte state proxy, which cannot be cloned.
  const data = JSON.parse(JSON.stringify(item.data)) as Record<string, unknown>;
  return { id: newId(), name: copyNameFor(item.name, existingNames), data };
}
