import { describe, expect, it } from 'vitest';
import type { Command } from '../../core/commands';
import type { Encounter } from '../../encounter/encounter';
import { logEntries } from '../../log/entries';
import { drawnMap } from '../../testing/grids';
import { combatantNamed, ENEMIES, idOf, refuse, run } from '../../test-support';
import { isUnder, PRONE } from './conditions';
import { addS, newSides, startWith, takeTurn } from './testing';
import type { SidesCommand } from './commands';

// "To knock a target down or force them into an adjacent square, the attacker needs a successful
// Attack Roll. Then, in lieu of damage, roll an opposed STR/Brawl or STR/Exert check. If the
// attacker succeeds, the target is forced into an adjacent square or knocked prone."

const shove = (e: Encounter, outcome: 'push' | 'prone', dice: object, more: object = {}): Command =>
  ({ type: 'sides/shove', attackerId: idOf(e, 'Ann'), targetId: idOf(e, 'Orc'), outcome, dice, ...more }) satisfies SidesCommand;

/** Ann at B2 beside an Orc at C2 on an open map; Ann's turn. */
function beside(): Encounter {
  let e = run(newSides(), addS('Ann', { str: 1 }), addS('Orc', { factionId: ENEMIES }), { type: 'set-grid', mapId: 'm', name: 'Yard', map: drawnMap(['.....', '.....', '.....']) });
  e = run(e, { type: 'place-on-grid', combatantId: idOf(e, 'Ann'), x: 1, y: 1 }, { type: 'place-on-grid', combatantId: idOf(e, 'Orc'), x: 2, y: 1 });
  return takeTurn(startWith(e, [8, 1]), 'Ann');
}

describe('shoving', () => {
  it('knocks the target prone on a hit and a won STR check', () => {
    const e = run(beside(), shove(beside(), 'prone', { attack: 15, attacker: [5, 5], defender: [2, 2] }));
    expect(isUnder(combatantNamed(e, 'Orc'), PRONE)).toBe(true);
    expect(logEntries(e).at(-2)?.text).toBe('Ann shoves Orc (16 against AC 10) and knocks them prone (10 + 1 = 11 against 4).');
  });

  it('forces the target one square away on the map, to a square the GM may pick', () => {
    const straight = run(beside(), shove(beside(), 'push', { attack: 15, attacker: [5, 5], defender: [2, 2] }));
    expect(combatantNamed(straight, 'Orc').square).toMatchObject({ x: 3, y: 1 });
    const picked = run(beside(), shove(beside(), 'push', { attack: 15, attacker: [5, 5], defender: [2, 2] }, { to: { x: 3, y: 2 } }));
    expect(combatantNamed(picked, 'Orc').square).toMatchObject({ x: 3, y: 2 });
    expect(refuse(beside(), shove(beside(), 'push', { attack: 15 }, { to: { x: 1, y: 0 } })).message).toBe("Orc can't be pushed there: pick a free square next to them, away from Ann.");
  });

  it('moves nobody on a miss or a lost check', () => {
    const missed = run(beside(), shove(beside(), 'prone', { attack: 2 }));
    expect(isUnder(combatantNamed(missed, 'Orc'), PRONE)).toBe(false);
    const lost = run(beside(), shove(beside(), 'push', { attack: 15, attacker: [1, 1], defender: [6, 6] }));
    expect(combatantNamed(lost, 'Orc').square).toMatchObject({ x: 2, y: 1 });
  });
});
