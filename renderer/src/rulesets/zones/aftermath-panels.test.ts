import 'fake-indexeddb/auto';
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import { createEncounter, dispatch, eligibleOf, findRuleset, type Command, type Encounter, BUILTIN_RULESETS } from '../../../../engine/index';
import { encounterStore as store } from '../../store/index';
import ChaosTimer from './ChaosTimer.svelte';
import ChasePanel from './ChasePanel.svelte';
import GearWearPanel from './GearWearPanel.svelte';
import MoralePanel from './MoralePanel.svelte';

// Server-renders the panels against a real encounter: no DOM library needed, and what is checked
// is the text the GM reads.

function run(enc: Encounter, ...commands: Command[]): Encounter {
  return commands.reduce((e, command) => {
    const result = dispatch(e, command);
    if (!result.ok) throw new Error(`${command.type}: ${result.message}`);
    return result.encounter;
  }, enc);
}

/** Visible text of rendered markup, one space between pieces. */
const textOf = (html: string) => html.replace(/<!--[^>]*-->/g, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

/** Aria (WIT 12) against four bandits (WIT 8), two of them downed: the bandits' morale is due. */
function moralePhase(): Encounter {
  const created = createEncounter({ id: 'panels', name: 'Panels', rulesetId: 'zones', seed: 5 }, BUILTIN_RULESETS);
  if (!created.ok) throw new Error(created.message);
  let enc = run(
    created.encounter,
    { type: 'add-combatant', name: 'Aria', factionId: 'f1', stats: { wit: 12, agi: 14 }, tracks: { health: 10 }, rules: { gear: [{ name: 'Mail', kind: 'armour', protection: 2, used: true }] } },
    { type: 'add-combatant', name: 'Bandit', quantity: 4, factionId: 'f2', stats: { wit: 8, agi: 9 }, tracks: { health: 6 } },
    { type: 'start-combat', initiativeFactionId: 'f1' },
  );
  const [b1, b2] = enc.state.combatants.filter((c) => c.factionId === 'f2');
  enc = run(enc, { type: 'damage', combatantId: b1?.id ?? '', amount: 6 }, { type: 'damage', combatantId: b2?.id ?? '', amount: 6 });
  const turns = findRuleset('zones')?.turn.order;
  if (turns?.kind !== 'alternating') throw new Error('zones should alternate');
  // Everyone still standing takes a turn, which ends the round.
  for (let i = 0; i < 10 && enc.state.turn?.phase !== 'morale'; i++) {
    const who = eligibleOf(turns, enc.state, enc.state.turn?.factionId ?? '')[0];
    if (!who) throw new Error('nobody to act');
    enc = run(enc, { type: 'take-turn', combatantId: who.id }, { type: 'end-turn' });
  }
  return enc;
}

describe('aftermath panels', () => {
  it('morale: says why, shows the odds before the roll, then each result', () => {
    store.encounter = moralePhase();
    const before = textOf(render(MoralePanel).body);
    expect(before).toContain('Only 2 of the 4 who started are still in the fight');
    expect(before).toMatch(/Bandit 3 8 60%/);
    expect(before).toContain('Likely to break: 1.2 of 2');
    expect(before).toContain('Roll morale for Enemies');

    expect(store.dispatch({ type: 'zones/morale-check', factionId: 'f2' })).toBe(true);
    const after = textOf(render(MoralePanel).body);
    expect(after).toContain('No morale check is waiting');
    expect(after).toMatch(/Bandit 3 rolled \d+ against WIT 8 (holds \(free of morale for this fight\)|breaks and retreats)/);
  });

  it('chase: lists who can run, then the outcome with the save', () => {
    store.encounter = moralePhase();
    expect(textOf(render(ChasePanel).body)).toContain('Aria AGI 14');
    const aria = store.state?.combatants[0]?.id ?? '';
    expect(store.dispatch({ type: 'zones/resolve-chase', fleeing: [{ combatantId: aria, speed: 1, stamina: 1 }], pursuers: { speed: 1, stamina: 1 } })).toBe(true);
    expect(textOf(render(ChasePanel).body)).toMatch(/Last chase Aria (escaped|caught) AGI save: rolled \d+ against 14/);
  });

  it('gear wear: waits for the end of the fight, lists used gear, then the rolls', () => {
    store.encounter = moralePhase();
    expect(textOf(render(GearWearPanel).body)).toContain('once the fight is over');
    store.encounter = run(store.encounter, { type: 'end-combat' });
    const before = textOf(render(GearWearPanel).body);
    expect(before).toMatch(/Each item rolls a d6 ?; a 1 wears it one step/);
    // The kind in brackets ("Mail (armour)"), never said twice ("Armour armour").
    expect(before).toMatch(/Mail \(armour\) Aria sound/);
    expect(store.dispatch({ type: 'zones/roll-gear-wear' })).toBe(true);
    expect(textOf(render(GearWearPanel).body)).toMatch(/Wear rolled .* Mail Aria \d/);
  });

  it('chaos timer: shows the configured seconds and the talking reminder, with no inline styles', () => {
    store.encounter = run(moralePhase(), { type: 'set-setting', key: 'declareSeconds', value: 20 });
    const html = render(ChaosTimer, { props: { turnKey: 'r1' } }).body;
    expect(textOf(html)).toMatch(/Declare your turn 20 Start Pause Reset/);
    expect(textOf(html)).toContain('bonus action');
    expect(html).not.toContain('style="');
  });
});
