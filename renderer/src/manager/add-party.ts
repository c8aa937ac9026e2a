import { dispatch, type Command, type SpaceStart } from '../../../engine/index';
import type { CampaignItem } from '../campaigns/backend';
import { readTemplate } from '../roster/template-check';
import { addCommandFor } from '../roster/template-fight';
import type { EncounterStore } from '../store/encounter-store.svelte';

/**
 * Adds every one of `entries` (one copy each) to the fight open in `store`, or none of them. Each
 * entry is read and its `add-combatant` checked by the engine first, in order, against a scratch
 * copy of the fight (so each meets the ones before it, as it would when added); if one fails,
 * nothing is added and the store's message names that entry and says why. Once all pass they are
 * added one step each (the store has no step for several commands). True when all were added.
 */
export function addAllToEncounter(store: EncounterStore, entries: readonly CampaignItem[], options: { factionId: string; start?: SpaceStart }): boolean {
  const ruleset = store.ruleset;
  let scratch = store.encounter;
  if (!ruleset || !scratch) return false;
  const commands: Command[] = [];
  for (const item of entries) {
    const template = readTemplate(item, ruleset);
    if (!template.ok) {
      store.message = `Nobody was added: ${template.message}`;
      return false;
    }
    const command = addCommandFor(item, template.value, { quantity: 1, factionId: options.factionId, start: options.start, ruleset });
    const tried = dispatch(scratch, command);
    if (!tried.ok) {
      store.message = `Nobody was added: "${item.name}" cannot join the fight: ${tried.message} Edit the entry or add the others one by one.`;
      return false;
    }
    scratch = tried.encounter;
    commands.push(command);
  }
  // Every one passed against the fight as it is; the store still refuses while the fight is
  // read-only or looked back at, and then before the first is added.
  for (const command of commands) {
    if (!store.dispatch(command)) return false;
  }
  return true;
}
