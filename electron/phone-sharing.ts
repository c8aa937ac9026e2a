/**
 * Sharing the players' screen with the players' phones, as the main process runs it (issue 44):
 * off until the GM starts it from the "Share with phones…" dialog (`share:*` channels), on one
 * interface the GM picks, with a join code the GM may replace at any time. Each screen the GM
 * window publishes goes to the server as it goes to the players' window; a server that starts
 * gets the last one at once. The phones watching count as watchers (players-watching.ts), so
 * the GM window publishes while only phones watch.
 *
 * A campaign shared keeps its join code while it shares (settings.json): when it opens again
 * after the app restarted, sharing starts with the same code, so the phones that were watching
 * come back by themselves. Quitting therefore does not tell the phones sharing ended.
 *
 * Plain logic with the server passed in (in the app, the server in a process of its own:
 * electron/phone-share/server-process-client.ts; a fake in most tests).
 */
import type { Result } from '../engine/campaign/index';
import { MAX_SHARE_STOPPED_LENGTH, type QrModules, type ShareInterface, type ShareStatus } from './ipc-contract';
import { normalJoinCode } from './phone-share/join-code';
import type { PhoneScreenUpdate, PhoneServer } from './phone-share/index';
import { screenForPhones } from './phone-screen';
import type { SharedCampaign } from './settings';

/** How a campaign was shared, as settings.json keeps it. */
export type SharedHow = Omit<SharedCampaign, 'folder'>;

/** The phone server (electron/phone-share/server.ts), in its own process in the app, a fake in tests. */
export type PhoneServerLike = PhoneServer;

export interface PhoneSharingDeps {
  /** Starts a server listening on `host` only, with `code` (none: a new one); rejects with a sentence the GM can act on. */
  readonly startServer: (options: { readonly host: string; readonly port: number; readonly allowPick: boolean; readonly code?: string }) => Promise<PhoneServerLike>;
  /** This machine's IPv4 interfaces other than the loopback. */
  readonly interfaces: () => ShareInterface[];
  /** Told how many phones watch, whenever that changes (main.ts adds it to the watcher count). */
  readonly onWatchers: (count: number) => void;
  /** The address as a QR code. */
  readonly qr: (text: string) => QrModules;
  /** The port used when the GM does not choose one. */
  readonly defaultPort: number;
  /** How `campaign` was shared when it was last open, if it was (settings.json). */
  readonly remembered: (campaign: string) => SharedHow | undefined;
  /** Remembers how `campaign` is shared, or (null) that it is not. */
  readonly remember: (campaign: string, shared: SharedHow | null) => void;
}

export interface PhoneSharing {
  status(): ShareStatus;
  /** Starts sharing on `address`; with `campaign`, it starts again when that campaign next opens. */
  start(address: string, port?: number, campaign?: string): Promise<Result<ShareStatus>>;
  /** `campaign` opened: sharing starts again if it was on when it was last open. */
  resume(campaign: string): Promise<Result<ShareStatus>>;
  /** The GM ends sharing: the campaign no longer shares when it opens. */
  stop(): Promise<Result<ShareStatus>>;
  /**
   * The app quits: the streams close without `ended`, so the phones say "Reconnecting…" and come
   * back by themselves when the campaign shares again, with the same code, as it next opens.
   */
  close(): Promise<void>;
  newCode(): Result<ShareStatus>;
  allowPick(allow: boolean): Result<ShareStatus>;
  /** A screen the GM window published: kept for a server that starts later, and sent to every phone watching. */
  publish(update: PhoneScreenUpdate): void;
  /**
   * How many watch in all (the players' window and the phones: main.ts's count), whenever it
   * changes. At 0 the GM window stops publishing, so the screen kept would go stale: it is
   * forgotten, here and in the server, and a phone that connects next waits ("Connecting…") for
   * the fresh one the GM window publishes as it connects.
   */
  watching(total: number): void;
}

export function createPhoneSharing(deps: PhoneSharingDeps): PhoneSharing {
  let server: PhoneServerLike | null = null;
  /** The campaign sharing was started for (remembered in settings.json), if any. */
  let sharedFor: string | null = null;
  let last: PhoneScreenUpdate | null = null;
  /** Told that nobody watches (and not told otherwise since). */
  let nobodyWatches = false;
  let stopCounting: () => void = () => {};
  let pick = true;
  /** Why sharing stopped by itself, until the GM starts or stops it (the dialog shows it). */
  let stoppedWhy: string | null = null;
  /** The QR code of the address it was made for (made again only when the address changes). */
  let qr: { readonly url: string; readonly modules: QrModules } | null = null;
  /** Start and stop one after the other, so two clicks never leave two servers. */
  let queue: Promise<unknown> = Promise.resolve();

  function status(): ShareStatus {
    const url = server?.url() ?? null;
    if (url !== null && qr?.url !== url) qr = { url, modules: deps.qr(url) };
    return {
      sharing: server !== null,
      interfaces: deps.interfaces(),
      address: server?.host ?? null,
      url,
      code: server?.code() ?? null,
      qr: url !== null && qr ? qr.modules : null,
      watchers: server?.watchers() ?? 0,
      pick,
      stopped: stoppedWhy,
    };
  }

  /** Stops the server; with `resumes`, without telling the phones sharing ended (the app quits). */
  async function closeServer(resumes = false): Promise<void> {
    const closing = server;
    server = null;
    qr = null;
    stopCounting();
    stopCounting = () => {};
    deps.onWatchers(0);
    await closing?.close({ resumes });
  }

  /** Remembers how the campaign shared for is shared now, its code included (settings.json). */
  function rememberSharing(): void {
    if (server && sharedFor !== null) deps.remember(sharedFor, { address: server.host, port: server.port, pick, code: server.code() });
  }

  /** The code `campaign` last shared with, when settings.json kept one that reads as a join code. */
  function keptCode(campaign: string | null): string | undefined {
    const code = campaign === null ? undefined : deps.remembered(campaign)?.code;
    // Checked here too, with the join code's own check: a code that does not read gives a new one.
    return code !== undefined && normalJoinCode(code) !== null ? code : undefined;
  }

  function serial<T>(work: () => Promise<T>): Promise<T> {
    const run = queue.then(work, work);
    queue = run.catch(() => {});
    return run;
  }

  const notSharing: Result<ShareStatus> = {
    ok: false,
    code: 'share/not-sharing',
    message: 'Sharing with phones is off; start it first.',
  };

  /** Starts a server on `address`: on `port`, or (none chosen) the default one, else any free one when it is taken. */
  async function startOn(address: string, port: number | null, code: string | undefined): Promise<PhoneServerLike> {
    try {
      return await deps.startServer({ host: address, port: port ?? deps.defaultPort, allowPick: pick, code });
    } catch (error) {
      const inUse = (error as { code?: unknown } | null)?.code === 'EADDRINUSE';
      if (port !== null || !inUse) throw error;
      // Another program (or another GM Screen) has the usual port: the address says which one is used.
      return deps.startServer({ host: address, port: 0, allowPick: pick, code });
    }
  }

  function start(address: string, port: number | null, campaign: string | null): Promise<Result<ShareStatus>> {
    return serial(async () => {
      // The GM starts again: whatever this start says replaces why sharing stopped by itself.
      stoppedWhy = null;
      if (!deps.interfaces().some((entry) => entry.address === address)) {
        return {
          ok: false,
          code: 'share/no-such-interface',
          message: `${address} is not an address of this computer's networks now; pick one of the listed networks (is the Wi-Fi connected?).`,
        };
      }
      if (!(server && server.host === address && (port === null || server.port === port))) {
        await closeServer();
        try {
          // The campaign's code while it shares (a restart, another network): phones keep it.
          const started = await startOn(address, port, keptCode(campaign));
          server = started;
          // The GM may have changed it while the server was starting.
          started.setAllowPick(pick);
          const stopCount = started.onWatchers((count) => deps.onWatchers(count));
          // A server that stopped by itself (its process ended for good) is let go: the dialog
          // says sharing is off, and the campaign still shares again when it next opens.
          const stopStopped = started.onStopped(
            (why) =>
              void serial(async () => {
                if (server !== started) return;
                // Within the status's bound, or the pushed status would be dropped as not one.
                stoppedWhy = why.length > MAX_SHARE_STOPPED_LENGTH ? `${why.slice(0, MAX_SHARE_STOPPED_LENGTH - 1)}…` : why;
                await closeServer(true);
              }),
          );
          stopCounting = () => {
            stopCount();
            stopStopped();
          };
          if (last) started.publish(last);
        } catch (error) {
          return {
            ok: false,
            code: 'share/start-failed',
            message: error instanceof Error ? error.message : `Sharing could not start (${String(error)}).`,
          };
        }
      }
      if (campaign !== null) {
        if (sharedFor !== null && sharedFor !== campaign) deps.remember(sharedFor, null);
        sharedFor = campaign;
        rememberSharing();
      }
      return { ok: true, value: status() };
    });
  }

  return {
    status,
    start: (address, port, campaign) => start(address, port ?? null, campaign ?? null),
    async resume(campaign) {
      const shared = deps.remembered(campaign);
      if (server || !shared) return { ok: true, value: status() };
      if (!deps.interfaces().some((entry) => entry.address === shared.address)) {
        return {
          ok: false,
          code: 'share/network-gone',
          message: `This campaign was shared with phones on ${shared.address}, a network this computer is not on now: open Share with phones… to share it on one it is on.`,
        };
      }
      pick = shared.pick;
      return start(shared.address, shared.port, campaign);
    },
    stop: () =>
      serial(async () => {
        await closeServer();
        stoppedWhy = null;
        if (sharedFor !== null) deps.remember(sharedFor, null);
        sharedFor = null;
        return { ok: true, value: status() };
      }),
    close: () => serial(() => closeServer(true)),
    newCode() {
      if (!server) return notSharing;
      server.newCode();
      // The new code replaces the kept one: whoever had the old one is locked out for good.
      rememberSharing();
      return { ok: true, value: status() };
    },
    allowPick(allow) {
      pick = allow;
      server?.setAllowPick(allow);
      rememberSharing();
      return { ok: true, value: status() };
    },
    publish(update) {
      // A screen the GM window sent before it heard nobody watches any more: held, it would go stale.
      if (nobodyWatches) return;
      last = { ...update, screen: screenForPhones(update.screen) };
      server?.publish(last);
    },
    watching(total) {
      nobodyWatches = total === 0;
      if (!nobodyWatches) return;
      last = null;
      server?.forget();
    },
  };
}
