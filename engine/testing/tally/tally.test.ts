import { describe, expect, it } from 'vitest';
import {
  createEncounter,
  dispatch,
  exportJson,
  exportMarkdown,
  foldJournal,
  historyLines,
  importEncounterLog,
  isRulesetEvent,
  logEntries,
  openPrompts,
  projectPlayerView,
  redo,
  replay,
  undo,
  type Encounter,
  type LogMeta,
} from '../../index';
import { run } from '../../test-support';
import { marksOf, tally } from './ruleset';
import { withRulesets } from '../test-ruleset';
import { rulesetCatalogue } from '../../core/catalogue';

// The proof that a ruleset is a folder: "Tally" (./ruleset.ts) is defined entirely in this test
// folder and registered with the one line below; no other file knows it exists. A fight under it
// runs through the same dispatch, undo, replay, journal, log, exports and player view as any other.
const RULESETS = withRulesets(tally);
;

const META: LogMeta = { campaignName: 'Proof', exportedAt: '2026-11-24T12:00:00.000Z' };

function fight(): Encounter {
  const created = createEncounter({ id: 'e1', name: 'Bell tower', rulesetId: 'tally', seed: 7 }, RULESETS);
  if (!created.ok) throw new Error(created.message);
  return run(
    created.encounter,
    { type: 'add-combatant', name: 'Ada', factionId: 'f1', stats: { speed: 9 } },
    { type: 'add-combatant', name: 'Lurker', factionId: 'f2', stats: { speed: 3 }, concealed: true },
    { type: 'start-combat' },
    { type: 'tally/mark', combatantId: 'c3', note: 'SECRET-NOTE about the lurker' },
    { type: 'next-turn' },
    { type: 'next-turn' }, // the round ends: the bell rings
  );
}

describe('a ruleset defined in one test folder', () => {
  const enc = fight();
  const ada = () => enc.state.combatants.find((c) => c.name === 'Ada');

  it('gets its own slices with their start values, and its own command decides its own event', () => {
    expect(enc.state.combatants.find((c) => c.name === 'Lurker')?.rules).toEqual({ marks: 0 });
    expect(marksOf(ada() ?? enc.state.combatants[0]!)).toBe(1);
    expect(enc.events.map((e) => e.type)).toContain('tally/marked');
  });

  it('runs its end-of-round step when the round ends, with the die inside the event', () => {
    const rung = enc.events.filter(isRulesetEvent).find((e) => e.type === 'tally/bell-rung');
    expect(rung).toMatchObject({ round: 1, roll: { notation: 'd6' } });
    expect(enc.state.round).toBe(2);
    expect(enc.state.rules).toMatchObject({ bells: rung?.rings });
  });

  it('holds the fight while its prompt is open, until the GM answers it (undoably)', () => {
    expect(dispatch(enc, { type: 'next-turn' })).toMatchObject({ ok: false, code: 'tally/count-first', message: 'Count the bells first.' });
    const counted = run(enc, { type: 'tally/count' });
    expect(dispatch(counted, { type: 'next-turn' }).ok).toBe(true);
    expect(dispatch(undo(counted), { type: 'next-turn' }).ok).toBe(false);
    expect(dispatch(counted, { type: 'tally/count' })).toMatchObject({ ok: false, code: 'tally/nothing-to-count' });
    // The same prompt answered by the generic command, with the answer its button sends, or let go.
    const [asked] = openPrompts(enc.state, enc.ruleset);
    expect(asked).toMatchObject({ id: 'tally/count', message: 'Count the bells first.', choices: [{ label: 'Counted', answer: 'counted' }] });
    expect(run(enc, { type: 'answer-prompt', promptId: 'tally/count', answer: asked?.choices[0]?.answer ?? null }).state).toEqual(counted.state);
    const skipped = run(enc, { type: 'call-off-prompt', promptId: 'tally/count' });
    expect(logEntries(skipped).at(-1)?.text).toBe('The bells go uncounted.');
    expect(dispatch(skipped, { type: 'next-turn' }).ok).toBe(true);
  });

  it('refuses what it does not know, and commands of another ruleset, with a reason', () => {
    const unknown = dispatch(enc, { type: 'tally/shout', combatantId: 'c3' });
    expect(unknown).toMatchObject({ ok: false, code: 'command/unknown', message: 'Tally has no command "tally/shout".' });
    expect(dispatch(enc, { type: 'zones/declare-attack', attackerId: 'c3' }).ok).toBe(false);
    expect(dispatch(enc, { type: 'tally/mark', combatantId: 'nobody' })).toMatchObject({ ok: false, code: 'tally/unknown-combatant' });
  });

  it('undoes and redoes its steps, and replays to the same state without rolling', () => {
    const back = undo(enc);
    expect(back.events.some((e) => e.type === 'tally/bell-rung')).toBe(false);
    expect(back.state.rules).toMatchObject({ bells: 0 });
    expect(redo(back).encounter.state).toEqual(enc.state);
    expect(replay(enc.events, RULESETS)).toEqual(enc.state);
  });

  it('comes back the same from its journal on disk and from a JSON export', () => {
    const folded = foldJournal(JSON.parse(JSON.stringify(historyLines(enc))), 'the Tally log', RULESETS);
    if (!folded.ok) throw new Error(folded.message);
    expect(folded.value.encounter.state).toEqual(enc.state);
    const imported = importEncounterLog(exportJson(enc, META), RULESETS);
    if (!imported.ok) throw new Error(imported.message);
    expect(imported.value.state).toEqual(enc.state);
  });

  it('tells its events in the log, the GM-only note to the GM alone', () => {
    const lines = logEntries(enc).map((e) => e.text);
    expect(lines).toContain("Ada gets tally mark number 1 (GM's note: SECRET-NOTE about the lurker).");
    expect(lines.some((l) => /^The bell rings \d times at the end of round 1\.$/.test(l))).toBe(true);
    const players = exportMarkdown(enc, META, { audience: 'players', dice: true, overrides: true });
    expect(players).toContain('Ada gets tally mark number 1.');
    expect(players).not.toContain('SECRET-NOTE');
    expect(players).not.toContain('Lurker');
  });

  it('shows the players its part of the player view by their keys, and nothing hidden', () => {
    const view = projectPlayerView(enc.state, enc.ruleset);
    expect(view).toMatchObject({ status: 'running', rules: { bells: expect.any(Number), leader: 'p1' } });
    const text = JSON.stringify(view);
    for (const secret of ['SECRET-NOTE', 'Lurker', '"c3"', '"c4"']) expect(text).not.toContain(secret);
  });
});

describe('registering a ruleset', () => {
  it('refuses commands and events outside its own namespace, and reserved ids', () => {
    expect(() => rulesetCatalogue([{ ...tally, id: 'tally-two', own: tally.own }])).toThrow(/must be called "tally-two\/<name>"/);
    expect(() => rulesetCatalogue([{ ...tally, id: 'journal', own: { ...tally.own, commands: {}, events: {} } }])).toThrow(/can't be a ruleset's id/);
  });
});
