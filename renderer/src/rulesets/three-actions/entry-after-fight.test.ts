import { describe, expect, it } from 'vitest';
import { aftermathOf, createEncounter, dispatch, findRuleset, type Command, type Encounter, BUILTIN_RULESETS } from '../../../../engine/index';
import { keptAfterFight } from '../../roster/aftermath';
import { newTemplate, templateItem, type Template } from '../../roster/template';
import { addCommandFor } from '../../roster/template-fight';
import { ruleset } from '../../roster/test-support';

// What a fight leaves on a Three Actions party entry (its gear and tests in entries are the
// generic gear part's: rulesets/gear/gear-entry.test.ts).

const threeActions = ruleset('three-actions');
// A new party member: what she carries plays no part in cheating death.
const boudica: Template = newTemplate(threeActions);

describe('a Three Actions entry after a fight', () => {
  it('carries a death difficulty raised by cheating death back to the party sheet, for good', () => {
    const created = createEncounter({ id: 'e', name: 'Bridge', rulesetId: 'three-actions', seed: 1 }, BUILTIN_RULESETS);
    if (!created.ok) throw new Error(created.message);
    const step = (e: Encounter, command: Command): Encounter => {
      const done = dispatch(e, command);
      if (!done.ok) throw new Error(done.message);
      return done.encounter;
    };
    let e = step(created.encounter, addCommandFor(templateItem('Boudica', boudica), boudica, { factionId: 'f1', quantity: 1, ruleset: threeActions }));
    e = step(e, { type: 'start-combat', initiativeFactionId: 'f1' });
    const id = e.state.combatants[0]!.id;
    // 30 damage: past her 12 endurance and 12 health; the luck test (a 14 typed) cheats death.
    e = step(e, { type: 'damage', combatantId: id, amount: 30 });
    e = step(e, { type: 'answer-prompt', promptId: e.state.prompts![0]!.id, answer: { luck: 14 } });
    const aftermath = aftermathOf(e.state, findRuleset('three-actions')!, id);
    if (!aftermath) throw new Error('no aftermath for Boudica');
    const kept = keptAfterFight(boudica, aftermath);
    expect(kept.stats).toMatchObject({ deathDifficulty: 15 });
  });
});
