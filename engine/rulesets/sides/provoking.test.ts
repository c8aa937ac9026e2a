import { describe, expect, it } from 'vitest';
import type { Command } from '../../core/commands';
import type { Encounter } from '../../encounter/encounter';
import { openPrompt } from '../../encounter/prompts';
import { drawnMap } from '../../testing/grids';
import { combatantNamed, ENEMIES, idOf, run, stepWithDice } from '../../test-support';
import { addS, newSides, startWith, SWORD, takeTurn } from './testing';
import type { SidesCommand } from './commands';

// The action table's "Yes" and "Sometimes": each provoking action asks the foes beside armed with
// a melee weapon, and "Disengage from all adjacent melee attackers for the rest of the round,
// allowing you to move or act from them without incurring an Attack of Opportunity."

const answer = (e: Encounter, a: Record<string, unknown>): Command => ({ type: 'answer-prompt', promptId: openPrompt(e.state)?.id ?? '', answer: a }) as Command;
const act = (e: Encounter, actionId: string): Command => ({ type: 'use-action', combatantId: idOf(e, 'Ann'), actionId }) as Command;
const walk = (e: Encounter, x: number, y: number): Command => ({ type: 'walk', combatantId: idOf(e, 'Ann'), x, y }) as Command;

/** Ann at A1 (Stab 1) with an Orc and its sword at B1, her ally Bo at A3; the party acts first. */
function beside(): Encounter {
  let e = run(newSides(), addS('Ann', { stab: 1, gear: [SWORD] }), addS('Bo'), addS('Orc', { factionId: ENEMIES, gear: [SWORD] }), { type: 'set-grid', mapId: 'm', name: 'Map', map: drawnMap(['......', '......', '......', '......']) });
  e = run(e, { type: 'place-on-grid', combatantId: idOf(e, 'Ann'), x: 0, y: 0 }, { type: 'place-on-grid', combatantId: idOf(e, 'Orc'), x: 1, y: 0 }, { type: 'place-on-grid', combatantId: idOf(e, 'Bo'), x: 0, y: 2 });
  return takeTurn(startWith(e, [8, 1]), 'Ann');
}

describe('attacks of opportunity for each provoking action', () => {
  it('asks the armed foe beside someone using a skill, and strikes before it goes on', () => {
    // "If you attempt to Use a Skill while adjacent to an armed melee combatant, they get an Attack of Opportunity."
    const e = beside();
    const skill = run(e, act(e, 'skill'));
    expect(openPrompt(skill.state)?.message).toBe('Ann uses a skill: Orc may strike first (a free attack of opportunity).');
    // The Orc's free blow: 15 hits AC 10; its d8 shows 4.
    let struck = stepWithDice(skill, [15], answer(skill, { strike: idOf(e, 'Orc') })).encounter;
    struck = stepWithDice(struck, [4], answer(struck, { respond: 'land' })).encounter;
    expect(combatantNamed(struck, 'Ann').tracks.hp?.value).toBe(6);
  });

  it('asks the armed foe beside a screener setting off, even when the walk stays in its reach; a run that stays in reach asks nothing', () => {
    // Screen an ally: "If you moved and started your movement adjacent to an armed melee combatant,
    // they get an Attack of Opportunity." Ann steps to A2, beside Bo and still beside the Orc.
    let e = beside();
    e = run(e, { type: 'sides/screen', screenerId: idOf(e, 'Ann'), wardId: idOf(e, 'Bo') } satisfies SidesCommand, walk(e, 0, 1));
    expect(openPrompt(e.state)?.message).toBe('Ann moves to screen an ally: Orc may strike first (a free attack of opportunity).');
    expect(combatantNamed(e, 'Ann').square).toMatchObject({ x: 0, y: 0 });
    e = run(e, answer(e, { respond: 'none' }));
    expect(combatantNamed(e, 'Ann').square).toMatchObject({ x: 0, y: 1 });
    // Only the start of the movement provokes: a second step of the same Move asks nothing.
    e = run(e, walk(e, 0, 0));
    expect(openPrompt(e.state)).toBeNull();
    // Run provokes only on leaving reach: A1 to A2 stays beside the Orc.
    const ran = beside();
    expect(openPrompt(run(ran, act(ran, 'run'), walk(ran, 0, 1)).state)).toBeNull();
  });

  it('keeps off every foe whose reach covers one as one disengaged, a long weapon\'s too', () => {
    // Run: "When you leave a melee combatant's range (usually 5', though can be longer for big foes
    // or Long weapons), they get an Attack of Opportunity. To avoid this, you must Disengage first."
    // Ann at A1 disengages from the Orc at B1 and a Pikeman with a 10-ft spear at C3, whose reach covers her.
    let e = beside();
    e = run(e, addS('Pikeman', { factionId: ENEMIES, gear: [{ ...SWORD, name: 'Long spear', reach: 10 }] }));
    e = run(e, { type: 'place-on-grid', combatantId: idOf(e, 'Pikeman'), x: 2, y: 2 }, act(e, 'disengage'), act(e, 'run'));
    // On to F1: out of the Orc's reach and the Pikeman's; neither may strike.
    e = run(e, walk(e, 5, 0));
    expect(openPrompt(e.state)).toBeNull();
    expect(combatantNamed(e, 'Ann').square).toMatchObject({ x: 5, y: 0 });
  });

  it('keeps off only the foes whose reach covered one as one disengaged, not a foe whose reach one enters and leaves later that round', () => {
    // Disengage: "Disengage from all adjacent melee attackers for the rest of the round" — those
    // threatening one then. The Pikeman (10-ft spear) stands at F3, 25 ft from Ann at A1.
    let e = beside();
    e = run(e, addS('Pikeman', { factionId: ENEMIES, gear: [{ ...SWORD, name: 'Long spear', reach: 10 }] }));
    e = run(e, { type: 'place-on-grid', combatantId: idOf(e, 'Pikeman'), x: 5, y: 2 }, act(e, 'disengage'), act(e, 'run'));
    // To D1, round the Orc and into the Pikeman's reach: nothing asked.
    e = run(e, walk(e, 3, 0));
    expect(openPrompt(e.state)).toBeNull();
    // Back to B2: out of the Pikeman's reach; only the Pikeman, not disengaged from, may strike.
    e = run(e, walk(e, 1, 1));
    expect(openPrompt(e.state)?.message).toBe('Ann moves out of reach: Pikeman may strike first (a free attack of opportunity).');
  });

  it('keeps the foe beside a disengaged character off for the rest of the round, whatever they do, and not the next', () => {
    let e = beside();
    e = run(e, act(e, 'disengage'));
    // A screen's walk (a Move) beside the Orc, then dropping prone: nothing is asked.
    e = run(e, { type: 'sides/screen', screenerId: idOf(e, 'Ann'), wardId: idOf(e, 'Bo') } satisfies SidesCommand, walk(e, 0, 1));
    expect(openPrompt(e.state)).toBeNull();
    e = run(e, act(e, 'prone'));
    expect(openPrompt(e.state)).toBeNull();
    // Round 2: Disengage has run out, and standing up beside the Orc provokes it again.
    e = run(e, { type: 'end-turn' });
    e = run(takeTurn(e, 'Bo'), { type: 'end-turn' });
    e = run(takeTurn(e, 'Orc'), { type: 'end-turn' });
    e = takeTurn(e, 'Ann');
    expect(e.state.round).toBe(2);
    expect(openPrompt(run(e, act(e, 'stand-up')).state)?.message).toBe('Ann stands up: Orc may strike first (a free attack of opportunity).');
  });
});
