import { describe, expect, it } from 'vitest';
import { logEntries, playerLog, projectPlayerView, restoreEncounter, undo, type Command, type Encounter, BUILTIN_RULESETS } from '../index';
import { testEncounter, testRuleset, orderedBy, withRulesets } from '../testing/test-ruleset';
import { nameOf, refuse, run, step } from '../test-support';
import { withOpening } from './opening';

// An opening phase (a surprise round) wrapped around a fixed order: with its setting on, the
// characters concealed when the fight starts take their turns first, in the order's sequence, as
// round 0; then round 1 begins at the top of the order. No shipped ruleset in a fixed order has
// one yet (the texts with surprise take turns by side or team), so a test ruleset wears it.
const ownRuleset = testRuleset('surprise-order', {
  settings: [{ key: 'surpriseRound', label: 'Surprise round', hint: 'The concealed act first.', kind: 'boolean', default: false }],
  character: {
    stats: [{ key: 'speed', label: 'Speed', min: 0, max: 20, default: 5, hint: 'Higher acts first.' }],
  },
  turn: {
    order: withOpening(orderedBy('speed'), {
        phase: 'surprise',
        setting: 'surpriseRound',
        heading: 'Surprise round',
        mayAct: (c) => c.concealed,
        started: { gm: 'Surprise round: only the concealed act.', players: 'Surprise!' },
      }),
  },
});;
const RULESETS = withRulesets(ownRuleset);

const SURPRISE: Command = { type: 'set-setting', key: 'surpriseRound', value: true };

function join(name: string, speed: number, concealed = false): Command {
  return { type: 'add-combatant', name, factionId: concealed ? 'f2' : 'f1', stats: { speed }, concealed };
}

/** In speed order: Ann, the concealed Bandit, Bo, the concealed Cutthroat. */
function ambush(options: { surprise?: boolean } = {}): Encounter {
  const setup = options.surprise === false ? [] : [SURPRISE];
  return run(testEncounter('surprise-order', 'Dockside', 1, RULESETS), ...setup, join('Ann', 9), join('Bandit', 7, true), join('Bo', 5), join('Cutthroat', 3, true));
}

function at(enc: Encounter): [number, string, string] {
  return [enc.state.round, nameOf(enc, enc.state.activeId), enc.state.turn?.phase ?? 'main'];
}

describe('an opening phase in a fixed order', () => {
  it('lets only the concealed act, in the order, then starts round 1 at the top', () => {
    let enc = run(ambush(), { type: 'start-combat' });
    expect(at(enc)).toEqual([0, 'Bandit', 'surprise']);
    enc = run(enc, { type: 'next-turn' });
    expect(at(enc)).toEqual([0, 'Cutthroat', 'surprise']);
    enc = run(enc, { type: 'next-turn' });
    expect(at(enc)).toEqual([1, 'Ann', 'main']);
    enc = run(enc, { type: 'next-turn' });
    expect(at(enc)).toEqual([1, 'Bandit', 'main']);
  });

  it('is not played with its setting off, nor when nobody may act in it', () => {
    expect(at(run(ambush({ surprise: false }), { type: 'start-combat' }))).toEqual([1, 'Ann', 'main']);
    const open = run(testEncounter('surprise-order', 'Open field', 1, RULESETS), SURPRISE, join('Ann', 9), join('Bo', 5), { type: 'start-combat' });
    expect(at(open)).toEqual([1, 'Ann', 'main']);
  });

  it('steps back within the opening phase, but not from round 1 into it (Undo does)', () => {
    let enc = run(ambush(), { type: 'start-combat' }, { type: 'next-turn' }, { type: 'previous-turn' });
    expect(at(enc)).toEqual([0, 'Bandit', 'surprise']);
    expect(refuse(enc, { type: 'previous-turn' }).message).toBe('This is the first turn of the fight; there is no turn before it.');
    enc = run(enc, { type: 'next-turn' }, { type: 'next-turn' });
    expect(at(enc)).toEqual([1, 'Ann', 'main']);
    expect(refuse(enc, { type: 'previous-turn' }).message).toBe('This is the first turn of round 1; Previous turn goes no further back (Undo takes back the last change).');
    expect(at(undo(enc))).toEqual([0, 'Cutthroat', 'surprise']);
  });

  it('hands on from someone revealed mid-turn to the next concealed one after them', () => {
    let enc = run(ambush(), { type: 'start-combat' });
    enc = run(enc, { type: 'set-concealed', combatantId: enc.state.activeId as string, concealed: false }, { type: 'next-turn' });
    expect(at(enc)).toEqual([0, 'Cutthroat', 'surprise']);
  });

  it('is no round: a condition counted at round ends lasts through it and runs out as round 1 ends', () => {
    let enc = run(ambush(), { type: 'start-combat' });
    const ann = enc.state.order[0] as string;
    enc = run(enc, { type: 'add-condition', combatantId: ann, name: 'Dazed', duration: { rounds: 1, endsOn: 'round-end' } });
    enc = run(enc, { type: 'next-turn' }, { type: 'next-turn' });
    expect(at(enc)[0]).toBe(1);
    expect(enc.state.combatants.find((c) => c.id === ann)?.conditions.map((k) => k.name)).toEqual(['Dazed']);
    for (let i = 0; i < 4; i++) enc = run(enc, { type: 'next-turn' });
    expect(at(enc)).toEqual([2, 'Ann', 'main']);
    expect(enc.state.combatants.find((c) => c.id === ann)?.conditions).toEqual([]);
  });

  it('tells the log under the opening heading, in its own sentence for the GM and for the players', () => {
    const enc = run(ambush(), { type: 'start-combat' }, { type: 'next-turn' }, { type: 'next-turn' }, { type: 'next-turn' });
    const gm = logEntries(enc);
    const start = gm.find((e) => e.text.startsWith('The fight begins.'));
    expect(start?.text).toContain('Surprise round: only the concealed act.');
    expect(start?.opening).toBe('Surprise round');
    expect(gm.filter((e) => e.round === 0 && e.stage === 'fight').every((e) => e.opening === 'Surprise round')).toBe(true);
    expect(gm.some((e) => e.round === 1 && e.opening !== undefined)).toBe(false);
    const players = playerLog(enc);
    expect(players.find((e) => e.text.startsWith('The fight begins.'))?.text).toContain('Surprise!');
    expect(players.some((e) => /Bandit|Cutthroat|concealed/.test(e.text))).toBe(false);
  });

  it('shows the players the phase without saying who acts in it, and the history replays to the same fight', () => {
    const enc = run(ambush(), { type: 'start-combat' });
    const view = projectPlayerView(enc.state, enc.ruleset);
    if (view.status === 'waiting') throw new Error('the fight has started');
    expect([view.round, view.phase, view.acting]).toEqual([0, 'surprise', null]);
    expect(view.combatants.map((c) => c.name)).toEqual(['Ann', 'Bo']);
    const after = projectPlayerView(run(enc, { type: 'next-turn' }, { type: 'next-turn' }).state, run(enc, { type: 'next-turn' }, { type: 'next-turn' }).ruleset);
    expect(after.status !== 'waiting' && [after.round, after.phase]).toEqual([1, null]);
    const replayed = restoreEncounter(JSON.parse(JSON.stringify({ events: enc.events, steps: enc.steps })), RULESETS);
    expect(replayed.ok && replayed.value.state).toEqual(enc.state);
  });

  it('refuses a stored start that names someone unknown as the first to act in it', () => {
    const before = ambush();
    const { encounter, events } = step(before, { type: 'start-combat' });
    expect((events[0] as { opening?: { activeId: string } }).opening?.activeId).toBe(encounter.state.activeId);
    const broken = { ...events[0], opening: { phase: 'surprise', activeId: 'nobody' } };
    const restored = restoreEncounter(JSON.parse(JSON.stringify({ events: [...before.events, broken], steps: [...before.steps, before.events.length + 1] })), RULESETS);
    expect(restored.ok ? null : restored.message).toMatch(/first to act/);
  });
});
