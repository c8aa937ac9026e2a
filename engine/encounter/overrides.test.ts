import { describe, expect, it } from 'vitest';
import { NOTES_MAX, type Encounter } from '../index';
import { add, combatantNamed, ENEMIES, HEROES, idOf, nameOf, newEncounter, orderNames, refuse, run, step } from '../test-support';

/** A running fight in the order A, B, C, D with A to act in round 1 (the first seed that rolls it). */
function fight(): Encounter {
  for (let seed = 1; seed < 2000; seed++) {
    const enc = run(newEncounter(seed), add('A'), add('B'), add('C'), add('D'), { type: 'start-combat' });
    if (orderNames(enc).join() === 'A,B,C,D') return enc;
  }
  throw new Error('no seed gives that order');
}

function expectRefused(enc: Encounter, command: unknown, code: string): void {
  const failure = refuse(enc, command);
  expect(failure.code, JSON.stringify(command)).toBe(code);
  expect(failure.encounter).toBe(enc);
}

const turn = (enc: Encounter) => `${enc.state.round}:${nameOf(enc, enc.state.activeId)}`;
const initiativeOf = (enc: Encounter, name: string) => combatantNamed(enc, name).initiative;

describe('remove-combatant', () => {
  it('takes someone out of the encounter and the order, leaving the turn where it is', () => {
    const enc = run(fight(), { type: 'next-turn' });
    const after = run(enc, { type: 'remove-combatant', combatantId: idOf(enc, 'C') });
    expect(orderNames(after)).toEqual(['A', 'B', 'D']);
    expect(after.state.combatants.map((c) => c.name)).toEqual(['A', 'B', 'D']);
    expect(turn(after)).toBe('1:B');
  });

  it('passes the turn to the next in order when the acting combatant is removed', () => {
    const enc = run(fight(), { type: 'next-turn' });
    expect(turn(run(enc, { type: 'remove-combatant', combatantId: idOf(enc, 'B') }))).toBe('1:C');
  });

  it('starts a new round when the last in the order is removed during their turn', () => {
    // Otherwise A would act twice in round 1 and every round after would be numbered one short.
    const enc = run(fight(), { type: 'next-turn' }, { type: 'next-turn' }, { type: 'next-turn' });
    expect(turn(enc)).toBe('1:D');
    const after = run(enc, { type: 'remove-combatant', combatantId: idOf(enc, 'D') });
    expect(turn(after)).toBe('2:A');
    expect(turn(run(after, { type: 'next-turn' }, { type: 'next-turn' }, { type: 'next-turn' }))).toBe('3:A');
  });

  it('leaves nobody acting when the last combatant is removed', () => {
    const enc = run(newEncounter(), add('Solo'), { type: 'start-combat' });
    const after = run(enc, { type: 'remove-combatant', combatantId: idOf(enc, 'Solo') });
    expect(after.state).toMatchObject({ order: [], activeId: null, combatants: [] });
    expectRefused(after, { type: 'next-turn' }, 'turn/nobody');
  });

  it('works before combat, and removing an unknown id is refused', () => {
    const enc = run(newEncounter(), add('Goblin', { quantity: 2 }));
    const after = run(enc, { type: 'remove-combatant', combatantId: idOf(enc, 'Goblin 1') });
    expect(after.state.combatants.map((c) => c.name)).toEqual(['Goblin 2']);
    expectRefused(after, { type: 'remove-combatant', combatantId: idOf(enc, 'Goblin 1') }, 'combatant/unknown');
  });
});

describe('move-in-order', () => {
  it('moves a combatant to a position, keeping the others in their order and the turn in place', () => {
    const enc = run(fight(), { type: 'next-turn' });
    const after = run(enc, { type: 'move-in-order', combatantId: idOf(enc, 'D'), index: 0 });
    expect(orderNames(after)).toEqual(['D', 'A', 'B', 'C']);
    expect(turn(after)).toBe('1:B');
    expect(orderNames(run(enc, { type: 'move-in-order', combatantId: idOf(enc, 'A'), index: 3 }))).toEqual(['B', 'C', 'D', 'A']);
  });

  it('refuses positions outside the order and combatants not in it yet', () => {
    const enc = fight();
    const a = idOf(enc, 'A');
    expectRefused(enc, { type: 'move-in-order', combatantId: a, index: 4 }, 'input/range');
    expectRefused(enc, { type: 'move-in-order', combatantId: a, index: -1 }, 'input/range');
    expectRefused(enc, { type: 'move-in-order', combatantId: a, index: 1.5 }, 'input/number');
    const setup = run(newEncounter(), add('Ann'));
    expectRefused(setup, { type: 'move-in-order', combatantId: idOf(setup, 'Ann'), index: 0 }, 'order/not-placed');
  });
});

describe('set-initiative', () => {
  const sorted = () => {
    const enc = fight();
    const ids = ['A', 'B', 'C', 'D'].map((n) => idOf(enc, n));
    return run(enc, ...ids.map((combatantId, i) => ({ type: 'set-initiative' as const, combatantId, total: 20 - 5 * i })));
  };

  it('records the total and re-sorts the combatant among the others', () => {
    const enc = sorted(); // A 20, B 15, C 10, D 5
    expect(orderNames(enc)).toEqual(['A', 'B', 'C', 'D']);
    const after = run(enc, { type: 'set-initiative', combatantId: idOf(enc, 'D'), total: 17 });
    expect(orderNames(after)).toEqual(['A', 'D', 'B', 'C']);
    expect(initiativeOf(after, 'D')).toBe(17);
    expect(orderNames(run(enc, { type: 'set-initiative', combatantId: idOf(enc, 'A'), total: -3 }))).toEqual(['B', 'C', 'D', 'A']);
  });

  it('puts a combatant set to an equal total after the one already there', () => {
    const enc = sorted();
    expect(orderNames(run(enc, { type: 'set-initiative', combatantId: idOf(enc, 'A'), total: 10 }))).toEqual(['B', 'C', 'A', 'D']);
  });

  it('keeps the turn with whoever had it', () => {
    const enc = run(sorted(), { type: 'next-turn' });
    const after = run(enc, { type: 'set-initiative', combatantId: idOf(enc, 'B'), total: 1 });
    expect(turn(after)).toBe('1:B');
  });

  it('refuses totals out of range or not whole, and combatants not placed', () => {
    const enc = fight();
    const a = idOf(enc, 'A');
    expectRefused(enc, { type: 'set-initiative', combatantId: a, total: 1001 }, 'input/range');
    expectRefused(enc, { type: 'set-initiative', combatantId: a, total: '12' }, 'input/number');
    const setup = run(newEncounter(), add('Ann'));
    expectRefused(setup, { type: 'set-initiative', combatantId: idOf(setup, 'Ann'), total: 12 }, 'order/not-placed');
  });
});

describe('editing a combatant', () => {
  const enc = run(newEncounter(), add('Ann', { hp: 12 }));
  const ann = idOf(enc, 'Ann');

  it('renames, trimming the name', () => {
    expect(run(enc, { type: 'rename', combatantId: ann, name: '  Annika ' }).state.combatants[0]?.name).toBe('Annika');
    expectRefused(enc, { type: 'rename', combatantId: ann, name: ' ' }, 'input/name');
  });

  it('changes faction, only to one that exists', () => {
    expect(run(enc, { type: 'set-faction', combatantId: ann, factionId: ENEMIES }).state.combatants[0]?.factionId).toBe(ENEMIES);
    expectRefused(enc, { type: 'set-faction', combatantId: ann, factionId: 'f9' }, 'faction/unknown');
  });

  it('adds a faction and lets combatants join it', () => {
    const { encounter, events } = step(enc, { type: 'add-faction', name: 'Wolves', colour: '#808080' });
    const wolves = encounter.state.factions.find((f) => f.name === 'Wolves');
    expect(events).toEqual([{ type: 'faction-added', faction: { id: wolves?.id, name: 'Wolves', colour: '#808080' } }]);
    expect(run(encounter, { type: 'set-faction', combatantId: ann, factionId: wolves?.id ?? '' }).state.combatants[0]?.factionId).toBe(wolves?.id);
    expectRefused(enc, { type: 'add-faction', name: 'heroes', colour: '#808080' }, 'faction/duplicate');
    expectRefused(enc, { type: 'add-faction', name: 'Wolves', colour: 'grey' }, 'input/colour');
  });

  it('sets notes, cutting them to the limit', () => {
    expect(run(enc, { type: 'set-notes', combatantId: ann, notes: 'Hates goblins.' }).state.combatants[0]?.notes).toBe('Hates goblins.');
    expect(run(enc, { type: 'set-notes', combatantId: ann, notes: 'x'.repeat(NOTES_MAX + 50) }).state.combatants[0]?.notes).toHaveLength(NOTES_MAX);
    expectRefused(enc, { type: 'set-notes', combatantId: ann, notes: 5 }, 'input/notes');
  });

  it('conceals and reveals', () => {
    const hidden = run(enc, { type: 'set-concealed', combatantId: ann, concealed: true });
    expect(hidden.state.combatants[0]?.concealed).toBe(true);
    expect(run(hidden, { type: 'set-concealed', combatantId: ann, concealed: false }).state.combatants[0]?.concealed).toBe(false);
  });

  it('sets a stat within its bounds', () => {
    expect(run(enc, { type: 'set-stat', combatantId: ann, stat: 'ac', value: 17 }).state.combatants[0]?.stats).toEqual({ initMod: 0, ac: 17 });
    expectRefused(enc, { type: 'set-stat', combatantId: ann, stat: 'ac', value: 41 }, 'input/range');
    expectRefused(enc, { type: 'set-stat', combatantId: ann, stat: 'ac', value: Number.NaN }, 'input/number');
    expectRefused(enc, { type: 'set-stat', combatantId: ann, stat: 'luck', value: 3 }, 'input/unknown-stat');
  });

  it('sets a track value, and its maximum if given', () => {
    expect(run(enc, { type: 'set-track', combatantId: ann, track: 'hp', value: 3 }).state.combatants[0]?.tracks.hp).toEqual({ value: 3, max: 12 });
    expect(run(enc, { type: 'set-track', combatantId: ann, track: 'hp', value: 20, max: 25 }).state.combatants[0]?.tracks.hp).toEqual({ value: 20, max: 25 });
    expectRefused(enc, { type: 'set-track', combatantId: ann, track: 'hp', value: 13 }, 'input/range');
    expectRefused(enc, { type: 'set-track', combatantId: ann, track: 'hp', value: -1 }, 'input/range');
    expectRefused(enc, { type: 'set-track', combatantId: ann, track: 'hp', value: 5, max: 0 }, 'input/range');
    expectRefused(enc, { type: 'set-track', combatantId: ann, track: 'mana', value: 1 }, 'input/unknown-track');
  });

  it('only ever changes the combatant named', () => {
    const two = run(enc, add('Bo', { factionId: HEROES }));
    const after = run(two, { type: 'rename', combatantId: ann, name: 'X' }, { type: 'set-track', combatantId: ann, track: 'hp', value: 1 });
    expect(combatantNamed(after, 'Bo')).toEqual(combatantNamed(two, 'Bo'));
  });
});
