/**
 * `campaigns:export`, `campaigns:import` and `campaigns:reveal` end to end on the main side: a
 * fake sender calls through the validated IPC mechanism into the handlers, which work on real
 * files in a temp folder, with fake dialogs answering what each test chose.
 */
import { appendFile, cp, mkdir, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { EXPORT_TYPE, MAX_IMPORT_BYTES, type StoredEvent } from '../engine/campaign/index';
import { parseExport } from '../engine/campaign/parse-export';
import type { JournalLine } from '../engine/index';
import { fightJournal, rolledStep } from '../engine/testing/journals';
import { useTempRoots } from './campaigns/testing/temp-root';
import type { IpcChannel } from './ipc-contract';
import { APP_PAGE } from './testing/fake-ipc-main';
import { handlerHarness, value, type HarnessOptions } from './testing/handler-harness';
import { BUILTIN_RULESETS } from '../engine/index';

vi.mock('electron', () => {
  throw new Error('electron must not be imported by the campaign handlers');
});

const tempRoot = useTempRoots();

/** Handlers on a fresh temp base; `outside` is a folder beside the campaigns root (a USB stick). */
async function setup(options: HarnessOptions = {}) {
  const base = await tempRoot();
  const outside = path.join(base, 'outside');
  await mkdir(outside);
  const harness = await handlerHarness(base, options);
  return { ...harness, outside };
}

/**
 * A campaign with a roster and two encounters with events (a third planned, with an empty log),
 * left open or closed.
 */
/** Journal lines as the store keeps them. */
const lines = (journal: JournalLine[]): StoredEvent[] => journal.map((line) => line as StoredEvent);

async function campaignWithFights(ctx: Awaited<ReturnType<typeof setup>>, { close = true } = {}) {
  const { call } = ctx;
  const { folder } = value(await call('campaigns:create', { name: 'The Lost Mine', rulesetId: 'zones' }));
  const opened = value(await call('campaigns:open', { folder }));
  value(await call('campaigns:save', { folder, campaign: { ...opened.campaign, roster: [{ id: 'sybilla', name: 'Sybilla', data: { hp: 12 } }] } }));
  const first = value(await call('campaigns:create-encounter', { folder, name: 'Ambush' })).encounter;
  const second = value(await call('campaigns:create-encounter', { folder, name: 'Dragon' })).encounter;
  const planned = value(await call('campaigns:create-encounter', { folder, name: 'Later' }));
  // Genuine journals: an import replays every log and refuses made-up events.
  const events: Record<string, StoredEvent[]> = {
    [first.id]: lines(fightJournal({ id: first.id, rulesetId: 'zones', seed: 7 })),
    [second.id]: lines(fightJournal({ id: second.id, rulesetId: 'zones', seed: 9, name: 'Ünïcödé — 🐉' })),
  };
  for (const [encounterId, list] of Object.entries(events)) value(await call('campaigns:append-events', { folder, encounterId, events: list }));
  const campaign = planned.campaign;
  if (close) value(await call('campaigns:close', { folder }));
  return { folder, campaign, first, second, planned: planned.encounter, events };
}

/** Every file under `dir`, relative, sorted (a missing folder is empty). */
async function tree(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true }).catch(() => [] as string[]);
  return entries.sort();
}

describe('export then import', () => {
  it('round-trips a closed campaign and the events of its encounters through one file on real disks', async () => {
    const here = await setup({ exportFolder: () => '/home/gm/Documents' });
    const { folder, campaign, first, second, planned, events } = await campaignWithFights(here);

    const target = path.join(here.outside, 'lost-mine backup.json');
    here.desktop.willSaveAs(target);
    expect(value(await here.call('campaigns:export', { folder }))).toEqual({ fileName: 'lost-mine backup.json', torn: [] });
    // The dialog belongs to the sending window, proposes the campaign's file name in the documents.
    const [event, options] = here.desktop.showSaveDialog.mock.calls[0]!;
    expect(event.id).toBe(7);
    expect(options).toMatchObject({ defaultPath: path.join('/home/gm/Documents', 'the-lost-mine.gm-campaign.json'), filters: [{ extensions: ['json'] }] });
    // Written atomically: no temp file left beside it.
    expect(await readdir(here.outside)).toEqual(['lost-mine backup.json']);

    const text = await readFile(target, 'utf8');
    const parsed = value(parseExport(text, BUILTIN_RULESETS));
    expect(parsed.campaign).toEqual(campaign);
    expect(parsed.encounters).toEqual({ ...events, [planned.id]: [] });
    expect(JSON.parse(text)).toMatchObject({ type: EXPORT_TYPE, version: 1 });

    // Another computer: its own campaigns root, no campaign with that id.
    const there = await setup();
    there.desktop.willOpen(target);
    const imported = value(await there.call('campaigns:import', { from: 'file' }));
    expect(imported).not.toHaveProperty('cancelled');
    if ('cancelled' in imported) return;
    expect(imported.renamedId).toBe(false);
    expect(imported.torn).toEqual([]);
    expect(imported.campaign).toEqual(campaign);
    expect(imported.folder).toMatch(/^the-lost-mine-[a-z0-9]{6}$/);
    expect(here.desktop.showOpenDialog).not.toHaveBeenCalled();
    expect(there.desktop.showOpenDialog.mock.calls[0]![1]).toMatchObject({ properties: ['openFile'] });

    for (const encounter of [first, second, planned]) {
      const log = value(await there.call('campaigns:read-events', { folder: imported.folder, encounterId: encounter.id }));
      expect(log).toEqual({ events: events[encounter.id] ?? [], torn: null });
    }
    expect(value(await there.call('campaigns:list')).campaigns.map((c) => c.folder)).toEqual([imported.folder]);
    // The import opens and takes new events like any campaign.
    value(await there.call('campaigns:open', { folder: imported.folder }));
    const later = lines(fightJournal({ id: planned.id, rulesetId: 'zones', seed: 11 }));
    value(await there.call('campaigns:append-events', { folder: imported.folder, encounterId: planned.id, events: later }));
    // And exports to the same file again.
    const again = path.join(there.outside, 'again.json');
    there.desktop.willSaveAs(again);
    value(await there.call('campaigns:close', { folder: imported.folder }));
    value(await there.call('campaigns:export', { folder: imported.folder }));
    expect(value(parseExport(await readFile(again, 'utf8'), BUILTIN_RULESETS)).encounters[planned.id]).toEqual(later);
  });

  it('exports an open campaign as last saved, after the calls queued before the export', async () => {
    const ctx = await setup();
    const { folder, first, events } = await campaignWithFights(ctx, { close: false });
    ctx.desktop.willSaveAs(path.join(ctx.outside, 'open.json'));
    const late = lines(rolledStep('late'));
    const appending = ctx.call('campaigns:append-events', { folder, encounterId: first.id, events: late });
    const exported = await ctx.call('campaigns:export', { folder });
    expect(value(exported)).toEqual({ fileName: 'open.json', torn: [] });
    value(await appending);
    const parsed = value(parseExport(await readFile(path.join(ctx.outside, 'open.json'), 'utf8'), BUILTIN_RULESETS));
    expect(parsed.encounters[first.id]).toEqual([...events[first.id]!, ...late]);
    // Still open, still writable.
    value(await ctx.call('campaigns:append-events', { folder, encounterId: first.id, events: lines(rolledStep('after')) }));
  });

  it('importing into the root it came from gives a new id (and says so) and a new folder, and changes nothing else', async () => {
    const ctx = await setup();
    const { folder, campaign, first, events } = await campaignWithFights(ctx);
    const file = path.join(ctx.outside, 'mine.json');
    ctx.desktop.willSaveAs(file);
    value(await ctx.call('campaigns:export', { folder }));
    const before = await readFile(path.join(ctx.defaultRoot, folder, 'campaign.json'), 'utf8');

    ctx.desktop.willOpen(file);
    const copy = value(await ctx.call('campaigns:import', { from: 'file' }));
    if ('cancelled' in copy) throw new Error('cancelled');
    expect(copy.renamedId).toBe(true);
    expect(copy.campaign.id).not.toBe(campaign.id);
    expect(copy.campaign).toEqual({ ...campaign, id: copy.campaign.id });
    expect(copy.folder).not.toBe(folder);
    expect(await readFile(path.join(ctx.defaultRoot, folder, 'campaign.json'), 'utf8')).toBe(before);
    expect(value(await ctx.call('campaigns:read-events', { folder: copy.folder, encounterId: first.id })).events).toEqual(events[first.id]);

    // An archived campaign's id counts too.
    value(await ctx.call('campaigns:archive', { folder: copy.folder }));
    value(await ctx.call('campaigns:archive', { folder }));
    ctx.desktop.willOpen(file);
    const third = value(await ctx.call('campaigns:import', { from: 'file' }));
    expect(third).toMatchObject({ renamedId: true });
    expect(value(await ctx.call('campaigns:list')).campaigns).toHaveLength(1);
  });

  it('a torn last line is left out of the export and reported, not fatal', async () => {
    const ctx = await setup();
    const { folder, first, events } = await campaignWithFights(ctx);
    await appendFile(path.join(ctx.defaultRoot, folder, 'encounters', `${first.id}.jsonl`), '{"type":"round-ended","ro');
    ctx.desktop.willSaveAs(path.join(ctx.outside, 'torn.json'));
    const exported = value(await ctx.call('campaigns:export', { folder }));
    expect(exported).toEqual({
      fileName: 'torn.json',
      torn: [{ encounterId: first.id, message: expect.stringMatching(new RegExp(`^The last line of ${folder}/encounters/${first.id}\\.jsonl \\(line ${(events[first.id]?.length ?? 0) + 1}, 25 bytes\\) was cut off`)) }],
    });
    expect(value(parseExport(await readFile(path.join(ctx.outside, 'torn.json'), 'utf8'), BUILTIN_RULESETS)).encounters[first.id]).toEqual(events[first.id]);
  });

  it('a damaged line elsewhere stops the export with the store\'s message, and no dialog is shown', async () => {
    const ctx = await setup();
    const { folder, first } = await campaignWithFights(ctx);
    const log = path.join(ctx.defaultRoot, folder, 'encounters', `${first.id}.jsonl`);
    const lines = (await readFile(log, 'utf8')).split('\n');
    lines[1] = '{"type": oops}';
    await writeFile(log, lines.join('\n'));
    const answer = await ctx.call('campaigns:export', { folder });
    expect(answer).toMatchObject({ ok: false, code: 'events/damaged-line', message: expect.stringContaining(`Line 2 of ${folder}/encounters/${first.id}.jsonl`) });
    expect(ctx.desktop.showSaveDialog).not.toHaveBeenCalled();
  });

  it('a cancelled save dialog writes nothing', async () => {
    const ctx = await setup();
    const { folder } = await campaignWithFights(ctx);
    expect(await ctx.call('campaigns:export', { folder })).toEqual({ ok: true, value: { cancelled: true } });
    expect(await tree(ctx.outside)).toEqual([]);
  });

  it('refuses to save an export inside the campaigns folder', async () => {
    const ctx = await setup();
    const { folder } = await campaignWithFights(ctx);
    const before = await tree(ctx.defaultRoot);
    for (const target of [path.join(ctx.defaultRoot, folder, 'campaign.json'), path.join(ctx.defaultRoot, 'export.json')]) {
      ctx.desktop.willSaveAs(target);
      expect(await ctx.call('campaigns:export', { folder })).toMatchObject({ ok: false, code: 'export/inside-campaigns-folder', message: /Choose another place/ });
    }
    expect(await tree(ctx.defaultRoot)).toEqual(before);
  });

  it('an unknown folder is refused before any dialog', async () => {
    const ctx = await setup();
    expect(await ctx.call('campaigns:export', { folder: 'no-such-campaign-abc123' })).toMatchObject({ ok: false, code: 'campaign/not-found' });
    expect(await ctx.call('campaigns:reveal', { folder: 'no-such-campaign-abc123' })).toMatchObject({ ok: false, code: 'campaign/not-found' });
    expect(ctx.desktop.showSaveDialog).not.toHaveBeenCalled();
    expect(ctx.desktop.showItemInFolder).not.toHaveBeenCalled();
  });

  it('a write that fails (the chosen folder is gone) names the file only', async () => {
    const ctx = await setup();
    const { folder } = await campaignWithFights(ctx);
    ctx.desktop.willSaveAs(path.join(ctx.outside, 'gone', 'mine.json'));
    expect(await ctx.call('campaigns:export', { folder })).toEqual({
      ok: false,
      code: 'io/not-found',
      message: expect.stringMatching(/^Could not save the export file "mine\.json": it does not exist\./),
    });
  });
});

describe('importing a campaign folder', () => {
  it('copies a campaign folder from elsewhere (a USB stick) as a new campaign with its events', async () => {
    const source = await setup();
    const { folder, campaign, first, second, events } = await campaignWithFights(source);
    const stick = path.join(source.outside, 'Lost Mine on the stick');
    await cp(path.join(source.defaultRoot, folder), stick, { recursive: true });

    const ctx = await setup();
    ctx.desktop.willOpen(stick);
    const imported = value(await ctx.call('campaigns:import', { from: 'folder' }));
    if ('cancelled' in imported) throw new Error('cancelled');
    expect(ctx.desktop.showOpenDialog.mock.calls[0]![1]).toMatchObject({ properties: ['openDirectory'] });
    expect(imported).toMatchObject({ renamedId: false, torn: [], campaign });
    for (const encounter of [first, second]) {
      expect(value(await ctx.call('campaigns:read-events', { folder: imported.folder, encounterId: encounter.id })).events).toEqual(events[encounter.id]);
    }
    // The source folder is untouched (no lock, nothing written).
    expect(await tree(stick)).toEqual(await tree(path.join(source.defaultRoot, folder)));
  });

  it('a campaign folder of the same root is imported as a copy with a new id', async () => {
    const ctx = await setup();
    const { folder } = await campaignWithFights(ctx, { close: false });
    ctx.desktop.willOpen(path.join(ctx.defaultRoot, folder));
    const copy = value(await ctx.call('campaigns:import', { from: 'folder' }));
    expect(copy).toMatchObject({ renamedId: true });
    expect(value(await ctx.call('campaigns:list')).campaigns).toHaveLength(2);
  });

  it('a torn last line in the folder is left out and reported', async () => {
    const source = await setup();
    const { folder, first, events } = await campaignWithFights(source);
    const dir = path.join(source.defaultRoot, folder);
    await appendFile(path.join(dir, 'encounters', `${first.id}.jsonl`), '{"type":"cut');
    const ctx = await setup();
    ctx.desktop.willOpen(dir);
    const imported = value(await ctx.call('campaigns:import', { from: 'folder' }));
    if ('cancelled' in imported) throw new Error('cancelled');
    expect(imported.torn).toEqual([{ encounterId: first.id, message: expect.stringContaining(`The last line of ${folder}/encounters/${first.id}.jsonl (line ${(events[first.id]?.length ?? 0) + 1}`) }]);
    expect(value(await ctx.call('campaigns:read-events', { folder: imported.folder, encounterId: first.id }))).toEqual({ events: events[first.id], torn: null });
  });

  it('an older campaign version is upgraded on the way in', async () => {
    const ctx = await setup();
    const old = path.join(ctx.outside, 'old-campaign');
    await mkdir(path.join(old, 'encounters'), { recursive: true });
    const at = '2024-05-01T10:00:00.000Z';
    await writeFile(
      path.join(old, 'campaign.json'),
      JSON.stringify({
        type: 'gm-screen/campaign',
        version: 0,
        id: 'old-one',
        name: 'Old',
        rulesetId: 'zones',
        settings: {},
        roster: [],
        bestiary: [],
        encounters: [{ id: 'e1', name: 'Fight', finished: true, createdAt: at, updatedAt: at }],
        createdAt: at,
        updatedAt: at,
      }),
    );
    await writeFile(path.join(old, 'encounters', 'e1.jsonl'), '{"type":"x"}\n');
    ctx.desktop.willOpen(old);
    const imported = value(await ctx.call('campaigns:import', { from: 'folder' }));
    if ('cancelled' in imported) throw new Error('cancelled');
    expect(imported.campaign).toMatchObject({ version: 1, maps: [], encounters: [{ id: 'e1', status: expect.any(String) }] });
    expect(value(await ctx.call('campaigns:read-events', { folder: imported.folder, encounterId: 'e1' })).events).toEqual([{ type: 'x' }]);
  });
});

describe('import refusals', () => {
  /** A valid export file's text to damage. */
  async function exportText(ctx: Awaited<ReturnType<typeof setup>>) {
    const { folder, first } = await campaignWithFights(ctx);
    const file = path.join(ctx.outside, 'good.json');
    ctx.desktop.willSaveAs(file);
    value(await ctx.call('campaigns:export', { folder }));
    return { text: await readFile(file, 'utf8'), first };
  }

  const patched = (text: string, patch: (data: Record<string, unknown>) => void) => {
    const data = JSON.parse(text) as Record<string, unknown>;
    patch(data);
    return JSON.stringify(data);
  };

  it('refuses each kind of bad file with a message naming the file, and writes nothing', async () => {
    const ctx = await setup();
    const { text, first } = await exportText(ctx);
    const cases: [string, string | Uint8Array, string, RegExp][] = [
      ['empty.json', '', 'json/empty', /^The import file "empty\.json" is empty\. Nothing was imported\.$/],
      ['cut.json', text.slice(0, text.length / 2), 'json/syntax', /^The import file "cut\.json" is not valid JSON: it ends in the middle of a value, so it was probably cut off\. Nothing was imported\.$/],
      ['binary.json', new Uint8Array([0x7b, 0xff, 0xfe, 0x00, 0x7d]), 'json/not-text', /^The import file "binary\.json" is not UTF-8 text/],
      ['list.json', '[1, 2]', 'import/not-export', /^The import file "list\.json" is not a GM Screen campaign export: it holds a list instead of an object\./],
      ['campaign.json', patched(text, (d) => (d.type = 'gm-screen/campaign')), 'import/not-export', /^The import file "campaign\.json" is not a GM Screen campaign export \(its type is "gm-screen\/campaign"/],
      ['newer.json', patched(text, (d) => (d.version = 2)), 'import/newer-version', /^The import file "newer\.json" was exported by a newer GM Screen/],
      ['extra.json', patched(text, (d) => (d.extra = 1)), 'import/invalid', /^The import file "extra\.json" has an unknown field "extra"\./],
      ['roster.json', patched(text, (d) => ((d.campaign as Record<string, unknown>).roster = {})), 'campaign/invalid', /^The campaign in the import file "roster\.json" is damaged: roster should be a list but is an object\. Nothing was imported\.$/],
      ['stranger.json', patched(text, (d) => ((d.encounters as Record<string, unknown>).stranger = [])), 'import/unknown-encounter', /"stranger\.json" holds events for encounter "stranger"/],
      ['typeless.json', patched(text, (d) => (d.encounters as Record<string, unknown[]>)[first.id]!.push({ text: 'x' })), 'events/not-event', /^Event \d+ of encounter "[^"]+" in the import file "typeless\.json" has no event type/],
      // A well-formed step whose event is forged (damage with no HP data): the fight is replayed, and refused (issue 14).
      [
        'forged.json',
        patched(text, (d) => (d.encounters as Record<string, unknown[]>)[first.id]!.push({ type: 'journal/step', events: 1 }, { type: 'combatant-damaged', combatantId: 'c3', amount: 3 })),
        'import/damaged-encounter',
        /^The log of "Ambush" in the import file "forged\.json": Step \d+ of this fight can't be read: in its event \d+ \("combatant-damaged"\), tracks is missing\. Nothing was imported\.$/,
      ],
      ['proto.json', text.replace('"type": "gm-screen/campaign-export",', '"type": "gm-screen/campaign-export", "__proto__": {},'), 'json/forbidden-key', /^The import file "proto\.json" contains the key "__proto__"/],
      ['deep.json', `${'['.repeat(100)}${']'.repeat(100)}`, 'json/too-deep', /^The import file "deep\.json" nests lists or objects more than 64 levels deep/],
    ];
    const before = await tree(ctx.defaultRoot);
    for (const [name, content, code, message] of cases) {
      const file = path.join(ctx.outside, name);
      await writeFile(file, content);
      ctx.desktop.willOpen(file);
      const answer = await ctx.call('campaigns:import', { from: 'file' });
      expect(answer, name).toEqual({ ok: false, code, message: expect.stringMatching(message) });
      expect(!answer.ok && answer.message, name).toMatch(/Nothing was imported\.$/);
    }
    expect(await tree(ctx.defaultRoot)).toEqual(before);
    expect(ctx.onUnexpected).not.toHaveBeenCalled();
  });

  it('refuses a file over the size limit before reading it', async () => {
    const ctx = await setup();
    const file = path.join(ctx.outside, 'huge.json');
    await writeFile(file, '');
    await truncate(file, MAX_IMPORT_BYTES + 1); // sparse: nothing is really written
    ctx.desktop.willOpen(file);
    expect(await ctx.call('campaigns:import', { from: 'file' })).toEqual({
      ok: false,
      code: 'import/too-large',
      message: 'The import file "huge.json" is 67,108,865 bytes, over the 64 MB limit for a campaign export. Nothing was imported.',
    });
    await expect(stat(ctx.defaultRoot)).rejects.toThrow(/ENOENT/);
  });

  it('accepts a file a text editor saved with a byte-order mark', async () => {
    const ctx = await setup();
    const { text } = await exportText(ctx);
    const file = path.join(ctx.outside, 'bom.json');
    await writeFile(file, `\uFEFF${text}`);
    ctx.desktop.willOpen(file);
    expect(value(await ctx.call('campaigns:import', { from: 'file' }))).toMatchObject({ renamedId: true });
  });

  it('a file that went away, a folder chosen as file, a folder without campaign.json, a damaged campaign.json', async () => {
    const ctx = await setup();
    const notCampaign = path.join(ctx.outside, 'Holiday photos');
    await mkdir(notCampaign);
    const damaged = path.join(ctx.outside, 'Broken');
    await mkdir(damaged);
    await writeFile(path.join(damaged, 'campaign.json'), '{"type":"gm-screen/campaign","version":1');
    const cases: [string, 'file' | 'folder', string, string][] = [
      [path.join(ctx.outside, 'gone.json'), 'file', 'import/not-found', 'The import file "gone.json" is not there any more. Nothing was imported.'],
      [notCampaign, 'file', 'import/not-file', 'The import file "Holiday photos" is not a file. Nothing was imported.'],
      [
        notCampaign,
        'folder',
        'import/not-campaign-folder',
        'The folder "Holiday photos" is not a GM Screen campaign folder: it has no campaign.json. Choose a campaign folder, or import an export file instead. Nothing was imported.',
      ],
      [
        damaged,
        'folder',
        'json/syntax',
        'Broken/campaign.json is not valid JSON: it ends in the middle of a value, so it was probably cut off. The file was not changed. Nothing was imported.',
      ],
    ];
    for (const [chosen, from, code, message] of cases) {
      ctx.desktop.willOpen(chosen);
      expect(await ctx.call('campaigns:import', { from })).toEqual({ ok: false, code, message });
    }
    await expect(stat(ctx.defaultRoot)).rejects.toThrow(/ENOENT/);
  });

  it('a cancelled open dialog imports nothing', async () => {
    const ctx = await setup();
    for (const from of ['file', 'folder'] as const) {
      expect(await ctx.call('campaigns:import', { from })).toEqual({ ok: true, value: { cancelled: true } });
    }
    await expect(stat(ctx.defaultRoot)).rejects.toThrow(/ENOENT/);
  });

  it('a dialog that fails is answered as a failure and reported', async () => {
    const ctx = await setup();
    ctx.desktop.showOpenDialog.mockRejectedValueOnce(new Error('no display'));
    expect(await ctx.call('campaigns:import', { from: 'file' })).toEqual({
      ok: false,
      code: 'app/unexpected',
      message: 'Something unexpected went wrong while importing the campaign (no display). Try again; if it keeps happening, restart GM Screen.',
    });
    expect(ctx.onUnexpected).toHaveBeenCalledWith(expect.any(Error), 'campaigns:import');
  });
});

describe('reveal', () => {
  it('shows the campaign\'s campaign.json in the file manager', async () => {
    const ctx = await setup();
    const { folder } = await campaignWithFights(ctx);
    expect(await ctx.call('campaigns:reveal', { folder })).toEqual({ ok: true, value: undefined });
    expect(ctx.desktop.showItemInFolder).toHaveBeenCalledWith(path.join(ctx.defaultRoot, folder, 'campaign.json'));
  });

  it('shows the folder when campaign.json is gone', async () => {
    const ctx = await setup();
    const { folder } = await campaignWithFights(ctx);
    await rm(path.join(ctx.defaultRoot, folder, 'campaign.json'));
    value(await ctx.call('campaigns:reveal', { folder }));
    expect(ctx.desktop.showItemInFolder).toHaveBeenCalledWith(path.join(ctx.defaultRoot, folder));
  });
});

describe('without dialogs', () => {
  it('export, import and reveal answer that they are not available', async () => {
    const base = await tempRoot();
    const ctx = await handlerHarness(base);
    const { createCampaignHandlers } = await import('./campaign-handlers');
    const bare = createCampaignHandlers({ root: ctx.defaultRoot, trash: async () => {} });
    const event = { id: 1, senderFrame: { url: APP_PAGE } };
    const { folder } = value(await ctx.call('campaigns:create', { name: 'Mine', rulesetId: 'zones' }));
    for (const answer of [
      await bare.handlers['campaigns:export']({ folder }, event),
      await bare.handlers['campaigns:import']({ from: 'file' }, event),
      await bare.handlers['campaigns:reveal']({ folder }, event),
    ]) {
      expect(answer).toMatchObject({ ok: false, code: 'app/no-dialogs', message: expect.stringMatching(/^GM Screen cannot show a dialog here/) });
    }
  });
});

describe('payloads that do not match their schema', () => {
  const cases: [IpcChannel, unknown[], RegExp][] = [
    ['campaigns:export', [], /^campaigns:export refused: expected a payload \{ folder: string \}, got undefined$/],
    ['campaigns:export', [{ folder: '../other' }], /folder must be a folder name from the campaign list, not a path/],
    ['campaigns:export', [{ folder: 'mine', path: '/tmp/x.json' }], /^campaigns:export refused: unknown field "path"$/],
    ['campaigns:import', [{}], /^campaigns:import refused: missing field from$/],
    ['campaigns:import', [{ from: 'disk' }], /^campaigns:import refused: from must be "file" or "folder"$/],
    ['campaigns:import', [{ from: 'file', file: '/etc/passwd' }], /^campaigns:import refused: unknown field "file"$/],
    ['campaigns:import', ['file'], /^campaigns:import refused: expected a payload \{ from: "file" \| "folder" \}, got "file"$/],
    ['campaigns:reveal', [{ folder: 'C:\\Windows' }], /folder must be a folder name from the campaign list, not a path/],
    ['campaigns:reveal', [{ folder: 42 }], /^campaigns:reveal refused: folder must be a string$/],
  ];

  it.each(cases)('refuses %s %j, shows no dialog and touches nothing', async (channel, args, message) => {
    const ctx = await setup();
    await expect(ctx.raw(channel, APP_PAGE, ...args)).rejects.toThrow(message);
    expect(ctx.onRefused).toHaveBeenCalledOnce();
    expect(ctx.desktop.showOpenDialog).not.toHaveBeenCalled();
    expect(ctx.desktop.showSaveDialog).not.toHaveBeenCalled();
    expect(ctx.desktop.showItemInFolder).not.toHaveBeenCalled();
    await expect(stat(ctx.defaultRoot)).rejects.toThrow(/ENOENT/);
  });

  it.each(['campaigns:export', 'campaigns:import', 'campaigns:reveal'] as const)('refuses %s from a page that is not the app', async (channel) => {
    const ctx = await setup();
    await expect(ctx.raw(channel, 'https://evil.example/', { folder: 'x' })).rejects.toThrow(`${channel} refused: sender "https://evil.example/"`);
    expect(ctx.desktop.showOpenDialog).not.toHaveBeenCalled();
  });
});
