import { describe, expect, it } from 'vitest';
import type { Encounter } from '../../encounter/encounter';
import { openPrompt } from '../../encounter/prompts';
import { drawnMap } from '../../testing/grids';
import { combatantNamed, ENEMIES, HEROES, idOf, refuse, run, stepWithDice } from '../../test-support';
import { personOf } from './person';
import { newThreeActions } from './testing';

// "Intercept | Spend 1 stamina to move and displace an ally replacing them as a target, then may
// take any defensive action as a free reaction." On a grid of 1 m squares the one stepping in
// moves to the ally (no further than a move: their speed) and the two trade places.

const SWORD = { name: 'Sword', kind: 'weapon', test: 'd6+d6', damage: 0, critDamage: 0, critOn: 20, damageType: 'slashing', delivery: 'melee' };

/** An orc on C3 hits Boudica on B3 for 7 (she could dodge); Roland (speed 3) stands on the square given, or off the map. */
function yard(roland: [number, number] | null): Encounter {
  let e = run(
    newThreeActions(),
    { type: 'add-combatant', name: 'Orc', factionId: ENEMIES, tracks: { endurance: 12, health: 12, stamina: 0 }, rules: { gear: [SWORD] } },
    { type: 'add-combatant', name: 'Boudica', factionId: HEROES, stats: { evasion: 0 }, tracks: { endurance: 12, health: 12, stamina: 1 } },
    { type: 'add-combatant', name: 'Roland', factionId: HEROES, stats: { evasion: 0, speed: 3 }, tracks: { endurance: 12, health: 12, stamina: 2 } },
    { type: 'set-grid', mapId: 'yard', name: 'Yard', map: drawnMap(['........', '........', '........', '........', '........'], { cellSize: 1, unit: 'm' }) },
  );
  for (const [name, at] of [['Orc', [2, 2]], ['Boudica', [1, 2]], ['Roland', roland]] as const) if (at) e = run(e, { type: 'place-on-grid', combatantId: idOf(e, name), x: at[0], y: at[1] });
  e = run(e, { type: 'start-combat', initiativeFactionId: ENEMIES }, { type: 'take-turn', combatantId: idOf(e, 'Orc') });
  const orc = combatantNamed(e, 'Orc');
  return stepWithDice(e, [10, 3, 4], { type: 'three-actions/attack', attackerId: orc.id, targetId: idOf(e, 'Boudica'), weaponId: personOf(orc).gear[0]!.id } as never).encounter;
}

const stepIn = (e: Encounter) => ({ type: 'answer-prompt' as const, promptId: openPrompt(e.state, e.ruleset)!.id, answer: { defence: 'intercept', allyId: idOf(e, 'Roland') } });
const square = (e: Encounter, name: string) => combatantNamed(e, name).square;

describe('Three Actions: stepping in on the grid', () => {
  it('moves Roland to Boudica and trades their places, 3 m away with a speed of 3', () => {
    let e = yard([4, 2]);
    expect(openPrompt(e.state, e.ruleset)?.choices.map((c) => c.label)).toContain('Roland steps in');
    e = run(e, stepIn(e));
    expect(square(e, 'Roland')).toEqual({ x: 1, y: 2, size: 1 });
    expect(square(e, 'Boudica')).toEqual({ x: 4, y: 2, size: 1 });
    // The blow is his now, and he may defend for free.
    expect(openPrompt(e.state, e.ruleset)?.message).toContain('Roland is hit');
  });

  it('doesn\'t offer, and refuses, stepping in from further than a move: 4 m with a speed of 3', () => {
    const e = yard([5, 2]);
    expect(openPrompt(e.state, e.ruleset)?.choices.map((c) => c.label) ?? []).not.toContain('Roland steps in');
    expect(refuse(e, stepIn(e))).toMatchObject({ code: 'three-actions/intercept' });
  });

  it('leaves where they stand to the GM when Roland is off the map', () => {
    let e = yard(null);
    e = run(e, stepIn(e));
    expect(square(e, 'Roland') ?? null).toBeNull();
    expect(square(e, 'Boudica')).toEqual({ x: 1, y: 2, size: 1 });
    expect(openPrompt(e.state, e.ruleset)?.message).toContain('Roland is hit');
  });
});
