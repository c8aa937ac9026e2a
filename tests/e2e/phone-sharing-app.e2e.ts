/**
 * Sharing with phones from the desktop app itself (issue 44): the main process starts the phones'
 * server in its own process (Electron's utility process, dist-electron/phone-server.cjs), and a
 * phone at the address the dialog shows gets the page; ending sharing stops it listening. Only the
 * desktop app shares, so this runs where Electron's binary is installed (not on this project's
 * development machine, where the utility process is tested through Node's fork:
 * electron/phone-share/server-process.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { drivesElectron, launchApp } from './launch';

interface Status {
  readonly sharing: boolean;
  readonly url: string | null;
  readonly interfaces: readonly { readonly address: string }[];
}
type Answer = { readonly ok: true; readonly value: Status } | { readonly ok: false; readonly message: string };
/** The GM window's sharing calls (electron/ipc-contract/share.ts), as the preload exposes them. */
type SharingCall = 'shareStatus' | 'startSharing' | 'stopSharing';

describe.runIf(drivesElectron())('sharing with phones in the desktop app', () => {
  it("serves the phone page from the server's own process at the address shown, and stops when the GM ends sharing", async () => {
    const app = await launchApp();
    try {
      const call = (name: SharingCall, payload?: { address: string }) =>
        app.page.evaluate(({ name, payload }) => (window as unknown as { gmScreen: Record<string, (p?: unknown) => Promise<Answer>> }).gmScreen[name]!(payload), { name, payload });
      const status = await call('shareStatus');
      if (!status.ok) throw new Error(status.message);
      const address = status.value.interfaces[0]?.address;
      // A machine with no network but the loopback has nothing to share on: said, not failed.
      if (address === undefined) return console.log('[e2e] no network interface to share on here');
      const started = await call('startSharing', { address });
      if (!started.ok || started.value.url === null) throw new Error(started.ok ? 'no address while sharing' : started.message);
      const page = await fetch(started.value.url);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<html');
      expect(await call('stopSharing')).toMatchObject({ ok: true, value: { sharing: false } });
      await expect(fetch(started.value.url)).rejects.toThrow();
    } finally {
      await app.close();
    }
  });
});
