import { describe, expect, it } from 'vitest';
import {
  canRedo,
  canUndo,
  createEncounter,
  DEFAULT_FACTIONS,
  dispatch,
  randomFrom,
  redo,
  replay,
  restoreEncounter,
  SNAPSHOT_INTERVAL,
  undo,
  type Command,
  type Encounter,
  type EncounterEvent,
  type EventOf,
  BUILTIN_RULESETS,
} from '../index';
import { add, ENEMIES, idOf, newEncounter, refuse, run, step } from '../test-support';

const rolled = (events: readonly { type: string }[]) => events.find((e): e is EventOf<'dice-rolled'> => e.type === 'dice-rolled');

describe('createEncounter', () => {
  it('starts in setup with the default factions and a seeded random state', () => {
    const enc = newEncounter(42);
    expect(enc.state).toMatchObject({ status: 'setup', round: 0, order: [], activeId: null, combatants: [], rulesetId: 'freeform' });
    expect(enc.state.factions.map((f) => f.name)).toEqual(['Heroes', 'Enemies']);
    expect(enc.state.factions).toEqual(DEFAULT_FACTIONS);
    expect(enc.events).toHaveLength(1);
    expect(enc.events[0]).toMatchObject({ type: 'encounter-created', seed: 42 });
    expect(canUndo(enc)).toBe(false);
    expect(canRedo(enc)).toBe(false);
  });

  it('takes the factions it is given', () => {
    const created = createEncounter({ id: 'e', name: 'Ambush', rulesetId: 'freeform', seed: 1, factions: [{ id: 'f1', name: 'Us', colour: '#000000' }] }, BUILTIN_RULESETS);
    expect(created.ok && created.encounter.state.factions.map((f) => f.name)).toEqual(['Us']);
  });

  it('refuses an empty name, an unknown ruleset and a seed that is not a whole number', () => {
    const base = { id: 'e', name: 'Ambush', rulesetId: 'freeform', seed: 1 };
    expect(createEncounter({ ...base, name: '  ' }, BUILTIN_RULESETS)).toMatchObject({ ok: false, code: 'input/name' });
    expect(createEncounter({ ...base, rulesetId: 'chess' }, BUILTIN_RULESETS)).toMatchObject({ ok: false, code: 'ruleset/unknown' });
    expect(createEncounter({ ...base, seed: 1.5 }, BUILTIN_RULESETS)).toMatchObject({ ok: false, code: 'input/seed' });
    expect(createEncounter({ ...base, seed: Number.NaN }, BUILTIN_RULESETS)).toMatchObject({ ok: false, code: 'input/seed' });
    expect(createEncounter({ ...base, seed: '7' as unknown as number }, BUILTIN_RULESETS)).toMatchObject({ ok: false, code: 'input/seed' });
  });

  it('gives the same encounter for the same seed and commands, and different dice for another seed', () => {
    const script: Command[] = [add('Ann', { initMod: 2 }), add('Goblin', { quantity: 5, factionId: ENEMIES }), { type: 'start-combat' }, { type: 'roll', notation: '4d6kh3' }];
    expect(run(newEncounter(8), ...script)).toEqual(run(newEncounter(8), ...script));
    expect(run(newEncounter(8), ...script).events.slice(1)).not.toEqual(run(newEncounter(9), ...script).events.slice(1));
  });
});

describe('the roll command', () => {
  it('rolls from the encounter\'s random source, records the dice and moves the source on', () => {
    const enc = newEncounter(42);
    const { encounter, events } = step(enc, { type: 'roll', notation: 'd20', label: ' Perception ' });
    // The first d20 of seed 42 (see the golden test in dice/random.test.ts).
    expect(rolled(events)).toMatchObject({ label: 'Perception', roll: { total: 6, manual: false } });
    expect(encounter.state.rng).not.toEqual(enc.state.rng);
    expect(encounter.state.rng).toEqual(rolled(events)?.rng);
    // The next roll continues the sequence instead of repeating it.
    const second = rolled(step(encounter, { type: 'roll', notation: 'd20' }).events);
    const source = randomFrom(enc.state.rng);
    expect([6, second?.roll.total]).toEqual([source.int(1, 20), source.int(1, 20)]);
  });

  it('takes dice rolled at the table without touching the random source', () => {
    const enc = newEncounter(42);
    const { encounter, events } = step(enc, { type: 'roll', notation: '2d6+2', manualDice: [6, 5] });
    expect(rolled(events)).toMatchObject({ roll: { total: 13, manual: true }, rng: null });
    expect(encounter.state.rng).toEqual(enc.state.rng);
  });

  it('refuses bad notation and bad table dice', () => {
    const enc = newEncounter();
    expect(refuse(enc, { type: 'roll', notation: '2d6*2' }).code).toBe('dice/bad-notation');
    expect(refuse(enc, { type: 'roll', notation: 5 }).code).toBe('dice/bad-notation');
    expect(refuse(enc, { type: 'roll', notation: '2d6', manualDice: [7, 1] }).code).toBe('dice/manual-range');
    expect(refuse(enc, { type: 'roll', notation: '2d6', manualDice: [1] }).code).toBe('dice/manual-count');
  });
});

describe('undo and redo', () => {
  const base = () => run(newEncounter(3), add('Ann', { initMod: 1 }));

  it('undoes a quick-add of four as one step', () => {
    const enc = base();
    const four = run(enc, add('Goblin', { quantity: 4, factionId: ENEMIES }));
    expect(four.state.combatants).toHaveLength(5);
    const undone = undo(four);
    expect(undone.state).toEqual(enc.state);
    expect(undone.events).toEqual(enc.events);
  });

  it('never undoes the creation of the encounter', () => {
    let enc = run(newEncounter(), add('Ann'), add('Bo'));
    for (let i = 0; i < 5; i++) enc = undo(enc);
    expect(enc.events).toHaveLength(1);
    expect(enc.state).toEqual(newEncounter().state);
    expect(canUndo(enc)).toBe(false);
    expect(undo(enc)).toBe(enc);
  });

  it('redoes the very same events, dice included', () => {
    const enc = run(base(), add('Goblin', { quantity: 3 }), { type: 'start-combat' }, { type: 'roll', notation: '8d6' });
    const back = undo(undo(enc));
    expect(canRedo(back)).toBe(true);
    const again = redo(redo(back).encounter).encounter;
    expect(again.events).toEqual(enc.events);
    expect(again.state).toEqual(enc.state);
    expect(canRedo(again)).toBe(false);
    expect(redo(again).encounter).toBe(again);
  });

  it('forgets the undone steps when a new command is given', () => {
    const enc = undo(run(base(), { type: 'roll', notation: 'd20' }));
    const branched = run(enc, { type: 'roll', notation: 'd6' });
    expect(canRedo(branched)).toBe(false);
    expect(redo(branched).encounter).toBe(branched);
  });

  it('does not clear the redo list when a command is refused', () => {
    const enc = undo(run(base(), { type: 'roll', notation: 'd20' }));
    const result = dispatch(enc, { type: 'damage', combatantId: 'c99', amount: 1 });
    expect(result.ok).toBe(false);
    expect(canRedo(result.encounter)).toBe(true);
  });

  it(`restores exactly the earlier state across a snapshot boundary (every ${SNAPSHOT_INTERVAL} events)`, () => {
    let enc = run(base(), add('Goblin', { quantity: 3 }), { type: 'start-combat' });
    const goblin = idOf(enc, 'Goblin 1');
    const script: Command[] = [{ type: 'next-turn' }, { type: 'damage', combatantId: goblin, amount: 1 }, { type: 'heal', combatantId: goblin, amount: 1 }, { type: 'roll', notation: '3d8' }];
    const history: Encounter[] = [];
    while (enc.events.length < SNAPSHOT_INTERVAL * 2 + 10) {
      history.push(enc);
      enc = run(enc, script[history.length % script.length] as Command);
    }
    expect(enc.snapshots.map((s) => s.at)).toEqual([SNAPSHOT_INTERVAL, SNAPSHOT_INTERVAL * 2]);
    // Undo step by step back below the first snapshot; each state must be the one we had.
    for (let i = history.length - 1; i >= history.length - 300; i--) {
      enc = undo(enc);
      const expected = history[i] as Encounter;
      expect(enc.events.length).toBe(expected.events.length);
      expect(enc.state).toEqual(expected.state);
    }
    expect(enc.events.length).toBeLessThan(SNAPSHOT_INTERVAL);
    expect(enc.state).toEqual(replay(enc.events, BUILTIN_RULESETS));
    // Redo all the way and the snapshots come back too.
    while (canRedo(enc)) enc = redo(enc).encounter;
    expect(enc.state).toEqual(replay(enc.events, BUILTIN_RULESETS));
    expect(enc.snapshots.map((s) => s.at)).toEqual([SNAPSHOT_INTERVAL, SNAPSHOT_INTERVAL * 2]);
  });
});

describe('a step on a long history (issue 43: its cost does not grow with the log)', () => {
  const long = () => {
    let enc = run(newEncounter(3), add('Ann'), add('Goblin', { quantity: 3, factionId: ENEMIES }), { type: 'start-combat' });
    for (let i = 0; i < 300; i++) enc = run(enc, { type: 'roll', notation: 'd6' });
    return enc;
  };

  it('appends onto the same event list step after step, and redo puts an undone step back onto it', () => {
    const start = long();
    const list = start.events;
    const next = run(start, { type: 'roll', notation: 'd8' }, { type: 'next-turn' });
    // The list the newest value handed out is grown, not copied: no step copies the history.
    expect(next.events).toBe(list);
    const again = redo(undo(next));
    expect(again.ok && again.encounter.events).toBe(list);
  });

  it('keeps every earlier value as it was: its events, steps and state, branches included', () => {
    const start = long();
    const [length, stepCount] = [start.events.length, start.steps.length];
    const ahead = run(start, { type: 'roll', notation: 'd8' });
    const branch = run(start, { type: 'roll', notation: 'd12' });
    const undone = undo(ahead);
    const after = run(undone, { type: 'next-turn' });
    expect([start.events.length, start.steps.length]).toEqual([length, stepCount]);
    expect(start.state).toEqual(replay(start.events, BUILTIN_RULESETS));
    for (const enc of [ahead, branch, undone, after]) {
      expect(enc.state).toEqual(replay(enc.events, BUILTIN_RULESETS));
      expect(enc.steps[enc.steps.length - 1]).toBe(enc.events.length);
    }
    expect(ahead.events.at(-1)).not.toBe(branch.events.at(-1));
    expect(undone.events).toEqual(start.events);
    expect(after.events.slice(0, length)).toEqual(start.events);
    expect(after.events.length).toBeGreaterThan(length);
    // A copy of a value is a plain one, and goes on like the value it was taken from.
    const copied = run({ ...ahead }, { type: 'roll', notation: 'd4' });
    expect(copied.events.slice(0, -1)).toEqual(ahead.events);
    expect(ahead.events).toHaveLength(length + 1);
  });
});

describe('replay', () => {
  it('rebuilds the live state of a long scripted fight from its events alone', () => {
    let enc = run(newEncounter(2024), add('Sybilla', { initMod: 3, hp: 30 }), add('Bran', { initMod: 1, hp: 24 }), add('Goblin', { quantity: 4, factionId: ENEMIES, hp: 7 }), { type: 'start-combat' });
    const ids = enc.state.combatants.map((c) => c.id);
    for (let i = 0; i < 120; i++) {
      const target = ids[i % ids.length] as string;
      if (!enc.state.combatants.some((c) => c.id === target)) continue;
      const options: Command[] = [
        { type: 'next-turn' },
        { type: 'damage', combatantId: target, amount: 1 + (i % 6) },
        { type: 'heal', combatantId: target, amount: 2 },
        { type: 'roll', notation: 'd20+5', label: 'Attack' },
        { type: 'add-condition', combatantId: target, name: 'Dazed', duration: { rounds: 1 + (i % 3), endsOn: i % 2 ? 'turn-end' : 'turn-start', anchorId: target } },
      ];
      enc = run(enc, options[i % options.length] as Command);
      if (i === 60) enc = run(enc, { type: 'remove-combatant', combatantId: ids[2] as string }, add('Wolf', { quantity: 2, factionId: ENEMIES }));
      if (i === 90) enc = undo(undo(enc));
    }
    expect(enc.events.length).toBeGreaterThan(100);
    expect(replay(enc.events, BUILTIN_RULESETS)).toEqual(enc.state);
    expect(replay(structuredClone(enc.events), BUILTIN_RULESETS)).toEqual(enc.state);
  });

  it('refuses a log that does not begin with the creation of the encounter', () => {
    const enc = run(newEncounter(), add('Ann'));
    expect(() => replay(enc.events.slice(1), BUILTIN_RULESETS)).toThrow(/encounter-created/);
    expect(() => replay([], BUILTIN_RULESETS)).toThrow();
  });
});

describe('restoreEncounter', () => {
  const played = () => undo(run(newEncounter(6), add('Ann'), add('Goblin', { quantity: 3 }), { type: 'start-combat' }, { type: 'next-turn' }, { type: 'roll', notation: 'd12' }));

  it('round-trips what is stored: the same state, history, undo and redo', () => {
    const enc = played();
    const stored = JSON.parse(JSON.stringify({ events: enc.events, steps: enc.steps, redoable: enc.redoable }));
    const restored = restoreEncounter(stored, BUILTIN_RULESETS);
    if (!restored.ok) throw new Error(restored.message);
    expect(restored.value.state).toEqual(enc.state);
    expect(restored.value.steps).toEqual(enc.steps);
    expect(undo(restored.value).state).toEqual(undo(enc).state);
    expect(redo(restored.value).encounter.state).toEqual(redo(enc).encounter.state);
  });

  it('rebuilds snapshots for long histories', () => {
    let enc = newEncounter();
    for (let i = 0; i < SNAPSHOT_INTERVAL + 5; i++) enc = run(enc, { type: 'roll', notation: 'd6' });
    const restored = restoreEncounter({ events: enc.events, steps: enc.steps }, BUILTIN_RULESETS);
    expect(restored.ok && restored.value.snapshots).toEqual(enc.snapshots);
  });

  it('refuses a log with an event type it does not know, naming the event', () => {
    const { events, steps } = played();
    const future = [...events.slice(0, 3), { type: 'teleported', combatantId: 'c1' } as unknown as EncounterEvent, ...events.slice(4)];
    expect(restoreEncounter({ events: future, steps }, BUILTIN_RULESETS)).toMatchObject({ ok: false, code: 'history/unknown-event', message: expect.stringContaining('Event 4') });
    const damaged = [...events.slice(0, 2), null as unknown as EncounterEvent, ...events.slice(3)];
    expect(restoreEncounter({ events: damaged, steps }, BUILTIN_RULESETS)).toMatchObject({ ok: false, code: 'history/unknown-event' });
  });

  it('refuses step lists that do not fit the events', () => {
    const { events, steps } = played();
    const bad: number[][] = [[], [...steps.slice(0, -1)], [...steps, events.length + 1], [0, ...steps], [...steps].reverse(), [1, 3, 3, events.length], [1, 2.5, events.length]];
    for (const s of bad) expect(restoreEncounter({ events, steps: s }, BUILTIN_RULESETS), JSON.stringify(s)).toMatchObject({ ok: false, code: 'history/steps' });
  });

  it('refuses a log without its creation event', () => {
    const { events } = played();
    const rest = events.slice(1);
    expect(restoreEncounter({ events: rest, steps: [rest.length] }, BUILTIN_RULESETS)).toMatchObject({ ok: false, code: 'history/start' });
  });
});
