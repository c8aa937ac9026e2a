import { describe, expect, it } from 'vitest';
import { restoreEncounter, type Encounter } from '../../encounter/encounter';
import type { EventOf } from '../../core/events';
import { logEntries } from '../../log/entries';
import { ENEMIES, HEROES, idOf, refuse, run, stepWithDice } from '../../test-support';
import { addS, newSides, startWith, takeTurn } from './testing';

// "Each participating side rolls 1d8, with the player's side adding the highest DEX from among
// the Party … Initiative is not re-rolled. The Party wins ties." and "a full free round of action
// before initiative is rolled".

const ordered = (e: ReturnType<typeof newSides>) => e.events.filter((x): x is EventOf<'sides-ordered'> => x.type === 'sides-ordered');

function party() {
  return run(newSides(), addS('Ann', { dex: 2, dexScore: 16 }), addS('Bo', { dex: 1, dexScore: 14 }), addS('Orc', { factionId: ENEMIES, quantity: 2 }));
}

/** A new encounter as every one created before the modifier became the default stored it: the score. */
function createdUnderScore(): Encounter {
  const [created, ...rest] = newSides().events;
  if (created?.type !== 'encounter-created') throw new Error('no encounter-created event');
  const restored = restoreEncounter({ events: [{ ...created, settings: { ...created.settings, partyBonus: 'dex-score' } }, ...rest], steps: [1] });
  if (!restored.ok) throw new Error(restored.message);
  return restored.value;
}

describe('Sides & Shock initiative', () => {
  it('adds the party\'s highest DEX modifier, lets the party win a tie, and never rolls again', () => {
    // "the player's side adding the highest DEX from among the Party": attributes add to the
    // text's rolls as their modifiers ("the weapon's relevant Attribute Modifier"), so the highest
    // DEX modifier: party 3 + 2 (Ann's, the higher; not her score of 16) = 5; Orcs 4.
    const first = startWith(party(), [3, 4]);
    expect(ordered(first)[0]?.rolls.map((r) => [r.factionId, r.roll.total])).toEqual([[HEROES, 5], [ENEMIES, 4]]);
    expect(ordered(first)[0]?.rolls[0]?.roll.notation).toBe('1d8+2');
    // "The Party wins ties": party 7 + 1 = 8 ties the Orcs' 8, and the party goes first.
    let e = startWith(run(newSides(), addS('Ann', { dex: 1 }), addS('Orc', { factionId: ENEMIES })), [7, 8]);
    expect(ordered(e)[0]?.order).toEqual([HEROES, ENEMIES]);
    expect(ordered(e)[0]?.rolls.find((r) => r.factionId === HEROES)?.wonTie).toBe(true);
    expect(ordered(e)[0]?.rolls.every((r) => r.tiebreaks.length === 0)).toBe(true);
    expect(e.state.turn?.factionId).toBe(HEROES);
    // "Initiative is not re-rolled": three rounds on, still the one roll and the same order.
    for (let round = 0; round < 3; round++) {
      e = run(takeTurn(e, 'Ann'), { type: 'end-turn' });
      e = run(takeTurn(e, 'Orc'), { type: 'end-turn' });
    }
    expect(e.state.round).toBe(4);
    expect(ordered(e)).toHaveLength(1);
    expect(e.state.turn?.factionId).toBe(HEROES);
  });

  it('reads the DEX score instead where the setting says so, as a fight created under the old default keeps doing', () => {
    let e = run(newSides(), addS('Ann', { dex: 2, dexScore: 16 }), addS('Orc', { factionId: ENEMIES }), { type: 'set-setting', key: 'partyBonus', value: 'dex-score' });
    e = startWith(e, [3, 6]);
    expect(ordered(e)[0]?.rolls.map((r) => r.roll.total)).toEqual([19, 6]);
    expect(ordered(e)[0]?.order).toEqual([HEROES, ENEMIES]);
    // An encounter saved before the modifier was the default stored the score as it was created:
    // it still adds the score, and its log replays to the same roll and order.
    let old = run(createdUnderScore(), addS('Ann', { dex: 2, dexScore: 16 }), addS('Orc', { factionId: ENEMIES }));
    old = startWith(old, [3, 6]);
    expect(ordered(old)[0]?.rolls.map((r) => r.roll.total)).toEqual([19, 6]);
    const replayed = restoreEncounter({ events: old.events, steps: old.steps });
    if (!replayed.ok) throw new Error(replayed.message);
    expect(replayed.value.state).toEqual(old.state);
    expect(replayed.value.state.turn?.factionId).toBe(HEROES);
  });

  it('lets a side member act in any order, and the side acts as a block', () => {
    let e = startWith(party(), [2, 1]);
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
    // The Orcs' round done, round 1 opens with the roll: party 2 + 2 (Ann's DEX modifier), Orcs 3.
    e = stepWithDice(e, [2, 3], { type: 'end-turn' }).encounter;
    expect(e.state.round).toBe(1);
    expect(ordered(e)[0]?.order).toEqual([HEROES, ENEMIES]);
    const texts = logEntries(e).map((x) => x.text);
    expect(texts.indexOf('The sides roll for their place in the round: Heroes 4, Enemies 3.')).toBeGreaterThan(texts.findIndex((t) => t.startsWith('Surprise round')));
  });

  it('refuses a surprise for every side, or once the fight has begun', () => {
    expect(refuse(party(), { type: 'sides/set-surprise', factionIds: [HEROES, ENEMIES] }).message).toBe('If every side surprises, nobody is caught unawares: leave at least one side out.');
    const started = startWith(party(), [2, 1]);
    expect(refuse(started, { type: 'sides/set-surprise', factionIds: [ENEMIES] }).code).toBe('sides/started');
    expect(refuse(party(), { type: 'sides/set-surprise', factionIds: ['f99'] }).message).toBe('There is no side f99 in this encounter.');
  });
});
