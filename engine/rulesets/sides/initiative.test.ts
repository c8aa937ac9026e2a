import { describe, expect, it } from 'vitest';
import type { EventOf } from '../../encounter/events';
import { logEntries } from '../../log/entries';
import { ENEMIES, HEROES, idOf, refuse, run, stepWithDice } from '../../test-support';
import { addS, newSides, startWith, takeTurn } from './testing';

// "Each participating side rolls 1d8, with the player's side adding the highest DEX from among
// the Party … Initiative is not re-rolled. The Party wins ties." and "a full free round of action
// before initiative is rolled".

const ordered = (e: ReturnType<typeof newSides>) => e.events.filter((x): x is EventOf<'sides-ordered'> => x.type === 'sides-ordered');

function party() {
  return run(newSides(), addS('Ann', { dexScore: 14 }), addS('Bo', { dexScore: 9 }), addS('Orc', { factionId: ENEMIES, quantity: 2 }));
}

describe('Sides & Shock initiative', () => {
  it('adds the party\'s highest DEX score, lets the party win a tie, and never rolls again', () => {
    // Party 1 + 14 (Ann's DEX, the higher) = 15; Orcs 8.
    let e = startWith(party(), [1, 8]);
    expect(ordered(e)[0]?.rolls.map((r) => [r.factionId, r.roll.total])).toEqual([[HEROES, 15], [ENEMIES, 8]]);
    e = startWith(run(newSides(), addS('Ann', { dexScore: 3 }), addS('Orc', { factionId: ENEMIES })), [5, 8]);
    // Party 5 + 3 = 8 ties the Orcs' 8: the party goes first.
    expect(ordered(e)[0]?.order).toEqual([HEROES, ENEMIES]);
    expect(ordered(e)[0]?.rolls.find((r) => r.factionId === HEROES)?.wonTie).toBe(true);
    expect(ordered(e)[0]?.rolls.every((r) => r.tiebreaks.length === 0)).toBe(true);
    expect(e.state.turn?.factionId).toBe(HEROES);
    // Three rounds on, still the one roll and the same order.
    for (let round = 0; round < 3; round++) {
      e = run(takeTurn(e, 'Ann'), { type: 'end-turn' });
      e = run(takeTurn(e, 'Orc'), { type: 'end-turn' });
    }
    expect(e.state.round).toBe(4);
    expect(ordered(e)).toHaveLength(1);
    expect(e.state.turn?.factionId).toBe(HEROES);
  });

  it('reads the DEX modifier instead where the setting says so', () => {
    let e = run(newSides(), addS('Ann', { dex: 2, dexScore: 16 }), addS('Orc', { factionId: ENEMIES }), { type: 'set-setting', key: 'partyBonus', value: 'dex-mod' });
    e = startWith(e, [3, 6]);
    expect(ordered(e)[0]?.rolls.map((r) => r.roll.total)).toEqual([5, 6]);
    expect(ordered(e)[0]?.order).toEqual([ENEMIES, HEROES]);
  });

  it('lets a side member act in any order, and the side acts as a block', () => {
    let e = startWith(party(), [1, 2]);
    expect(e.state.turn?.factionId).toBe(HEROES);
    e = run(takeTurn(e, 'Bo'), { type: 'end-turn' });
    expect(e.state.turn?.factionId).toBe(HEROES);
    expect(refuse(e, { type: 'take-turn', combatantId: idOf(e, 'Orc 1') }).message).toMatch(/Heroes|go/);
    e = run(takeTurn(e, 'Ann'), { type: 'end-turn' });
    expect(e.state.turn?.factionId).toBe(ENEMIES);
  });

  it('gives the surprising side a full round before initiative is rolled', () => {
    let e = run(party(), { type: 'sides/set-surprise', factionIds: [ENEMIES] } as never, { type: 'start-combat' });
    expect(e.state.round).toBe(0);
    expect(ordered(e)).toHaveLength(0);
    expect(refuse(e, { type: 'take-turn', combatantId: idOf(e, 'Ann') }).message).toBe("Ann's side was caught unawares; they wait for round 1.");
    e = run(takeTurn(e, 'Orc 1'), { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(e, 'Orc 2') });
    // The Orcs' round done, round 1 opens with the roll: party 2 + 14, Orcs 3.
    e = stepWithDice(e, [2, 3], { type: 'end-turn' }).encounter;
    expect(e.state.round).toBe(1);
    expect(ordered(e)[0]?.order).toEqual([HEROES, ENEMIES]);
    const texts = logEntries(e).map((x) => x.text);
    expect(texts.indexOf('The sides roll for their place in the round: Heroes 16, Enemies 3.')).toBeGreaterThan(texts.findIndex((t) => t.startsWith('Surprise round')));
  });

  it('refuses a surprise for every side, or once the fight has begun', () => {
    expect(refuse(party(), { type: 'sides/set-surprise', factionIds: [HEROES, ENEMIES] }).message).toBe('If every side surprises, nobody is caught unawares: leave at least one side out.');
    const started = startWith(party(), [1, 2]);
    expect(refuse(started, { type: 'sides/set-surprise', factionIds: [ENEMIES] }).code).toBe('sides/started');
    expect(refuse(party(), { type: 'sides/set-surprise', factionIds: ['f99'] }).message).toBe('There is no side f99 in this encounter.');
  });
});
