/**
 * The browser build's players' screen source: the one `player` row the GM window's tab writes
 * (transport.ts), read with a Dexie live query. Loaded by screen-source.ts only where there is no
 * desktop bridge, so the desktop app's players' window never loads the campaign database.
 */
import { liveQuery } from 'dexie';
import { openCampaignDatabase, type CampaignDatabase } from '../campaigns/campaign-db';
import { readScreen } from './screen';
import type { ScreenSource } from './screen-source';

export function indexedDbScreenSource(open: () => CampaignDatabase = openCampaignDatabase): ScreenSource {
  return {
    kind: 'indexeddb',
    subscribe(next, fail) {
      const db = open();
      const subscription = liveQuery(() => db.player.get('screen')).subscribe({
        next: (row) => next({ screen: row ? readScreen(row.screen) : null, writtenAt: row?.writtenAt ?? 0 }),
        error: fail,
      });
      return () => {
        subscription.unsubscribe();
        db.close();
      };
    },
  };
}
