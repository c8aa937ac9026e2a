/**
 * Issue 14: a FIFO (or any file that is not a regular file) named like a campaign file used to
 * hang listing, opening and reading forever, each hang holding one of Node's four file-system
 * threads. Each is now refused at once with a message naming the file. Each call is raced against
 * a one-second timer, so a hang fails the test instead of stalling it.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listCampaigns } from './campaign-list';
import { appendEvents, closeCampaign, createCampaign, createEncounter, openCampaign, readEvents } from './campaign-store';
import { unwrap, useTempRoots } from './testing/temp-root';

const tempRoot = useTempRoots();

/** The call's answer, or "hung" after a second. */
async function within<T>(call: Promise<T>): Promise<T | 'hung'> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<'hung'>((resolve) => (timer = setTimeout(() => resolve('hung'), 1000)));
  try {
    return await Promise.race([call, hung]);
  } finally {
    clearTimeout(timer);
  }
}

const fifo = (file: string) => execFileSync('mkfifo', [file]);

describe.skipIf(process.platform === 'win32')('a pipe named like a campaign file', () => {
  it('campaign.json: listing and opening refuse it at once, and the good campaign beside it still lists', async () => {
    const root = await tempRoot();
    const good = unwrap(await createCampaign(root, { name: 'Good one', rulesetId: 'zones' }));
    const dir = path.join(root, 'piped-abc123');
    await mkdir(path.join(dir, 'encounters'), { recursive: true });
    fifo(path.join(dir, 'campaign.json'));

    const list = await within(listCampaigns(root));
    expect(list).not.toBe('hung');
    const listed = unwrap(list as Awaited<ReturnType<typeof listCampaigns>>);
    expect(listed.campaigns.map((c) => c.folder)).toEqual([good.folder]);
    expect(listed.problems).toEqual([expect.objectContaining({ folder: 'piped-abc123', code: 'campaign/not-file', message: expect.stringContaining('piped-abc123/campaign.json is not a regular file') })]);

    const opened = await within(openCampaign({ root, folder: 'piped-abc123' }));
    expect(opened).toMatchObject({ ok: false, code: 'campaign/not-file' });
  });

  it('an encounter log: reading and appending refuse it at once', async () => {
    const root = await tempRoot();
    const good = unwrap(await createCampaign(root, { name: 'Good one', rulesetId: 'zones' }));
    const opened = unwrap(await openCampaign(good));
    const { encounter } = unwrap(await createEncounter(opened, opened.campaign, { name: 'Fight' }));
    const log = path.join(root, good.folder, 'encounters', `${encounter.id}.jsonl`);
    await rm(log);
    fifo(log);

    const read = await within(readEvents(good, encounter.id));
    expect(read).toMatchObject({ ok: false, code: 'events/not-file', message: expect.stringContaining(`${good.folder}/encounters/${encounter.id}.jsonl is not a regular file`) });
    const appended = await within(appendEvents(opened, encounter.id, [{ type: 'x' }]));
    expect(appended).toMatchObject({ ok: false, code: 'events/not-file' });
    unwrap(await closeCampaign(opened));
  });

  it('the lock: opening refuses a pipe where the lock should be, instead of waiting on it', async () => {
    const root = await tempRoot();
    const good = unwrap(await createCampaign(root, { name: 'Good one', rulesetId: 'zones' }));
    fifo(path.join(root, good.folder, '.lock'));
    const opened = await within(openCampaign(good));
    expect(opened).not.toBe('hung');
    expect(opened).toMatchObject({ ok: false });
  });
});
