/**
 * Acknowledged means durable, checked against power cuts rather than kills. A SIGKILL (crash.test.ts)
 * leaves the operating system's cache intact, so it cannot tell a missing fsync from a present
 * one. Here the store runs unchanged on a simulated disk (testing/power-cut-fs.ts, in place of
 * `node:fs/promises`) that keeps only what was flushed, folder entries included, plus a random
 * part of what was not. Each lane drives one campaign through random work (create it, add
 * encounters, append single events and multi-event steps, some at the same time, save
 * campaign.json edits, close and reopen) and records every operation whose promise resolved ok
 * with the power on: the acknowledgement, with the exact bytes it promised. The power goes at a
 * random file-system call, often in the middle of an operation (whose acknowledgement then never
 * came), and the lane restarts on what the disk kept:
 *
 * - every acknowledged append is in its log, byte for byte and in order, followed by nothing but
 *   the beginning of an append that was in flight (or a line found on disk at an earlier restart);
 * - campaign.json holds the last acknowledged save byte for byte, or a later one that was in
 *   flight; its backups are readable; the campaign list shows no half-made campaign;
 * - a torn line an acknowledged append moved aside is in its side file;
 * - the store reopens the campaign (taking over the lock the dead process left) and reads every log.
 *
 * Then the lane carries on from there, so later cuts also hit the repair of torn tails, stale
 * locks and temp files. The seed is fixed for CI; POWER_CUT_SEED=<n> explores others.
 */
import { describe, it, vi } from 'vitest';

vi.mock('node:fs/promises', async () => {
  const { simulatedFsPromises } = await import('./testing/power-cut-fs');
  return { ...simulatedFsPromises, default: simulatedFsPromises };
});

import path from 'node:path';
import { parseEventLine, serializeCampaign, type Campaign, type Result, type StoredEvent } from '../../engine/campaign/index';
import { listCampaigns } from './campaign-list';
import { CAMPAIGN_FILE, eventLogPath, type CampaignRef } from './campaign-paths';
import { appendEvents, closeCampaign, createCampaign, createEncounter, openCampaign, readEvents, saveCampaign, type OpenedCampaign } from './campaign-store';
import { listBackups } from './recovery';
import { mount, PowerCutFs } from './testing/power-cut-fs';
import { mulberry32 } from './testing/seeded-random';

const CUTS = 300;
/** Cuts in a row on one lane's disk before a fresh lane starts (half of them with no campaigns folder yet). */
const CUTS_PER_LANE = 10;
/** The power goes at a file-system call drawn from 1..this, counted from the restart. */
const MAX_CALLS_BEFORE_CUT = 600;
const SEED = Number(process.env.POWER_CUT_SEED ?? 1);
const BACKUPS = 3;
const ROOT = '/data/campaigns';
/** The process that wrote before the cut: on this computer and no longer running, so its lock is stale. */
const IDENTITY = { pid: 4242, hostname: 'power-cut-sim', isRunning: () => false };
const NEWLINE = Buffer.from('\n');


interface Encounter {
  readonly id: string;
  /** e1, e2… in messages. */
  readonly name: string;
  readonly file: string;
  /** Whole lines that must be in the log: every acknowledged append, and what the last restart found. */
  committed: Buffer;
  /** What the last restart found after the last newline (a torn or unterminated line), if anything. */
  tail: Buffer;
  /** What an append in flight may have written after `committed`, or null when none is. */
  inFlight: Buffer[] | null;
  ackedAppends: number;
}

interface SavedCampaign {
  readonly ref: CampaignRef;
  /** The campaign as last acknowledged (or found by the last restart) and its exact bytes. */
  campaign: Campaign;
  bytes: Buffer;
}

interface Lane {
  readonly number: number;
  disk: PowerCutFs;
  saved: SavedCampaign | null;
  opened: OpenedCampaign | null;
  encounters: Encounter[];
  /** Campaign saves started and not acknowledged: campaign.json may hold one of them. */
  savesInFlight: Array<{ readonly revision: number; readonly bytes: Buffer }>;
  /** An encounter being created: its id is random, so campaign.json is matched by name and time. */
  encounterInFlight: { readonly name: string; readonly base: Campaign; readonly at: string } | null;
  /** The name of a campaign being created and not acknowledged. */
  createInFlight: string | null;
  /** Torn lines acknowledged appends moved aside, and their bytes. */
  sideFiles: Array<{ readonly file: string; readonly bytes: Buffer; readonly what: string }>;
  revision: number;
  clock: number;
  tries: number;
}

const stats = { cuts: 0, midOperation: 0, appends: 0, events: 0, saves: 0, encounters: 0, campaigns: 0, sideFiles: 0, itemChecks: 0 };

/**
 * The value of an operation if it was acknowledged: it resolved ok while the power was on. One
 * that resolves after the cut never reached the GM (the machine was off), so it is not recorded.
 * With the power on, every operation must succeed.
 */
async function acknowledged<T>(disk: PowerCutFs, what: string, operation: Promise<Result<T>>): Promise<{ value: T } | null> {
  let result: Result<T>;
  try {
    result = await operation;
  } catch (error) {
    if (disk.isCut) return null;
    throw error;
  }
  if (disk.isCut) return null;
  if (!result.ok) throw new Error(`${what} failed with the power on: ${result.code}: ${result.message}`);
  return { value: result.value };
}

function campaignBytes(campaign: Campaign): Buffer {
  const text = serializeCampaign(campaign, CAMPAIGN_FILE);
  if (!text.ok) throw new Error(text.message);
  return Buffer.from(text.value, 'utf8');
}

function tick(lane: Lane): string {
  lane.clock++;
  return new Date(Date.UTC(2025, 0, 1) + lane.clock * 1000).toISOString();
}

/** Text of random length, with characters of one to four UTF-8 bytes so lines tear anywhere. */
function text(random: () => number, max: number): string {
  const alphabet = ['x', 'y', ' ', 'é', '€', '🎲', '"', '\\'];
  return Array.from({ length: Math.floor(random() * max) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
}

function pick<T>(items: readonly T[], random: () => number): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('nothing to pick from');
  return item;
}

function lines(bytes: Buffer): number {
  let count = 0;
  for (const byte of bytes) if (byte === 0x0a) count++;
  return count;
}

async function create(lane: Lane): Promise<void> {
  const name = `Lane ${lane.number} try ${++lane.tries}`;
  const at = tick(lane);
  lane.createInFlight = name;
  const created = await acknowledged(lane.disk, `creating ${name}`, createCampaign(ROOT, { name, rulesetId: 'zones', settings: { revision: 0 } }, { now: () => new Date(at) }));
  if (created === null) return;
  lane.createInFlight = null;
  lane.saved = { ref: { root: ROOT, folder: created.value.folder }, campaign: created.value.campaign, bytes: campaignBytes(created.value.campaign) };
  stats.campaigns++;
}

async function addEncounter(lane: Lane, saved: SavedCampaign, opened: OpenedCampaign): Promise<void> {
  const name = `e${lane.encounters.length + 1}`;
  const at = tick(lane);
  const base: Campaign = { ...saved.campaign, settings: { ...saved.campaign.settings, revision: ++lane.revision } };
  lane.encounterInFlight = { name, base, at };
  const made = await acknowledged(lane.disk, `creating encounter ${name}`, createEncounter(opened, base, { name }, { now: () => new Date(at), backups: BACKUPS }));
  if (made === null) return;
  lane.encounterInFlight = null;
  const { campaign, encounter } = made.value;
  const expected = campaignBytes({ ...base, encounters: [...base.encounters, encounter], updatedAt: at });
  if (!campaignBytes(campaign).equals(expected)) throw new Error(`createEncounter returned a campaign other than the one asked for`);
  saved.campaign = campaign;
  saved.bytes = expected;
  lane.encounters.push(newEncounter(saved.ref, encounter.id, name));
  stats.encounters++;
}

function newEncounter(ref: CampaignRef, id: string, name: string): Encounter {
  const log = eventLogPath(ref, id);
  if (!log.ok) throw new Error(log.message);
  return { id, name, file: log.value.file, committed: Buffer.alloc(0), tail: Buffer.alloc(0), inFlight: null, ackedAppends: 0 };
}

async function append(lane: Lane, opened: OpenedCampaign, encounter: Encounter, events: StoredEvent[]): Promise<void> {
  const written = Buffer.from(events.map((event) => `${JSON.stringify(event)}\n`).join(''), 'utf8');
  const { tail } = encounter;
  // What this append writes after the committed lines: a whole last event gets its newline first;
  // a torn one is moved aside and cut off first (so until then the tail itself is still there).
  if (tail.length === 0) encounter.inFlight = [written];
  else if (parseEventLine(tail, 'the tail').ok) encounter.inFlight = [Buffer.concat([tail, NEWLINE, written])];
  else encounter.inFlight = [tail, written];
  const report = await acknowledged(lane.disk, `appending ${events.length} events to ${encounter.name}`, appendEvents(opened, encounter.id, events));
  if (report === null) return;
  if (report.value.appended !== events.length) throw new Error(`appendEvents reported ${report.value.appended} of ${events.length} events`);
  const repaired = report.value.repaired;
  if (repaired !== null) {
    if (repaired.movedTo === null) throw new Error('a repaired torn line without its side file');
    lane.sideFiles.push({ file: path.join(ROOT, repaired.movedTo), bytes: tail, what: `the torn line of ${encounter.name} moved to ${repaired.movedTo}` });
    encounter.committed = Buffer.concat([encounter.committed, written]);
    stats.sideFiles++;
  } else {
    encounter.committed = Buffer.concat(tail.length > 0 ? [encounter.committed, tail, NEWLINE, written] : [encounter.committed, written]);
  }
  encounter.tail = Buffer.alloc(0);
  encounter.inFlight = null;
  encounter.ackedAppends++;
  stats.appends++;
  stats.events += events.length;
}

async function save(lane: Lane, saved: SavedCampaign, opened: OpenedCampaign, random: () => number): Promise<void> {
  const revision = ++lane.revision;
  const at = tick(lane);
  const next: Campaign = { ...saved.campaign, settings: { ...saved.campaign.settings, revision, note: text(random, 400) } };
  const bytes = campaignBytes({ ...next, updatedAt: at });
  lane.savesInFlight.push({ revision, bytes });
  const done = await acknowledged(lane.disk, `saving revision ${revision}`, saveCampaign(opened, next, { now: () => new Date(at), backups: BACKUPS }));
  if (done === null) return;
  if (!campaignBytes(done.value).equals(bytes)) throw new Error('saveCampaign returned a campaign other than the one asked for');
  saved.campaign = done.value;
  saved.bytes = bytes;
  lane.savesInFlight = lane.savesInFlight.filter((s) => s.revision > revision);
  stats.saves++;
}

function events(random: () => number, encounter: Encounter, count: number, big: boolean): StoredEvent[] {
  return Array.from({ length: count }, (_, i) => ({ type: 'tick', in: encounter.name, i, pad: big ? 'z'.repeat(500 + Math.floor(random() * 1500)) : text(random, 200) }));
}

/** Random work on the lane's campaign until the scheduled cut has happened. */
async function runUntilCut(lane: Lane, random: () => number): Promise<number> {
  const disk = lane.disk;
  const at = 1 + Math.floor(random() * MAX_CALLS_BEFORE_CUT);
  disk.armCut(at, random);
  const step = (encounter: Encounter): StoredEvent[] => {
    const roll = random();
    if (roll < 0.6) return events(random, encounter, 1, false);
    if (roll < 0.95) return events(random, encounter, 2 + Math.floor(random() * 6), false); // a step of several events
    return events(random, encounter, 10 + Math.floor(random() * 20), true); // a big one: tens of kilobytes
  };
  for (let n = 0; !disk.isCut; n++) {
    if (n > 10_000) throw new Error('the power was never cut');
    const saved = lane.saved;
    if (saved === null) {
      await create(lane);
      continue;
    }
    const opened = lane.opened;
    if (opened === null) {
      lane.opened = (await acknowledged(disk, 'opening', openCampaign(saved.ref, { takeOver: true, identity: IDENTITY, backups: BACKUPS })))?.value ?? null;
      continue;
    }
    const roll = random();
    if (lane.encounters.length === 0 || (roll < 0.06 && lane.encounters.length < 4)) {
      await addEncounter(lane, saved, opened);
    } else if (roll < 0.66) {
      const encounter = pick(lane.encounters, random);
      await append(lane, opened, encounter, step(encounter));
    } else if (roll < 0.8) {
      await save(lane, saved, opened, random);
    } else if (roll < 0.97) {
      // Two at once, as the window's concurrent IPC calls: an append and another log's or a save.
      const first = pick(lane.encounters, random);
      const others = lane.encounters.filter((e) => e !== first);
      const second = others.length > 0 && random() < 0.5 ? pick(others, random) : null;
      await Promise.all([append(lane, opened, first, step(first)), second !== null ? append(lane, opened, second, step(second)) : save(lane, saved, opened, random)]);
    } else if ((await acknowledged(disk, 'closing', closeCampaign(opened))) !== null) {
      lane.opened = null; // and opened again on the next step
    }
  }
  return at;
}

/**
 * The restart: checks the disk the cut left against every acknowledgement, reopens through the
 * store, and makes what it found the lane's new starting point. Throws naming the first problem.
 */
async function restartAndCheck(lane: Lane, context: string): Promise<void> {
  const fail = (problem: string): never => {
    throw new Error(`${context}: ${problem}`);
  };
  const disk = lane.disk;
  mount(disk);
  const list = await listCampaigns(ROOT);
  if (!list.ok) return fail(`the campaign list fails: ${list.message}`);
  if (list.value.problems.length > 0) fail(`the campaign list shows a problem: ${list.value.problems[0]?.message ?? ''}`);

  if (lane.saved === null) {
    // No campaign was acknowledged: the one being created is there whole, or not at all.
    const [found, ...more] = list.value.campaigns;
    if (found !== undefined) {
      if (more.length > 0 || found.name !== lane.createInFlight) fail(`the list shows campaigns nobody created: ${list.value.campaigns.map((c) => c.name).join(', ')}`);
      const bytes = disk.peek(path.join(ROOT, found.folder, CAMPAIGN_FILE)) ?? Buffer.alloc(0);
      lane.saved = { ref: { root: ROOT, folder: found.folder }, campaign: JSON.parse(bytes.toString('utf8')) as Campaign, bytes };
    }
    lane.createInFlight = null;
  }
  const saved = lane.saved;
  if (saved === null) return;
  if (!list.value.campaigns.some((c) => c.folder === saved.ref.folder)) fail(`the acknowledged campaign ${saved.ref.folder} is not in the list`);

  // campaign.json: the last acknowledged save, or a later one that was in flight.
  const acked = saved.campaign.settings.revision;
  const actual = disk.peek(path.join(ROOT, saved.ref.folder, CAMPAIGN_FILE));
  if (actual === null) return fail(`campaign.json is gone (revision ${String(acked)} was acknowledged)`);
  const candidates = [saved.bytes, ...lane.savesInFlight.map((s) => s.bytes)];
  const pending = lane.encounterInFlight;
  const added = pending === null ? null : encounterInFile(pending, actual);
  if (pending !== null && added !== null) candidates.push(added.bytes);
  if (!candidates.some((c) => c.equals(actual))) {
    fail(`campaign.json holds ${describeCampaign(actual)}, but revision ${String(acked)} was acknowledged${lane.savesInFlight.length > 0 ? ` (and ${lane.savesInFlight.map((s) => s.revision).join(', ')} in flight)` : ''}`);
  }
  stats.itemChecks++;
  if (pending !== null && added !== null && added.bytes.equals(actual)) lane.encounters.push(newEncounter(saved.ref, added.id, pending.name));

  // The logs: every acknowledged append, byte for byte, in order, then only what was in flight.
  for (const encounter of lane.encounters) {
    const log = disk.peek(encounter.file);
    if (log === null) return fail(`the log of encounter ${encounter.name} is gone (${encounter.ackedAppends} appends to it were acknowledged)`);
    const { committed } = encounter;
    let same = 0;
    while (same < committed.length && same < log.length && committed[same] === log[same]) same++;
    if (same < committed.length) {
      fail(
        `line ${lines(committed.subarray(0, same)) + 1} of the ${lines(committed)} acknowledged lines of encounter ${encounter.name} is missing or changed ` +
          `(${encounter.ackedAppends} appends acknowledged; the log has ${log.length} of their ${committed.length} bytes, the first difference at byte ${same})`,
      );
    }
    const rest = log.subarray(committed.length);
    const expected = encounter.inFlight === null ? rest.equals(encounter.tail) : encounter.inFlight.some((w) => w.subarray(0, rest.length).equals(rest));
    if (!expected) fail(`encounter ${encounter.name} has ${rest.length} bytes after its acknowledged lines that no append wrote: ${JSON.stringify(rest.toString('utf8').slice(0, 80))}`);
    stats.itemChecks += encounter.ackedAppends;
  }
  for (const side of lane.sideFiles) {
    const bytes = disk.peek(side.file);
    if (bytes === null || !bytes.equals(side.bytes)) fail(`${side.what} is ${bytes === null ? 'gone' : 'changed'}`);
    stats.itemChecks++;
  }
  const backups = await listBackups(saved.ref);
  if (!backups.ok) return fail(backups.message);
  for (const backup of backups.value) if (backup.problem !== null) fail(`a backup is unreadable: ${backup.problem}`);

  // Reopen as after a real restart: take over the dead process's lock, load, read every log.
  const opened = await openCampaign(saved.ref, { takeOver: true, identity: IDENTITY, backups: BACKUPS });
  if (!opened.ok) return fail(`the campaign does not reopen: ${opened.message}`);
  if (!campaignBytes(opened.value.campaign).equals(actual)) fail('the reopened campaign is not what campaign.json holds');
  lane.opened = opened.value;
  saved.campaign = opened.value.campaign;
  saved.bytes = actual;
  lane.revision = Math.max(lane.revision, Number(saved.campaign.settings.revision ?? 0));
  for (const encounter of lane.encounters) {
    const read = await readEvents(saved.ref, encounter.id);
    if (!read.ok) return fail(`the log of encounter ${encounter.name} does not read: ${read.message}`);
    if (read.value.events.length < lines(encounter.committed)) fail(`reading encounter ${encounter.name} gives ${read.value.events.length} events, fewer than its ${lines(encounter.committed)} acknowledged lines`);
    // From here on, whatever the disk kept is the log (a line that made it whole is now read by the app).
    const log = disk.peek(encounter.file) ?? Buffer.alloc(0);
    const end = log.lastIndexOf(0x0a) + 1;
    encounter.committed = log.subarray(0, end);
    encounter.tail = log.subarray(end);
    encounter.inFlight = null;
  }
  lane.savesInFlight = [];
  lane.encounterInFlight = null;
}

/** If campaign.json is the campaign with the in-flight encounter added: its bytes and the new id. */
function encounterInFile(pending: { readonly name: string; readonly base: Campaign; readonly at: string }, actual: Buffer): { id: string; bytes: Buffer } | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(actual.toString('utf8'));
  } catch {
    return null;
  }
  const list: unknown = typeof parsed === 'object' && parsed !== null ? (parsed as { encounters?: unknown }).encounters : undefined;
  const entry: unknown = Array.isArray(list) ? list[pending.base.encounters.length] : undefined;
  const id: unknown = typeof entry === 'object' && entry !== null ? (entry as { id?: unknown }).id : undefined;
  if (typeof id !== 'string') return null;
  const { base, name, at } = pending;
  return { id, bytes: campaignBytes({ ...base, encounters: [...base.encounters, { id, name, status: 'planned', createdAt: at, updatedAt: at }], updatedAt: at }) };
}

function describeCampaign(bytes: Buffer): string {
  try {
    const campaign = JSON.parse(bytes.toString('utf8')) as Campaign;
    return `revision ${String(campaign.settings.revision)} (${campaign.encounters.length} encounters, updated ${campaign.updatedAt})`;
  } catch {
    return `${bytes.length} bytes that are not JSON`;
  }
}

function inFlight(lane: Lane): boolean {
  return lane.savesInFlight.length > 0 || lane.encounterInFlight !== null || lane.createInFlight !== null || lane.encounters.some((e) => e.inFlight !== null);
}

describe.skipIf(process.platform === 'win32')('power cuts', () => {
  it(`keeps every acknowledged append and save through ${CUTS} power cuts`, { timeout: 120_000 }, async () => {
    const started = performance.now();
    const random = mulberry32(SEED);
    for (let number = 1; stats.cuts < CUTS; number++) {
      // Half the lanes start without a campaigns folder, as on the app's first run.
      const disk = random() < 0.5 ? PowerCutFs.withFolders('/data') : PowerCutFs.withFolders(ROOT);
      const lane: Lane = { number, disk, saved: null, opened: null, encounters: [], savesInFlight: [], encounterInFlight: null, createInFlight: null, sideFiles: [], revision: 0, clock: 0, tries: 0 };
      for (let cut = 0; cut < CUTS_PER_LANE && stats.cuts < CUTS; cut++) {
        mount(lane.disk);
        const at = await runUntilCut(lane, random);
        stats.cuts++;
        if (inFlight(lane)) stats.midOperation++;
        const context = `failed on cut ${stats.cuts} of ${CUTS} (seed ${SEED}, lane ${number}, power cut at file-system call ${at} after the restart)`;
        lane.disk = lane.disk.image();
        lane.opened = null;
        await restartAndCheck(lane, context);
      }
    }
    const seconds = (performance.now() - started) / 1000;
    const acks = stats.appends + stats.saves + stats.encounters + stats.campaigns;
    // A figure, not an assertion (tests never assert on time).
    console.log(
      `power-cut test: ${stats.cuts} power cuts in ${seconds.toFixed(1)} s (seed ${SEED}), ${stats.midOperation} of them with an operation in flight; ` +
        `${acks} acknowledgements recorded (${stats.appends} appends of ${stats.events} events, ${stats.saves} campaign saves, ${stats.encounters} new encounters, ` +
        `${stats.campaigns} new campaigns; ${stats.sideFiles} torn lines moved aside); ${stats.itemChecks} acknowledged items checked after the cuts`,
    );
  });
});
