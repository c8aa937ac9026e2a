// Phones watching the players' screen (issue 44): printed figures, never asserted. Run through
// scripts/bench.mjs.
//
// 1. A GM step to the phone page showing it, with 1 and with 50 phones watching on loopback. The
//    steps of a running Freeform fight of 100 are made in this process as the GM window makes them
//    (the engine's step, then the players' screen projected from it) and published to the phones'
//    server (electron/phone-share/, as the main process runs it) on 127.0.0.1. One phone is the
//    phone page in Chromium at 390×844, which notes when its turn line shows the new turn; the
//    other 49 are readers of the stream in a process of their own at the lowest priority, reading
//    every byte (at the table they are other devices). A step every 150 ms
//    (slower than the server's 10 screens a second, so none is skipped).
// 2. The GM screen's own next turn (key → painted frame, as bench-scale measures it) in the same
//    fight of 100: with nobody watching; publishing (a players' screen counted as open); and
//    publishing and relaying each screen to the phones' server, with none and with 50 phones
//    watching. The relay is a hook on the GM page's IndexedDB write that hands the screen to this
//    process through DevTools, standing in for the desktop app's IPC to the main process; it costs
//    the GM's page more than IPC would (its own figure says how much), so the phones' share is the
//    difference between those two figures. The readers' process costs the GM's page on this
//    machine by its mere presence (an idle Node process does as much), so the 50 readers are
//    measured first watching a second server the steps never reach: the phones' own cost is the
//    difference between that figure and the one with them watching. Last, the same while this
//    process floods the server with bad requests (hostile paths, wrong codes, garbage) from 40
//    connections at once, from addresses of their own: the phones must all stay, and the GM's
//    turn must not slow.
// 3. The bytes one phone receives per GM step when the map has a picture (1.5 MB, the most a
//    stored picture weighs, as random bytes like a photo's): one reader of the stream in this
//    process, fetching each picture the screens refer to once, as the phone page does.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { get } from 'node:http';
import { setPriority } from 'node:os';
import { chromium } from 'playwright-core';
import { dispatch, historyLines, projectPlayerView, type Encounter } from '../engine/index';
import { blankScreen } from '../engine/testing/player-screens';
import { crowdFight } from '../engine/testing/crowds';
import { campaignFileWith } from '../engine/testing/journals';
import { startPhoneServer, type PhoneServer } from '../electron/phone-share/index';
import type { PlayerScreen } from '../engine/drawing';
import { LOCK_PREFIX, PRESENCE_CHANNEL } from '../renderer/src/player/tab-presence';
import { nextTurn, openBenchBrowser, percentile, resumeMeasured } from './bench-browser';

const SIZE = 100;
const STEPS = 60;
const STEP_GAP_MS = 150;
const GM_TURNS = 40;
const FLOOD_CONNECTIONS = 40;
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The phones other than the page: `count` readers of the stream, each from an address of its own
 * (127.0.0.x: the server holds one address to a few connections), reading every byte. They run in
 * a process of their own at the lowest priority: at the table they are other devices, so their
 * work must not be counted as the laptop's (on this machine's two cores it can only be made to
 * yield). Answers a function that hangs them up.
 */
async function readers(server: PhoneServer, count: number): Promise<() => void> {
  if (count === 0) return () => {};
  const child = spawn(process.execPath, ['-e', READERS_SCRIPT, server.host, String(server.port), server.code(), String(count)], { stdio: ['ignore', 'pipe', 'inherit'] });
  if (child.pid !== undefined) setPriority(child.pid, 19);
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => (chunk.toString().includes('ready') ? resolve() : undefined));
    child.on('exit', (code) => reject(new Error(`the readers stopped (${code})`)));
  });
  return () => {
    child.kill();
  };
}

/** The readers' process: opens the streams, says "ready" once all are open, reads until killed. */
const READERS_SCRIPT = `
const { get } = require('node:http');
const [host, port, code, count] = process.argv.slice(1);
let open = 0;
for (let i = 0; i < Number(count); i++) {
  get({ host, port: Number(port), path: '/' + code + '/screen', localAddress: '127.0.0.' + (2 + i), agent: false }, (response) => {
    if (response.statusCode !== 200) { console.error('a reader got ' + response.statusCode); process.exit(1); }
    response.on('data', () => {});
    if (++open === Number(count)) console.log('ready');
  }).on('error', (error) => { console.error(String(error)); process.exit(1); });
}
`;

/** Bad requests a flood sends in turn: hostile paths, wrong codes, garbage, a body. */
const BAD_REQUESTS = [
  'GET /../../etc/passwd HTTP/1.1',
  'GET /%2e%2e/%2e%2e/campaign.json HTTP/1.1',
  'GET /aaaa-aaaa/screen HTTP/1.1',
  'POST /aaaa-aaaa/ HTTP/1.1\r\nContent-Length: 5\r\n\r\nhello',
  'BREW /coffee HTCPCP/1.0',
  '\u0000\u0001\u0002 not http at all',
];

/**
 * A flood on `server` from `connections` sockets at once, each from an address of its own among
 * 127.0.1.x–127.0.4.x, each sending bad requests one after another as fast as the server answers
 * or drops it. Made by a process of its own at the lowest priority, like the readers: at the
 * table a flood comes from another device, and only the server's side of it is the laptop's.
 * Answers a function that stops it and says how many were sent.
 */
async function flood(server: PhoneServer, connections: number): Promise<() => Promise<number>> {
  const child = spawn(process.execPath, ['-e', FLOOD_SCRIPT, server.host, String(server.port), String(connections), JSON.stringify(BAD_REQUESTS)], { stdio: ['pipe', 'pipe', 'inherit'] });
  if (child.pid !== undefined) setPriority(child.pid, 19);
  const said = (word: string) => new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => (chunk.toString().includes(word) ? resolve(chunk.toString()) : undefined));
    child.on('exit', (code) => reject(new Error(`the flood stopped (${code})`)));
  });
  await said('flooding');
  return async () => {
    const sent = said('sent');
    child.stdin.end('stop');
    return Number(/sent (\d+)/.exec(await sent)?.[1] ?? Number.NaN);
  };
}

/** The flood's process: floods until told to stop on stdin, then says how many it sent. */
const FLOOD_SCRIPT = `
const { connect } = require('node:net');
const [host, port, connections, requests] = process.argv.slice(1);
const bad = JSON.parse(requests);
let sent = 0;
let stopped = false;
const one = (slot) => {
  if (stopped) return;
  const line = bad[sent % bad.length];
  sent += 1;
  const socket = connect({ host, port: Number(port), localAddress: '127.0.' + (1 + (slot % 4)) + '.' + (1 + ((slot * 7 + sent) % 250)) });
  socket.on('connect', () => socket.end(line.includes('\\r\\n\\r\\n') ? line : line + '\\r\\nHost: ' + host + ':' + port + '\\r\\n\\r\\n'));
  socket.on('error', () => {});
  socket.on('data', () => {});
  socket.on('close', () => one(slot));
};
for (let slot = 0; slot < Number(connections); slot++) one(slot);
console.log('flooding');
process.stdin.on('data', () => {
  stopped = true;
  console.log('sent ' + sent);
  process.exit(0);
});
`;

/** The players' screen of `encounter`, as the GM window publishes it. */
function screenOf(encounter: Encounter): PlayerScreen {
  return blankScreen('Phone bench', { mode: 'live', view: projectPlayerView(encounter.state, encounter.ruleset), ruleset: encounter.state.rulesetId });
}

/** What the phone's turn line says for `screen` ("Hero 3 acts"). */
function whoOf(screen: PlayerScreen): string {
  const view = screen.view;
  if (!view || view.status === 'waiting') throw new Error('expected a running fight');
  const acting = view.combatants.find((c) => c.key === view.acting);
  if (!acting) throw new Error('nobody acting');
  return `${acting.name} acts`;
}

async function stepToPhone(watching: number): Promise<void> {
  const server = await startPhoneServer({ host: '127.0.0.1', port: 0, pageRoot: 'dist/phone' });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
  let hangUp = () => {};
  try {
    let fight = crowdFight('phone-bench', SIZE);
    server.publish({ screen: screenOf(fight), writtenAt: Date.now() });
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await phone.goto(server.url());
    await phone.getByTestId('phone-who').waitFor();
    hangUp = await readers(server, watching - 1);
    // The phone notes the time whenever its turn line changes.
    await phone.evaluate(() => {
      const seen: { at: number; who: string }[] = [];
      (window as unknown as { benchSeen: typeof seen }).benchSeen = seen;
      new MutationObserver(() => {
        const who = document.querySelector('[data-testid="phone-who"]')?.textContent ?? '';
        if (seen.at(-1)?.who !== who) seen.push({ at: performance.timeOrigin + performance.now(), who });
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const latencies: number[] = [];
    for (let i = 0; i < STEPS; i++) {
      const started = performance.timeOrigin + performance.now();
      const stepped = dispatch(fight, { type: 'next-turn' });
      if (!stepped.ok) throw new Error(stepped.message);
      fight = stepped.encounter;
      const screen = screenOf(fight);
      server.publish({ screen, writtenAt: Date.now() });
      const who = whoOf(screen);
      await phone.waitForFunction((want) => document.querySelector('[data-testid="phone-who"]')?.textContent === want, who);
      const seen = await phone.evaluate((want) => (window as unknown as { benchSeen: { at: number; who: string }[] }).benchSeen.filter((s) => s.who === want).pop()?.at ?? Number.NaN, who);
      latencies.push(seen - started);
      await sleep(STEP_GAP_MS);
    }
    if (server.watchers() !== watching) throw new Error(`expected ${watching} watching, the server counts ${server.watchers()}`);
    console.log(
      `phones: GM step to the phone page showing it, ${watching} watching on loopback (${STEPS} turns of a running Freeform fight of ${SIZE}): median ${percentile(latencies, 50).toFixed(1)} ms, 95th percentile ${percentile(latencies, 95).toFixed(1)} ms`,
    );
  } finally {
    hangUp();
    await browser.close();
    await server.close();
  }
}

async function gmTurnsWhilePhonesWatch(): Promise<void> {
  const server = await startPhoneServer({ host: '127.0.0.1', port: 0, pageRoot: 'dist/phone' });
  const browser = await openBenchBrowser();
  let hangUp = () => {};
  try {
    const id = 'phone-gm-bench';
    const name = `Fight of ${SIZE}`;
    const file = `${browser.work}/phone-bench.gm-campaign.json`;
    writeFileSync(file, campaignFileWith({ id: 'phone-campaign', name: 'Phone bench', rulesetId: 'freeform' }, [{ id, name, lines: historyLines(crowdFight(id, SIZE)) }]));
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    // Every players' screen the GM's page writes for its players' pages goes to the phones too.
    await page.exposeFunction('benchRelay', (json: string) => server.publish({ screen: JSON.parse(json) as PlayerScreen, writtenAt: Date.now() }));
    await page.addInitScript(() => {
      const put = IDBObjectStore.prototype.put;
      IDBObjectStore.prototype.put = function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
        const row = value as { key?: unknown; screen?: unknown } | null;
        if ((window as unknown as { benchNoRelay?: boolean }).benchNoRelay !== true && this.name === 'player' && row?.key === 'screen') void (window as unknown as { benchRelay(json: string): Promise<void> }).benchRelay(JSON.stringify(row.screen));
        return put.call(this, value, key);
      } as typeof put;
    });
    await page.goto(browser.url);
    await page.getByLabel(/Import a campaign file/).setInputFiles(file);
    await page.getByRole('button', { name: 'Open Phone bench' }).click();
    await resumeMeasured(page, name, SIZE);
    await page.waitForTimeout(400);

    const turns = async () => {
      for (let i = 0; i < 5; i++) await nextTurn(page);
      const taken: number[] = [];
      for (let i = 0; i < GM_TURNS; i++) {
        taken.push(await nextTurn(page));
        await page.waitForTimeout(STEP_GAP_MS);
      }
      return taken;
    };
    const alone = await turns();
    // A players' screen watching, as the GM's page counts them (tab-presence.ts), announced from
    // the GM's page itself: a second tab of the same site would share its thread and slow it.
    await page.evaluate(
      ({ channelName, lockName }) => {
        const channel = new BroadcastChannel(channelName);
        void navigator.locks.request(lockName, () => {
          const say = () => channel.postMessage({ kind: 'watching', id: 'bench' });
          channel.onmessage = (event: MessageEvent<{ kind?: string }>) => event.data?.kind === 'who' && say();
          say();
          return new Promise(() => {});
        });
      },
      { channelName: PRESENCE_CHANNEL, lockName: `${LOCK_PREFIX}bench` },
    );
    const relay = (on: boolean) => page.evaluate((value) => ((window as unknown as { benchNoRelay?: boolean }).benchNoRelay = !value), on);
    await relay(false);
    const published = await turns();
    await relay(true);
    const relayed = await turns();
    // The same 50 readers, on a second server the steps never reach: on this machine's two cores
    // the readers' process costs the GM's page by itself being there (an idle Node process does
    // as much), so the phones' own cost is the difference between this figure and the next.
    const elsewhere = await startPhoneServer({ host: '127.0.0.1', port: 0, pageRoot: 'dist/phone' });
    elsewhere.publish({ screen: blankScreen('Elsewhere'), writtenAt: Date.now() });
    hangUp = await readers(elsewhere, 50);
    const readersElsewhere = await turns();
    hangUp();
    await elsewhere.close();
    hangUp = await readers(server, 50);
    const watched = await turns();
    if (server.watchers() !== 50) throw new Error(`expected 50 watching, the server counts ${server.watchers()}`);
    const floodStarted = performance.now();
    const stopFlood = await flood(server, FLOOD_CONNECTIONS);
    const flooded = await turns();
    const floodRate = (await stopFlood()) / ((performance.now() - floodStarted) / 1000);
    if (server.watchers() !== 50) throw new Error(`the flood dropped phones: the server counts ${server.watchers()}`);
    const line = (what: string, values: number[]) => `median ${percentile(values, 50).toFixed(1)} ms, 95th percentile ${percentile(values, 95).toFixed(1)} ms ${what}`;
    console.log(
      `phones: the GM's next turn at ${SIZE} combatants, key → next painted frame, in Chromium (${GM_TURNS} turns each): ${line('with nobody watching', alone)}; ${line("published (a players' screen open)", published)}; ${line('published and relayed to the phones\' server through DevTools, no phone', relayed)}; ${line('the same, with 50 readers watching another server (the readers\' process alone)', readersElsewhere)}; ${line('published and relayed, 50 phones watching', watched)}; ${line(`the same with a flood of bad requests from ${FLOOD_CONNECTIONS} connections at once (${Math.round(floodRate)} a second)`, flooded)}`,
    );
  } finally {
    hangUp();
    await browser.close();
    await server.close();
  }
}

const PICTURE_BYTES = 1.5 * 1024 * 1024;
const PICTURE_STEPS = 20;

/** Reads `path` on `server` to its end (or until `until` resolves), counting the body's bytes; `onData` sees each piece. */
function countBytes(server: PhoneServer, path: string, onData: (text: string) => void = () => {}): { bytes: () => number; done: Promise<void>; stop: () => void } {
  let bytes = 0;
  let request: ReturnType<typeof get> | null = null;
  const done = new Promise<void>((resolve, reject) => {
    request = get({ host: server.host, port: server.port, path, agent: false }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`${path} answered ${response.statusCode}`));
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        onData(chunk.toString('latin1'));
      });
      response.on('end', resolve);
      response.on('close', resolve);
    });
    request.on('error', reject);
  });
  return { bytes: () => bytes, done, stop: () => request?.destroy() };
}

async function bytesPerStepWithPicture(): Promise<void> {
  const server = await startPhoneServer({ host: '127.0.0.1', port: 0, pageRoot: 'dist/phone' });
  const picture = { mime: 'image/jpeg' as const, base64: randomBytes(PICTURE_BYTES).toString('base64'), width: 2048, height: 1536 };
  let fight = crowdFight('phone-bench', SIZE);
  const publish = () => server.publish({ screen: { ...screenOf(fight), background: picture }, writtenAt: Date.now() });
  publish();
  // A phone: the stream, and each picture a screen refers to fetched once (none, where screens carry them whole).
  const fetched = new Set<string>();
  const pictures: Promise<number>[] = [];
  let text = '';
  const stream = countBytes(server, `/${server.code()}/screen`, (piece) => {
    text = (text + piece).slice(-200);
    for (const [, hash] of text.matchAll(/"picture":"([0-9a-f]{64})"/g)) {
      if (hash === undefined || fetched.has(hash)) continue;
      fetched.add(hash);
      const one = countBytes(server, `/${server.code()}/picture/${hash}`);
      pictures.push(one.done.then(() => one.bytes()));
    }
  });
  try {
    await sleep(500);
    const atConnect = stream.bytes() + (await Promise.all(pictures)).reduce((a, b) => a + b, 0);
    for (let i = 0; i < PICTURE_STEPS; i++) {
      const stepped = dispatch(fight, { type: 'next-turn' });
      if (!stepped.ok) throw new Error(stepped.message);
      fight = stepped.encounter;
      publish();
      await sleep(STEP_GAP_MS);
    }
    await sleep(500);
    const total = stream.bytes() + (await Promise.all(pictures)).reduce((a, b) => a + b, 0);
    const perStep = (total - atConnect) / PICTURE_STEPS;
    console.log(
      `phones: bytes sent per phone per GM step with a map picture (${(PICTURE_BYTES / 1024 / 1024).toFixed(1)} MB picture, a running Freeform fight of ${SIZE}, ${PICTURE_STEPS} steps, one reader): ${Math.round(perStep).toLocaleString('en')} bytes a step; ${Math.round(atConnect).toLocaleString('en')} bytes on connecting`,
    );
  } finally {
    stream.stop();
    await server.close();
  }
}

await bytesPerStepWithPicture();
await stepToPhone(1);
await stepToPhone(50);
await gmTurnsWhilePhonesWatch();
