/**
 * Issue 14: every IPC handler and the campaign file loaders fuzzed with generated input: payloads
 * of every shape (wrong types, huge strings, deep nesting, prototype keys, near-valid requests)
 * on every channel, and random bytes as campaign.json and as an encounter log. Each answer comes
 * within a second: a refusal naming the channel, a failure with a sentence, or a success; nothing
 * else is thrown, and refused calls leave every file on disk as it was. The counts are printed.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { listCampaigns } from './campaigns/campaign-list';
import { openCampaign, readEvents } from './campaigns/campaign-store';
import { useTempRoots } from './campaigns/testing/temp-root';
import { ipcContract, type IpcChannel } from './ipc-contract';
import { APP_PAGE } from './testing/fake-ipc-main';
import { handlerHarness, value } from './testing/handler-harness';

vi.mock('electron', () => {
  throw new Error('electron must not be imported by the handlers');
});

const tempRoot = useTempRoots();
const CHANNELS = Object.keys(ipcContract) as IpcChannel[];
const counts = { ipc: 0, refused: 0, files: 0 };

afterAll(() => {
  console.log(`ipc fuzz: ${counts.ipc} payloads on ${CHANNELS.length} channels (${counts.refused} refused by their schema); loader fuzz: ${counts.files} random files`);
});

/** Every file under `dir` with a hash of its bytes. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files[path.relative(dir, file)] = createHash('sha256').update(await readFile(file)).digest('hex');
  }
  return files;
}

/** The call's outcome within a second: its answer, its refusal, or "hung". */
async function settle(call: Promise<unknown>): Promise<{ kind: 'answer'; answer: unknown } | { kind: 'thrown'; error: unknown } | { kind: 'hung' }> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<{ kind: 'hung' }>((resolve) => (timer = setTimeout(() => resolve({ kind: 'hung' }), 1000)));
  try {
    return await Promise.race([call.then((answer) => ({ kind: 'answer' as const, answer }), (error: unknown) => ({ kind: 'thrown' as const, error })), hung]);
  } finally {
    clearTimeout(timer);
  }
}

const deep = (depth: number) => JSON.parse(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`) as unknown;
const proto = (key: string) => JSON.parse(`{"folder":"x","${key}":{"polluted":true}}`) as unknown;

/** Payloads: anything at all, and near-valid requests with one field wrong. */
const payload = (folder: string) =>
  fc.oneof(
    fc.anything({ maxDepth: 3 }),
    fc.jsonValue({ maxDepth: 4 }),
    fc.string({ maxLength: 200 }),
    fc.constantFrom(null, undefined, 0, -1, 1e309, Number.NaN, '', 'x'.repeat(1_000_000), deep(200), proto('__proto__'), proto('constructor')),
    // Near-valid requests: the fields a channel takes, one of them or more off.
    fc.record({ folder: fc.oneof(fc.constant(folder), fc.string()) }),
    fc.record({ folder: fc.constant(folder), encounterId: fc.oneof(fc.constant('e1'), fc.string(), fc.integer()) }),
    fc.record({ folder: fc.constant(folder), name: fc.oneof(fc.string({ maxLength: 300 }), fc.constant('<b>Bold</b> & "quoted"')) }),
    fc.record({ folder: fc.constant(folder), encounterId: fc.constant('e1'), events: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }) }),
    fc.record({ name: fc.string({ maxLength: 130 }), rulesetId: fc.oneof(fc.constantFrom('zones', 'freeform', '__proto__'), fc.string()) }),
    fc.record(
      {
        folder: fc.oneof(fc.constant(folder), fc.constantFrom('../..', '/etc', 'con', '', 'a'.repeat(300)), fc.string()),
        encounterId: fc.oneof(fc.constant('e1'), fc.string(), fc.integer()),
        name: fc.oneof(fc.string({ maxLength: 300 }), fc.constant('<script>alert(1)</script>'), fc.integer()),
        events: fc.oneof(fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }), fc.jsonValue({ maxDepth: 2 })),
        campaign: fc.jsonValue({ maxDepth: 3 }),
        n: fc.oneof(fc.integer(), fc.double(), fc.string()),
        count: fc.oneof(fc.integer(), fc.double(), fc.string()),
        rulesetId: fc.oneof(fc.constantFrom('zones', 'freeform', '__proto__'), fc.string()),
        from: fc.constantFrom('file', 'folder', 'disk', 1),
      },
      { requiredKeys: [] },
    ),
  );

describe('the IPC handlers fuzzed', () => {
  it('answer every channel within a second, refuse bad payloads naming the channel, and change no file when they refuse', async () => {
    const base = await tempRoot();
    const harness = await handlerHarness(base);
    const created = value(await harness.call('campaigns:create', { name: 'Lost Mine', rulesetId: 'zones' }));
    const folder = created.folder;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...CHANNELS), payload(folder), async (channel, sent) => {
        counts.ipc++;
        const before = await snapshot(harness.defaultRoot);
        const outcome = await settle(harness.raw(channel, APP_PAGE, sent));
        expect(outcome.kind, channel).not.toBe('hung');
        if (outcome.kind === 'thrown') {
          counts.refused++;
          expect(outcome.error).toBeInstanceOf(Error);
          expect((outcome.error as Error).message.startsWith(`${channel} refused: `), (outcome.error as Error).message).toBe(true);
          expect(await snapshot(harness.defaultRoot)).toEqual(before);
          return;
        }
        if (outcome.kind !== 'answer') return;
        const answer = outcome.answer as { ok?: unknown; code?: unknown; message?: unknown } | undefined;
        if (answer && typeof answer === 'object' && answer.ok === false) {
          expect(typeof answer.code).toBe('string');
          expect(String(answer.message).length).toBeGreaterThan(10);
        }
      }),
      { numRuns: 600, seed: 14 },
    );
    expect(harness.onUnexpected).not.toHaveBeenCalled();
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('the campaign file loaders fuzzed', () => {
  const bytes = fc.oneof(
    fc.uint8Array({ maxLength: 400 }),
    fc.jsonValue({ maxDepth: 4 }).map((v) => new TextEncoder().encode(JSON.stringify(v))),
    fc.string({ maxLength: 200 }).map((s) => new TextEncoder().encode(s)),
  );

  it('give random bytes as campaign.json and as an encounter log a clear failure at once, and leave them as they were', async () => {
    const root = await tempRoot();
    const fuzzed = path.join(root, 'fuzzed-abc123');
    await mkdir(path.join(fuzzed, 'encounters'), { recursive: true });
    const base = await tempRoot();
    const harness = await handlerHarness(base);
    const created = value(await harness.call('campaigns:create', { name: 'Good one', rulesetId: 'zones' }));
    const opened = value(await harness.call('campaigns:open', { folder: created.folder }));
    const { encounter } = value(await harness.call('campaigns:create-encounter', { folder: created.folder, name: 'Fight' }));
    value(await harness.call('campaigns:close', { folder: created.folder }));
    expect(opened.campaign.name).toBe('Good one');
    const campaignFile = path.join(fuzzed, 'campaign.json');
    const logFile = path.join(harness.defaultRoot, created.folder, 'encounters', `${encounter.id}.jsonl`);
    await fc.assert(
      fc.asyncProperty(bytes, bytes, async (campaignBytes, logBytes) => {
        counts.files += 2;
        await writeFile(campaignFile, campaignBytes);
        await writeFile(logFile, logBytes);
        const listed = await settle(listCampaigns(root));
        expect(listed.kind).toBe('answer');
        const read = await settle(openCampaign({ root, folder: 'fuzzed-abc123' }));
        expect(read.kind).toBe('answer');
        const answer = (read as { answer: { ok: boolean; message?: string } }).answer;
        if (!answer.ok) expect(String(answer.message)).toContain('campaign.json');
        const log = await settle(readEvents({ root: harness.defaultRoot, folder: created.folder }, encounter.id));
        expect(log.kind).toBe('answer');
        expect(await readFile(campaignFile)).toEqual(Buffer.from(campaignBytes));
        expect(await readFile(logFile)).toEqual(Buffer.from(logBytes));
      }),
      { numRuns: 150, seed: 14 },
    );
  });
});
