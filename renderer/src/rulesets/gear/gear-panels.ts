// The generic gear part in a ruleset's panels: the add form's part below its row, the edit form's
// part and the entry editor's fields, wherever a ruleset with a gear part gives none of its own.
import type { CombatantExtras, RulesetPanels } from '../panels';
import AddGear from './AddGear.svelte';
import EditGear from './EditGear.svelte';
import EntryGear from './EntryGear.svelte';
import type { GearPart } from './gear-part';

export function withGearPart(panels: RulesetPanels, part: GearPart | undefined): RulesetPanels {
  if (!part) return panels;
  const own = panels.combatant;
  // A fresh form, and the next one after a character is added: gear folded away and carried over unseen would surprise.
  const fresh = (): CombatantExtras => ({ rules: Object.fromEntries(part.lists.map((l) => [l.key, []])) });
  return {
    ...panels,
    combatant: {
      ...own,
      edit: own?.edit ?? EditGear,
      entryFields: own?.entryFields ?? EntryGear,
      add: { below: AddGear, initial: fresh, afterAdd: fresh, ...own?.add },
    },
  };
}
