import { describe, expect, it } from 'vitest';
import { projectPlayerView, type Encounter, type PlayerFight } from '../../../engine/index';
import { add, addZ, ENEMIES, HEROES, idOf, newEncounter, newZonesEncounter, run } from '../../../engine/test-support';
import { turnLine } from './turn-line';

// The top of the phone page says the round and whose go it is, in the players' screen's words.

const viewOf = (enc: Encounter) => projectPlayerView(enc.state, enc.ruleset) as PlayerFight;

describe('the turn line', () => {
  it('says the round and who acts where turns follow an order', () => {
    const enc = run(newEncounter(3), add('Ann', { initMod: 20 }), add('Goblin', { factionId: ENEMIES, initMod: -5 }), { type: 'start-combat' });
    expect(turnLine(viewOf(enc), undefined)).toEqual({ round: 'Round 1', who: 'Ann acts' });
  });

  it('says whose go it is where sides alternate, with the phase\'s name, and who acts once someone does', () => {
    let enc = run(newZonesEncounter(), addZ('Ann'), addZ('Goblin', { factionId: ENEMIES }), { type: 'start-combat', initiativeFactionId: HEROES });
    const before = viewOf(enc);
    expect(turnLine(before, undefined)).toEqual({ round: 'Round 1', who: 'Heroes\' go' });
    // The ruleset's name for the phase follows the round; an opening phase stands alone.
    expect(turnLine(before, { bar: 'quick', players: 'Quick phase' }).round).toBe('Round 1 · Quick phase');
    expect(turnLine(before, { bar: 'Surprise', players: 'Surprise!', opening: true }).round).toBe('Surprise!');
    enc = run(enc, { type: 'take-turn', combatantId: idOf(enc, 'Ann') });
    expect(turnLine(viewOf(enc), undefined).who).toBe('Heroes\' go · Ann acts');
  });

  it('says the fight is over once it ends, and no one\'s go', () => {
    const enc = run(newEncounter(3), add('Ann'), add('Goblin', { factionId: ENEMIES }), { type: 'start-combat' }, { type: 'end-combat' });
    expect(turnLine(viewOf(enc), undefined)).toEqual({ round: 'The fight is over', who: null });
  });
});
