/**
 * Sharing with phones as the main process runs it, with the real server in its own process, on
 * 127.0.0.1 (the other tests of phone-sharing.ts use a fake one): what the GM window publishes reaches a phone reading
 * the address the dialog shows, whole and then as patches; the phones are counted as watchers; a
 * new code and ending sharing end the phones' streams, and nothing listens after.
 */
import { connect } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { blankScreen, fightScreen } from '../engine/testing/player-screens';
import { startPhoneServerProcess, type LaunchServerProcess } from './phone-share/index';
import { nodeServerLauncher } from './phone-share/testing/server-process';
import { makePageRoot, type PageRoot } from './phone-share/testing/fixtures';
import { openStream, rawRequest, screenOfStep, screensHeld, type PhoneStream } from './phone-share/testing/phone-client';
import { createPhoneSharing, type PhoneSharing } from './phone-sharing';
import { qrModules } from './share-qr';

let page: PageRoot;
let sharing: PhoneSharing;
let launch: LaunchServerProcess;
const phoneCounts: number[] = [];
const phones: PhoneStream[] = [];

beforeEach(async () => {
  page = await makePageRoot();
  launch = await nodeServerLauncher();
  phoneCounts.length = 0;
  sharing = createPhoneSharing({
    startServer: (options) => startPhoneServerProcess({ ...options, pageRoot: page.root }, launch),
    interfaces: () => [{ name: 'lo', address: '127.0.0.1' }],
    onWatchers: (count) => phoneCounts.push(count),
    qr: qrModules,
    defaultPort: 0,
    remembered: () => undefined,
    remember: () => {},
  });
});
afterEach(async () => {
  for (const phone of phones.splice(0)) phone.close();
  await sharing.close();
  await page.remove();
});

/** A phone opening the address the dialog shows: its stream, next to the page. */
async function phoneAt(url: string): Promise<PhoneStream> {
  const { port, pathname } = new URL(url);
  const phone = await openStream(Number(port), `${pathname}screen`);
  phones.push(phone);
  return phone;
}

const refused = (port: number) =>
  new Promise<string>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.on('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });

describe('sharing with phones, server and all', () => {
  it('sends a phone at the dialog\'s address the screen published before sharing started, then each one, and counts it', async () => {
    sharing.publish({ screen: blankScreen('Night watch'), writtenAt: 1 });
    const started = await sharing.start('127.0.0.1');
    if (!started.ok) throw new Error(started.message);
    const { url } = started.value;
    if (url === null) throw new Error('no address while sharing');
    const phone = await phoneAt(url);
    await phone.next(screenOfStep(1));
    // The count comes from the server's process after the screen went out.
    await vi.waitFor(() => expect(sharing.status().watchers).toBe(1));
    expect(phoneCounts.at(-1)).toBe(1);
    // The page itself, at the same address.
    const { port, pathname } = new URL(url);
    expect((await rawRequest(Number(port), `GET ${pathname} HTTP/1.1`))?.status).toBe(200);

    const fight = fightScreen();
    await new Promise((resolve) => setTimeout(resolve, 120)); // past the server's rate bound
    sharing.publish({ screen: fight, writtenAt: 2 });
    await phone.next(screenOfStep(2));
    expect(phone.events.map((e) => e.event)).toEqual(['clock', 'share', 'screen', 'patch']);
    expect(screensHeld(phone).map((held) => held.screen)).toEqual([blankScreen('Night watch'), fight]);
  });

  it('ends the phones\' streams on a new code, takes them on the new address, and stops listening when the GM ends sharing', async () => {
    sharing.publish({ screen: blankScreen('Night watch'), writtenAt: 1 });
    const started = await sharing.start('127.0.0.1');
    if (!started.ok || started.value.url === null) throw new Error('sharing did not start');
    const first = await phoneAt(started.value.url);
    await first.next(screenOfStep(1));

    const renewed = sharing.newCode();
    if (!renewed.ok || renewed.value.url === null) throw new Error('no new code');
    expect(renewed.value.url).not.toBe(started.value.url);
    await first.closed;
    expect(first.events.at(-1)?.event).toBe('ended');
    await expect(phoneAt(started.value.url)).rejects.toThrow(/status 404/);
    const second = await phoneAt(renewed.value.url);
    await second.next(screenOfStep(1));

    const port = Number(new URL(renewed.value.url).port);
    const stopped = await sharing.stop();
    expect(stopped).toMatchObject({ ok: true, value: { sharing: false, url: null, watchers: 0 } });
    await second.closed;
    expect(second.events.at(-1)?.event).toBe('ended');
    expect(phoneCounts.at(-1)).toBe(0);
    expect(await refused(port)).toBe('ECONNREFUSED');
  });
});
