/**
 * Sharing with phones starts again when a campaign opens that was shared when it was last open
 * (issue 44: never at start-up otherwise). Whenever the open campaign changes, the main process
 * is asked (`share:resume`); what came of it is kept as a sentence for the players' screen panel:
 * sharing is on again (and where), or it could not be (the network it was on is gone).
 */
import type { CampaignSession } from '../../campaigns/session.svelte';
import { ask, type ShareApi } from './share-client';

export class SharingResume {
  /** What happened when the open campaign was opened, for the GM; null when nothing did. */
  note = $state<string | null>(null);

  /** Follows `session`'s open campaign until the answered function is called. */
  start(session: Pick<CampaignSession, 'folder'>, api: Pick<ShareApi, 'resumeSharing'> | null): () => void {
    if (!api) return () => {};
    return $effect.root(() => {
      $effect(() => {
        const folder = session.folder;
        this.note = null;
        if (!folder) return;
        void ask(() => api.resumeSharing({ campaign: folder })).then((result) => {
          // Another campaign opened meanwhile: its own answer is the one that counts.
          if (session.folder !== folder) return;
          if (!result.ok) this.note = result.message;
          else if (result.value.sharing && result.value.url) this.note = `Shared with phones again, as when this campaign was last open: ${result.value.url}`;
        });
      });
    });
  }
}
