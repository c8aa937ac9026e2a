/**
 * What the players' window and the phone page both do around a screen, written once: a picture
 * shown from a `blob:` URL made for it (and given back when it changes or the part goes), and the
 * ruleset's own part of the screen (its chunk), loaded before its fight shows. Each is called while
 * a component is set up (they use `$effect`); no Node, no Electron: both pages import them.
 */
import type { MapBackground } from '../../../engine/drawing';
import { backgroundUrl, revokeBackgroundUrl } from '../map/background';
import { loadPlayerPanels } from '../rulesets/player-registry';

/** A picture already at a URL, with its size (the phone page fetches each picture once and keeps its URL). */
export interface PictureAtUrl {
  readonly url: string;
  readonly width: number;
  readonly height: number;
}

/**
 * The URL showing `picture()`: a `blob:` URL made from a stored picture (revoked when the picture
 * changes or the component goes), or the URL a picture already has; null for none.
 */
export function pictureUrl(picture: () => MapBackground | PictureAtUrl | null): { readonly url: string | null } {
  let url = $state<string | null>(null);
  $effect(() => {
    const shown = picture();
    if (shown && 'url' in shown) {
      url = shown.url;
      return;
    }
    const made = shown ? backgroundUrl(shown) : null;
    url = made;
    return () => revokeBackgroundUrl(made);
  });
  return {
    get url() {
      return url;
    },
  };
}

/**
 * Loads the part of the screen of the ruleset `rulesetId()` (its phases' names, its panels);
 * `ready` once the part of the current ruleset is in, so its fight never shows under the generic
 * names first. `failed` is told when the chunk cannot load.
 */
export function rulesetPart(rulesetId: () => string | null, failed: (error: unknown) => void): { readonly ready: boolean } {
  let loaded = $state<{ for: string | null } | null>(null);
  $effect(() => {
    const id = rulesetId();
    let current = true;
    loadPlayerPanels(id ?? '').then(
      () => {
        if (current) loaded = { for: id };
      },
      (error: unknown) => {
        if (current) failed(error);
      },
    );
    return () => {
      current = false;
    };
  });
  return {
    get ready() {
      return loaded !== null && loaded.for === rulesetId();
    },
  };
}
