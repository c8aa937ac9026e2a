import { describe, expect, it } from 'vitest';
import { addZ, combatantNamed, newZonesEncounter, run } from '../../../engine/test-support';
import { addT, newTwoDice } from '../../../engine/rulesets/two-dice/testing';
import { panelsFor } from './registry';

// The rulesets' tags after a name in the turn order are words the row draws (issue 43: a component
// of its own in each row cost nodes); what they say is read from the fight, as before.
const tagsOf = (rulesetId: string, encounter: ReturnType<typeof newZonesEncounter>, name: string) =>
  panelsFor(rulesetId).combatant?.tags?.(combatantNamed(encounter, name), encounter.state) ?? [];

describe("a ruleset's row tags", () => {
  it("Zones & Factions: the rule marks in the ruleset's words", () => {
    let e = run(newZonesEncounter(), addZ('Ann'), addZ('Bo'));
    e = run(e, { type: 'set-mark', combatantId: combatantNamed(e, 'Ann').id, mark: 'fear-immune', on: true });
    expect(tagsOf('zones', e, 'Ann')).toEqual([{ text: 'fearless' }]);
    expect(tagsOf('zones', e, 'Bo')).toEqual([]);
  });

  it('2d6 & Vigilant: dead in the danger colour', () => {
    let e = run(newTwoDice(), addT('Cy'));
    e = run(e, { type: 'set-mark', combatantId: combatantNamed(e, 'Cy').id, mark: 'dead', on: true });
    expect(tagsOf('two-dice', e, 'Cy')).toEqual([{ text: 'dead', tone: 'danger' }]);
  });
});
