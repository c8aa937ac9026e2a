/**
 * Sharing the players' screen with the players' phones, as the main process runs it (issue 44):
 * off until the GM starts it from the "Share with phones…" dialog (`share:*` channels), on one
 * interface the GM picks, with a join code the GM may replace at any time. Each screen the GM
 * window publishes goes to the server as it goes to the players' window; a server that starts
 * gets the last one at once. The phones watching count as watchers (players-watching.ts), so
 * the GM window publishes while only phones watch.
 *
 * Plain logic with the server passed in (electron/phone-share/ in the app, a fake in tests).
 */
import type { Result } from '../engine/campaign/index';
import type { PlayerScreen } from '../engine/drawing';
import type { QrModules, ShareInterface, ShareStatus } from './ipc-contract';

/** The part of the phone server (electron/phone-share/server.ts) used here. */
export interface PhoneServerLike {
  readonly host: string;
  readonly port: number;
  code(): string;
  url(): string;
  publish(update: { readonly screen: PlayerScreen; readonly writtenAt: number }): void;
  newCode(): string;
  setAllowPick(allow: boolean): void;
  watchers(): number;
  onWatchers(listener: (count: number) => void): () => void;
  close(): Promise<void>;
}

export interface PhoneSharingDeps {
  /** Starts a server listening on `host` only; rejects with a sentence the GM can act on. */
  readonly startServer: (options: { readonly host: string; readonly port: number; readonly allowPick: boolean }) => Promise<PhoneServerLike>;
  /** This machine's IPv4 interfaces other than the loopback. */
  readonly interfaces: () => ShareInterface[];
  /** Told how many phones watch, whenever that changes (main.ts adds it to the watcher count). */
  readonly onWatchers: (count: number) => void;
  /** The address as a QR code. */
  readonly qr: (text: string) => QrModules;
  /** The port used when the GM does not choose one. */
  readonly defaultPort: number;
}

export interface PhoneSharing {
  status(): ShareStatus;
  start(address: string, port?: number): Promise<Result<ShareStatus>>;
  stop(): Promise<Result<ShareStatus>>;
  newCode(): Result<ShareStatus>;
  allowPick(allow: boolean): Result<ShareStatus>;
  /** A screen the GM window published: kept for a server that starts later, and sent to every phone watching. */
  publish(update: { readonly screen: PlayerScreen; readonly writtenAt: number }): void;
}

export function createPhoneSharing(deps: PhoneSharingDeps): PhoneSharing {
  let server: PhoneServerLike | null = null;
  let last: { readonly screen: PlayerScreen; readonly writtenAt: number } | null = null;
  let stopCounting: () => void = () => {};
  let pick = true;
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
    };
  }

  async function closeServer(): Promise<void> {
    const closing = server;
    server = null;
    qr = null;
    stopCounting();
    stopCounting = () => {};
    deps.onWatchers(0);
    await closing?.close();
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

  return {
    status,
    start: (address, port = deps.defaultPort) =>
      serial(async () => {
        if (!deps.interfaces().some((entry) => entry.address === address)) {
          return {
            ok: false,
            code: 'share/no-such-interface',
            message: `${address} is not an address of this computer's networks now; pick one of the listed networks (is the Wi-Fi connected?).`,
          };
        }
        if (server && server.host === address && server.port === port) return { ok: true, value: status() };
        await closeServer();
        try {
          const started = await deps.startServer({ host: address, port, allowPick: pick });
          server = started;
          stopCounting = started.onWatchers((count) => deps.onWatchers(count));
          if (last) started.publish(last);
          return { ok: true, value: status() };
        } catch (error) {
          return {
            ok: false,
            code: 'share/start-failed',
            message: error instanceof Error ? error.message : `Sharing could not start (${String(error)}).`,
          };
        }
      }),
    stop: () =>
      serial(async () => {
        await closeServer();
        return { ok: true, value: status() };
      }),
    newCode() {
      if (!server) return notSharing;
      server.newCode();
      return { ok: true, value: status() };
    },
    allowPick(allow) {
      pick = allow;
      server?.setAllowPick(allow);
      return { ok: true, value: status() };
    },
    publish(update) {
      last = update;
      server?.publish(update);
    },
  };
}
