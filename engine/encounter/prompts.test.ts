import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  dispatch,
  eventId,
  failure,
  findPrompt,
  logEntries,
  openPrompt,
  openPrompts,
  replay,
  told,
  undo,
  withoutPrompt,
  withPrompt,
  type Encounter,
  type RulesetEvent,
  BUILTIN_RULESETS,
} from '../index';
import { refuse, run, step } from '../test-support';
import { orderedBy, testEncounter, testRuleset, withRulesets } from '../testing/test-ruleset';
import { rulesetCatalogue } from '../core/catalogue';

// Prompts stack: a ruleset made here lets anyone challenge someone to a duel, which leaves the
// fight waiting for the one challenged to accept or refuse. A second challenge made before the
// first is answered goes on top of it and must be answered first.

const promptId = (event: RulesetEvent) => String(event.promptId);

const duel = testRuleset('duel', {
  character: {
    stats: [{ key: 'speed', label: 'Speed', min: 0, max: 20, default: 5, hint: '' }],
  },
  turn: {
    order: orderedBy('speed'),
  },
  own: {
    commands: {
      'duel/challenge': (state, command) => {
        const who = state.combatants.find((c) => c.id === command.combatantId);
        if (!who) return failure('duel/nobody', 'Challenge someone in the fight.');
        return { ok: true, value: [{ type: 'duel/challenged', promptId: `duel-${(state.prompts ?? []).length + 1}`, combatantId: who.id }] };
      },
    },
    prompts: {
      'duel/accept': {
        code: 'duel/waiting',
        message: (state, prompt) => `${state.combatants.find((c) => c.id === prompt.involves[0])?.name ?? 'Someone'} must accept or refuse the duel first.`,
        answer: (_state, prompt, answer) =>
          answer === 'yes' || answer === 'no' ? { ok: true, value: [{ type: 'duel/answered', promptId: prompt.id, accepted: answer === 'yes' }] } : failure('duel/answer', 'Answer "yes" or "no".'),
        callOff: (_state, prompt) => [{ type: 'duel/withdrawn', promptId: prompt.id }],
        choices: () => [
          { label: 'Accept', answer: 'yes' },
          { label: 'Refuse', answer: 'no' },
        ],
      },
    },
    events: {
      'duel/challenged': {
        kind: 'other',
        fightLog: true,
        schema: v.object({ promptId: eventId, combatantId: eventId }),
        apply: (state, event) => withPrompt(state, { id: promptId(event), kind: 'duel/accept', involves: [String(event.combatantId)] }),
        tell: () => told('A duel is called.'),
      },
      'duel/answered': { kind: 'other', fightLog: true, schema: v.object({ promptId: eventId, accepted: v.boolean() }), apply: (state, event) => withoutPrompt(state, promptId(event)), tell: (event) => told(event.accepted ? 'The duel is on.' : 'The duel is refused.') },
      'duel/withdrawn': { kind: 'other', fightLog: true, schema: v.object({ promptId: eventId }), apply: (state, event) => withoutPrompt(state, promptId(event)), tell: () => told('The challenge is withdrawn.') },
    },
  },
});
const RULESETS = withRulesets(duel);
;

function fight(): Encounter {
  return run(
    testEncounter('duel', 'Duels', 1, RULESETS),
    { type: 'add-combatant', name: 'Ann', factionId: 'f1', stats: { speed: 9 } },
    { type: 'add-combatant', name: 'Bo', factionId: 'f2', stats: { speed: 6 } },
    { type: 'add-combatant', name: 'Cy', factionId: 'f2', stats: { speed: 3 } },
    { type: 'start-combat' },
  );
}
const id = (enc: Encounter, name: string) => enc.state.combatants.find((c) => c.name === name)?.id ?? '';
const challenged = (enc: Encounter, ...names: string[]) => run(enc, ...names.map((n) => ({ type: 'duel/challenge' as const, combatantId: id(enc, n) })));

describe('prompts the fight waits for', () => {
  const base = fight();
  const two = challenged(base, 'Bo', 'Ann'); // Bo's challenge first, Ann's on top of it

  it('hold the turn back until answered, telling the GM what to do', () => {
    expect(refuse(two, { type: 'next-turn' })).toMatchObject({ code: 'duel/waiting', message: 'Ann must accept or refuse the duel first.' });
    expect(openPrompt(two.state, two.ruleset)).toMatchObject({ id: 'duel-2', kind: 'duel/accept', involves: [id(two, 'Ann')], choices: [{ label: 'Accept', answer: 'yes' }, { label: 'Refuse', answer: 'no' }] });
    expect(openPrompts(two.state, two.ruleset).map((p) => p.message)).toEqual(['Ann must accept or refuse the duel first.', 'Bo must accept or refuse the duel first.']);
  });

  it('are answered the one on top first', () => {
    expect(refuse(two, { type: 'answer-prompt', promptId: 'duel-1', answer: 'yes' })).toMatchObject({
      code: 'prompt/not-top',
      message: 'Another question came up since; first: Ann must accept or refuse the duel first.',
    });
    const first = step(two, { type: 'answer-prompt', promptId: 'duel-2', answer: 'no' });
    expect(first.events).toEqual([{ type: 'duel/answered', promptId: 'duel-2', accepted: false }]);
    expect(openPrompt(first.encounter.state, first.encounter.ruleset)?.id).toBe('duel-1');
    const both = run(first.encounter, { type: 'answer-prompt', promptId: 'duel-1', answer: 'yes' });
    expect(openPrompt(both.state, both.ruleset)).toBeNull();
    expect(dispatch(both, { type: 'next-turn' }).ok).toBe(true);
    expect(logEntries(both).map((e) => e.text).slice(-2)).toEqual(['The duel is refused.', 'The duel is on.']);
  });

  it('say who is who: neutrally each one involved when the kind does not say, else its parts, each person once and only those in the fight', () => {
    expect(openPrompt(two.state, two.ruleset)?.subjects).toEqual([{ id: id(two, 'Ann'), role: 'asked about' }]);
    const kind = two.ruleset.own?.prompts?.['duel/accept'];
    if (!kind) throw new Error('the duel ruleset declares its prompt');
    const naming = { ...two.ruleset, own: { ...two.ruleset.own, prompts: { 'duel/accept': { ...kind, subjects: () => [
      { id: id(two, 'Ann'), role: 'challenged' },
      { id: 'gone', role: 'left the fight' },
      { id: id(two, 'Ann'), role: 'named twice' },
      { id: id(two, 'Bo'), role: 'challenges' },
    ] } } } };
    expect(openPrompt(two.state, naming)?.subjects).toEqual([
      { id: id(two, 'Ann'), role: 'challenged' },
      { id: id(two, 'Bo'), role: 'challenges' },
    ]);
  });

  it('refuse an answer that does not fit with the ruleset\'s reason, and unknown or closed prompts', () => {
    expect(refuse(two, { type: 'answer-prompt', promptId: 'duel-2', answer: 'maybe' })).toMatchObject({ code: 'duel/answer', message: 'Answer "yes" or "no".' });
    expect(refuse(two, { type: 'answer-prompt', promptId: 'duel-9', answer: 'yes' })).toMatchObject({ code: 'prompt/none' });
    expect(refuse(base, { type: 'call-off-prompt', promptId: 'duel-1' })).toMatchObject({ code: 'prompt/none', message: 'Nothing is waiting for an answer.' });
  });

  it('come back when the answer is undone, and replay from the log alone', () => {
    const answered = run(two, { type: 'answer-prompt', promptId: 'duel-2', answer: 'yes' });
    expect(undo(answered).state).toEqual(two.state);
    expect(findPrompt(undo(answered).state, 'duel-2')).toBeDefined();
    expect(replay(answered.events, RULESETS)).toEqual(answered.state);
  });

  it('keep whoever they concern in the fight, and no one else', () => {
    expect(refuse(two, { type: 'remove-combatant', combatantId: id(two, 'Bo') })).toMatchObject({
      code: 'duel/waiting',
      message: "Bo can't be removed while the fight waits on them. Bo must accept or refuse the duel first.",
    });
    expect(dispatch(two, { type: 'remove-combatant', combatantId: id(two, 'Cy') }).ok).toBe(true);
  });

  it('are called off by the GM through their ruleset, or all of them when the fight ends', () => {
    expect(step(two, { type: 'call-off-prompt', promptId: 'duel-2' }).events).toEqual([{ type: 'duel/withdrawn', promptId: 'duel-2' }]);
    const ended = step(two, { type: 'end-combat' });
    expect(ended.events.map((e) => e.type)).toEqual(['duel/withdrawn', 'duel/withdrawn', 'combat-ended']);
    expect(ended.events.slice(0, 2)).toMatchObject([{ promptId: 'duel-2' }, { promptId: 'duel-1' }]);
    expect(openPrompt(ended.encounter.state, ended.encounter.ruleset)).toBeNull();
    expect(openPrompt(run(ended.encounter, { type: 'start-combat' }).state, run(ended.encounter, { type: 'start-combat' }).ruleset)).toBeNull();
  });

  it('belong to the ruleset that declares them', () => {
    expect(() => rulesetCatalogue([{ ...duel, id: 'duel-two', own: { ...duel.own, commands: {}, events: {} } }])).toThrow('The ruleset "duel-two" names a command, event or prompt "duel/accept"; its own must be called "duel-two/<name>".');
  });
});
