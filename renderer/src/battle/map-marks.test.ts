import { describe, expect, it } from 'vitest';
import type { Combatant, OpenPrompt } from '../../../engine/index';
import { mapMarks } from './map-marks';

const named = (id: string, name: string) => ({ id, name }) as Combatant;
const state = { combatants: [named('a', 'Mira'), named('b', 'Bandit 1'), named('c', 'Bandit 2')] };
const asking: OpenPrompt = {
  id: 'p',
  kind: 'test/opportunity',
  code: 'test/first',
  message: 'Mira moves away.',
  involves: ['a', 'b'],
  choices: [],
  subjects: [
    { id: 'a', role: 'moving away' },
    { id: 'b', role: 'may strike' },
  ],
};

describe('what the battle maps mark', () => {
  it('marks whom a form aims at, by whom, with a line from the attacker, and says so', () => {
    const marks = mapMarks(state, { attackerId: 'a', targetIds: ['b'] }, null);
    expect([marks.aimedBy('b'), marks.aimedBy('a'), marks.aimedBy('c')]).toEqual(['Mira', null, null]);
    expect([marks.aimingAt('a'), marks.aimingAt('b')]).toEqual(['Bandit 1', null]);
    expect(marks.lines).toEqual([{ from: 'a', to: 'b' }]);
    expect(marks.words).toBe('Aiming: Mira → Bandit 1.');
  });

  it("marks a question's subjects with their parts, and says both", () => {
    const marks = mapMarks(state, { attackerId: 'b', targetIds: ['a'] }, asking);
    expect([marks.asked('a'), marks.asked('b'), marks.asked('c')]).toEqual(['moving away', 'may strike', null]);
    expect(marks.labels).toEqual([{ id: 'a', text: 'moving away' }, { id: 'b', text: 'may strike' }]);
    expect(marks.words).toBe('Aiming: Bandit 1 → Mira. Asked: Mira moving away; Bandit 1 may strike.');
  });

  it("draws the question's subjects last, in the fight's order otherwise, so no other token covers their labels", () => {
    const marks = mapMarks(state, null, asking);
    expect(marks.inDrawOrder(state.combatants).map((c) => c.id)).toEqual(['c', 'a', 'b']);
    expect(mapMarks(state, null, null).inDrawOrder(state.combatants).map((c) => c.id)).toEqual(['a', 'b', 'c']);
  });

  it('marks nothing for an aim at nobody still in the fight, or with no fight', () => {
    const gone = mapMarks(state, { attackerId: 'a', targetIds: ['x'] }, null);
    expect([gone.aimingAt('a'), gone.lines, gone.words]).toEqual([null, [], '']);
    expect(mapMarks(null, null, null).words).toBe('');
  });
});
