import { describe, expect, it } from 'vitest';
import type { Command } from '../../core/commands';
import type { Encounter } from '../../encounter/encounter';
import { openPrompt } from '../../encounter/prompts';
import { drawnMap } from '../../testing/grids';
import { ENEMIES, idOf, run, stepWithDice } from '../../test-support';
import { addS, newSides, startWith, SWORD, takeTurn } from './testing';

// Who is who in Sides & Shock's questions, as the map marks them: the one provoking an attack of
// opportunity and the foes who may strike; a blow's attacker, its target and who may answer it.

const answer = (e: Encounter, a: Record<string, unknown>): Command => ({ type: 'answer-prompt', promptId: openPrompt(e.state, e.ruleset)?.id ?? '', answer: a }) as Command;
const subjects = (e: Encounter) => openPrompt(e.state, e.ruleset)?.subjects.map((s) => [e.state.combatants.find((c) => c.id === s.id)?.name, s.role]);

/** Ann at A1 with a sword, an Orc with a sword beside her at B1; Ann's side acts. */
function yard(): Encounter {
  let e = run(
    newSides(),
    addS('Ann', { gear: [SWORD] }),
    addS('Orc', { factionId: ENEMIES, gear: [SWORD] }),
    { type: 'set-grid', mapId: 'yard', name: 'Yard', map: drawnMap(['.....', '.....', '.....', '.....']) },
  );
  e = run(e, { type: 'place-on-grid', combatantId: idOf(e, 'Ann'), x: 0, y: 0 }, { type: 'place-on-grid', combatantId: idOf(e, 'Orc'), x: 1, y: 0 });
  return takeTurn(startWith(e, [8, 1]), 'Ann');
}

describe("Sides & Shock's questions name who is who", () => {
  it('an attack of opportunity: the one moving out of reach and the foe who may strike; then the free attack: who strikes, who is struck, who may answer', () => {
    let e = yard();
    e = run(e, { type: 'use-action', combatantId: idOf(e, 'Ann'), actionId: 'run' });
    e = run(e, { type: 'walk', combatantId: idOf(e, 'Ann'), x: 0, y: 3 } as Command);
    expect(subjects(e)).toEqual([
      ['Ann', 'moves out of reach'],
      ['Orc', 'may strike'],
    ]);
    // The Orc's free attack, 12 against AC 10, waits to land; Ann's Main is unspent (running is her Move), so she may take total defence.
    e = stepWithDice(e, [12], answer(e, { strike: idOf(e, 'Orc') })).encounter;
    expect(subjects(e)).toEqual([
      ['Orc', 'strikes'],
      ['Ann', 'struck, may defend'],
    ]);
    // It lands; the question comes back with nobody left to strike.
    e = stepWithDice(e, [3], answer(e, { respond: 'land' })).encounter;
    expect(subjects(e)).toEqual([['Ann', 'moves out of reach']]);
  });

  it('standing up provokes too, and the question says so', () => {
    let e = yard();
    e = run(e, { type: 'use-action', combatantId: idOf(e, 'Ann'), actionId: 'prone' }, { type: 'use-action', combatantId: idOf(e, 'Ann'), actionId: 'stand-up' });
    expect(subjects(e)).toEqual([
      ['Ann', 'stands up'],
      ['Orc', 'may strike'],
    ]);
  });
});
