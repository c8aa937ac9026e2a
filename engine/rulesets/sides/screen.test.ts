import { describe, expect, it } from 'vitest';
import type { Command } from '../../core/commands';
import type { Encounter } from '../../encounter/encounter';
import { combatantNamed, ENEMIES, idOf, refuse, run, stepWithDice } from '../../test-support';
import { fightOf } from './fight';
import { addS, firstEvent, lastEvent, newSides, startWith, SWORD, takeTurn, weaponId } from './testing';
import type { SidesCommand } from './commands';

// "Enemies who attack your ward must make a successful opposed combat skill check against you …
// If you succeed, their attack instead targets you. You can screen against a number of attackers
// each round equal to your highest combat skill … Multiple defenders can screen the same target,
// in which case the opposed skill check is compared to all defenders and targets the
// worst-rolling successful defender." Until the start of the screener's next turn.

const attackOn = (e: Encounter, target: string, d20: number): Command => ({ type: 'sides/attack', attackerId: idOf(e, 'Orc'), targetId: idOf(e, target), weaponId: weaponId(e, 'Orc', 'Sword'), dice: { attack: d20, damage: [3] } }) satisfies SidesCommand;
const screen = (e: Encounter, who: string): Command => ({ type: 'sides/screen', screenerId: idOf(e, who), wardId: idOf(e, 'Mage') }) satisfies SidesCommand;

/** Bo (Stab 1) and Cy (Stab 2) screen the Mage; then the Orc's turn. */
function screened(): Encounter {
  let e = run(newSides(), addS('Mage'), addS('Bo', { stab: 1 }), addS('Cy', { stab: 2 }), addS('Orc', { factionId: ENEMIES, gear: [SWORD], stab: 1 }), addS('Gob', { factionId: ENEMIES, gear: [SWORD] }));
  e = startWith(e, [8, 1]);
  e = run(takeTurn(e, 'Bo'), screen(e, 'Bo'), { type: 'end-turn' });
  e = run(takeTurn(e, 'Cy'), screen(e, 'Cy'), { type: 'end-turn' });
  e = run(takeTurn(e, 'Mage'), { type: 'end-turn' });
  return takeTurn(e, 'Orc');
}

describe('screening an ally', () => {
  it('needs a combat skill of at least 1', () => {
    let e = run(newSides(), addS('Mage'), addS('Dim'), addS('Orc', { factionId: ENEMIES }));
    e = takeTurn(startWith(e, [8, 1]), 'Dim');
    expect(refuse(e, { type: 'sides/screen', screenerId: idOf(e, 'Dim'), wardId: idOf(e, 'Mage') }).message).toBe('Dim needs at least level 1 in a combat skill to screen anyone.');
  });

  it('sends the attack to the worst-rolling screener who won the check', () => {
    // The Orc (STR 0, Stab 1) rolls 2d6 against Bo (Stab 1) and Cy (Stab 2): Orc 6 + 1 = 7 vs Bo 5 + 1 = 6 (Orc wins), Orc 4 + 1 = 5 vs Cy 5 + 2 = 7 (Cy wins): Cy takes it.
    let e = screened();
    e = stepWithDice(e, [3, 3, 2, 3, 2, 2, 2, 3], attackOn(e, 'Mage', 15)).encounter;
    const screenedEvent = firstEvent(e, 'sides/screened');
    expect(screenedEvent.takenBy).toBe(idOf(e, 'Cy'));
    const attacked = firstEvent(e, 'sides/attacked');
    expect(attacked.targetId).toBe(idOf(e, 'Cy'));
  });

  it('screens as many attackers a round as the highest combat skill, and ends at the screener\'s next turn', () => {
    let e = screened();
    // Bo's one screen this round, used on the Orc's first attack.
    e = stepWithDice(e, [3, 3, 1, 1, 3, 3, 1, 1], attackOn(e, 'Mage', 2)).encounter;
    expect(fightOf(e.state).screens.map((s) => [s.screenerId, s.used.count])).toEqual([[idOf(e, 'Bo'), 1], [idOf(e, 'Cy'), 1]]);
    // Past both screens, the miss's Shock waits on the Mage, who takes total defence.
    e = run(e, { type: 'answer-prompt', promptId: 'sides-blow', answer: { respond: 'total-defence' } } as Command);
    // A second attacker this round meets only Cy's screen: Bo's one is spent.
    e = run(takeTurn(run(e, { type: 'end-turn' }), 'Gob'), { type: 'sides/attack', attackerId: idOf(e, 'Gob'), targetId: idOf(e, 'Mage'), weaponId: weaponId(e, 'Gob', 'Sword'), dice: { attack: 1 } } satisfies SidesCommand);
    expect(lastEvent(e, 'sides/screened').contests.map((c) => c.screenerId)).toEqual([idOf(e, 'Cy')]);
    e = run(e, { type: 'answer-prompt', promptId: 'sides-blow', answer: { respond: 'land' } } as Command, { type: 'end-turn' });
    // Round 2: Bo's turn begins and his screen ends; Cy's stays until hers.
    e = takeTurn(e, 'Bo');
    expect(fightOf(e.state).screens.map((s) => s.screenerId)).toEqual([idOf(e, 'Cy')]);
    expect(combatantNamed(e, 'Mage').tracks.hp?.value).toBe(10);
    expect(combatantNamed(e, 'Cy').tracks.hp?.value).toBe(8);
  });
});
