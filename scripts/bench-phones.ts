// Phones watching the players' screen (issue 44): printed figures, never asserted. Run through
// scripts/bench.mjs.
//
// 1. A GM step to the phone page showing it, with 1 and with 50 phones watching on loopback. The
//    steps of a running Freeform fight of 100 are made in this process as the GM window makes them
//    (the engine's step, then the players' screen projected from it) and published to the phones'
//    server on 127.0.0.1, as the main process runs it: in a process of its own at the lowest
//    priority (electron/phone-share/server-process*.ts; Node's fork standing in for Electron's
//    utility process). One phone is the
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
//    difference between that figure and the one with them watching. Last, the same while a
//    process of its own floods the server with bad requests (hostile paths, wrong codes, garbage)
//    from 40 connections at once, from addresses of their own, 5,000 a second: the phones must
//    all stay, and the GM's turn must not slow. Then the same flood at a port where nothing
//    listens: what it costs this machine (its network stack, and the flood's process on the same
//    two cores) whatever the app does; the server's own share is the difference.
// 3. The bytes one phone receives per GM step when the map has a picture (1.5 MB, the most a
//    stored picture weighs, as random bytes like a photo's): one reader of the stream in this
//    process, fetching each picture the screens refer to once, as the phone page does.
import { randomBytes } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { get } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setPriority } from 'node:os';
import { chromium } from 'playwright-core';
import { dispatch, historyLines, projectPlayerView, type Encounter } from '../engine/index';
import { blankScreen } from '../engine/testing/player-screens';
import { crowdFight } from '../engine/testing/crowds';
import { campaignFileWith } from '../engine/testing/journals';
import { startPhoneServer, startPhoneServerProcess, type PhoneServer } from '../electron/phone-share/index';
import { nodeServerLauncher } from '../electron/phone-share/testing/server-process';
import type { PlayerScreen } from '../engine/drawing';
import { LOCK_PREFIX, PRESENCE_CHANNEL } from '../renderer/src/player/tab-presence';
import { nextTurn, openBenchBrowser, percentile, resumeMeasured } from './bench-browser';

const SIZE = 100;
const STEPS = 60;
const STEP_GAP_MS = 150;
const GM_TURNS = 40;
const FLOOD_CONNECTIONS = 40;
/** Connections a second the flood makes (about half what the server answers on this machine unpaced). */
const FLOOD_RATE = 5000;
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The phones' server as the app runs it: in a process of its own at the lowest priority (Node's
 * fork standing in for Electron's utility process). In the app it shares the GM window's
 * scheduling group (Electron starts both); here it cannot share Chromium's, so where Linux groups
 * by session it gets a group of its own at the lowest priority (lowestGroup below).
 */
async function startServer(): Promise<PhoneServer> {
  return startPhoneServerProcess({ host: '127.0.0.1', port: 0, pageRoot: 'dist/phone' }, await nodeServerLauncher(lowestGroup, true));
}

/** Where Linux groups processes by session for scheduling (autogroup), the group of `pid` at the lowest priority. */
function lowestGroup(pid: number): void {
  if (!existsSync(`/proc/${pid}/autogroup`)) return;
  try {
    writeFileSync(`/proc/${pid}/autogroup`, '19');
  } catch (error) {
    console.error(`bench-phones: the scheduling group of ${pid} stays at its priority (${String(error)}); the figures count other devices' work as the laptop's`);
  }
}

/** The server's count of watchers once it has reached `count` (it comes from the server's process), or after a second. */
async function watchersSettled(server: PhoneServer, count: number): Promise<number> {
  for (let waited = 0; server.watchers() !== count && waited < 1000; waited += 50) await sleep(50);
  return server.watchers();
}

/**
 * A Node process standing in for other devices on the table's network (phones, a flood): their
 * work is not the laptop's, so it must yield to everything the laptop does. At the lowest
 * priority, and, where Linux groups processes by session for scheduling (autogroup, which makes
 * a process's priority count only within its session: Chromium runs in sessions of its own), in a
 * session of its own whose group is at the lowest priority too.
 */
function otherDevice(args: string[]): ChildProcessByStdio<Writable, Readable, null> {
  // Its stdin ends when this process does, however it ends: each script then ends too (detached, it would not be killed with this one).
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'inherit'], detached: true });
  if (child.pid !== undefined) {
    setPriority(child.pid, 19);
    lowestGroup(child.pid);
  }
  return child;
}

/**
 * The phones other than the page: `count` readers of the stream, each from an address of its own
 * (127.0.0.x: the server holds one address to a few connections), reading every byte. They run in
 * a process of their own at the lowest priority: at the table they are other devices, so their
 * work must not be counted as the laptop's (on this machine's two cores it can only be made to
 * yield). Answers a function that hangs them up.
 */
async function readers(server: PhoneServer, count: number): Promise<() => void> {
  if (count === 0) return () => {};
  const child = otherDevice(['-e', READERS_SCRIPT, server.host, String(server.port), server.code(), String(count)]);
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
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
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
 * A flood on `port` of 127.0.0.1 from `connections` sockets at once, each from an address of its
 * own among 127.0.1.x–127.0.4.x, each sending bad requests one after another, `FLOOD_RATE` a
 * second in all (fewer if the other end is slower). Paced, so that a flood at the server and one
 * at a port where nothing listens are the same flood. Made by a process of its own at the lowest
 * priority, like the readers: at the table a flood comes from another device, and only the
 * server's side of it is the laptop's. Answers a function that stops it and says how many were
 * sent.
 */
async function flood(port: number, connections: number): Promise<() => Promise<number>> {
  const child = otherDevice(['-e', FLOOD_SCRIPT, '127.0.0.1', String(port), String(connections), String(FLOOD_RATE), JSON.stringify(BAD_REQUESTS)]);
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
const [host, port, connections, rate, requests] = process.argv.slice(1);
const bad = JSON.parse(requests);
// Each connection starts a new one at most this often, so that all of them make \`rate\` a second.
const every = (1000 * Number(connections)) / Number(rate);
let sent = 0;
let stopped = false;
const one = (slot) => {
  if (stopped) return;
  const line = bad[sent % bad.length];
  sent += 1;
  const started = performance.now();
  const socket = connect({ host, port: Number(port), localAddress: '127.0.' + (1 + (slot % 4)) + '.' + (1 + ((slot * 7 + sent) % 250)) });
  socket.on('connect', () => socket.end(line.includes('\\r\\n\\r\\n') ? line : line + '\\r\\nHost: ' + host + ':' + port + '\\r\\n\\r\\n'));
  socket.on('error', () => {});
  socket.on('data', () => {});
  socket.on('close', () => setTimeout(() => one(slot), Math.max(0, started + every - performance.now())));
};
for (let slot = 0; slot < Number(connections); slot++) one(slot);
console.log('flooding');
process.stdin.on('data', () => {
  stopped = true;
  console.log('sent ' + sent);
  process.exit(0);
});
process.stdin.on('end', () => process.exit(0));
`;

/** A port of 127.0.0.1 where nothing listens (the system refuses each connection itself). */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen({ host: '127.0.0.1', port: 0 }, resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

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
  const server = await startServer();
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
    if ((await watchersSettled(server, watching)) !== watching) throw new Error(`expected ${watching} watching, the server counts ${server.watchers()}`);
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
  const server = await startServer();
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
    const elsewhere = await startServer();
    elsewhere.publish({ screen: blankScreen('Elsewhere'), writtenAt: Date.now() });
    hangUp = await readers(elsewhere, 50);
    const readersElsewhere = await turns();
    hangUp();
    await elsewhere.close();
    hangUp = await readers(server, 50);
    const watched = await turns();
    if ((await watchersSettled(server, 50)) !== 50) throw new Error(`expected 50 watching, the server counts ${server.watchers()}`);
    /** The GM's turns while `port` is flooded, and the flood's rate. */
    const floodedAt = async (port: number) => {
      const started = performance.now();
      const stop = await flood(port, FLOOD_CONNECTIONS);
      const taken = await turns();
      return { taken, rate: Math.round((await stop()) / ((performance.now() - started) / 1000)) };
    };
    const flooded = await floodedAt(server.port);
    if ((await watchersSettled(server, 50)) !== 50) throw new Error(`the flood dropped phones: the server counts ${server.watchers()}`);
    // The same flood at a port where nothing listens: what it costs the machine whatever the app does.
    const refused = await floodedAt(await closedPort());
    const line = (what: string, values: number[]) => `median ${percentile(values, 50).toFixed(1)} ms, 95th percentile ${percentile(values, 95).toFixed(1)} ms ${what}`;
    console.log(
      `phones: the GM's next turn at ${SIZE} combatants, key → next painted frame, in Chromium (${GM_TURNS} turns each): ${line('with nobody watching', alone)}; ${line("published (a players' screen open)", published)}; ${line('published and relayed to the phones\' server through DevTools, no phone', relayed)}; ${line('the same, with 50 readers watching another server (the readers\' process alone)', readersElsewhere)}; ${line('published and relayed, 50 phones watching', watched)}; ${line(`the same with a flood of bad requests at the server from ${FLOOD_CONNECTIONS} connections at once (${flooded.rate} a second)`, flooded.taken)}; ${line(`the same flood at a port where nothing listens (${refused.rate} a second)`, refused.taken)}`,
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
  const server = await startServer();
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

const MAIN_FLOOD_MS = 5000;

/**
 * What a flood costs the main process (this process standing in for it): its CPU time and how
 * late its event loop runs (the GM window's saves and screens wait on it), with the server in
 * this process and in a process of its own, as the app runs it.
 */
async function mainProcessUnderFlood(): Promise<void> {
  const figures: string[] = [];
  for (const [where, started] of [
    ['the server in the main process', () => startPhoneServer({ host: '127.0.0.1', port: 0, pageRoot: 'dist/phone' })],
    ['in a process of its own (the app)', startServer],
  ] as const) {
    const server = await started();
    try {
      const stop = await flood(server.port, FLOOD_CONNECTIONS);
      await sleep(500);
      const delay = monitorEventLoopDelay({ resolution: 1 });
      delay.enable();
      const cpu = process.cpuUsage();
      const from = performance.now();
      await sleep(MAIN_FLOOD_MS);
      const used = process.cpuUsage(cpu);
      const wall = performance.now() - from;
      delay.disable();
      const rate = Math.round((await stop()) / ((wall + 500) / 1000));
      figures.push(`${where}: ${Math.round(((used.user + used.system) / 1000 / wall) * 100)}% of a core, event loop late by ${(delay.percentile(99) / 1e6).toFixed(1)} ms at the 99th percentile (${rate} a second)`);
    } finally {
      await server.close();
    }
  }
  console.log(`phones: the main process under a flood of bad requests from ${FLOOD_CONNECTIONS} connections at once (${MAIN_FLOOD_MS / 1000} s): ${figures.join('; ')}`);
}

await mainProcessUnderFlood();
await bytesPerStepWithPicture();
await stepToPhone(1);
await stepToPhone(50);
await gmTurnsWhilePhonesWatch();
