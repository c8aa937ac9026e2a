/**
 * The browser build's players' screen source: the one `player` row the GM window's tab writes
 * (transport.ts), read with a Dexie live query. Loaded by screen-source.ts only where there is no
 * desktop bridge, so the desktop app's players' window never loads the campaign database.
 * While subscribed, the page tells the GM's tab it watches (tab-presence.ts): the GM's tab
 * publishes only while some page does.
 */
import { liveQuery } from 'dexie';
import { openCampaignDatabase, type CampaignDatabase } from '../campaigns/campaign-db';
import { readScreen } from './screen';
import { announceWatching } from './tab-presence';
import type { ScreenSource } from './screen-source';

export function indexedDbScreenSource(
  open: () => CampaignDatabase = openCampaignDatabase,
  announce: () => () => void = () => announceWatching(),
): ScreenSource {
  return {
    kind: 'indexeddb',
    subscribe(next, fail) {
      const db = open();
      const subscription = liveQuery(() => db.player.get('screen')).subscribe({
        next: (row) => next({ screen: row ? readScreen(row.screen) : null, writtenAt: row?.writtenAt ?? 0 }),
        error: fail,
      });
      const stopAnnouncing = announce();
      return () => {
        stopAnnouncing();
        subscription.unsubscribe();
        db.close();
      };
    },
  };
}
