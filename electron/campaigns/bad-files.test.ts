/**
 * A corpus of bad files. Each one must give its own clear failure naming the file, must come out
 * of listing and opening byte-for-byte unchanged, and must not stop a good campaign beside it
 * from listing.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listCampaigns } from './campaign-list';
import { closeCampaign, createCampaign, createEncounter, openCampaign, readEvents } from './campaign-store';
import { MAX_CAMPAIGN_BYTES, MAX_EVENT_LINE_BYTES } from '../../engine/campaign/index';
import { sampleCampaign } from '../../engine/campaign/testing/sample-campaign';
import { failed, unwrap, useTempRoots } from './testing/temp-root';

const tempRoot = useTempRoots();

const AT = '2025-01-01T00:00:00.000Z';
const good = sampleCampaign({ id: 'bad-one', name: 'Bad one', createdAt: AT, updatedAt: AT });
const encounter = { id: 'e1', name: 'Fight', status: 'planned', createdAt: AT, updatedAt: AT };
const json = (value: unknown) => JSON.stringify(value);
const withField = (patch: Record<string, unknown>) => json({ ...good, ...patch });
const nest = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const { version: _version, ...noVersion } = good;
const { maps: _maps, ...noMaps } = good;
const { type: _type, ...noType } = good;

/** Special marker: a sparse file just over the campaign size limit. */
const HUGE = Symbol('huge');

interface CampaignCase {
  readonly name: string;
  readonly content: string | Uint8Array | typeof HUGE;
  readonly code: string;
  readonly says: string;
}

const campaignCases: CampaignCase[] = [
  { name: 'empty file', content: '', code: 'campaign/empty', says: 'is empty (0 bytes)' },
  { name: 'whitespace only', content: '  \n\n', code: 'json/empty', says: 'is empty' },
  { name: 'truncated JSON', content: withField({}).slice(0, 80), code: 'json/syntax', says: 'probably cut off' },
  { name: 'trailing comma', content: '{"type":"gm-screen/campaign",}', code: 'json/syntax', says: 'expected double-quoted property name at character 30' },
  { name: 'NaN literal', content: '{"type":NaN}', code: 'json/syntax', says: 'not valid JSON' },
  { name: 'binary garbage', content: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xd8, 0x00, 0xc3]), code: 'json/not-text', says: 'is not UTF-8 text' },
  { name: 'NUL bytes', content: new Uint8Array(64), code: 'json/syntax', says: 'control character (code 0)' },
  { name: 'UTF-16 text', content: new Uint8Array([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]), code: 'json/not-text', says: 'another encoding' },
  { name: 'byte-order mark', content: `\uFEFF${withField({})}`, code: 'json/bom', says: 'without BOM' },
  { name: 'a list', content: '[]', code: 'campaign/not-campaign', says: 'holds a list instead of an object' },
  { name: 'a number', content: '42', code: 'campaign/not-campaign', says: 'holds a number' },
  { name: 'null', content: 'null', code: 'campaign/not-campaign', says: 'holds null' },
  { name: 'a string', content: '"campaign"', code: 'campaign/not-campaign', says: 'holds text' },
  { name: 'another app\'s file', content: json({ type: 'excalidraw', version: 2 }), code: 'campaign/not-campaign', says: 'its type is "excalidraw"' },
  { name: 'no type', content: json(noType), code: 'campaign/not-campaign', says: 'no "type" field' },
  { name: 'newer version', content: withField({ version: 2 }), code: 'campaign/newer-version', says: 'Update GM Screen' },
  { name: 'version as text', content: withField({ version: '1' }), code: 'campaign/unknown-version', says: 'unknown campaign version (text)' },
  { name: 'fractional version', content: withField({ version: 1.5 }), code: 'campaign/unknown-version', says: '(1.5)' },
  { name: 'negative version', content: withField({ version: -1 }), code: 'campaign/unknown-version', says: '(-1)' },
  { name: 'missing version', content: json(noVersion), code: 'campaign/unknown-version', says: 'has no "version" field' },
  { name: 'name of the wrong type', content: withField({ name: 42 }), code: 'campaign/invalid', says: 'name should be text but is 42' },
  { name: 'empty name', content: withField({ name: '' }), code: 'campaign/invalid', says: 'name is empty' },
  { name: 'name too long', content: withField({ name: 'x'.repeat(121) }), code: 'campaign/invalid', says: 'longer than 120' },
  { name: 'control character in name', content: withField({ name: 'a\u0007b' }), code: 'campaign/invalid', says: 'control character' },
  { name: 'v1 without maps', content: json(noMaps), code: 'campaign/invalid', says: 'the field "maps" is missing' },
  { name: 'unknown field', content: withField({ extra: true }), code: 'campaign/invalid', says: 'unknown field "extra"' },
  { name: 'roster not a list', content: withField({ roster: {} }), code: 'campaign/invalid', says: 'roster should be a list' },
  { name: 'roster data is a list', content: withField({ roster: [{ id: 'a', name: 'A', data: [] }] }), code: 'campaign/invalid', says: 'roster[0].data' },
  { name: 'setting is an object', content: withField({ settings: { morale: { on: true } } }), code: 'campaign/invalid', says: 'settings.morale' },
  { name: 'unknown encounter status', content: withField({ encounters: [{ ...encounter, status: 'paused' }] }), code: 'campaign/invalid', says: 'encounters[0].status' },
  { name: 'duplicate encounter ids', content: withField({ encounters: [encounter, encounter] }), code: 'campaign/invalid', says: 'two encounters with the id "e1"' },
  { name: 'traversal in an encounter id', content: withField({ encounters: [{ ...encounter, id: '../../escape' }] }), code: 'campaign/invalid', says: 'encounters[0].id ("../../escape") is not valid' },
  { name: 'reserved encounter id', content: withField({ encounters: [{ ...encounter, id: 'con' }] }), code: 'campaign/invalid', says: 'encounters[0].id ("con") is a device name reserved by Windows' },
  { name: 'absolute path as campaign id', content: withField({ id: '/etc/passwd' }), code: 'campaign/invalid', says: 'id ("/etc/passwd") is not valid' },
  { name: 'bad timestamp', content: withField({ createdAt: 'yesterday' }), code: 'campaign/invalid', says: 'createdAt is not a timestamp' },
  { name: '__proto__ at the top', content: '{"__proto__":{"isAdmin":true},"type":"gm-screen/campaign"}', code: 'json/forbidden-key', says: 'the key "__proto__"' },
  { name: 'constructor deep inside', content: withField({ roster: [{ id: 'a', name: 'A', data: { x: { constructor: { prototype: 1 } } } }] }), code: 'json/forbidden-key', says: 'roster[0].data.x.constructor' },
  { name: 'prototype key', content: withField({ settings: { prototype: 1 } }), code: 'json/forbidden-key', says: '"prototype"' },
  { name: 'deeply nested', content: withField({ roster: [{ id: 'a', name: 'A', data: JSON.parse(nest(80)) as unknown }] }), code: 'json/too-deep', says: 'more than 64 levels' },
  { name: 'nesting bomb', content: '['.repeat(5_000_000), code: 'json/too-deep', says: 'more than 64 levels' },
  { name: 'huge file', content: HUGE, code: 'campaign/too-large', says: 'is 20,971,521 bytes, over the 20 MB limit' },
  { name: 'damaged version 0', content: withField({ version: 0, maps: undefined, encounters: [{ ...encounter, status: undefined, finished: 'yes' }] }), code: 'campaign/invalid', says: '(campaign version 0) is damaged: encounters[0].finished' },
];

interface LogCase {
  readonly name: string;
  readonly content: string | Uint8Array;
  readonly code: string;
  readonly says: string;
}

const line = (value: unknown) => `${json(value)}\n`;
const ok1 = line({ type: 'encounter-created' });
const logCases: LogCase[] = [
  { name: 'damaged middle line', content: `${ok1}{"type":"hp-ch\n${ok1}`, code: 'events/damaged-line', says: 'Line 2 of' },
  { name: 'a line that is a list', content: `${ok1}["type","x"]\n`, code: 'events/not-event', says: 'Line 2 of' },
  { name: 'a line that is null', content: `${ok1}null\n${ok1}`, code: 'events/not-event', says: 'is null, not an event' },
  { name: 'a line without type', content: `${ok1}{"kind":"x"}\n`, code: 'events/not-event', says: 'has no event type' },
  { name: 'a numeric type', content: `${ok1}{"type":7}\n`, code: 'events/not-event', says: 'got a number' },
  { name: 'a blank middle line', content: `${ok1}\n${ok1}`, code: 'events/blank-line', says: 'Line 2 of' },
  { name: '__proto__ in an event', content: `${ok1}{"type":"x","__proto__":{"polluted":1}}\n`, code: 'json/forbidden-key', says: '"__proto__"' },
  { name: 'a line over 1 MB', content: `${ok1}${line({ type: 'x', text: 'y'.repeat(MAX_EVENT_LINE_BYTES) })}`, code: 'events/line-too-large', says: 'over the 1 MB limit' },
  { name: 'a deeply nested event', content: `${ok1}{"type":"x","d":${nest(70)}}\n`, code: 'json/too-deep', says: 'more than 64 levels' },
  { name: 'binary garbage in the middle', content: new Uint8Array([...Buffer.from(ok1), 0xff, 0xfe, 0xfd, 0x0a, ...Buffer.from(ok1)]), code: 'json/not-text', says: 'Line 2 of' },
  { name: 'a BOM at the start', content: `\uFEFF${ok1}`, code: 'json/bom', says: 'Line 1 of' },
  { name: 'an unterminated last line that is a list', content: `${ok1}[1,2]`, code: 'events/not-event', says: 'Line 2 of' },
];

/** Every file under `dir` with a hash of its bytes (comparing multi-megabyte buffers in expect is slow). */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) {
      const file = path.join(entry.parentPath, entry.name);
      files[path.relative(dir, file)] = createHash('sha256').update(await readFile(file)).digest('hex');
    }
  }
  return files;
}

async function rootWithGoodCampaign() {
  const root = await tempRoot();
  const goodOne = unwrap(await createCampaign(root, { name: 'Good one', rulesetId: 'zones' }));
  return { root, goodOne };
}

describe('bad campaign.json files', () => {
  it('has at least 30 cases in all', () => {
    expect(campaignCases.length + logCases.length).toBeGreaterThanOrEqual(30);
  });

  it.each(campaignCases)('$name: $code', async ({ content, code, says }) => {
    const { root, goodOne } = await rootWithGoodCampaign();
    const folder = 'bad-one-abc123';
    const dir = path.join(root, folder);
    await mkdir(path.join(dir, 'encounters'), { recursive: true });
    const file = path.join(dir, 'campaign.json');
    if (content === HUGE) {
      await writeFile(file, '');
      await truncate(file, MAX_CAMPAIGN_BYTES + 1);
    } else {
      await writeFile(file, content);
    }
    const before = await snapshot(dir);

    const list = unwrap(await listCampaigns(root));
    expect(list.campaigns.map((c) => c.folder)).toEqual([goodOne.folder]);
    expect(list.problems).toHaveLength(1);
    expect(list.problems[0]).toMatchObject({ folder, code });
    expect(list.problems[0]?.message).toContain(`${folder}/campaign.json`);
    expect(list.problems[0]?.message).toContain(says);

    const opened = failed(await openCampaign({ root, folder }));
    expect(opened.code).toBe(code);
    expect(opened.message).toContain(`${folder}/campaign.json`);
    expect(opened.message).toContain(says);

    // Nothing changed, and the lock taken for the attempt is gone.
    expect(await snapshot(dir)).toEqual(before);
    unwrap(await closeCampaign(unwrap(await openCampaign(goodOne))));
  });
});

describe('bad event logs', () => {
  it.each(logCases)('$name: $code', async ({ content, code, says }) => {
    const { root, goodOne } = await rootWithGoodCampaign();
    const opened = unwrap(await openCampaign(goodOne));
    const { encounter: entry } = unwrap(await createEncounter(opened, opened.campaign, { name: 'Fight' }));
    unwrap(await closeCampaign(opened));
    const label = `${goodOne.folder}/encounters/${entry.id}.jsonl`;
    await writeFile(path.join(root, label), content);
    const before = await snapshot(root);

    const read = failed(await readEvents(goodOne, entry.id));
    expect(read.code).toBe(code);
    expect(read.message).toContain(label);
    expect(read.message).toContain(says);
    expect(read.message).toContain('The file was not changed.');

    expect(await snapshot(root)).toEqual(before);
    expect(unwrap(await listCampaigns(root)).campaigns).toHaveLength(1);
  });

  it('a torn last line is not a failure: it is left out and reported, and the file is not changed', async () => {
    const { root, goodOne } = await rootWithGoodCampaign();
    const opened = unwrap(await openCampaign(goodOne));
    const { encounter: entry } = unwrap(await createEncounter(opened, opened.campaign, { name: 'Fight' }));
    unwrap(await closeCampaign(opened));
    const file = path.join(root, goodOne.folder, 'encounters', `${entry.id}.jsonl`);
    await writeFile(file, `${ok1}${ok1}{"type":"attack","roll":{"di`);
    const before = await readFile(file);
    const log = unwrap(await readEvents(goodOne, entry.id));
    expect(log.events).toHaveLength(2);
    expect(log.torn).toMatchObject({ line: 3 });
    expect(log.torn?.message).toContain('was cut off');
    expect(await readFile(file)).toEqual(before);
  });

  it('an id that tries to leave the folder is refused before any file is touched', async () => {
    const { goodOne } = await rootWithGoodCampaign();
    expect(failed(await readEvents(goodOne, '../campaign')).code).toBe('name/bad-id');
    expect(failed(await readEvents({ ...goodOne, folder: '..' }, 'e1')).code).toBe('name/unsafe');
  });
});

describe('odd folders in the root', () => {
  it('reports a folder without campaign.json and skips hidden folders, files and the archive', async () => {
    const { root, goodOne } = await rootWithGoodCampaign();
    await mkdir(path.join(root, 'holiday photos'));
    await mkdir(path.join(root, '.half-made.creating'));
    await mkdir(path.join(root, 'archive'));
    await writeFile(path.join(root, 'desktop.ini'), '');
    const list = unwrap(await listCampaigns(root));
    expect(list.campaigns.map((c) => c.folder)).toEqual([goodOne.folder]);
    expect(list.problems).toEqual([{ folder: 'holiday photos', code: 'campaign/missing', message: 'The folder "holiday photos" is not a campaign (it has no campaign.json).' }]);
  });

  it('reports a folder whose name Windows would refuse', async () => {
    const { root } = await rootWithGoodCampaign();
    await mkdir(path.join(root, 'notes.'));
    const problem = unwrap(await listCampaigns(root)).problems[0];
    expect(problem?.code).toBe('name/unsafe');
    expect(problem?.message).toContain('Rename the folder');
  });
});
