import { describe, expect, it } from 'vitest';
import { logEntries, playerLog, projectPlayerView, restoreEncounter, undo, type Command, type Encounter } from '../index';
import { add, ENEMIES, idOf, nameOf, newEncounter, refuse, run, step } from '../test-support';

// Freeform's surprise round: an opening phase (round 0) wrapped around individual initiative.
// With the setting on, the characters hidden from the players when the fight starts take their
// turns first, in initiative order; then round 1 begins at the top of the order.

const SURPRISE: Command = { type: 'set-setting', key: 'surpriseRound', value: true };

function hidden(name: string, initMod: number): Command {
  return { ...add(name, { initMod, factionId: ENEMIES }), concealed: true } as Command;
}

/** Ann, Bo and the concealed Bandit and Cutthroat; their d20s decide the order, which the tests read. */
function ambush(options: { surprise?: boolean } = {}): Encounter {
  const setup = options.surprise === false ? [] : [SURPRISE];
  return run(newEncounter(4), ...setup, add('Ann', { initMod: 9 }), hidden('Bandit', 6), add('Bo', { initMod: 3 }), hidden('Cutthroat', 0));
}

function at(enc: Encounter): [number, string, string] {
  return [enc.state.round, nameOf(enc, enc.state.activeId), enc.state.turn?.phase ?? 'main'];
}

describe('an opening phase in a fixed order (Freeform surprise round)', () => {
  it('lets only the hidden characters act, in initiative order, then starts round 1 at the top', () => {
    let enc = run(ambush(), { type: 'start-combat' });
    // d20 + modifier can put anyone anywhere: read the order the dice made.
    const order = enc.state.order.map((id) => nameOf(enc, id));
    const hiddenInOrder = order.filter((n) => n === 'Bandit' || n === 'Cutthroat');
    expect(at(enc)).toEqual([0, hiddenInOrder[0], 'surprise']);
    enc = run(enc, { type: 'next-turn' });
    expect(at(enc)).toEqual([0, hiddenInOrder[1], 'surprise']);
    enc = run(enc, { type: 'next-turn' });
    expect(at(enc)).toEqual([1, order[0], 'main']);
    enc = run(enc, { type: 'next-turn' });
    expect(at(enc)).toEqual([1, order[1], 'main']);
  });

  it('is not played with the setting off, nor when nobody is hidden', () => {
    expect(at(run(ambush({ surprise: false }), { type: 'start-combat' }))[0]).toBe(1);
    const open = run(newEncounter(4), SURPRISE, add('Ann'), add('Bo', { factionId: ENEMIES }), { type: 'start-combat' });
    expect(open.state.round).toBe(1);
    expect(open.state.activeId).toBe(open.state.order[0]);
  });

  it('steps back within the surprise round, but not from round 1 into it', () => {
    let enc = run(ambush(), { type: 'start-combat' });
    const first = enc.state.activeId;
    enc = run(enc, { type: 'next-turn' }, { type: 'previous-turn' });
    expect(enc.state.activeId).toBe(first);
    expect(refuse(enc, { type: 'previous-turn' }).message).toBe('This is the first turn of the fight; there is no turn before it.');
    enc = run(enc, { type: 'next-turn' }, { type: 'next-turn' });
    expect(enc.state.round).toBe(1);
    expect(refuse(enc, { type: 'previous-turn' }).message).toBe('This is the first turn of round 1; Previous turn goes no further back (Undo takes back the last change).');
    expect(undo(enc).state.round).toBe(0);
  });

  it('hands on from someone revealed mid-turn to the next hidden one', () => {
    let enc = run(ambush(), { type: 'start-combat' });
    const firstId = enc.state.activeId as string;
    const other = enc.state.order.find((id) => id !== firstId && enc.state.combatants.find((c) => c.id === id)?.concealed) as string;
    enc = run(enc, { type: 'set-concealed', combatantId: firstId, concealed: false }, { type: 'next-turn' });
    expect([enc.state.round, enc.state.activeId]).toEqual([0, other]);
  });

  it('is no round: a condition counted at round ends lasts through it and runs out as round 1 ends', () => {
    let enc = run(ambush(), { type: 'start-combat' });
    const ann = idOf(enc, 'Ann');
    enc = run(enc, { type: 'add-condition', combatantId: ann, name: 'Dazed', duration: { rounds: 1, endsOn: 'round-end' } });
    enc = run(enc, { type: 'next-turn' }, { type: 'next-turn' });
    expect(enc.state.round).toBe(1);
    expect(enc.state.combatants.find((c) => c.id === ann)?.conditions.map((k) => k.name)).toEqual(['Dazed']);
    for (let i = 0; i < 4; i++) enc = run(enc, { type: 'next-turn' });
    expect(enc.state.round).toBe(2);
    expect(enc.state.combatants.find((c) => c.id === ann)?.conditions).toEqual([]);
  });

  it('tells the log under the opening heading, with its own sentence for the GM and for the players', () => {
    let enc = run(ambush(), { type: 'start-combat' });
    enc = run(enc, { type: 'next-turn' }, { type: 'next-turn' }, { type: 'next-turn' });
    const gm = logEntries(enc);
    const start = gm.find((e) => e.text.startsWith('The fight begins.'));
    expect(start?.text).toContain('Surprise round: only the concealed characters act.');
    expect(start?.opening).toBe('Surprise round');
    expect(gm.filter((e) => e.opening === 'Surprise round').length).toBeGreaterThanOrEqual(2);
    expect(gm.some((e) => e.round === 1 && e.opening !== undefined)).toBe(false);
    const players = playerLog(enc);
    const theirs = players.find((e) => e.text.startsWith('The fight begins.'));
    expect(theirs?.text).toContain('Surprise!');
    expect(theirs?.text).not.toContain('concealed');
    expect(players.some((e) => /Bandit|Cutthroat/.test(e.text))).toBe(false);
  });

  it("shows the players the surprise phase without saying who acts, and the history replays", () => {
    const enc = run(ambush(), { type: 'start-combat' });
    const view = projectPlayerView(enc.state);
    if (view.status === 'waiting') throw new Error('the fight has started');
    expect(view.round).toBe(0);
    expect(view.phase).toBe('surprise');
    expect(view.acting).toBeNull();
    expect(view.combatants.map((c) => c.name).sort()).toEqual(['Ann', 'Bo']);
    const replayed = restoreEncounter(JSON.parse(JSON.stringify({ events: enc.events, steps: enc.steps })));
    expect(replayed.ok && replayed.value.state).toEqual(enc.state);
  });

  it('refuses a stored start that names someone unknown as the first to act', () => {
    const { encounter, events } = step(ambush(), { type: 'start-combat' });
    const start = events[0] as { opening?: { activeId: string } };
    expect(start.opening?.activeId).toBe(encounter.state.activeId);
    const broken = { ...events[0], opening: { phase: 'surprise', activeId: 'nobody' } };
    const before = ambush();
    const restored = restoreEncounter(JSON.parse(JSON.stringify({ events: [...before.events, broken], steps: [...before.steps, before.events.length + 1] })));
    expect(restored.ok ? null : restored.message).toMatch(/first to act/);
  });
});
