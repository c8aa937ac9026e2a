import { describe, expect, it } from 'vitest';
import { createEncounter, dispatch, individualInitiative, BUILTIN_RULESETS, rulesetCatalogue } from '../../../engine/index';
import { testRuleset } from '../../../engine/testing/test-ruleset';
import { newTemplate, templateData, templateItem } from './template';
import { validateTemplate } from './template-check';
import { addCommandFor } from './template-fight';
import { zones } from './test-support';

// A party or bestiary entry keeps the ruleset's yes/no traits and takes them into the fight.

const watchful = testRuleset('watchful', {
  character: {
    traits: [{ key: 'vigilant', label: 'Vigilant', hint: 'Rolls an extra die for initiative.' }],
  },
  turn: {
    order: individualInitiative({ score: () => ({ roll: null, total: 1 }), breakTie: (a, b) => a.name.localeCompare(b.name), tiebreak: () => { throw new Error('no ties'); } }),
  },
});
const RULESETS = rulesetCatalogue([...BUILTIN_RULESETS.all, watchful]);
;

describe('an entry’s traits', () => {
  it('are kept once each, go into the fight, and must be the ruleset’s', () => {
    const checked = validateTemplate({ ...templateData(newTemplate(watchful)), traits: ['vigilant', 'vigilant'] }, watchful);
    if (!checked.ok) throw new Error(checked.problems.join('; '));
    expect(checked.value.traits).toEqual(['vigilant']);
    const command = addCommandFor(templateItem('Ada', checked.value), checked.value, { factionId: 'f1', quantity: 1, ruleset: watchful });
    const created = createEncounter({ id: 'e', name: 'Watch', rulesetId: 'watchful', seed: 1 }, RULESETS);
    if (!created.ok) throw new Error(created.message);
    const added = dispatch(created.encounter, command);
    expect(added.ok && added.encounter.state.combatants[0]?.traits).toEqual(['vigilant']);
    const wrong = validateTemplate({ ...templateData(newTemplate(watchful)), traits: ['lucky'] }, watchful);
    expect(wrong.ok ? [] : wrong.problems.join(' ')).toMatch(/trait "lucky" should be one of vigilant/i);
    const none = validateTemplate({ ...templateData(newTemplate(zones)), traits: ['vigilant'] }, zones);
    expect(none.ok ? [] : none.problems.join(' ')).toMatch(/Zones & Factions has no traits/);
    expect(templateData(newTemplate(watchful))).not.toHaveProperty('traits');
  });
});
