import { describe, expect, it } from 'vitest';
import type { OpenPrompt } from '../../../engine/index';
import { choiceForKey } from './prompt-keys';

const counting: OpenPrompt = {
  id: 'tally/count',
  kind: 'tally/count',
  code: 'tally/count-first',
  message: 'Count the bells first.',
  involves: [],
  subjects: [],
  choices: [
    { label: 'Counted', answer: 'counted' },
    { label: 'Twice', answer: 'twice' },
  ],
};

describe('number keys on an open question', () => {
  it('answer the generic panel’s n-th choice, and nothing else', () => {
    expect(choiceForKey('pick-1', counting, false)).toEqual({ label: 'Counted', answer: 'counted' });
    expect(choiceForKey('pick-2', counting, false)?.answer).toBe('twice');
    expect(choiceForKey('pick-3', counting, false)).toBeNull();
    // A ruleset's own panel (reactions to an attack) asks in its own way.
    expect(choiceForKey('pick-1', counting, true)).toBeNull();
    expect(choiceForKey('next-turn', counting, false)).toBeNull();
    expect(choiceForKey('pick-1', undefined, false)).toBeNull();
  });
});
