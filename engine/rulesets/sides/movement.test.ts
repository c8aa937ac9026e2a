import { describe, expect, it } from 'vitest';
import type { Command } from '../../core/commands';
import type { Encounter } from '../../encounter/encounter';
import { drawnMap } from '../../testing/grids';
import { combatantNamed, ENEMIES, idOf, refuse, run, stepWithDice } from '../../test-support';
import { addS, firstEvent, lastEvent, newSides, startWith, SWORD, takeTurn, weaponId } from './testing';
import type { SidesCommand } from './commands';

// Go prone: "Your normal movement rate is halved while you remain prone." Screen an ally: "You
// then physically block attacks against them until the start of your next turn, provided they
// remain within 5 ft of you."

const walk = (e: Encounter, who: string, x: number, y: number): Command => ({ type: 'walk', combatantId: idOf(e, who), x, y }) as Command;
const act = (e: Encounter, who: string, actionId: string): Command => ({ type: 'use-action', combatantId: idOf(e, who), actionId }) as Command;

/** Ann (Stab 1) and the Mage at A1 and A2, an Orc with a sword off at F4; the party acts first. */
function open(): Encounter {
  let e = run(newSides(), addS('Ann', { stab: 1 }), addS('Mage'), addS('Orc', { factionId: ENEMIES, gear: [SWORD] }), { type: 'set-grid', mapId: 'm', name: 'Map', map: drawnMap(['..........', '..........', '..........', '..........']) });
  e = run(e, { type: 'place-on-grid', combatantId: idOf(e, 'Ann'), x: 0, y: 0 }, { type: 'place-on-grid', combatantId: idOf(e, 'Mage'), x: 0, y: 1 }, { type: 'place-on-grid', combatantId: idOf(e, 'Orc'), x: 5, y: 3 });
  return startWith(e, [8, 1]);
}

describe('moving prone, and a screen only within 5 ft', () => {
  it('halves the movement of someone prone: a Run goes 15 ft, not 30', () => {
    let e = takeTurn(open(), 'Ann');
    e = run(e, { type: 'add-condition', combatantId: idOf(e, 'Ann'), name: 'Prone' } as never, act(e, 'Ann', 'run'));
    // A1 to E1 is 20 ft: too far crawling; D1, 15 ft, is within it.
    expect(refuse(e, walk(e, 'Ann', 4, 0)).code).toBe('grid/too-far');
    expect(combatantNamed(run(e, walk(e, 'Ann', 3, 0)), 'Ann').square).toMatchObject({ x: 3, y: 0 });
  });

  it('screens the ward only while within 5 ft of the screener, and not again once they have parted', () => {
    let e = takeTurn(open(), 'Ann');
    e = run(e, { type: 'sides/screen', screenerId: idOf(e, 'Ann'), wardId: idOf(e, 'Mage') } satisfies SidesCommand, { type: 'end-turn' });
    const orcAt = (x: Encounter, cx: number, cy: number) => run(run(takeTurn(x, 'Orc'), act(x, 'Orc', 'run')), walk(x, 'Orc', cx, cy));
    const strike = (x: Encounter): Command => ({ type: 'sides/attack', attackerId: idOf(x, 'Orc'), targetId: idOf(x, 'Mage'), weaponId: weaponId(x, 'Orc', 'Sword'), dice: { attack: 1 } }) satisfies SidesCommand;
    // The Mage staying beside Ann: the Orc at B3 must first beat Ann's check (2d6: 2 against 12 + 1), and she takes the blow.
    const stayed = orcAt(run(takeTurn(e, 'Mage'), { type: 'end-turn' }), 1, 2);
    const blocked = stepWithDice(stayed, [1, 1, 6, 6], strike(stayed)).encounter;
    expect(firstEvent(blocked, 'sides/screened').takenBy).toBe(idOf(e, 'Ann'));
    // The Mage walks 10 ft off, to A4: the Orc comes to B4 and strikes, and no screen stands in the way.
    e = run(takeTurn(e, 'Mage'), act(e, 'Mage', 'run'));
    e = run(e, walk(e, 'Mage', 0, 3));
    const away = run(run(e, { type: 'end-turn' }), { type: 'take-turn', combatantId: idOf(e, 'Orc') });
    expect(away.state.rules).toMatchObject({ screens: [] });
    const struck = run(orcAt(run(e, { type: 'end-turn' }), 1, 3), strike(e));
    expect(struck.events.some((x) => x.type === 'sides/screened')).toBe(false);
    // Having parted, the Mage coming back to A2 isn't screened again: they didn't remain within 5 ft.
    e = run(e, walk(e, 'Mage', 0, 1), { type: 'end-turn' });
    e = run(orcAt(e, 1, 2), strike(e));
    expect(e.events.some((x) => x.type === 'sides/screened')).toBe(false);
    expect(lastEvent(e, 'sides/attacked').targetId).toBe(idOf(e, 'Mage'));
  });
});
