import { describe, expect, it } from 'vitest';
import { projectPlayerView, type Command, type Encounter, type PlayerFight } from '../../../engine/index';
import { add, addZ, ENEMIES, HEROES, idOf, newEncounter, newZonesEncounter, run } from '../../../engine/test-support';
import { rowWords, type RowWords } from './row-words';

// What each row of the players' list says, from the player view the players' window receives:
// someone who retreated or surrendered says so rather than "down", and nothing the players may
// not know shows (an enemy's health kept hidden is never "down").

function wordsByName(enc: Encounter): Record<string, RowWords> {
  const view = projectPlayerView(enc.state, enc.ruleset) as PlayerFight;
  return Object.fromEntries(view.combatants.map((c) => [c.name, rowWords(c)]));
}

const mark = (enc: Encounter, name: string, m: 'retreated' | 'surrendered' | 'dead'): Command => ({ type: 'set-mark', combatantId: idOf(enc, name), mark: m, on: true });
const hit = (enc: Encounter, name: string, amount: number): Command => ({ type: 'damage', combatantId: idOf(enc, name), amount });

/** Freeform: Ann and Bo (10 HP) against three goblins (10 HP), Ann first in the order. */
function freeform(): Encounter {
  return run(newEncounter(3), add('Ann', { initMod: 20 }), add('Bo', { initMod: -10 }), add('Goblin', { factionId: ENEMIES, quantity: 3, initMod: -5 }), { type: 'start-combat' });
}

describe('the words of a row', () => {
  it('says who retreated and who surrendered, players and enemies alike, instead of down', () => {
    let enc = freeform();
    enc = run(enc, mark(enc, 'Bo', 'retreated'), mark(enc, 'Goblin 1', 'surrendered'), mark(enc, 'Goblin 2', 'retreated'));
    const words = wordsByName(enc);
    expect(words['Bo']).toEqual({ health: 'HP 10/10', out: 'retreated', turn: null });
    expect(words['Enemies 1']).toEqual({ health: '', out: 'surrendered', turn: null });
    expect(words['Enemies 2']).toEqual({ health: '', out: 'retreated', turn: null });
  });

  it('says down for someone at 0 or dead, with a player character’s numbers', () => {
    let enc = freeform();
    enc = run(enc, hit(enc, 'Bo', 10), hit(enc, 'Goblin 1', 10), mark(enc, 'Goblin 2', 'dead'), hit(enc, 'Goblin 3', 3));
    const words = wordsByName(enc);
    expect(words['Bo']).toEqual({ health: 'HP 0/10', out: 'down', turn: null });
    expect(words['Enemies 1']).toEqual({ health: '', out: 'down', turn: null });
    expect(words['Enemies 2']).toEqual({ health: '', out: 'down', turn: null });
    expect(words['Enemies 3']).toEqual({ health: 'hurt', out: null, turn: null });
  });

  it('never says down for an enemy whose health the GM keeps hidden, but tells a surrender, which everyone saw', () => {
    let enc = run(freeform(), { type: 'set-enemy-health', mode: 'none' });
    enc = run(enc, hit(enc, 'Goblin 1', 10), mark(enc, 'Goblin 2', 'surrendered'));
    const words = wordsByName(enc);
    expect(words['Enemies 1']).toEqual({ health: '', out: null, turn: null });
    expect(words['Enemies 2']).toEqual({ health: '', out: 'surrendered', turn: null });
  });

  it('says who is acting now in a turn order', () => {
    expect(wordsByName(freeform())['Ann']).toEqual({ health: 'HP 10/10', out: null, turn: 'acting now' });
  });

  it('says who is acting, who has acted and who may still act when sides take turns', () => {
    let enc = run(newZonesEncounter(2), addZ('Ann'), addZ('Bo'), addZ('Cy'), addZ('Bandit', { factionId: ENEMIES }), { type: 'start-combat', initiativeFactionId: HEROES });
    enc = run(enc, { type: 'take-turn', combatantId: idOf(enc, 'Ann') }, { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(enc, 'Bandit') }, { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(enc, 'Bo') });
    const turns = Object.entries(wordsByName(enc)).map(([name, words]) => [name, words.turn]);
    expect(turns).toEqual([
      ['Ann', 'has acted'],
      ['Bo', 'acting now'],
      ['Cy', 'may act'],
      ['Enemies 1', 'has acted'],
    ]);
  });
});
