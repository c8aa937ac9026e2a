import { describe, expect, it } from 'vitest';
import {
  AMOUNT_MAX,
  applyEvent,
  findRuleset,
  isOutOfFight,
  MAX_COMBATANTS,
  MAX_QUANTITY,
  NAME_MAX,
  replay,
  type Encounter,
  BUILTIN_RULESETS,
} from '../index';
import { add, combatantNamed, ENEMIES, HEROES, idOf, newEncounter, refuse, run, step } from '../test-support';

/** The command must be refused with this code, a sentence, and the encounter exactly as it was. */
function expectRefused(encounter: Encounter, command: unknown, code: string): void {
  // The ruleset is code, not data: the rest of the encounter is compared.
  const before = structuredClone({ ...encounter, ruleset: null });
  const failure = refuse(encounter, command);
  expect(failure.code).toBe(code);
  expect(failure.message.length).toBeGreaterThan(10);
  expect(failure.encounter).toBe(encounter);
  expect({ ...encounter, ruleset: null }).toEqual(before);
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

const names = (enc: Encounter) => enc.state.combatants.map((c) => c.name);

describe('add-combatant', () => {
  it('adds a combatant with the ruleset defaults for anything not given', () => {
    const enc = run(newEncounter(), { type: 'add-combatant', name: '  Sybilla ', factionId: HEROES });
    const c = combatantNamed(enc, 'Sybilla');
    expect(c).toMatchObject({ factionId: HEROES, stats: { initMod: 0, ac: 10 }, tracks: { hp: { value: 10, max: 10 } } });
    expect(c).toMatchObject({ conditions: [], notes: '', concealed: false, initiative: null });
  });

  it('starts each combatant at full hit points', () => {
    const enc = run(newEncounter(), add('Ogre', { hp: 59, initMod: -1 }));
    expect(combatantNamed(enc, 'Ogre').tracks.hp).toEqual({ value: 59, max: 59 });
    expect(combatantNamed(enc, 'Ogre').stats.initMod).toBe(-1);
  });

  it('numbers quick-added copies and continues the numbering on the next quick-add', () => {
    let enc = run(newEncounter(), add('Goblin', { quantity: 4, factionId: ENEMIES }));
    expect(names(enc)).toEqual(['Goblin 1', 'Goblin 2', 'Goblin 3', 'Goblin 4']);
    enc = run(enc, add('Goblin', { quantity: 2, factionId: ENEMIES }));
    expect(names(enc).slice(4)).toEqual(['Goblin 5', 'Goblin 6']);
    expect(new Set(enc.state.combatants.map((c) => c.id)).size).toBe(6);
  });

  it('adds a single combatant under the name as typed', () => {
    expect(names(run(newEncounter(), add('Goblin')))).toEqual(['Goblin']);
  });

  it('numbers names with special characters correctly', () => {
    const enc = run(newEncounter(), add('Orc (big)', { quantity: 2 }), add('Orc (big)', { quantity: 2 }), add('Orc', { quantity: 2 }));
    expect(names(enc)).toEqual(['Orc (big) 1', 'Orc (big) 2', 'Orc (big) 3', 'Orc (big) 4', 'Orc 1', 'Orc 2']);
  });

  it('makes a quick-add one event per copy', () => {
    const { events } = step(newEncounter(), add('Goblin', { quantity: 3 }));
    expect(events.map((e) => e.type)).toEqual(['combatant-added', 'combatant-added', 'combatant-added']);
  });

  it('refuses bad input with a code and leaves the encounter unchanged', () => {
    const enc = run(newEncounter(), add('Goblin'));
    const base = { type: 'add-combatant', name: 'Orc', factionId: HEROES };
    expectRefused(enc, { ...base, name: '' }, 'input/name');
    expectRefused(enc, { ...base, name: '   ' }, 'input/name');
    expectRefused(enc, { ...base, name: 42 }, 'input/name');
    expectRefused(enc, { ...base, name: 'x'.repeat(NAME_MAX + 1) }, 'input/name');
    expectRefused(enc, { ...base, factionId: 'f99' }, 'faction/unknown');
    expectRefused(enc, { ...base, stats: { strength: 3 } }, 'input/unknown-stat');
    expectRefused(enc, { ...base, tracks: { mana: 3 } }, 'input/unknown-track');
    expectRefused(enc, { ...base, stats: { initMod: 21 } }, 'input/range');
    expectRefused(enc, { ...base, stats: { initMod: '3' } }, 'input/number');
    expectRefused(enc, { ...base, tracks: { hp: 0 } }, 'input/range');
    expectRefused(enc, { ...base, tracks: { hp: 10.5 } }, 'input/number');
    expectRefused(enc, { ...base, quantity: 0 }, 'input/range');
    expectRefused(enc, { ...base, quantity: MAX_QUANTITY + 1 }, 'input/range');
    expectRefused(enc, { ...base, quantity: 2.5 }, 'input/number');
    expectRefused(enc, { ...base, quantity: '4' }, 'input/number');
  });

  it(`holds at most ${MAX_COMBATANTS} combatants`, () => {
    let enc = newEncounter();
    for (let i = 0; i < MAX_COMBATANTS / MAX_QUANTITY; i++) enc = run(enc, add(`Rat${i}`, { quantity: MAX_QUANTITY }));
    expect(enc.state.combatants).toHaveLength(MAX_COMBATANTS);
    expectRefused(enc, add('One more'), 'combatant/too-many');
  });
});

describe('damage and heal', () => {
  const setup = () => run(newEncounter(), add('Ogre', { hp: 20 }));

  it('takes damage off hit points and never below 0', () => {
    let enc = run(setup(), { type: 'damage', combatantId: 'c3', amount: 7 });
    expect(combatantNamed(enc, 'Ogre').tracks.hp).toEqual({ value: 13, max: 20 });
    enc = run(enc, { type: 'damage', combatantId: 'c3', amount: 50 });
    expect(combatantNamed(enc, 'Ogre').tracks.hp).toEqual({ value: 0, max: 20 });
    expect(isOutOfFight(findRuleset('freeform'), combatantNamed(enc, 'Ogre'))).toBe(true);
  });

  it('heals up to the maximum and never above it', () => {
    let enc = run(setup(), { type: 'damage', combatantId: 'c3', amount: 15 }, { type: 'heal', combatantId: 'c3', amount: 4 });
    expect(combatantNamed(enc, 'Ogre').tracks.hp?.value).toBe(9);
    enc = run(enc, { type: 'heal', combatantId: 'c3', amount: 100 });
    expect(combatantNamed(enc, 'Ogre').tracks.hp?.value).toBe(20);
  });

  it('records the amount asked for in the event', () => {
    const { events } = step(setup(), { type: 'damage', combatantId: 'c3', amount: 99 });
    expect(events).toEqual([{ type: 'combatant-damaged', combatantId: 'c3', amount: 99, tracks: { hp: { value: 0, max: 20 } } }]);
  });

  it('refuses amounts that are not whole numbers from 1 up, and unknown combatants', () => {
    const enc = setup();
    expect(idOf(enc, 'Ogre')).toBe('c3');
    for (const type of ['damage', 'heal'] as const) {
      expectRefused(enc, { type, combatantId: 'c3', amount: '5' }, 'input/number');
      expectRefused(enc, { type, combatantId: 'c3', amount: Number.NaN }, 'input/number');
      expectRefused(enc, { type, combatantId: 'c3', amount: Number.POSITIVE_INFINITY }, 'input/number');
      expectRefused(enc, { type, combatantId: 'c3', amount: 1.5 }, 'input/number');
      expectRefused(enc, { type, combatantId: 'c3' }, 'input/number');
      expectRefused(enc, { type, combatantId: 'c3', amount: -5 }, 'input/range');
      expectRefused(enc, { type, combatantId: 'c3', amount: 0 }, 'input/range');
      expectRefused(enc, { type, combatantId: 'c3', amount: AMOUNT_MAX + 1 }, 'input/range');
      expectRefused(enc, { type, combatantId: 'c99', amount: 5 }, 'combatant/unknown');
      expectRefused(enc, { type, combatantId: 5, amount: 5 }, 'combatant/unknown');
    }
  });
});

describe('commands that are not commands', () => {
  it('refuses them with a code', () => {
    const enc = run(newEncounter(), add('Goblin'));
    expectRefused(enc, null, 'command/unknown');
    expectRefused(enc, 'next-turn', 'command/unknown');
    expectRefused(enc, { type: 'fireball' }, 'command/unknown');
    expectRefused(enc, {}, 'command/unknown');
  });
});

describe('applyEvent', () => {
  function scriptedFight(): Encounter {
    return run(
      newEncounter(9),
      add('Sybilla', { initMod: 3, hp: 24 }),
      add('Goblin', { quantity: 3, factionId: ENEMIES, hp: 7 }),
      { type: 'start-combat' },
      { type: 'damage', combatantId: 'c4', amount: 5 },
      { type: 'add-condition', combatantId: 'c5', name: 'Prone', duration: { rounds: 1, endsOn: 'turn-start', anchorId: 'c5' } },
      { type: 'next-turn' },
      { type: 'roll', notation: '2d6+1', label: 'Sword' },
      { type: 'remove-combatant', combatantId: 'c6' },
      { type: 'next-turn' },
      { type: 'end-combat' },
    );
  }

  it('never changes the state or the event it is given', () => {
    const enc = scriptedFight();
    const events = deepFreeze(structuredClone(enc.events));
    let state = replay(events.slice(0, 1), BUILTIN_RULESETS);
    for (const event of events.slice(1)) state = applyEvent(deepFreeze(state), event, enc.ruleset);
    expect(state).toEqual(enc.state);
  });

  it('lets a command be decided against a frozen state (deciding draws from a copy of the random state)', () => {
    const enc = run(newEncounter(3), add('Goblin', { quantity: 2 }));
    const frozen = { ...enc, state: deepFreeze(structuredClone(enc.state)) };
    expect(step(frozen, { type: 'start-combat' }).encounter.state).toEqual(step(enc, { type: 'start-combat' }).encounter.state);
  });

  it('returns the state the whole log leads to, without rolling', () => {
    const enc = scriptedFight();
    expect(enc.events.slice(1).reduce((state, event) => applyEvent(state, event, enc.ruleset), replay(enc.events.slice(0, 1), BUILTIN_RULESETS))).toEqual(enc.state);
  });

  it('keeps handing out fresh ids after replay (the serial follows every id in the log)', () => {
    // f1, f2, then c3 (Sybilla), c4–c6 (goblins), k7 (Prone); c6 was removed and must not return.
    const enc = scriptedFight();
    const lateId = (e: Encounter) => step(e, add('Late')).encounter.state.combatants.at(-1)?.id;
    expect(lateId(enc)).toBe('c8');
    expect(lateId({ ...enc, state: replay(enc.events, BUILTIN_RULESETS) })).toBe('c8');
  });
});
