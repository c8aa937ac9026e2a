import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { EncounterState } from './state';
import { told } from './told';
import { newEncounter } from '../test-support';
import { asEvent, commandsOf, eventAs, ruleEvent } from './typed';
import { BUILTIN_RULESETS } from '../rulesets/builtin';

// A ruleset's commands and events typed once: each handler and each part of an event's definition
// gets its own member of the ruleset's union, and the core's routing by type stays as it was.

type TestCommand = { type: 'test/ring'; times: number } | { type: 'test/hush' };
type TestEvent = { type: 'test/rung'; times: number };

const state: EncounterState = newEncounter(1).state;
const random = () => {
  throw new Error('no dice here');
};

describe('commandsOf', () => {
  const handlers = commandsOf<TestCommand>()({
    'test/ring': (_state, command) => ({ ok: true, value: [asEvent<TestEvent>({ type: 'test/rung', times: command.times })] }),
    'test/hush': () => ({ ok: true, value: [] }),
  });

  it('hands each command, with its fields, to the handler of its type', () => {
    expect(Object.keys(handlers).sort()).toEqual(['test/hush', 'test/ring']);
    expect(handlers['test/ring'](state, { type: 'test/ring', times: 3 }, random, BUILTIN_RULESETS.all[0]!)).toEqual({ ok: true, value: [{ type: 'test/rung', times: 3 }] });
    expect(handlers['test/hush'](state, { type: 'test/hush' }, random, BUILTIN_RULESETS.all[0]!)).toEqual({ ok: true, value: [] });
  });
});

describe('ruleEvent', () => {
  const rung = ruleEvent<TestEvent>({
    kind: 'other',
    schema: v.object({ type: v.literal('test/rung'), times: v.number() }),
    apply: (s, event) => ({ ...s, round: s.round + event.times }),
    tell: (event) => told(`Rung ${event.times} times.`),
    refers: (_s, event) => (event.times > 10 ? 'it rings more than ten times' : null),
  });

  it('applies, tells and checks the event as its own type', () => {
    const event = { type: 'test/rung' as const, times: 2 };
    expect(rung.apply(state, event).round).toBe(state.round + 2);
    expect(rung.tell(event, {} as never)).toMatchObject({ text: 'Rung 2 times.' });
    expect(rung.refers?.(state, { type: 'test/rung', times: 11 })).toBe('it rings more than ten times');
  });

  it('shows in the fight log unless told otherwise, and says who is out only when told', () => {
    expect(rung.fightLog).toBe(true);
    expect(rung.saysWhoIsOut).toBeUndefined();
    const quiet = ruleEvent<TestEvent>({ kind: 'other', fightLog: false, saysWhoIsOut: true, schema: v.any(), apply: (s) => s, tell: () => null });
    expect(quiet.fightLog).toBe(false);
    expect(quiet.saysWhoIsOut).toBe(true);
    expect(quiet.refers).toBeUndefined();
  });
});

describe('reading a logged event as its own type', () => {
  it('gives the event of that type with its fields, and null for another type or none', () => {
    const logged = asEvent<TestEvent>({ type: 'test/rung', times: 4 });
    expect(eventAs<TestEvent>(logged, 'test/rung')?.times).toBe(4);
    expect(eventAs<TestEvent>({ type: 'combat-ended' }, 'test/rung')).toBeNull();
    expect(eventAs<TestEvent>(undefined, 'test/rung')).toBeNull();
  });
});
