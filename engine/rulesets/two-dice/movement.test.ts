import { describe, expect, it } from 'vitest';
import type { Encounter } from '../../encounter/encounter';
import { drawnMap } from '../../testing/grids';
import { ENEMIES, idOf, refuse, run, stepWithDice } from '../../test-support';
import { movementOptions, normalMove, optionFor } from './movement';
import { GREATSWORD, addT, newTwoDice } from './testing';

// "If they are currently in combat (i.e. in a square that's directly adjacent to combat), they can
// attack, evade, or attempt to extricate themselves from combat. If they're not currently in
// combat, and their distance from combat is within their normal movement, they can advance to
// combat and attack. … within twice their normal movement, they can advance to combat, at which
// point their turn ends." Heavy armour: "Movement is reduced by 5".

/** Ann (acting first) and an orc on an open 20 × 3 map of 5-ft squares, Ann on A1 and the orc on the square given. */
function onGrid(orcAt: { x: number; y: number }, ann: Parameters<typeof addT>[1] = {}): Encounter {
  const setUp = run(newTwoDice(), addT('Ann', ann), addT('Orc', { factionId: ENEMIES }), { type: 'set-grid', mapId: 'yard', name: 'Yard', map: drawnMap(['....................', '....................', '....................']) });
  const placed = run(
    setUp,
    { type: 'place-on-grid', combatantId: idOf(setUp, 'Ann'), x: 0, y: 0 },
    { type: 'place-on-grid', combatantId: idOf(setUp, 'Orc'), x: orcAt.x, y: orcAt.y },
  );
  return stepWithDice(placed, [6, 6, 1, 1], { type: 'start-combat' }).encounter;
}

const options = (e: Encounter, distance?: number) => movementOptions(e.state, e.state.combatants.find((c) => c.name === 'Ann')!, e.ruleset, distance);

describe('2d6 & Vigilant movement options', () => {
  it('reads the options from the distance to the fight and a normal move', () => {
    expect(optionFor(0, 30)).toBe('in-combat');
    expect(optionFor(30, 30)).toBe('advance-and-attack');
    expect(optionFor(35, 30)).toBe('advance-turn-ends');
    expect(optionFor(60, 30)).toBe('advance-turn-ends');
    expect(optionFor(65, 30)).toBe('gm-decides');
  });

  it('takes 5 ft off a normal move in heavy armour', () => {
    const e = run(newTwoDice(), addT('Ann', { traits: ['armorTraining', 'strong'], kit: { armour: 'heavy' } }));
    expect(normalMove(e.state.combatants[0]!)).toBe(25);
    expect(optionFor(30, 25)).toBe('advance-turn-ends');
  });

  it('works the options out from the squares on a grid map', () => {
    const adjacent = options(onGrid({ x: 1, y: 1 }));
    expect(adjacent.option).toBe('in-combat');
    expect(adjacent.foes).toHaveLength(1);
    expect(options(onGrid({ x: 5, y: 0 }))).toMatchObject({ option: 'advance-and-attack', toCombat: 20 });
    expect(options(onGrid({ x: 8, y: 0 }))).toMatchObject({ option: 'advance-turn-ends', toCombat: 35 });
    expect(options(onGrid({ x: 19, y: 0 }))).toMatchObject({ option: 'gm-decides', toCombat: null });
  });

  it('waits for the GM\'s distance off the grid', () => {
    const e = stepWithDice(run(newTwoDice(), addT('Ann'), addT('Orc', { factionId: ENEMIES })), [6, 6, 1, 1], { type: 'start-combat' }).encounter;
    expect(options(e).option).toBeNull();
    expect(options(e, 40).option).toBe('advance-turn-ends');
  });

  it('ends the turn after walking further than a normal move: no attack then', () => {
    const e = onGrid({ x: 8, y: 0 }, { kit: { weapons: [GREATSWORD] } });
    const walked = run(e, { type: 'walk', combatantId: idOf(e, 'Ann'), x: 7, y: 0 });
    expect(refuse(walked, { type: 'two-dice/attack', attackerId: idOf(e, 'Ann'), targetId: idOf(e, 'Orc') }).code).toBe('two-dice/ran');
    // Twice a normal move is as far as a turn walks.
    expect(refuse(e, { type: 'walk', combatantId: idOf(e, 'Ann'), x: 13, y: 0 }).code).toBe('grid/too-far');
  });

  it('lets someone advance a normal move and attack', () => {
    const e = onGrid({ x: 5, y: 0 });
    const walked = run(e, { type: 'walk', combatantId: idOf(e, 'Ann'), x: 4, y: 0 });
    expect(stepWithDice(walked, [1, 1], { type: 'two-dice/attack', attackerId: idOf(e, 'Ann'), targetId: idOf(e, 'Orc') }).events).toHaveLength(1);
  });

  it('keeps someone in combat from walking away until they extricate', () => {
    const e = onGrid({ x: 1, y: 0 });
    const held = refuse(e, { type: 'walk', combatantId: idOf(e, 'Ann'), x: 0, y: 2 });
    expect(held.code).toBe('move/held');
    expect(held.message).toContain('extricate');
    const failed = stepWithDice(e, [1, 2], { type: 'two-dice/test', combatantId: idOf(e, 'Ann'), test: 'extricate' }).encounter;
    expect(refuse(failed, { type: 'walk', combatantId: idOf(e, 'Ann'), x: 0, y: 2 }).code).toBe('move/held');
    const clear = stepWithDice(e, [4, 4], { type: 'two-dice/test', combatantId: idOf(e, 'Ann'), test: 'extricate' }).encounter;
    expect(run(clear, { type: 'walk', combatantId: idOf(e, 'Ann'), x: 0, y: 2 }).state.combatants.find((c) => c.name === 'Ann')?.square).toMatchObject({ x: 0, y: 2 });
  });
});

describe('2d6 & Vigilant advancing off the grid', () => {
  const fight = () => stepWithDice(run(newTwoDice(), addT('Ann'), addT('Orc', { factionId: ENEMIES })), [6, 6, 1, 1], { type: 'start-combat' }).encounter;
  const attackCmd = (e: Encounter) => ({ type: 'two-dice/attack', attackerId: idOf(e, 'Ann'), targetId: idOf(e, 'Orc') });

  it('advances up to a normal move and still attacks', () => {
    const e = fight();
    const moved = run(e, { type: 'two-dice/advance', combatantId: idOf(e, 'Ann'), distance: 30 });
    expect(stepWithDice(moved, [1, 1], attackCmd(e) as never).events).toHaveLength(1);
  });

  it('ends the turn past a normal move, and leaves past twice that to the GM', () => {
    const e = fight();
    const ran = run(e, { type: 'two-dice/advance', combatantId: idOf(e, 'Ann'), distance: 20 }, { type: 'two-dice/advance', combatantId: idOf(e, 'Ann'), distance: 20 });
    expect(refuse(ran, attackCmd(e)).code).toBe('two-dice/ran');
    const far = refuse(e, { type: 'two-dice/advance', combatantId: idOf(e, 'Ann'), distance: 65 });
    expect(far.code).toBe('two-dice/too-far');
    expect(far.overridable).toBe(true);
    expect(run(e, { type: 'two-dice/advance', combatantId: idOf(e, 'Ann'), distance: 65, gmRuling: true }).state.rules).toMatchObject({ turn: { moved: 65 } });
  });
});
