import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import { createEncounter, dispatch, exportJson, foldJournal, historyLines, redo, undo, type Encounter, BUILTIN_RULESETS } from '../../../engine/index';
import { campaignFileWith } from '../../../engine/testing/journals';
import { GOLDEN_META, goldenZonesFight } from '../../../engine/testing/log-fixtures';
import FightLogPreview from '../manager/FightLogPreview.svelte';
import type { EncounterEntry } from './backend';
import { checkFightLog, fightUnder, fileTooLarge, MAX_LOG_FILE_BYTES, type FightLog } from './import-log';
import { failed, unwrap } from './test-support';

const HOSTILE = '<img src=x onerror=alert(1)>';
const AT = '2025-03-01T18:00:00.000Z';

/** The zones fight with a history: two steps undone, one of them redone (one left to redo). */
const zonesFight = (): Encounter => redo(undo(undo(goldenZonesFight()))).encounter;

const entry = (id: string, name: string): EncounterEntry => ({ id, name, status: 'finished', createdAt: AT, updatedAt: AT });
const zonesCampaign = (encounters: EncounterEntry[] = []) => ({ rulesetId: 'zones', encounters });

/** A running Freeform fight named `name`, one step undone. */
function freeformFight(name: string): Encounter {
  const created = createEncounter({ id: 'cellar-door', name, rulesetId: 'freeform', seed: 5 }, BUILTIN_RULESETS);
  if (!created.ok) throw new Error(created.message);
  let encounter = created.encounter;
  for (const command of [
    { type: 'add-combatant', name, factionId: encounter.state.factions[1]?.id ?? '' },
    { type: 'add-combatant', name: 'Aria', factionId: encounter.state.factions[0]?.id ?? '' },
    { type: 'start-combat' },
    { type: 'next-turn' },
  ] as const) {
    const next = dispatch(encounter, command);
    if (!next.ok) throw new Error(next.message);
    encounter = next.encounter;
  }
  return undo(encounter);
}

function expectSameHistory(imported: Encounter, original: Encounter): void {
  expect(imported.events).toEqual(original.events);
  expect(imported.steps).toEqual(original.steps);
  expect(imported.redoable).toEqual(original.redoable);
  expect(JSON.stringify(imported.state)).toBe(JSON.stringify(original.state));
}

const refusal = (text: string, campaign = zonesCampaign()): string => failed(checkFightLog(text, campaign)).message;

describe("checking a fight's log for a campaign", () => {
  it('gives back the exported fight exactly (events, steps, redo list, state), with a preview of it', () => {
    const original = zonesFight();
    const log = unwrap(checkFightLog(exportJson(original, GOLDEN_META), zonesCampaign([entry('other', 'Another fight')])));
    expectSameHistory(log.encounter, original);
    expect(log.preview).toEqual({
      name: 'Ambush at the ford',
      rulesetName: 'Zones & Factions',
      combatants: original.state.combatants.length,
      status: 'ended',
      round: 3,
      steps: original.steps.length,
      undone: 1,
      fromCampaign: 'The Salt Road',
      exportedAt: GOLDEN_META.exportedAt,
      alreadyHere: null,
    });
    // Undo and redo go on from there as they would have in the original.
    expectSameHistory(redo(log.encounter).encounter, redo(original).encounter);
    expectSameHistory(undo(log.encounter), undo(original));
  });

  it('keeps the whole history under a new id: only the id differs, and it is stored and read back the same', () => {
    const original = zonesFight();
    const log = unwrap(checkFightLog(exportJson(original, GOLDEN_META), zonesCampaign()));
    const moved = unwrap(fightUnder(log.encounter, { id: 'new-id', name: 'Ambush at the ford' }));
    const [first, ...rest] = original.events;
    expect(moved.events).toEqual([{ ...first, id: 'new-id' }, ...rest]);
    expect(moved.steps).toEqual(original.steps);
    expect(moved.redoable).toEqual(original.redoable);
    expect(moved.state).toEqual({ ...original.state, id: 'new-id' });
    const stored = unwrap(foldJournal(historyLines(moved), 'the stored log', BUILTIN_RULESETS));
    expectSameHistory(stored.encounter, moved);
  });

  it('says when the fight is already in the campaign: it is added beside it as a copy', () => {
    const log = unwrap(checkFightLog(exportJson(zonesFight(), GOLDEN_META), zonesCampaign([entry('ford', 'The ford, as played')])));
    expect(log.preview.alreadyHere).toEqual({ why: 'same-fight', name: 'The ford, as played' });
    const text = render(FightLogPreview, { props: { preview: log.preview, source: 'ford.json' } }).body;
    expect(text).toContain('already in this campaign, as "The ford, as played". It will be added as a copy beside it; the one here stays as it is.');
  });

  it('says when an encounter of the same name is there (the log imported before, say)', () => {
    const log = unwrap(checkFightLog(exportJson(zonesFight(), GOLDEN_META), zonesCampaign([entry('x1', 'AMBUSH at the ford')])));
    expect(log.preview.alreadyHere).toEqual({ why: 'same-name', name: 'AMBUSH at the ford' });
    const text = render(FightLogPreview, { props: { preview: log.preview, source: 'ford.json' } }).body;
    expect(text).toContain('already has an encounter named "AMBUSH at the ford" (perhaps this log, imported before). This one will be added beside it; nothing is replaced.');
  });

  it("refuses a log of another ruleset, naming both", () => {
    const message = refusal(exportJson(zonesFight(), GOLDEN_META), { rulesetId: 'freeform', encounters: [] });
    expect(message).toBe('This fight was played with Zones & Factions, and this campaign uses Freeform. Import it into a Zones & Factions campaign instead.');
  });

  it.each([
    ['with events of its own', zonesFight],
    ['with core events only', () => freeformFight('Cellar door')],
  ])('refuses a ruleset this build does not have (%s), naming it', (_, fight) => {
    const file = JSON.parse(exportJson(fight(), GOLDEN_META)) as { journal: { type: string; rulesetId?: string }[] };
    const created = file.journal.find((line) => line.type === 'encounter-created');
    if (created) created.rulesetId = 'starfall';
    const message = refusal(JSON.stringify(file), { rulesetId: 'starfall', encounters: [] });
    expect(message).toContain('the ruleset "starfall", which this version of GM Screen doesn\'t have. Update GM Screen');
  });

  it('refuses a campaign export with where to import it instead', () => {
    const campaign = campaignFileWith({ id: 'salt-road', name: 'The Salt Road', rulesetId: 'zones' }, [{ id: 'ford', name: 'Ford', lines: historyLines(zonesFight()) }]);
    expect(refusal(campaign)).toBe('This is a campaign export, not a fight\'s log: import it from the campaign list (☰ Campaigns, then "Import a campaign file").');
  });

  it.each([
    ['garbage', 'hello, this is not a log', /^This file can't be read as a fight's log\. The encounter log file is not valid JSON .* export the fight's log again/],
    ['a cut-off file', exportJson(zonesFight(), GOLDEN_META).slice(0, 5000), /not valid JSON .*damaged or cut short on the way: export the fight's log again/],
    ['an empty file', '  \n', /^This file is empty\. Choose the \.json file/],
    ['other JSON', '{"name": "Goblin", "hp": 7}', /^This file is not a fight's log\. Choose the \.json file/],
    ['a journal cut short', cutShort(), /^The fight in this file is damaged, so none of it was imported\. The encounter log file is incomplete.* export the fight's log again/],
    ['a forbidden key', exportJson(zonesFight(), GOLDEN_META).replace('"campaign":', '"__proto__": {}, "campaign":'), /"__proto__".*Choose the \.json file/],
  ])('refuses %s, saying what to do', (_, text, expected) => {
    expect(refusal(text)).toMatch(expected);
  });

  it('refuses a file too large to be a log before reading it', () => {
    expect(fileTooLarge(MAX_LOG_FILE_BYTES)).toBeNull();
    expect(fileTooLarge(MAX_LOG_FILE_BYTES + 1)?.message).toMatch(/far more than a fight's log .*choose the \.json file/);
  });

  it('keeps a name with markup as text, in the preview and on screen', () => {
    const original = freeformFight(HOSTILE);
    const log: FightLog = unwrap(checkFightLog(exportJson(original, { campaignName: HOSTILE, exportedAt: AT }), { rulesetId: 'freeform', encounters: [] }));
    expect(log.preview).toMatchObject({ name: HOSTILE, fromCampaign: HOSTILE, status: 'running', round: 1, combatants: 2, undone: 1, steps: 4 });
    expectSameHistory(log.encounter, original);
    const html = render(FightLogPreview, { props: { preview: log.preview, source: `${HOSTILE}.json` } }).body;
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)>');
    expect(html).toContain('Under way, in round 1');
    expect(html).toContain('4 steps, and 1 undone step that Redo brings back');
  });
});

/** A log whose last step lost its last event on the way. */
function cutShort(): string {
  const file = JSON.parse(exportJson(goldenZonesFight(), GOLDEN_META)) as { journal: unknown[] };
  file.journal.pop();
  return JSON.stringify(file);
}
