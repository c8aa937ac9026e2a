// An entry into a fight (its add-combatant command) and back (what rests and scene ends give back, the uses a fight spent).
import {
  afterRest as restedEntry,
  afterSceneEnds,
  type Id,
  type RestRules,
  type Ruleset,
  type SettingValue,
  type SpaceStart,
} from '../../../engine/index';
import { type CampaignItem } from '../../../engine/campaign/index';
import { entryPartOf, keptParts, ownOf, withTemplate, type AddCombatant, type Template } from './template';
import { readTemplate } from './template-check';

export interface AddOptions {
  factionId: Id;
  /** Numbered copies ("Goblin 1" … "Goblin 4"); 1 adds the name as it is. */
  quantity: number;
  /** Where they start, in the fight's space (`add-combatant`'s fields for it). */
  start?: SpaceStart;
  concealed?: boolean;
  /** The campaign's ruleset: its own part of the entry goes into the fight as it says. */
  ruleset: Ruleset;
}

/**
 * The command that adds the entry to an encounter. Resources that come back per round or per
 * encounter start unspent; per-rest ones keep what the party has spent. Each copy remembers the
 * entry (`templateId`), so a party member's spent resources can be written back after the fight.
 */
export function addCommandFor(item: CampaignItem, template: Template, options: AddOptions): AddCombatant {
  return {
    type: 'add-combatant',
    name: item.name,
    factionId: options.factionId,
    quantity: options.quantity,
    stats: { ...template.stats },
    tracks: { ...template.tracks },
    notes: template.notes,
    ...(options.concealed ? { concealed: true } : {}),
    ...options.start,
    ...entryPartOf(options.ruleset)?.toCommand(ownOf(template)),
    resources: template.resources.map((r) => ({ name: r.name, max: r.max, used: r.reset === 'rest' ? r.used : 0, reset: r.reset })),
    // Still hurt from the last fight, and what lasts until the scene ends or until recovered.
    ...(template.current ? { current: { ...template.current } } : {}),
    ...(template.conditions ? { conditions: template.conditions.map((k) => ({ ...k })) } : {}),
    ...(template.traits ? { traits: [...template.traits] } : {}),
    templateId: item.id,
  };
}

/**
 * After the party rests, as the engine has it (`afterRest`): the scene is over, every resource has
 * all its uses back, and the tracks what the ruleset's rest gives back (`Ruleset.between.rest`, by the
 * campaign's settings). Conditions lasting until recovered stay.
 */
export function afterRest(template: Template, restRules?: RestRules, settings: Readonly<Record<string, SettingValue>> = {}): Template {
  const rested = restedEntry(template, restRules, settings);
  const { conditions: _had, current: _was, ...rest } = template;
  return { ...rest, resources: rested.resources, ...keptParts({ tracks: template.tracks, current: rested.current, conditions: rested.conditions }) };
}

/** After the scene ends, as the engine has it (`afterSceneEnds`): conditions lasting until then are gone, those lasting until recovered stay. */
export function afterScene(template: Template): Template {
  const { conditions, ...rest } = template;
  return { ...rest, ...keptParts({ tracks: template.tracks, current: template.current, conditions: afterSceneEnds(conditions ?? []) }) };
}

/**
 * The template with the uses a fight spent of its per-rest resources, by resource name (case and
 * spaces aside). Per-round and per-encounter resources, and names it doesn't have, stay as they were.
 */
export function withRestUses(template: Template, uses: readonly (readonly [string, number])[]): Template {
  const key = (name: string) => name.trim().toLocaleLowerCase();
  const spent = new Map(uses.map(([name, used]) => [key(name), used]));
  return {
    ...template,
    resources: template.resources.map((r) => {
      const used = r.reset === 'rest' ? spent.get(key(r.name)) : undefined;
      return used === undefined || !Number.isFinite(used) ? r : { ...r, used: Math.min(r.max, Math.max(0, Math.round(used))) };
    }),
  };
}

/** The party after a rest: every entry's resources have all their uses back. Damaged entries stay as they are. */
export function restAll(items: readonly CampaignItem[], ruleset: Ruleset): CampaignItem[] {
  return items.map((item) => {
    const read = readTemplate(item, ruleset);
    return read.ok ? withTemplate(item, item.name, afterRest(read.value)) : item;
  });
}
