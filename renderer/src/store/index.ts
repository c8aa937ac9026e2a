import { bringOverOldEncounters } from '../campaigns/bring-over';
import { openCampaignDatabase } from '../campaigns/campaign-db';
import { openDatabase as openLegacyDatabase } from '../campaigns/legacy-db';
import { createCampaignBackend, IpcSettingsClient } from '../campaigns/index';
import { CampaignOutbox } from '../campaigns/outbox.svelte';
import { CampaignSession } from '../campaigns/session.svelte';
import { PlayerPublisher } from '../player/publisher.svelte';
import { SharingResume } from '../player/share/sharing-resume.svelte';
import { chooseScreenSink } from '../player/transport';
import { encounterStore } from './encounter';

// The instances the app uses; tests build their own around a fresh database.
const database = openCampaignDatabase();
// The preload's API in the desktop app; none in a browser (or when components are rendered in tests).
const api = typeof window === 'undefined' ? undefined : window.gmScreen;
export const campaignBackend = createCampaignBackend(api, database);
/** The desktop app's settings (campaigns folder, backups); null in a browser. */
export const desktopSettings = api ? new IpcSettingsClient(api) : null;
export { encounterStore };
export const campaignSession = new CampaignSession({
  backend: campaignBackend,
  db: database,
  store: encounterStore,
  // In a browser IndexedDB is the store of record: there is no disk to wait for.
  outbox: campaignBackend.kind === 'disk' ? new CampaignOutbox(database, campaignBackend) : null,
});

/**
 * What the app does when it starts: brings encounters of versions before campaigns over (once),
 * then recovers and reopens where the GM left off. Answers a sentence to show, if any.
 */
export async function startApp(): Promise<string | null> {
  const brought = await bringOverOldEncounters(openLegacyDatabase(), campaignBackend, database).catch((error: unknown) => ({
    ok: false as const,
    code: 'storage/failed',
    message: `Encounters from before campaigns could not be read (${String(error)}); they are untouched.`,
  }));
  await campaignSession.start();
  return brought.ok ? brought.value : brought.message;
}

/**
 * What the players' screen shows; App starts it publishing in the GM window only: over IPC to the
 * players' window in the desktop app, into IndexedDB for the page at #player in a browser.
 */
export const playerScreen = new PlayerPublisher(chooseScreenSink(api, database), encounterStore, campaignSession);

/** Sharing with phones, started again when a campaign that was shared opens (desktop app only). */
export const sharingResume = new SharingResume();
