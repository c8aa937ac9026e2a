// The IPC contract's `settings:*` channels: the campaigns folder and how many backups a save keeps.
import * as v from 'valibot';
import type { Result } from '../../engine/campaign/index';
import { objectMessage } from '../ipc-messages';
import { channel, noPayload, type Cancelled } from './channel';

/** The settings, as the settings screen shows them. */
export interface SettingsInfo {
  /** The campaigns folder in use, as a path to show (the GM chose it, or it is the default). */
  readonly campaignsFolder: string;
  /** True when it is the default folder (`<user data>/campaigns`). */
  readonly isDefault: boolean;
  /** How many previous versions of campaign.json are kept. */
  readonly backupCount: number;
  /** Why the settings file was not used (damaged: defaults apply) or the chosen folder is missing, else null. */
  readonly problem: string | null;
}

/** Fewest and most backups of campaign.json the GM may ask for. */
export const MIN_BACKUP_COUNT = 1;
export const MAX_BACKUP_COUNT = 50;

export const settingsChannels = {
  /** The settings, and whether the settings file had a problem. */
  'settings:get': channel<Result<SettingsInfo>>()('getSettings', noPayload),
  /** Lets the GM choose the campaigns folder (a folder dialog); refused while a campaign is open. */
  'settings:choose-campaigns-folder': channel<Result<SettingsInfo | Cancelled>>()('chooseCampaignsFolder', noPayload),
  /** Goes back to the default campaigns folder; refused while a campaign is open. */
  'settings:reset-campaigns-folder': channel<Result<SettingsInfo>>()('resetCampaignsFolder', noPayload),
  /** How many backups of campaign.json each save keeps (1–50). */
  'settings:set-backup-count': channel<Result<SettingsInfo>>()(
    'setBackupCount',
    v.strictObject(
      {
        count: v.pipe(
          v.number('count must be a number'),
          v.integer('count must be a whole number'),
          v.minValue(MIN_BACKUP_COUNT, `count must be at least ${MIN_BACKUP_COUNT}`),
          v.maxValue(MAX_BACKUP_COUNT, `count must be at most ${MAX_BACKUP_COUNT}`),
        ),
      },
      objectMessage('{ count: number }'),
    ),
  ),
} as const;
