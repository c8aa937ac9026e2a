import 'fake-indexeddb/auto';
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import { createEncounter, type Command, type Encounter, BUILTIN_RULESETS, rulesetCatalogue } from '../../../engine/index';
import { run } from '../../../engine/test-support';
import { testRuleset } from '../../../engine/testing/test-ruleset';
import { encounterStore as store } from '../store/index';
import TurnPanel from './TurnPanel.svelte';

// The generic turn panel, server-rendered: a ruleset with an action economy and no panels of its
// own gets what is left of each slot and its actions as buttons by cost; Zones & Factions adds
// its part (attacking, moving) and its movement chip.

const threeActions = testRuleset('turn-panel-three', {
  turn: {
    order: { kind: 'alternating', id: 'teams', allowPass: false, canAct: () => true, opening: null, gate: null, roundEnd: null },
    economy: {
      slots: [
        { id: 'action', perTurn: 3, label: 'action' },
        { id: 'reaction', perTurn: 1, label: 'reaction' },
      ],
      trades: [],
      costs: { one: { action: 1 }, three: { action: 3 } },
      left: (budget) => `${3 - Number(budget.action ?? 0)} of 3 actions left`,
    },
    actions: [
      { id: 'strike', name: 'Strike', cost: 'One action', provokes: null, summary: 'Hit something.', spends: 'one' },
      { id: 'spell', name: 'Big spell', cost: 'Three actions', provokes: null, summary: 'Everything at once.', spends: 'three' },
    ],
  },
});
const RULESETS = rulesetCatalogue([...BUILTIN_RULESETS.all, threeActions]);
;


const textOf = (html: string) => html.replace(/<!--[^>]*-->/g, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const disabled = (html: string, name: string) => new RegExp(`<button[^>]*disabled[^>]*>${name}</button>`).test(html);

function acting(rulesetId: string, extra: Command[] = []): Encounter {
  const created = createEncounter({ id: 'e', name: 'Panel', rulesetId, seed: 2 }, RULESETS);
  if (!created.ok) throw new Error(created.message);
  let enc = run(created.encounter, { type: 'add-combatant', name: 'Ann', factionId: 'f1' }, { type: 'add-combatant', name: 'Orc', factionId: 'f2' });
  enc = run(enc, { type: 'start-combat', initiativeFactionId: 'f1' });
  return run(enc, { type: 'take-turn', combatantId: enc.state.combatants[0]?.id ?? '' }, ...extra);
}

describe('the generic turn panel', () => {
  it("shows a ruleset's slots and actions by what is left of them", () => {
    store.encounter = acting('turn-panel-three');
    const fresh = render(TurnPanel).body;
    // Three actions a turn: a pip each, filled while it is left.
    expect(textOf(fresh)).toContain("Ann's turn Actions ● ● ● Reaction ✓ 3 of 3 actions left");
    expect(fresh).toContain('aria-label="3 of 3 actions left"');
    expect(disabled(fresh, 'Big spell')).toBe(false);
    expect(textOf(fresh)).toContain('End turn');

    expect(store.dispatch({ type: 'use-action', combatantId: store.active?.id ?? '', actionId: 'strike' })).toBe(true);
    expect(textOf(render(TurnPanel).body)).toContain('Actions ● ● ○ Reaction ✓ 2 of 3 actions left');
    expect(disabled(render(TurnPanel).body, 'Big spell')).toBe(true);
    store.encounter = acting('turn-panel-three');
    expect(store.dispatch({ type: 'use-action', combatantId: store.active?.id ?? '', actionId: 'spell' })).toBe(true);
    const spent = render(TurnPanel).body;
    expect(textOf(spent)).toContain('Actions ○ ○ ○ Reaction ✓ 0 of 3 actions left');
    expect(disabled(spent, 'Strike')).toBe(true);
  });

  it("adds Zones & Factions' part: attacking, moving and its movement", () => {
    store.encounter = acting('zones');
    const html = textOf(render(TurnPanel).body);
    expect(html).toContain('Bonus action ✓ Main action ✓ Move one zone ✓');
    expect(html).toContain('a bonus action and a main action (or two bonus actions) left; may still move a zone');
    expect(html).toContain('Attack T');
    expect(html).toContain('Interact (bonus) Interact (main)');
  });

  it('shows nothing for a ruleset that counts no actions', () => {
    const created = createEncounter({ id: 'f', name: 'Free', rulesetId: 'freeform', seed: 2 }, RULESETS);
    if (!created.ok) throw new Error(created.message);
    store.encounter = run(created.encounter, { type: 'add-combatant', name: 'Ann', factionId: 'f1' }, { type: 'start-combat' });
    expect(textOf(render(TurnPanel).body).trim()).toBe('');
  });
});
