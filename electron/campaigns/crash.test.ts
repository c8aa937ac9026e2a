/**
 * Kill the writer mid-write, 200 times: a child process appends events one at a time (printing
 * each acknowledged seq) and rewrites campaign.json every few events; the parent SIGKILLs it at a
 * random moment, then loads. Every acknowledged event must be on disk, at most a torn last line
 * may be reported, and campaign.json must always be readable. The same campaign is used for all
 * runs, so each child also takes over its predecessor's stale lock and repairs its torn tail
 * (some of which the parent injects, as a power cut would leave them; see below).
 *
 * The child is bundled from testing/writer.ts with esbuild, so it runs the real store code.
 */
import { spawn } from 'node:child_process';
import { appendFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { backupPath } from './atomic-file';
import { closeCampaign, createCampaign, createEncounter, openCampaign, readEvents } from './campaign-store';
import { readCampaignFile } from './campaign-file';
import { unwrap, useTempRoots } from './testing/temp-root';
import { mulberry32 } from './testing/seeded-random';

const tempRoot = useTempRoots();

const KILLS = 200;
/** Independent campaigns killed in parallel (the runs of one campaign are sequential). */
const LANES = 2;

interface Run {
  readonly acked: number[];
  readonly stderr: string;
  readonly sawReady: boolean;
}

/** Starts the writer and SIGKILLs it at a random moment: mostly after it is ready, sometimes while starting. */
function runAndKill(script: string, args: string[], random: () => number): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let stderr = '';
    let sawReady = false;
    let timer: NodeJS.Timeout | undefined;
    const kill = () => child.kill('SIGKILL');
    if (random() < 0.1) timer = setTimeout(kill, random() * 80); // during start-up or the first writes
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      if (!sawReady && out.includes('ready\n')) {
        sawReady = true;
        if (timer === undefined) timer = setTimeout(kill, random() * 25);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    // A safety net: a writer that never gets ready is killed too (and the test sees its stderr).
    const guard = setTimeout(kill, 10_000);
    child.on('error', reject);
    // 'close' comes after the process is reaped and its pipes are drained: no ack is missed, and
    // its pid is no longer running, so the next writer may take over its lock.
    child.on('close', () => {
      clearTimeout(timer);
      clearTimeout(guard);
      // Only whole lines count: a number cut by the kill was never fully acknowledged.
      const lines = out.split('\n').slice(0, -1);
      resolve({ acked: lines.filter((l) => /^\d+$/.test(l)).map(Number), stderr, sawReady });
    });
  });
}


interface LaneStats {
  torn: number;
  injected: number;
  maxAcked: number;
  events: number;
  killedBeforeReady: number;
}

async function lane(script: string, root: string, runs: number, seed: number): Promise<LaneStats> {
  const random = mulberry32(seed);
  const created = unwrap(await createCampaign(root, { name: `Crash lane ${seed}`, rulesetId: 'zones' }));
  const opened = unwrap(await openCampaign(created));
  const { encounter } = unwrap(await createEncounter(opened, opened.campaign, { name: 'Endless fight' }));
  unwrap(await closeCampaign(opened));
  const campaignFile = path.join(root, created.folder, 'campaign.json');
  const stats: LaneStats = { torn: 0, injected: 0, maxAcked: 0, events: 0, killedBeforeReady: 0 };
  const logFile = path.join(root, created.folder, 'encounters', `${encounter.id}.jsonl`);

  for (let run = 0; run < runs; run++) {
    const result = await runAndKill(script, [root, created.folder, encounter.id], random);
    const context = `lane ${seed}, run ${run + 1}`;
    expect(result.stderr, context).toBe('');
    if (!result.sawReady) stats.killedBeforeReady++;
    // Acks come in order and continue the log.
    result.acked.forEach((seq, i) => expect(seq, context).toBe((result.acked[0] ?? 0) + i));
    stats.maxAcked = Math.max(stats.maxAcked, ...result.acked);

    const log = unwrap(await readEvents(created, encounter.id));
    if (log.torn !== null) stats.torn++;
    const seqs = log.events.map((e) => e.seq);
    // Every acknowledged event is there, the log is 1..n with no gap or repeat, nothing else is in it.
    expect(seqs.length, context).toBeGreaterThanOrEqual(stats.maxAcked);
    seqs.forEach((seq, i) => expect(seq, context).toBe(i + 1));
    stats.events = seqs.length;

    // A SIGKILL rarely tears a line (a write of a few pages completes before the signal lands),
    // so now and then leave what a power cut would: the start of the next, unacknowledged event,
    // or that event whole but without its newline. The next writer must cope with both.
    const roll = random();
    if (roll < 0.2 && log.torn === null) {
      const next = JSON.stringify({ type: 'tick', seq: seqs.length + 1, pad: 'power cut' });
      await appendFile(logFile, roll < 0.05 ? next : next.slice(0, 1 + Math.floor(random() * (next.length - 2))));
      stats.injected++;
    }

    const campaign = await readCampaignFile(campaignFile, 'campaign.json');
    expect(campaign.ok, `${context}: ${campaign.ok ? '' : campaign.message}`).toBe(true);
    if (campaign.ok) {
      const lastSeq = campaign.value.campaign.settings.lastSeq;
      expect(lastSeq === undefined || (typeof lastSeq === 'number' && lastSeq <= seqs.length), context).toBe(true);
    }
  }
  // Every backup left behind is readable too.
  for (let n = 1; n <= 3; n++) {
    const backup = await readCampaignFile(backupPath(campaignFile, n), `campaign.json.bak${n}`);
    expect(backup.ok || backup.code === 'campaign/missing').toBe(true);
  }
  // No temp file survives beyond the last run (the next open removes them).
  const leftovers = (await readdir(path.join(root, created.folder))).filter((name) => name.endsWith('.tmp'));
  expect(leftovers.length).toBeLessThanOrEqual(2);
  return stats;
}

describe('crash safety', () => {
  it(`keeps every acknowledged event through ${KILLS} SIGKILLs of the writer`, { timeout: 300_000 }, async () => {
    const work = await tempRoot();
    const script = path.join(work, 'writer.mjs');
    await build({
      entryPoints: [path.join(import.meta.dirname, 'testing', 'writer.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outfile: script,
      logLevel: 'warning',
    });
    const root = path.join(work, 'campaigns');
    const started = performance.now();
    const seed = Date.now() % 100_000;
    const lanes = await Promise.all(
      Array.from({ length: LANES }, (_, i) => lane(script, root, KILLS / LANES, seed + i)),
    );
    const seconds = (performance.now() - started) / 1000;
    const total = lanes.reduce(
      (sum, s) => ({ torn: sum.torn + s.torn, injected: sum.injected + s.injected, events: sum.events + s.events, early: sum.early + s.killedBeforeReady }),
      { torn: 0, injected: 0, events: 0, early: 0 },
    );
    // A figure, not an assertion (tests never assert on time).
    console.log(
      `crash test: ${KILLS} kills in ${seconds.toFixed(1)} s (${LANES} lanes, seed ${seed}); ` +
        `${total.events} events on disk, ${total.torn} torn tails reported on load (${total.injected} power-cut tails injected), ` +
        `${total.early} kills before the writer was ready`,
    );
  });
});
