import { describe, expect, it, vi } from 'vitest';
import { MAX_EVENTS_PER_APPEND } from '../../../engine/campaign/index';
import { sampleCampaign } from '../../../engine/campaign/testing/sample-campaign';
import type { Campaign, CampaignList } from './backend';
import { IpcCampaignBackend, IpcSettingsClient, type CampaignApi, type SettingsApi } from './ipc-backend';

const AT = '2025-03-01T18:00:00.000Z';
const campaign: Campaign = sampleCampaign({ name: 'Lost Mine', createdAt: AT, updatedAt: AT });
const list: CampaignList = { campaigns: [], problems: [{ folder: 'odd', code: 'campaign/missing', message: 'No campaign.json.' }] };
const refusal = { ok: false as const, code: 'lock/held', message: 'The campaign is open in another GM Screen.' };

/** A fake `window.gmScreen`: each method answers a fixed Result and records its payload. */
function fakeApi() {
  const encounter = { id: 'e1', name: 'Fight', status: 'planned' as const, createdAt: AT, updatedAt: AT };
  return {
    listCampaigns: vi.fn(async () => ({ ok: true as const, value: list })),
    createCampaign: vi.fn(async () => ({ ok: true as const, value: { folder: 'lost-mine-abc123', campaign } })),
    openCampaign: vi.fn(async () => refusal),
    closeCampaign: vi.fn(async () => ({ ok: true as const, value: undefined })),
    saveCampaign: vi.fn(async () => ({ ok: true as const, value: { ...campaign, updatedAt: '2025-03-02T00:00:00.000Z' } })),
    renameCampaign: vi.fn(async () => ({ ok: true as const, value: { ...campaign, name: 'New' } })),
    duplicateCampaign: vi.fn(async () => ({ ok: true as const, value: { folder: 'copy-xyz789', campaign } })),
    archiveCampaign: vi.fn(async () => ({ ok: true as const, value: undefined })),
    deleteCampaign: vi.fn(async () => refusal),
    createEncounter: vi.fn(async () => ({ ok: true as const, value: { campaign, encounter } })),
    appendEvents: vi.fn(async ({ events }: { events: readonly unknown[] }) => ({ ok: true as const, value: { appended: events.length, repaired: null } })),
    readEvents: vi.fn(async () => ({ ok: true as const, value: { events: [{ type: 'note' }], torn: null } })),
    exportCampaign: vi.fn(async () => ({ ok: true as const, value: { fileName: 'lost-mine.gm-campaign.json', torn: [] } })),
    importCampaign: vi.fn(async () => ({ ok: true as const, value: { folder: 'lost-mine-def456', campaign, renamedId: true, torn: [] } })),
    revealCampaign: vi.fn(async () => ({ ok: true as const, value: undefined })),
  } satisfies CampaignApi;
}

const settingsInfo = { campaignsFolder: '/home/gm/Campaigns', isDefault: false, backupCount: 5, problem: null };

function fakeSettingsApi() {
  return {
    getSettings: vi.fn(async () => ({ ok: true as const, value: settingsInfo })),
    chooseCampaignsFolder: vi.fn(async () => ({ ok: true as const, value: { cancelled: true as const } })),
    resetCampaignsFolder: vi.fn(async () => refusal),
    setBackupCount: vi.fn(async ({ count }: { count: number }) => ({ ok: true as const, value: { ...settingsInfo, backupCount: count } })),
  } satisfies SettingsApi;
}

describe('IpcCampaignBackend', () => {
  it('forwards each method to its channel with the payload as given and answers its Result unchanged', async () => {
    const api = fakeApi();
    const backend = new IpcCampaignBackend(api);
    expect(backend.kind).toBe('disk');
    const calls: [Promise<unknown>, ReturnType<typeof vi.fn>, unknown][] = [
      [backend.list(), api.listCampaigns, undefined],
      [backend.create({ name: 'Lost Mine', rulesetId: 'zones' }), api.createCampaign, { name: 'Lost Mine', rulesetId: 'zones' }],
      [backend.open({ folder: 'f', takeOver: true }), api.openCampaign, { folder: 'f', takeOver: true }],
      [backend.close({ folder: 'f' }), api.closeCampaign, { folder: 'f' }],
      [backend.save({ folder: 'f', campaign }), api.saveCampaign, { folder: 'f', campaign }],
      [backend.rename({ folder: 'f', name: 'New' }), api.renameCampaign, { folder: 'f', name: 'New' }],
      [backend.duplicate({ folder: 'f' }), api.duplicateCampaign, { folder: 'f' }],
      [backend.archive({ folder: 'f' }), api.archiveCampaign, { folder: 'f' }],
      [backend.delete({ folder: 'f' }), api.deleteCampaign, { folder: 'f' }],
      [backend.createEncounter({ folder: 'f', name: 'Fight' }), api.createEncounter, { folder: 'f', name: 'Fight' }],
      [backend.appendEvents({ folder: 'f', encounterId: 'e1', events: [{ type: 'a' }] }), api.appendEvents, { folder: 'f', encounterId: 'e1', events: [{ type: 'a' }] }],
      [backend.readEvents({ folder: 'f', encounterId: 'e1' }), api.readEvents, { folder: 'f', encounterId: 'e1' }],
      [backend.exportCampaign('f'), api.exportCampaign, { folder: 'f' }],
      [backend.importCampaign('folder'), api.importCampaign, { from: 'folder' }],
      [backend.reveal('f'), api.revealCampaign, { folder: 'f' }],
    ];
    for (const [answer, method, payload] of calls) {
      const result = await answer;
      expect(method).toHaveBeenCalledTimes(1);
      if (payload === undefined) expect(method.mock.calls[0]).toEqual([]);
      else expect(method.mock.calls[0]).toEqual([payload]);
      // The very object the main process answered.
      expect(result).toBe(await method.mock.results[0]?.value);
    }
    expect(await backend.open({ folder: 'f' })).toEqual(refusal);
    expect(await backend.list()).toEqual({ ok: true, value: list });
  });

  it('answers a cancelled dialog as it came', async () => {
    const api = fakeApi();
    api.exportCampaign.mockResolvedValueOnce({ ok: true, value: { cancelled: true } } as never);
    expect(await new IpcCampaignBackend(api).exportCampaign('f')).toEqual({ ok: true, value: { cancelled: true } });
  });

  it('turns a rejected call (a payload the contract refused) into a failure', async () => {
    const api = fakeApi();
    api.saveCampaign.mockRejectedValueOnce(
      new Error("Error invoking remote method 'campaigns:save': Error: campaigns:save refused: campaign is not valid: name is empty"),
    );
    const answer = await new IpcCampaignBackend(api).save({ folder: 'f', campaign });
    expect(answer).toEqual({
      ok: false,
      code: 'ipc/failed',
      message:
        'GM Screen could not finish saving the campaign: the main process did not answer the request (campaigns:save refused: campaign is not valid: name is empty). If it keeps happening, restart GM Screen.',
    });
  });

  it('sends more events than one call may carry in several calls, in order', async () => {
    const api = fakeApi();
    const events = Array.from({ length: 2 * MAX_EVENTS_PER_APPEND + 5 }, (_, i) => ({ type: 'tick', i }));
    const answer = await new IpcCampaignBackend(api).appendEvents({ folder: 'f', encounterId: 'e1', events });
    expect(answer).toEqual({ ok: true, value: { appended: events.length, repaired: null } });
    const sent = api.appendEvents.mock.calls.map(([payload]) => payload.events as { i: number }[]);
    expect(sent.map((part) => part.length)).toEqual([1000, 1000, 5]);
    expect(sent.flat().map((event) => event.i)).toEqual(events.map((event) => event.i));
  });

  it('stops at the first refused part and says how many went before', async () => {
    const api = fakeApi();
    api.appendEvents
      .mockResolvedValueOnce({ ok: true, value: { appended: 1000, repaired: null } })
      .mockResolvedValueOnce({ ok: false, code: 'io/no-space', message: 'Could not save events: the disk is full.' } as never);
    const events = Array.from({ length: 2500 }, () => ({ type: 'tick' }));
    const answer = await new IpcCampaignBackend(api).appendEvents({ folder: 'f', encounterId: 'e1', events });
    expect(answer).toEqual({
      ok: false,
      code: 'io/no-space',
      message: 'Could not save events: the disk is full. (The first 1000 of 2500 events were saved before this.)',
    });
    expect(api.appendEvents).toHaveBeenCalledTimes(2);
  });
});

describe('IpcSettingsClient', () => {
  it('forwards each method to its channel and answers its Result unchanged', async () => {
    const api = fakeSettingsApi();
    const client = new IpcSettingsClient(api);
    expect(await client.get()).toEqual({ ok: true, value: settingsInfo });
    expect(api.getSettings.mock.calls[0]).toEqual([]);
    expect(await client.chooseCampaignsFolder()).toEqual({ ok: true, value: { cancelled: true } });
    expect(await client.resetCampaignsFolder()).toBe(refusal);
    expect(await client.setBackupCount(12)).toEqual({ ok: true, value: { ...settingsInfo, backupCount: 12 } });
    expect(api.setBackupCount.mock.calls[0]).toEqual([{ count: 12 }]);
  });

  it('turns a refused payload into a failure', async () => {
    const api = fakeSettingsApi();
    api.setBackupCount.mockRejectedValueOnce(
      new Error("Error invoking remote method 'settings:set-backup-count': Error: settings:set-backup-count refused: count must be at most 50"),
    );
    expect(await new IpcSettingsClient(api).setBackupCount(99)).toEqual({
      ok: false,
      code: 'ipc/failed',
      message:
        'GM Screen could not finish saving the number of backups: the main process did not answer the request (settings:set-backup-count refused: count must be at most 50). If it keeps happening, restart GM Screen.',
    });
  });
});
