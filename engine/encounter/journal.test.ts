import { describe, expect, it } from 'vitest';
import { HEROES, newEncounter, run } from '../test-support';
import { redo, undo, type Encounter } from './encounter';
import { foldJournal, historyLines, REDO_LINE, stepLines, UNDO_LINE, type JournalLine } from './journal';
import { BUILTIN_RULESETS } from '../rulesets/builtin';

function fight(): Encounter {
  const withAnn = run(newEncounter(7), { type: 'add-combatant', name: 'Ann', factionId: HEROES, tracks: { hp: 10 } });
  return run(
    withAnn,
    { type: 'add-combatant', name: 'Bob', factionId: HEROES, quantity: 2 },
    { type: 'damage', combatantId: annId(withAnn), amount: 3 },
  );
}

function annId(encounter: Encounter): string {
  const ann = encounter.state.combatants.find((c) => c.name === 'Ann');
  if (!ann) throw new Error('Ann is missing');
  return ann.id;
}

/** The journal the store writes while the GM makes each step of `encounter`, then presses undo/redo. */
function written(encounter: Encounter): JournalLine[] {
  return historyLines(encounter);
}

function fold(lines: readonly unknown[]) {
  const result = foldJournal(lines, 'the log of Test fight', BUILTIN_RULESETS);
  if (!result.ok) throw new Error(result.message);
  return result.value;
}

describe('encounter journal', () => {
  it('folds back to the same events, steps and state', () => {
    const enc = fight();
    const folded = fold(written(enc));
    expect(folded.encounter.events).toEqual(enc.events);
    expect(folded.encounter.steps).toEqual(enc.steps);
    expect(folded.encounter.state).toEqual(enc.state);
    expect(folded.length).toBe(written(enc).length);
    expect(folded.cutShort).toEqual([]);
  });

  it('keeps undo and redo as entries, so the log only grows', () => {
    const enc = fight();
    const lines = [...historyLines(enc), UNDO_LINE, UNDO_LINE, REDO_LINE];
    const expected = redo(undo(undo(enc))).encounter;
    const folded = fold(lines);
    expect(folded.encounter.events).toEqual(expected.events);
    expect(folded.encounter.steps).toEqual(expected.steps);
    expect(folded.encounter.redoable).toEqual(expected.redoable);
    expect(folded.encounter.state.combatants.map((c) => c.name)).toEqual(['Ann', 'Bob 1', 'Bob 2']);
    // A redone step can be undone again after a reload, and the remaining undone one redone.
    expect(redo(folded.encounter).encounter.state.combatants[0]?.tracks['hp']?.value).toBe(7);
  });

  it('a new step after undo drops what could have been redone, as the screen does', () => {
    const enc = fight();
    const next = run(undo(enc), { type: 'heal', combatantId: annId(enc), amount: 1 });
    const lines = [...historyLines(enc), UNDO_LINE, ...stepLines(next.events.slice(undo(enc).events.length))];
    const folded = fold(lines);
    expect(folded.encounter.redoable).toEqual([]);
    expect(folded.encounter.events).toEqual(next.events);
  });

  it('writes undone steps so that a fresh journal holds the redo list too', () => {
    const enc = undo(undo(fight()));
    const folded = fold(historyLines(enc));
    expect(folded.encounter.redoable).toEqual(enc.redoable);
    expect(redo(redo(folded.encounter).encounter).encounter.state).toEqual(fight().state);
  });

  it('leaves out a step cut short by a crash, at the end or before later entries, and says where', () => {
    const enc = fight();
    const lines = historyLines(enc);
    // The last step is a one-event damage step: announce two events but write one.
    const torn = [...lines.slice(0, -2), { type: 'journal/step', events: 2 }, lines.at(-1)];
    const atEnd = fold(torn);
    expect(atEnd.cutShort).toEqual([{ line: torn.length - 1, expected: 2, found: 1 }]);
    expect(atEnd.encounter.events).toEqual(enc.events.slice(0, -1));
    expect(atEnd.length).toBe(torn.length);

    const healed = run(atEnd.encounter, { type: 'damage', combatantId: annId(enc), amount: 2 });
    const later = fold([...torn, ...stepLines(healed.events.slice(atEnd.encounter.events.length))]);
    expect(later.cutShort).toHaveLength(1);
    expect(later.encounter.state.combatants[0]?.tracks['hp']?.value).toBe(8);
  });

  it.each([
    [[{ type: 'journal/step', events: 0 }], 'journal/bad-step', /Line 1 of the log of Test fight/],
    [['garbage'], 'journal/not-a-line', /Line 1 .* not a journal entry/],
    [[{ type: 'encounter-created' }], 'journal/outside-step', /outside any step/],
    [[UNDO_LINE], 'journal/nothing-to-undo', /none to undo/],
    [[REDO_LINE], 'journal/nothing-to-redo', /none was undone/],
    [[{ type: 'journal/step', events: 1 }, { type: 'from-the-future' }], 'journal/unknown-event', /"from-the-future".*newer version/],
    [[], 'journal/empty', /holds no complete step/],
  ])('refuses a damaged journal with the line and the problem (%#)', (lines, code, message) => {
    const result = foldJournal(lines, 'the log of Test fight', BUILTIN_RULESETS);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.code).toBe(code);
    expect(result.message).toMatch(message);
  });

  it('cannot undo the creation of the encounter', () => {
    const lines = [...historyLines(newEncounter()), UNDO_LINE];
    const result = foldJournal(lines, 'the log', BUILTIN_RULESETS);
    expect(result.ok).toBe(false);
  });
});
