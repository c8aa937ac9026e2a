// What the party's entries become between fights (the scene ends, the party rests), by the engine's rules.
import { defaultSettings, type Ruleset } from '../../../engine/index';
import { withTemplate, type Template } from '../roster/template';
import { readTemplate } from '../roster/template-check';
import { afterRest, afterScene } from '../roster/template-fight';
import type { Campaign, CampaignItem } from './backend';

/** The item with its template changed; an entry that cannot be read is left as it is. */
function mapTemplate(item: CampaignItem, ruleset: Ruleset, change: (t: Template) => Template): CampaignItem {
  const template = readTemplate(item, ruleset);
  return template.ok ? withTemplate(item, item.name, change(template.value)) : item;
}

/** The campaign once the scene ends: conditions lasting until then are gone from every entry. */
export function afterSceneEnds(campaign: Campaign, ruleset: Ruleset): Campaign {
  return { ...campaign, roster: campaign.roster.map((item) => mapTemplate(item, ruleset, afterScene)) };
}

/** The campaign once the party rests: every use back, the tracks what the ruleset's rest gives (read with the campaign's settings). */
export function afterPartyRests(campaign: Campaign, ruleset: Ruleset): Campaign {
  const settings = { ...defaultSettings(ruleset), ...campaign.settings };
  return { ...campaign, roster: campaign.roster.map((item) => mapTemplate(item, ruleset, (t) => afterRest(t, ruleset.between?.rest, settings))) };
}
