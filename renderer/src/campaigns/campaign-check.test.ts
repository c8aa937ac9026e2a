/**
 * The renderer's Node-free copy of the campaign rules (campaign-check.ts) against the disk
 * store's own (campaign-schema.ts, restore-campaign.ts, safe-names.ts), which these tests may
 * load because they run in Node: same verdicts, same messages, on a corpus and on random input.
 * The bundle test makes sure the campaign layer really is Node-free.
 */
import { build } from 'esbuild';
import fc from 'fast-check';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import * as real from '../../../electron/campaigns/campaign-schema';
import { restoreCampaign } from '../../../electron/campaigns/restore-campaign';
import { checkDisplayName as realDisplayName, checkId as realCheckId } from '../../../electron/campaigns/safe-names';
import * as mirror from './campaign-check';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const AT = '2025-01-01T00:00:00.000Z';
const good = {
  type: 'gm-screen/campaign',
  version: 1,
  id: 'lost-mine',
  name: 'Lost Mine',
  rulesetId: 'zones',
  settings: { morale: true, wounds: 3, label: 'x' },
  roster: [{ id: 'aria', name: 'Aria', data: { hp: 24 } }],
  bestiary: [],
  maps: [{ id: 'cave', name: 'Cave', data: { zones: [1, 2] } }],
  encounters: [{ id: 'e1', name: 'Fight', status: 'planned', createdAt: AT, updatedAt: AT }],
  createdAt: AT,
  updatedAt: AT,
};
const FIELDS = Object.keys(good);

/** Both verdicts on `input`: success, or the sentence describing the issues. */
function verdicts(input: unknown): [unknown, unknown] {
  const a = v.safeParse(real.campaignSchema, input);
  const b = v.safeParse(mirror.campaignSchema, input);
  return [a.success ? a.output : real.describeIssues(a.issues), b.success ? b.output : mirror.describeIssues(b.issues)];
}

const corpus: unknown[] = [
  good,
  {},
  [],
  null,
  'campaign',
  { ...good, extra: 1 },
  { ...good, version: 2 },
  { ...good, id: 'CON' },
  { ...good, id: 'nul' },
  { ...good, id: '-a' },
  { ...good, name: ' padded' },
  { ...good, name: '' },
  { ...good, name: 'x'.repeat(121) },
  { ...good, name: 'a\u0007b' },
  { ...good, rulesetId: 'Zones' },
  { ...good, settings: [] },
  { ...good, settings: { a: { b: 1 } } },
  { ...good, settings: { ['k'.repeat(101)]: 1 } },
  { ...good, settings: { n: Number.NaN } },
  { ...good, roster: {} },
  { ...good, roster: [{ id: 'a', name: 'A', data: [] }] },
  { ...good, roster: [{ id: 'a', name: 'A' }] },
  { ...good, roster: [{ id: 'a', name: 'A', data: {} }, { id: 'a', name: 'B', data: {} }] },
  { ...good, encounters: [{ ...good.encounters[0], status: 'paused' }] },
  { ...good, encounters: [{ ...good.encounters[0], createdAt: '2025-13-01T00:00:00Z' }] },
  { ...good, createdAt: '2025-01-01' },
  { ...good, maps: undefined },
  { ...good, bestiary: Array.from({ length: 3 }, () => 1) },
];

describe('the Node-free campaign rules match the disk store\'s', () => {
  it('gives the same verdicts and messages on a corpus', () => {
    for (const input of corpus) {
      const [a, b] = verdicts(input);
      expect(b).toEqual(a);
    }
  });

  it('gives the same verdicts and messages with any JSON value in any field', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FIELDS), fc.jsonValue({ maxDepth: 3 }), (field, value) => {
        const [a, b] = verdicts({ ...good, [field]: value });
        expect(b).toEqual(a);
      }),
      { numRuns: 400 },
    );
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
        const [a, b] = verdicts(value);
        expect(b).toEqual(a);
      }),
      { numRuns: 200 },
    );
  });

  it('restores with the same codes and messages as restoreCampaign', () => {
    const envelopes: unknown[] = [...corpus, { ...good, version: '1' }, { ...good, version: 1.5 }, { ...good, version: -1 }, { ...good, type: 'excalidraw' }];
    for (const input of envelopes) {
      const a = restoreCampaign(input, 'x/campaign.json');
      const b = mirror.restoreCampaignValue(input, 'x/campaign.json');
      if (a.ok) expect(b).toEqual({ ok: true, value: a.value.campaign });
      else expect(b).toEqual(a);
    }
  });

  it('checks names and ids as safe-names does', () => {
    const text = fc.oneof(fc.string({ maxLength: 130 }), fc.string({ unit: 'binary', maxLength: 10 }), fc.constantFrom('con', 'COM1', 'lpt¹', 'a-b', ' x ', 'é'));
    fc.assert(
      fc.property(text, (value) => {
        expect(mirror.checkDisplayName(value, 'campaign name')).toEqual(realDisplayName(value, 'campaign name'));
        expect(mirror.checkId(value, 'encounter id')).toEqual(realCheckId(value, 'encounter id'));
      }),
      { numRuns: 500 },
    );
    expect(mirror.NAME_MAX).toBe(real.nameSchema.pipe.find((item) => item.type === 'max_length')?.requirement);
    expect([mirror.CAMPAIGN_TYPE, mirror.CAMPAIGN_VERSION, mirror.MAX_LIST_ENTRIES]).toEqual([real.CAMPAIGN_TYPE, real.CAMPAIGN_VERSION, real.MAX_LIST_ENTRIES]);
  });
});

describe('the campaign layer in a browser bundle', () => {
  it('pulls in no Node module', async () => {
    // esbuild for the browser cannot resolve node:* at all, so a Node import fails the build.
    const result = await build({
      entryPoints: ['renderer/src/campaigns/index.ts'],
      absWorkingDir: ROOT,
      bundle: true,
      platform: 'browser',
      format: 'esm',
      target: 'es2022',
      write: false,
      logLevel: 'silent',
    });
    const code = result.outputFiles[0]?.text ?? '';
    expect(code).toContain('gm-screen/campaign-export');
    expect(code).not.toMatch(/\bnode:|\brequire\(/);
  });
});
