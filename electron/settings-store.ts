/**
 * The one owner of settings.json while the app runs. The settings screen (settings-handlers.ts)
 * and the players' window (player-window.ts) both change it; each change goes through here, one
 * at a time, so neither writes over the other's field.
 *
 * - A damaged file is never written over by the app starting or by the players' window moving:
 *   only a change the GM makes on the settings screen writes it (keeping the damaged one aside).
 *   Until then the players' window's place is kept in memory (and written with that change).
 * - A change that changes nothing writes nothing.
 *
 * Plain Node, no Electron.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Result } from '../engine/campaign/index';
import { MAX_SHARED_CAMPAIGNS, writeSettings, type LoadedSettings, type PlayerWindowPlacement, type Settings, type SharedCampaign } from './settings';

export interface SettingsStoreDeps {
  /** The settings file (absolute): `<userData>/settings.json`. */
  readonly file: string;
  /** What `readSettings(file)` gave at start. */
  readonly loaded: LoadedSettings;
  /** The clock (tests): names the kept damaged file. */
  readonly now?: () => Date;
}

export interface SettingsStore {
  /** The settings in use (as written, or as last changed while the file is damaged). */
  current(): Settings;
  /** Why the file was not used, until the GM's first change writes it; else null. */
  problem(): string | null;
  /** True while the file there is one that was not used (it is kept aside on the first save). */
  damaged(): boolean;
  /** Runs `task` after the changes queued before it. */
  inTurn<T>(task: () => Promise<T>): Promise<T>;
  /**
   * Writes `next` (the GM changed a setting) unless nothing changes, keeping a damaged file aside
   * first, and makes it the settings. Call inside `inTurn`.
   */
  save(next: Settings): Promise<Result<void>>;
  /** Remembers where the players' window is (queued). Not written while the file is damaged. */
  rememberPlayerWindow(placement: PlayerWindowPlacement): Promise<Result<void>>;
  /**
   * Remembers that `folder`'s players' screen is shared with phones, and how, or (null) that it is
   * not (queued). Not written while the file is damaged.
   */
  rememberSharing(folder: string, shared: Omit<SharedCampaign, 'folder'> | null): Promise<Result<void>>;
}

export function createSettingsStore(deps: SettingsStoreDeps): SettingsStore {
  let settings = deps.loaded.settings;
  let problem = deps.loaded.problem;
  let damaged = deps.loaded.damaged;
  let queue: Promise<unknown> = Promise.resolve();

  function inTurn<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.then(task, task);
    queue = run.then(
      () => {},
      () => {},
    );
    return run;
  }

  async function save(next: Settings): Promise<Result<void>> {
    if (!damaged && isDeepStrictEqual(withoutUndefined(next), withoutUndefined(settings))) return { ok: true, value: undefined };
    const written = await writeSettings(deps.file, next, { keepDamaged: damaged, ...(deps.now ? { now: deps.now } : {}) });
    if (!written.ok) return written;
    settings = next;
    problem = null;
    damaged = false;
    return { ok: true, value: undefined };
  }

  /** Changes the settings in turn: written, unless the file is damaged (the GM's next change writes it). */
  const change = (next: (current: Settings) => Settings) =>
    inTurn(async () => {
      const changed = next(settings);
      if (!damaged) return save(changed);
      settings = changed;
      return { ok: true as const, value: undefined };
    });

  return {
    current: () => settings,
    problem: () => problem,
    damaged: () => damaged,
    inTurn,
    save,
    rememberPlayerWindow: (placement) => change((current) => ({ ...current, playerWindow: placement })),
    rememberSharing: (folder, shared) =>
      change((current) => {
        const others = (current.sharedCampaigns ?? []).filter((entry) => entry.folder !== folder);
        // The newest last; past the limit, the ones shared longest ago are forgotten.
        const list = shared ? [...others, { folder, ...shared }].slice(-MAX_SHARED_CAMPAIGNS) : others;
        const { sharedCampaigns: _dropped, ...rest } = current;
        return list.length > 0 ? { ...rest, sharedCampaigns: list } : rest;
      }),
  };
}

/** `{ a: 1, b: undefined }` → `{ a: 1 }`: an absent optional field and an undefined one are equal. */
function withoutUndefined(settings: Settings): Record<string, unknown> {
  return Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined));
}
