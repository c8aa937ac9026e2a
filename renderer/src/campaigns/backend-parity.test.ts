/**
 * The two backends side by side: the same script of calls against IndexedDB (the browser build)
 * and against the real disk store behind the real IPC contract (the desktop build, without
 * Electron) must give the same answers: the same successes, the same refusal codes and the same
 * sentences, once folder names and ids are replaced by placeholders.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { CampaignBackend, Result, StoredEvent } from './backend';
import { DexieCampaignBackend } from './dexie-backend';
import { diskHarness, type DiskHarness } from './disk-test-support';
import { IpcCampaignBackend } from './ipc-backend';
import { freshDb, goblinFight } from './test-support';

const harnesses: DiskHarness[] = [];
afterEach(async () => {
  await Promise.all(harnesses.splice(0).map((harness) => harness.dispose()));
});

/** Runs the script; returns what each call answered, with names made comparable. */
async function script(backend: CampaignBackend): Promise<unknown[]> {
  const names = new Map<string, string>();
  const placeholder = (kind: string, value: string) => {
    if (!names.has(value)) names.set(value, `<${kind}${[...names.values()].filter((n) => n.startsWith(`<${kind}`)).length + 1}>`);
    return names.get(value) ?? value;
  };
  const scrub = (text: string) => [...names].reduce((out, [value, name]) => out.split(value).join(name), text);
  const transcript: unknown[] = [];
  const note = <T>(step: string, result: Result<T>, shape: (value: T) => unknown = () => 'ok') => {
    transcript.push([step, result.ok ? shape(result.value) : { code: result.code, message: scrub(result.message) }]);
    return result;
  };
  const value = <T>(result: Result<T>): T => {
    if (!result.ok) throw new Error(`${result.code}: ${result.message}`);
    return result.value;
  };

  note('list empty', await backend.list(), (list) => list);
  note('create empty name', await backend.create({ name: '   ', rulesetId: 'zones' }));
  const created = value(note('create', await backend.create({ name: '  Lost Mine ', rulesetId: 'zones' }), (c) => [c.campaign.name, c.campaign.rulesetId]));
  const folder = created.folder;
  placeholder('folder', folder);
  placeholder('id', created.campaign.id);
  note('list', await backend.list(), (list) => list.campaigns.map((c) => [placeholder('folder', c.folder), c.name, c.encounterCount, c.lock]));
  note('save closed', await backend.save({ folder, campaign: created.campaign }));
  note('add encounter closed', await backend.createEncounter({ folder, name: 'Goblins' }));
  note('append closed', await backend.appendEvents({ folder, encounterId: 'e1', events: [{ type: 'note' }] }));
  note('open missing', await backend.open({ folder: 'nope-123456' }));
  note('read missing', await backend.readEvents({ folder: 'nope-123456', encounterId: 'e1' }));
  note('duplicate missing', await backend.duplicate({ folder: 'nope-123456' }));
  note('open', await backend.open({ folder }), (o) => [o.campaign.name, o.migratedFrom, o.originalKeptAs]);
  note('add encounter empty name', await backend.createEncounter({ folder, name: '' }));
  const { encounter } = value(note('add encounter', await backend.createEncounter({ folder, name: 'Goblins' }), (c) => [c.encounter.name, c.encounter.status, c.campaign.encounters.length]));
  placeholder('encounter', encounter.id);
  note('append to unknown encounter', await backend.appendEvents({ folder, encounterId: 'unknown-one', events: [{ type: 'note' }] }));
  note('read unknown encounter', await backend.readEvents({ folder, encounterId: 'unknown-one' }));
  note('append to a device name', await backend.appendEvents({ folder, encounterId: 'con', events: [{ type: 'note' }] }));
  note('read empty log', await backend.readEvents({ folder, encounterId: encounter.id }), (log) => log);
  const fight = goblinFight(encounter.id);
  for (const [i, events] of fight.steps.entries()) note(`append step ${i}`, await backend.appendEvents({ folder, encounterId: encounter.id, events }), (r) => r);
  const huge: StoredEvent = { type: 'note', text: 'x'.repeat(1024 * 1024) };
  note('append a huge event', await backend.appendEvents({ folder, encounterId: encounter.id, events: [huge] }));
  note('read the fight', await backend.readEvents({ folder, encounterId: encounter.id }), (log) => [log.events.length, log.torn, JSON.stringify(log.events) === JSON.stringify(fight.encounter.events)]);
  const opened = value(await backend.open({ folder }));
  note('save another id', await backend.save({ folder, campaign: { ...opened.campaign, id: 'someone-else' } }));
  note('save', await backend.save({ folder, campaign: { ...opened.campaign, settings: { morale: true } } }), (c) => [c.settings, c.updatedAt >= opened.campaign.updatedAt]);
  note('rename empty', await backend.rename({ folder, name: ' ' }));
  note('rename', await backend.rename({ folder, name: 'The Lost Mine' }), (c) => [c.name, c.settings]);
  note('archive open', await backend.archive({ folder }));
  note('delete open', await backend.delete({ folder }));
  const copy = value(note('duplicate', await backend.duplicate({ folder }), (c) => [c.campaign.name, c.campaign.encounters.length, c.campaign.settings]));
  placeholder('folder', copy.folder);
  note('read the copy', await backend.readEvents({ folder: copy.folder, encounterId: encounter.id }), (log) => log.events.length);
  note('close', await backend.close({ folder }));
  note('close again', await backend.close({ folder }));
  note('archive', await backend.archive({ folder }));
  note('list without the archived', await backend.list(), (list) => list.campaigns.map((c) => [placeholder('folder', c.folder), c.name]));
  note('open archived', await backend.open({ folder }));
  note('delete the copy', await backend.delete({ folder: copy.folder }));
  note('list at the end', await backend.list(), (list) => list);
  return transcript;
}

describe('the browser backend behaves as the disk store', () => {
  it('answers the same script with the same results, codes and messages', async () => {
    const harness = await diskHarness();
    harnesses.push(harness);
    const disk = await script(new IpcCampaignBackend(harness.api));
    const browser = await script(new DexieCampaignBackend(freshDb()));
    expect(browser).toEqual(disk);
    // The script did exercise refusals and successes alike.
    expect(JSON.stringify(disk)).toContain('campaign/not-open');
    expect(JSON.stringify(disk)).toContain('events/no-log');
  });
});
