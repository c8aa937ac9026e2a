import { describe, expect, it } from 'vitest';
import type { Encounter } from '../../encounter/encounter';
import { openPrompt } from '../../encounter/prompts';
import { ENEMIES, HEROES, idOf, run, stepWithDice } from '../../test-support';
import { addT, newTwoDice } from './testing';

// Who is who in 2d6 & Vigilant's question, as the map marks them: the one down rolling to
// stabilise, and the allies with the Medic trait who may tend them.

/** Orc (12), Bo the medic (7), Ann (2): Ann is dropped to 0 HP in round 1; her first test is due at her place in round 2. */
function due(): Encounter {
  const setUp = run(newTwoDice(), addT('Ann', { hp: 2, factionId: HEROES }), addT('Bo', { traits: ['medic'] }), addT('Orc', { factionId: ENEMIES }));
  const started = stepWithDice(setUp, [1, 1, 3, 4, 6, 6], { type: 'start-combat' }).encounter;
  let e = run(started, { type: 'damage', combatantId: idOf(started, 'Ann'), amount: 2 });
  for (let i = 0; i < 4; i++) e = run(e, { type: 'next-turn' });
  return e;
}

const subjects = (e: Encounter) => openPrompt(e.state, e.ruleset)?.subjects.map((s) => [e.state.combatants.find((c) => c.id === s.id)?.name, s.role]);

describe("2d6 & Vigilant's question names who is who", () => {
  it('the one down rolls to stabilise, a medic beside them may tend them; a medic knocked out no more', () => {
    const e = due();
    expect(subjects(e)).toEqual([
      ['Ann', 'rolls to stabilise'],
      ['Bo', 'may tend them'],
    ]);
    const alone = run(e, { type: 'damage', combatantId: idOf(e, 'Bo'), amount: 50 });
    expect(subjects(alone)).toEqual([['Ann', 'rolls to stabilise']]);
  });
});
