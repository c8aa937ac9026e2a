/**
 * Child process for the crash test (crash.test.ts bundles it with esbuild and runs it with
 * `node`). Opens a campaign, taking over the stale lock its killed predecessor left, continues the
 * encounter's log from the last event on disk, and then appends events forever (mostly one at a
 * time, sometimes a big batch), printing each event's `seq` to stdout only after `appendEvents`
 * resolved (the acknowledgement), and rewriting campaign.json every few steps. The parent kills it with SIGKILL at a random
 * moment and checks that every acknowledged event is on disk.
 *
 * Usage: node writer.mjs <root> <folder> <encounterId>
 */
import { openCampaign, appendEvents, readEvents, saveCampaign } from '../campaign-store';

/** How often campaign.json is rewritten (in events). */
const SAVE_EVERY = 3;
/** How often a big batch is appended instead of one event, and its size. */
const BIG_EVERY = 4;
const BIG_BATCH = 50;

async function main(): Promise<void> {
  const [root, folder, encounterId] = process.argv.slice(2);
  if (root === undefined || folder === undefined || encounterId === undefined) throw new Error('usage: writer <root> <folder> <encounterId>');
  const opened = await openCampaign({ root, folder }, { takeOver: true, backups: 3 });
  if (!opened.ok) throw new Error(`open: ${opened.message}`);
  const log = await readEvents({ root, folder }, encounterId);
  if (!log.ok) throw new Error(`read: ${log.message}`);
  const last = log.value.events.at(-1)?.seq;
  let seq = typeof last === 'number' ? last : 0;
  let campaign = opened.value.campaign;
  process.stdout.write('ready\n');
  for (let step = 1; ; step++) {
    // Mostly one small event. Every few steps a batch of ~100 KB: one write() of many pages,
    // which a SIGKILL can cut between pages, so torn tails really happen.
    const size = step % BIG_EVERY === 0 ? BIG_BATCH : 1;
    const batch = Array.from({ length: size }, (_, i) => ({
      type: 'tick',
      seq: seq + i + 1,
      // Varying padding so lines straddle write and page boundaries.
      pad: 'x'.repeat(size > 1 ? 2000 + i : ((seq + i) * 37) % 160),
    }));
    const appended = await appendEvents(opened.value, encounterId, batch);
    if (!appended.ok) throw new Error(`append: ${appended.message}`);
    // stdout to a pipe is synchronous on Linux and macOS: the acks are out before the next step.
    process.stdout.write(batch.map((event) => `${event.seq}\n`).join(''));
    seq += size;
    if (step % SAVE_EVERY === 0) {
      const saved = await saveCampaign(opened.value, { ...campaign, settings: { lastSeq: seq } }, { backups: 3 });
      if (!saved.ok) throw new Error(`save: ${saved.message}`);
      campaign = saved.value;
    }
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
