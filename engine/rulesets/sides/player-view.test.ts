import { describe, expect, it } from 'vitest';
import { projectPlayerView, type PlayerFight } from '../../index';
import { ENEMIES, idOf, run } from '../../test-support';
import { addS, newSides, startWith } from './testing';

// Issue 21: "Players see the side order, whose side is acting, and descriptors for enemies."

function view(): PlayerFight {
  let e = run(newSides(), addS('Ann', { dex: 2 }), addS('Orc', { factionId: ENEMIES }), { type: 'add-faction', name: 'Wolves', colour: '#7a5c3e' });
  e = run(e, addS('Wolf', { factionId: e.state.factions[2]?.id ?? '' }));
  // Heroes 1 + 2 (the DEX modifier), Enemies 2, Wolves 8.
  e = startWith(e, [1, 2, 8]);
  e = run(e, { type: 'damage', combatantId: idOf(e, 'Orc'), amount: 6 });
  const v = projectPlayerView(e.state, e.ruleset);
  if (v.status === 'waiting') throw new Error('not started');
  return v;
}

describe('Sides & Shock on the players\' screen', () => {
  it('lists the sides in the order they rolled, names whose go it is, and shows enemies by descriptor', () => {
    const v = view();
    const names = v.sideOrder.map((key) => v.factions.find((f) => f.key === key)?.name);
    expect(names).toEqual(['Wolves', 'Heroes', 'Enemies']);
    expect(v.whoseGo?.name).toBe('Wolves');
    expect(v.combatants.find((c) => c.name === 'Enemies 1')?.health).toEqual({ kind: 'descriptor', descriptor: 'badly hurt' });
  });
});
