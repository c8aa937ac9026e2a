import { describe, expect, it } from 'vitest';
import { BUILTIN_RULESETS, createEncounter, dispatch, exportJson, importEncounterLog, MAX_LOG_CHARS, readEncounterLog, redo, undo, type Encounter } from '../index';
import { GOLDEN_META, goldenFreeformFight, goldenZonesFight } from '../testing/log-fixtures';

/** The zones fight with a history: two steps undone, one of them redone. */
function withHistory(): Encounter {
  return redo(undo(undo(goldenZonesFight()))).encounter;
}

function expectSame(imported: Encounter, original: Encounter): void {
  expect(imported.state).toEqual(original.state);
  expect(JSON.stringify(imported.state)).toBe(JSON.stringify(original.state));
  expect(imported.events).toEqual(original.events);
  expect(imported.steps).toEqual(original.steps);
  expect(imported.redoable).toEqual(original.redoable);
  expect(imported.snapshots.map((s) => s.at)).toEqual(original.snapshots.map((s) => s.at));
}

function refused(text: string): string {
  const result = importEncounterLog(text, BUILTIN_RULESETS);
  if (result.ok) throw new Error('the file was accepted');
  return `${result.code}: ${result.message}`;
}

describe('exportJson and importEncounterLog', () => {
  it.each([
    ['the zones fight', goldenZonesFight],
    ['the freeform fight', goldenFreeformFight],
    ['a fight with undone and redone steps', withHistory],
  ])('give back %s exactly: state, events, steps, undone steps', (_, fight) => {
    const original = fight();
    const text = exportJson(original, GOLDEN_META);
    const imported = importEncounterLog(text, BUILTIN_RULESETS);
    if (!imported.ok) throw new Error(imported.message);
    expectSame(imported.value, original);
    // And it exports the same again.
    expect(exportJson(imported.value, GOLDEN_META)).toBe(text);
  });

  // Issue 40: a name's U+202E reversed the rest of its line when the file was read in an editor.
  it('writes bidi controls in names as \\u escapes, and reads them back as typed', () => {
    const created = createEncounter({ id: 'e1', name: 'Ford \u2067fight', rulesetId: 'freeform', seed: 1 }, BUILTIN_RULESETS);
    if (!created.ok) throw new Error(created.message);
    const added = dispatch(created.encounter, { type: 'add-combatant', name: 'Bob\u202eevil\u2069', factionId: 'f1' });
    if (!added.ok) throw new Error(added.message);
    const text = exportJson(added.encounter, { campaignName: 'Salt \u202eRoad', exportedAt: GOLDEN_META.exportedAt });
    expect(text).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/u);
    expect(text).toContain('"Bob\\u202eevil\\u2069"');
    expect(text).toContain('"campaign": "Salt \\u202eRoad"');
    const imported = importEncounterLog(text, BUILTIN_RULESETS);
    if (!imported.ok) throw new Error(imported.message);
    expectSame(imported.value, added.encounter);
    expect(imported.value.state.combatants[0]?.name).toBe('Bob\u202eevil\u2069');
  });

  it('gives an encounter that goes on exactly as the original would', () => {
    const original = withHistory();
    const imported = importEncounterLog(exportJson(original, GOLDEN_META), BUILTIN_RULESETS);
    if (!imported.ok) throw new Error(imported.message);
    expectSame(redo(imported.value).encounter, redo(original).encounter);
    const next = (enc: Encounter) => dispatch(undo(enc), { type: 'roll', notation: '3d6' });
    expect(next(imported.value)).toEqual(next(original));
  });

  it('carries the envelope: type, version, export time, campaign and encounter', () => {
    const text = exportJson(goldenFreeformFight(), GOLDEN_META);
    const read = readEncounterLog(text, BUILTIN_RULESETS);
    if (!read.ok) throw new Error(read.message);
    expect(read.value.file).toEqual({
      type: 'gm-screen/encounter-log',
      version: 1,
      exportedAt: '2025-03-14T19:30:00.000Z',
      campaign: 'The Salt Road',
      encounter: { id: 'cellar', name: 'The cellar' },
    });
    expect(JSON.parse(text).journal[0]).toEqual({ type: 'journal/step', events: 1 });
  });
});

describe('importEncounterLog refuses bad files with a sentence', () => {
  const good = exportJson(goldenFreeformFight(), GOLDEN_META);
  const edit = (change: (file: Record<string, unknown>) => void) => {
    const file = JSON.parse(good) as Record<string, unknown>;
    change(file);
    return JSON.stringify(file);
  };

  it('refuses what is not an encounter log', () => {
    expect(refused('')).toBe('log/empty: The encounter log file is empty.');
    expect(refused('{"type": "gm-screen/encounter-log", ')).toMatch(/^log\/syntax: The encounter log file is not valid JSON/);
    expect(refused('[1, 2]')).toBe('log/not-a-log: The encounter log file is not an encounter log.');
    expect(refused(edit((f) => (f.type = 'gm-screen/campaign')))).toBe('log/not-a-log: The encounter log file is not a GM Screen encounter log (its type is "gm-screen/campaign").');
    expect(refused(edit((f) => delete f.journal))).toBe('log/journal: The encounter log file has no journal (the list of what happened).');
    expect(refused(edit((f) => (f.encounter = 'cellar')))).toMatch(/^log\/encounter: /);
  });

  it('refuses a newer version, naming it', () => {
    expect(refused(edit((f) => (f.version = 2)))).toBe('log/newer: The encounter log file is version 2, made by a newer GM Screen; this one reads version 1.');
  });

  it('refuses prototype keys anywhere', () => {
    const poisoned = good.replace('"journal": [', '"journal": [\n    {"__proto__": {"polluted": true}, "type": "journal/step", "events": 1},');
    expect(refused(poisoned)).toMatch(/^log\/forbidden-key: The encounter log file contains the key "__proto__" \(at journal\[0\]\.__proto__\)/);
    expect(refused(good.replace('"encounter": {', '"encounter": {"constructor": 1, '))).toMatch(/^log\/forbidden-key: .*"constructor" \(at encounter\.constructor\)/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses a file too large or too deeply nested', () => {
    expect(refused(' '.repeat(MAX_LOG_CHARS + 1))).toMatch(/^log\/too-large: The encounter log file is 65 MB, over the 64 MB limit\.$/);
    expect(refused(`${'['.repeat(100)}${']'.repeat(100)}`)).toMatch(/^log\/too-deep: /);
  });

  it('refuses a damaged or incomplete journal and a journal of another encounter', () => {
    expect(refused(edit((f) => (f.journal as unknown[]).splice(-1, 1)))).toMatch(/^log\/cut-short: The encounter log file is incomplete: the step at line \d+ of its journal has 0 of its 1 events\.$/);
    expect(refused(edit((f) => (f.journal as unknown[]).push({ type: 'journal/step', events: 1 }, { type: 'teleported' })))).toMatch(/^journal\/unknown-event: .*"teleported"/);
    // A damaged event is named with its step and what is wrong with it (issue 14), not only refused.
    expect(refused(edit((f) => (f.journal as unknown[]).push({ type: 'journal/step', events: 1 }, { type: 'combatant-added' })))).toMatch(
      /^history\/damaged: The encounter log file: Step \d+ of this fight can't be read: in its event \d+ \("combatant-added"\), combatant is missing\.$/,
    );
    expect(refused(edit((f) => ((f.encounter as Record<string, unknown>).id = 'attic')))).toBe(
      'log/mismatch: The encounter log file says it holds encounter "attic", but its journal is encounter "cellar".',
    );
  });
});
