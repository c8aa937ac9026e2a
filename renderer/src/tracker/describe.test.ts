import { describe, expect, it } from 'vitest';
import { createEncounter, dispatch, type Command, type Encounter, BUILTIN_RULESETS } from '../../../engine/index';
import { describeCondition } from './describe';

// A condition chip's words: its rank on a track, what it does and when it ends (Skill Ranks' Hurt).

function run(e: Encounter, ...commands: Command[]): Encounter {
  return commands.reduce((x, c) => {
    const done = dispatch(x, c);
    if (!done.ok) throw new Error(done.message);
    return done.encounter;
  }, e);
}

describe('a condition in words', () => {
  it('says the rank on its track, its effect and when it ends', () => {
    const created = createEncounter({ id: 'e', name: 'Ford', rulesetId: 'ranks', seed: 1 }, BUILTIN_RULESETS);
    if (!created.ok) throw new Error(created.message);
    let e = run(created.encounter, { type: 'add-combatant', name: 'Ann', factionId: 'f1' }, { type: 'add-combatant', name: 'Orc', factionId: 'f2', stats: { awareness: 5 } }, { type: 'start-combat' });
    e = run(e, { type: 'damage', combatantId: e.state.combatants[1]!.id, amount: 2 });
    const hurt = e.state.combatants[1]!.conditions[0]!;
    expect(describeCondition(hurt, e.state)).toBe('Hurt (Damage 2: −1D to checks), 2 rounds, counted at the end of each round');
  });
});
