/**
 * A campaign as the list shows it, from its content: the same in the disk store and the browser
 * build's IndexedDB store. Node-free, so the renderer uses it too.
 */
import type { CampaignSummary } from './campaign-list';
import type { Campaign } from './campaign-schema';

/** When an encounter of a campaign was last played: the latest entry `updatedAt` (ISO text sorts as time), or null. */
export function lastPlayed(encounters: readonly { readonly updatedAt: string }[]): string | null {
  return encounters.reduce<string | null>((latest, e) => (latest === null || e.updatedAt > latest ? e.updatedAt : latest), null);
}

/** The list's line for a campaign in `folder`; where it is kept says the file version and the lock. */
export function summaryOf(folder: string, campaign: Campaign, kept: Pick<CampaignSummary, 'fileVersion' | 'lock'>): CampaignSummary {
  return {
    folder,
    id: campaign.id,
    name: campaign.name,
    rulesetId: campaign.rulesetId,
    encounterCount: campaign.encounters.length,
    lastPlayedAt: lastPlayed(campaign.encounters),
    createdAt: campaign.createdAt,
    updatedAt: campaign.updatedAt,
    ...kept,
  };
}
