import { aftermathOf, type Aftermath, type EncounterState, type Id, type Ruleset } from '../../../engine/index';
import type { CampaignItem } from '../../../engine/campaign/index';
import type { KeepOwn } from '../rulesets/panels';
import { keptParts, ownOf, withTemplate, type Template } from './template';
import { readTemplate } from './template-check';
import { withRestUses } from './template-fight';

/**
 * What a fight leaves behind, written back to the party entries the combatants came from: health
 * where it ended, per-rest uses spent, conditions that outlive the fight (with how long), the stats the
 * ruleset marks as lasting, and what the ruleset keeps of its own (worn gear). Pure.
 */

/** One combatant's aftermath, with the entry they were made from. */
export interface FoughtEntry {
  templateId: Id | null;
  aftermath: Aftermath;
}

/** Every combatant's aftermath as the fight stands, with the entry they came from. */
export function foughtEntries(state: EncounterState, ruleset: Ruleset): FoughtEntry[] {
  return state.combatants.flatMap((c) => {
    const aftermath = aftermathOf(state, ruleset, c.id);
    return aftermath ? [{ templateId: c.templateId, aftermath }] : [];
  });
}

/** The template with what the fight left behind. */
export function keptAfterFight(template: Template, aftermath: Aftermath, keepOwn?: KeepOwn): Template {
  const used = withRestUses(template, Object.entries(aftermath.restUses));
  const stats = { ...used.stats, ...aftermath.stats };
  const own = keepOwn && aftermath.rules !== undefined ? keepOwn(ownOf(used), aftermath.rules) : null;
  const { current: _was, conditions: _had, ...rest } = used;
  return {
    ...rest,
    stats,
    ...own,
    ...keptParts({ tracks: used.tracks, current: aftermath.tracks, conditions: aftermath.conditions }),
  };
}

/**
 * The party after a fight: each entry takes the aftermath of the combatant made from it
 * (`templateId`). Entries without a combatant, and damaged entries, stay as they are.
 */
export function writeBackAfterFight(items: readonly CampaignItem[], fought: readonly FoughtEntry[], ruleset: Ruleset, keepOwn?: KeepOwn): CampaignItem[] {
  return items.map((item) => {
    const entry = fought.find((f) => f.templateId === item.id);
    const read = entry ? readTemplate(item, ruleset) : null;
    return entry && read?.ok ? withTemplate(item, item.name, keptAfterFight(read.value, entry.aftermath, keepOwn)) : item;
  });
}
