import { describe, expect, it } from 'vitest';
import type { Command } from '../../core/commands';
import type { Encounter } from '../../encounter/encounter';
import { openPrompt } from '../../encounter/prompts';
import { drawnMap } from '../../testing/grids';
import { ENEMIES, idOf, run, stepWithDice } from '../../test-support';
import { addS, eventsOf, lastEvent, newSides, startWith, SWORD, takeTurn, weaponId } from './testing';
import type { SidesCommand } from './commands';

// "Enemies who attack your ward must make a successful opposed combat skill check against you":
// every attack, an attack of opportunity and a charge's too.

const answer = (e: Encounter, a: Record<string, unknown>): Command => ({ type: 'answer-prompt', promptId: openPrompt(e.state)?.id ?? '', answer: a }) as Command;
const screenedBy = (e: Encounter) => eventsOf(e, 'sides/screened').map((x) => x.takenBy);
const attackedWhom = (e: Encounter) => lastEvent(e, 'sides/attacked').targetId;

/** Bo (Stab 2, or as given) at A1 screens the Mage, prone at A2; an Orc with a sword at B1, a Gob with one at E2; the party acts first. */
function guarded(stab = 2): Encounter {
  let e = run(newSides(), addS('Bo', { stab }), addS('Mage'), addS('Orc', { factionId: ENEMIES, gear: [SWORD] }), addS('Gob', { factionId: ENEMIES, gear: [SWORD] }), { type: 'set-grid', mapId: 'm', name: 'Map', map: drawnMap(['......', '......', '......']) });
  e = run(e, ...[['Bo', 0, 0], ['Mage', 0, 1], ['Orc', 1, 0], ['Gob', 4, 1]].map(([who, x, y]) => ({ type: 'place-on-grid', combatantId: idOf(e, who as string), x, y }) as Command));
  e = run(e, { type: 'add-condition', combatantId: idOf(e, 'Mage'), name: 'Prone' } as never);
  e = takeTurn(startWith(e, [8, 1]), 'Bo');
  return run(e, { type: 'sides/screen', screenerId: idOf(e, 'Bo'), wardId: idOf(e, 'Mage') } satisfies SidesCommand, { type: 'end-turn' });
}

/** Answers whatever waits: blows land, attacks of opportunity are let go. */
function settle(e: Encounter): Encounter {
  for (let p = openPrompt(e.state); p; p = openPrompt(e.state)) e = run(e, answer(e, { respond: p.id === 'sides-blow' ? 'land' : 'none' }));
  return e;
}

describe('a screen against every attack on the ward', () => {
  it('meets an attack of opportunity on the ward', () => {
    let e = takeTurn(guarded(), 'Mage');
    e = run(e, { type: 'use-action', combatantId: idOf(e, 'Mage'), actionId: 'stand-up' });
    // The Orc strikes: its check 1 + 1 against Bo's 6 + 6 + 2; Bo takes the blow (a d20 of 5 misses him).
    e = stepWithDice(e, [1, 1, 6, 6, 5], answer(e, { strike: idOf(e, 'Orc') })).encounter;
    expect(screenedBy(e)).toEqual([idOf(e, 'Bo')]);
    expect(attackedWhom(e)).toBe(idOf(e, 'Bo'));
  });

  it("meets a charge's attack on the ward", () => {
    let e = run(takeTurn(guarded(), 'Mage'), { type: 'end-turn' });
    e = run(takeTurn(e, 'Orc'), { type: 'end-turn' });
    e = takeTurn(e, 'Gob');
    // The Gob charges from E2 to B2, beside the Mage: the check first (1 + 1 against 6 + 6 + 2), and Bo takes it.
    e = stepWithDice(e, [1, 1, 6, 6], { type: 'sides/attack', attackerId: idOf(e, 'Gob'), targetId: idOf(e, 'Mage'), weaponId: weaponId(e, 'Gob', 'Sword'), way: 'charge', to: { x: 1, y: 1 }, dice: { attack: 5 } } satisfies SidesCommand).encounter;
    expect(screenedBy(e)).toEqual([idOf(e, 'Bo')]);
    expect(attackedWhom(e)).toBe(idOf(e, 'Bo'));
    // Marked as one no screen can block, it goes at the Mage.
    let unscreened = run(takeTurn(guarded(), 'Mage'), { type: 'end-turn' });
    unscreened = run(takeTurn(unscreened, 'Orc'), { type: 'end-turn' });
    unscreened = takeTurn(unscreened, 'Gob');
    unscreened = run(unscreened, { type: 'sides/attack', attackerId: idOf(e, 'Gob'), targetId: idOf(e, 'Mage'), weaponId: weaponId(e, 'Gob', 'Sword'), way: 'charge', to: { x: 1, y: 1 }, unscreened: true, dice: { attack: 5 } } satisfies SidesCommand);
    expect([screenedBy(unscreened), attackedWhom(unscreened)]).toEqual([[], idOf(e, 'Mage')]);
  });

  it('counts attackers, not attacks: one already screened this round is screened again without using another', () => {
    // Bo's Stab 1: one attacker a round. The Orc's attack of opportunity and its own attack both meet his screen; the Gob's charge doesn't.
    let e = takeTurn(guarded(1), 'Mage');
    e = run(e, { type: 'use-action', combatantId: idOf(e, 'Mage'), actionId: 'stand-up' });
    e = settle(stepWithDice(e, [1, 1, 6, 6, 5], answer(e, { strike: idOf(e, 'Orc') })).encounter);
    e = takeTurn(run(e, { type: 'end-turn' }), 'Orc');
    e = settle(stepWithDice(e, [1, 1, 6, 6], { type: 'sides/attack', attackerId: idOf(e, 'Orc'), targetId: idOf(e, 'Mage'), weaponId: weaponId(e, 'Orc', 'Sword'), dice: { attack: 5 } } satisfies SidesCommand).encounter);
    expect(screenedBy(e)).toEqual([idOf(e, 'Bo'), idOf(e, 'Bo')]);
    e = takeTurn(run(e, { type: 'end-turn' }), 'Gob');
    e = run(e, { type: 'sides/attack', attackerId: idOf(e, 'Gob'), targetId: idOf(e, 'Mage'), weaponId: weaponId(e, 'Gob', 'Sword'), way: 'charge', to: { x: 1, y: 1 }, dice: { attack: 5 } } satisfies SidesCommand);
    expect(screenedBy(e)).toHaveLength(2);
    expect(attackedWhom(e)).toBe(idOf(e, 'Mage'));
  });

  it('meets a snap attack at a screened attacker before its blow lands', () => {
    // The Orcs act first: the Gob (Stab 1) screens the Orc beside it, and the Orc hits Ann.
    let e = run(newSides(), addS('Ann', { gear: [SWORD], dexScore: 3 }), addS('Orc', { factionId: ENEMIES, gear: [SWORD] }), addS('Gob', { factionId: ENEMIES, stab: 1, gear: [SWORD] }));
    e = takeTurn(startWith(e, [1, 8]), 'Gob');
    e = run(e, { type: 'sides/screen', screenerId: idOf(e, 'Gob'), wardId: idOf(e, 'Orc') } satisfies SidesCommand, { type: 'end-turn' });
    e = takeTurn(e, 'Orc');
    e = run(e, { type: 'sides/attack', attackerId: idOf(e, 'Orc'), targetId: idOf(e, 'Ann'), weaponId: weaponId(e, 'Orc', 'Sword'), dice: { attack: 15, damage: [3] } } satisfies SidesCommand);
    // Ann snaps at the Orc: her check 1 + 1 against the Gob's 6 + 6 + 1; the Gob takes it.
    e = stepWithDice(e, [1, 1, 6, 6], answer(e, { respond: 'snap', by: idOf(e, 'Ann'), weaponId: weaponId(e, 'Ann', 'Sword'), dice: { attack: 20, damage: [1] } })).encounter;
    expect(screenedBy(e)).toEqual([idOf(e, 'Gob')]);
    expect(attackedWhom(e)).toBe(idOf(e, 'Gob'));
  });
});
