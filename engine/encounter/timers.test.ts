import { describe, expect, it } from 'vitest';
import { ROUNDS_MAX, type Command, type ConditionTimer, type Encounter, type EventOf } from '../index';
import { add, combatantNamed, idOf, nameOf, newEncounter, orderNames, refuse, run, step } from '../test-support';

/** The first seed whose initiative rolls put these combatants in this order. */
function seedFor(names: string[]): number {
  for (let seed = 1; seed < 500; seed++) {
    const enc = run(newEncounter(seed), ...names.map((n) => add(n)), { type: 'start-combat' });
    if (orderNames(enc).join() === names.join()) return seed;
  }
  throw new Error('no seed gives that order');
}

/** A running fight whose order is A, B, C with A to act in round 1. */
function fight(names = ['A', 'B', 'C']): Encounter {
  return run(newEncounter(seedFor(names)), ...names.map((n) => add(n)), { type: 'start-combat' });
}

function condition(
  on: string,
  name: string,
  timer?: { rounds: number; endsOn: Exclude<ConditionTimer['endsOn'], 'scene-end' | 'next-action'>; anchor: string },
): (enc: Encounter) => Command {
  return (enc) => ({
    type: 'add-condition',
    combatantId: idOf(enc, on),
    name,
    ...(timer ? { duration: { rounds: timer.rounds, endsOn: timer.endsOn, anchorId: idOf(enc, timer.anchor) } } : {}),
  });
}

const has = (enc: Encounter, who: string, name: string) => combatantNamed(enc, who).conditions.some((k) => k.name === name);

/** Presses Next turn and returns where the turn went and what ran out. */
function next(enc: Encounter): { enc: Encounter; at: string; expired: string[] } {
  const { encounter, events } = step(enc, { type: 'next-turn' });
  const advanced = events.find((e): e is EventOf<'turn-advanced'> => e.type === 'turn-advanced');
  return {
    enc: encounter,
    at: `${encounter.state.round}:${nameOf(encounter, encounter.state.activeId)}`,
    expired: (advanced?.expired ?? []).map((x) => `${nameOf(encounter, x.combatantId)}/${x.name}`),
  };
}

/** Presses Next turn until the condition is gone; returns the turn at which it went and what the event listed. */
function expiry(enc: Encounter, who: string, name: string): { at: string; expired: string[] } {
  let current = enc;
  for (let i = 0; i < 20; i++) {
    const moved = next(current);
    if (!has(moved.enc, who, name)) return { at: moved.at, expired: moved.expired };
    current = moved.enc;
  }
  throw new Error(`${name} never expired`);
}

describe('conditions without a timer', () => {
  it('stay until removed', () => {
    const start = fight();
    let enc = run(start, condition('B', 'Poisoned')(start));
    for (let i = 0; i < 9; i++) enc = next(enc).enc;
    expect(enc.state.round).toBe(4);
    expect(has(enc, 'B', 'Poisoned')).toBe(true);
    const id = combatantNamed(enc, 'B').conditions[0]?.id ?? '';
    enc = run(enc, { type: 'remove-condition', combatantId: idOf(enc, 'B'), conditionId: id });
    expect(has(enc, 'B', 'Poisoned')).toBe(false);
  });

  it('can be put on before combat and are listed on the combatant', () => {
    const enc = run(newEncounter(), add('Ann'));
    const after = run(enc, condition('Ann', 'Hidden')(enc));
    expect(combatantNamed(after, 'Ann').conditions).toEqual([{ id: 'k4', name: 'Hidden', timer: null }]);
  });
});

describe('timed conditions run out by themselves', () => {
  it('"1 round, until the start of A\'s turn" put on in A\'s turn ends as A\'s next turn starts', () => {
    const enc = fight();
    const timed = run(enc, condition('B', 'Dodging', { rounds: 1, endsOn: 'turn-start', anchor: 'A' })(enc));
    expect(expiry(timed, 'B', 'Dodging')).toEqual({ at: '2:A', expired: ['B/Dodging'] });
  });

  it('"1 round, until the end of A\'s turn" put on during A\'s own turn does not count that turn', () => {
    const enc = fight();
    const timed = run(enc, condition('B', 'Blessed', { rounds: 1, endsOn: 'turn-end', anchor: 'A' })(enc));
    expect(combatantNamed(timed, 'B').conditions[0]?.timer?.remaining).toBe(2);
    // It lasts through A's next turn and ends as that turn ends.
    expect(expiry(timed, 'B', 'Blessed')).toEqual({ at: '2:B', expired: ['B/Blessed'] });
  });

  it('"1 round, until the end of A\'s turn" put on in someone else\'s turn ends at the end of A\'s next turn', () => {
    const enc = next(fight()).enc; // B's turn, round 1; A's turn this round is over
    const timed = run(enc, condition('C', 'Frightened', { rounds: 1, endsOn: 'turn-end', anchor: 'A' })(enc));
    expect(combatantNamed(timed, 'C').conditions[0]?.timer?.remaining).toBe(1);
    expect(expiry(timed, 'C', 'Frightened')).toEqual({ at: '2:B', expired: ['C/Frightened'] });
  });

  it('counts several rounds at the anchor\'s turn starts', () => {
    const enc = fight();
    const timed = run(enc, condition('A', 'Stunned', { rounds: 2, endsOn: 'turn-start', anchor: 'C' })(enc));
    // C's turn starts in round 1 (one) and round 2 (two): gone as C's round-2 turn starts.
    expect(expiry(timed, 'A', 'Stunned')).toEqual({ at: '2:C', expired: ['A/Stunned'] });
  });

  it('counts down by one at each anchor boundary and nowhere else', () => {
    const enc = fight();
    let timed = run(enc, condition('A', 'Raging', { rounds: 3, endsOn: 'turn-end', anchor: 'B' })(enc));
    const remaining = () => combatantNamed(timed, 'A').conditions[0]?.timer?.remaining;
    const seen: (number | undefined)[] = [];
    for (let i = 0; i < 6; i++) {
      timed = next(timed).enc;
      seen.push(remaining());
    }
    // Turns: B, C, A(2), B(2), C(2), A(3); B's turn ends when C's starts.
    expect(seen).toEqual([3, 2, 2, 2, 1, 1]);
  });

  it('lists everything that ran out at the same moment in the turn-advanced event', () => {
    const enc = fight();
    const timed = run(
      enc,
      condition('B', 'Dodging', { rounds: 1, endsOn: 'turn-start', anchor: 'B' })(enc),
      condition('C', 'Marked', { rounds: 1, endsOn: 'turn-end', anchor: 'A' })(enc),
      condition('C', 'Prone')(enc),
    );
    const moved = next(timed);
    expect(moved.at).toBe('1:B');
    expect(moved.expired).toEqual(['B/Dodging']);
    // Marked was put on in A's turn, so A's first turn ending does not count.
    expect(has(moved.enc, 'C', 'Marked')).toBe(true);
    expect(has(moved.enc, 'C', 'Prone')).toBe(true);
  });

  it('works when the anchor is alone in the fight (its turn ends and starts at once)', () => {
    const enc = fight(['Solo']);
    const timed = run(
      enc,
      condition('Solo', 'End', { rounds: 1, endsOn: 'turn-end', anchor: 'Solo' })(enc),
      condition('Solo', 'Start', { rounds: 1, endsOn: 'turn-start', anchor: 'Solo' })(enc),
    );
    const first = next(timed);
    expect(first.expired).toEqual(['Solo/Start']);
    expect(next(first.enc).expired).toEqual(['Solo/End']);
  });

  it('ticks when the acting combatant is removed and the turn passes on', () => {
    const enc = fight();
    const timed = run(enc, condition('C', 'Dodging', { rounds: 1, endsOn: 'turn-start', anchor: 'B' })(enc));
    const { encounter, events } = step(timed, { type: 'remove-combatant', combatantId: idOf(timed, 'A') });
    expect(nameOf(encounter, encounter.state.activeId)).toBe('B');
    expect(has(encounter, 'C', 'Dodging')).toBe(false);
    expect(events.find((e) => e.type === 'turn-advanced')).toMatchObject({ expired: [{ name: 'Dodging' }] });
  });
});

describe('condition commands refused', () => {
  it('checks the duration and the names', () => {
    const enc = fight();
    const a = idOf(enc, 'A');
    const timed = (duration: unknown) => ({ type: 'add-condition', combatantId: a, name: 'Slowed', duration });
    const cases: [unknown, string][] = [
      [{ type: 'add-condition', combatantId: a, name: '' }, 'input/name'],
      [{ type: 'add-condition', combatantId: 'c99', name: 'Slowed' }, 'combatant/unknown'],
      [timed({ rounds: 0, endsOn: 'turn-end', anchorId: a }), 'input/range'],
      [timed({ rounds: ROUNDS_MAX + 1, endsOn: 'turn-end', anchorId: a }), 'input/range'],
      [timed({ rounds: 1.5, endsOn: 'turn-end', anchorId: a }), 'input/number'],
      [timed({ rounds: '2', endsOn: 'turn-end', anchorId: a }), 'input/number'],
      [timed({ rounds: 2, endsOn: 'turn-end', anchorId: 'c99' }), 'combatant/unknown'],
      [timed({ rounds: 2, endsOn: 'midnight', anchorId: a }), 'input/ends-on'],
    ];
    for (const [command, code] of cases) {
      const failure = refuse(enc, command);
      expect(failure.code, JSON.stringify(command)).toBe(code);
      expect(failure.encounter).toBe(enc);
    }
  });

  it('refuses to remove a condition the combatant does not have, or one that already ran out', () => {
    const enc = fight();
    const b = idOf(enc, 'B');
    expect(refuse(enc, { type: 'remove-condition', combatantId: b, conditionId: 'k99' }).code).toBe('condition/unknown');
    const timed = run(enc, condition('B', 'Dodging', { rounds: 1, endsOn: 'turn-start', anchor: 'B' })(enc));
    const id = combatantNamed(timed, 'B').conditions[0]?.id ?? '';
    // Another combatant's condition id is not this one's.
    expect(refuse(timed, { type: 'remove-condition', combatantId: idOf(enc, 'C'), conditionId: id }).code).toBe('condition/unknown');
    const expired = next(timed).enc;
    const failure = refuse(expired, { type: 'remove-condition', combatantId: b, conditionId: id });
    expect(failure.code).toBe('condition/unknown');
    expect(failure.message).toContain('expired');
  });
});

describe('timers set before the fight', () => {
  it('count the first turn of combat as a turn start', () => {
    const seed = seedFor(['A', 'B', 'C']);
    let enc = run(newEncounter(seed), add('A'), add('B'), add('C'));
    enc = run(enc, condition('B', 'Blessed', { rounds: 1, endsOn: 'turn-start', anchor: 'A' })(enc));
    enc = run(enc, condition('C', 'Braced', { rounds: 1, endsOn: 'turn-start', anchor: 'B' })(enc));
    const { encounter, events } = step(enc, { type: 'start-combat' });
    expect(orderNames(encounter)).toEqual(['A', 'B', 'C']);
    // A's first turn starts with the fight: Blessed (until A's turn starts) is over, Braced is not.
    expect(has(encounter, 'B', 'Blessed')).toBe(false);
    expect(has(encounter, 'C', 'Braced')).toBe(true);
    const started = events.find((e): e is EventOf<'combat-started'> => e.type === 'combat-started');
    expect(started?.expired.map((x) => x.name)).toEqual(['Blessed']);
    expect(next(encounter).expired).toEqual(['C/Braced']);
  });
});
