/**
 * A campaign as the list shows it, from its content: the same in the disk store and the browser
 * build's IndexedDB store, which both build their list with {@link summaryOf}.
 */
import type { Campaign } from './campaign-schema';
import type { LockState } from './lock-file';

/** One campaign in the list. */
export interface CampaignSummary {
  /** Its folder name: what the renderer passes back to open it. */
  readonly folder: string;
  readonly id: string;
  readonly name: string;
  readonly rulesetId: string;
  readonly encounterCount: number;
  /** When an encounter of it was last played (its entry last changed), or null before the first. */
  readonly lastPlayedAt: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** The version of the file on disk; older than the current one means it is upgraded on open. */
  readonly fileVersion: number;
  /** Its lock, when some GM Screen has it open (or left it locked by a crash), else null. */
  readonly lock: LockState | null;
}

/** A folder that could not be listed as a campaign, and why. */
export interface CampaignProblem {
  readonly folder: string;
  readonly code: string;
  /** Names the file and the problem, and says what to do. */
  readonly message: string;
}

/** A list of campaigns, as `campaigns:list` answers it. */
export interface CampaignList {
  /** Most recently changed first. */
  readonly campaigns: CampaignSummary[];
  /** By folder name. */
  readonly problems: CampaignProblem[];
}

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
