import { describe, expect, it } from 'vitest';
import type { Encounter } from '../../encounter/encounter';
import { logEntries } from '../../log/entries';
import { ENEMIES, HEROES, idOf, refuse, run, stepWithDice } from '../../test-support';
import { personOf } from './person';
import { newThreeActions } from './testing';

// "During her turn, Petra fires her crossbow at an enemy, then decides to seek cover. Reloading
// her crossbow requires that she takes two actions but she only has one action remaining. She
// decides to start reloading her crossbow with her remaining action. On her next turn, she will
// need to spend her first action to finish reloading before taking any other actions."

const CROSSBOW = { name: 'Crossbow', kind: 'weapon', test: 'd6+d6', damage: 5, critDamage: 9, critOn: 20, damageType: 'physical', delivery: 'projectile' };

function petra(): Encounter {
  const e = run(
    newThreeActions(),
    { type: 'add-combatant', name: 'Petra', factionId: HEROES, tracks: { endurance: 12, health: 12 }, rules: { gear: [CROSSBOW] } },
    { type: 'add-combatant', name: 'Orc', factionId: ENEMIES, stats: { evasion: 6 }, tracks: { endurance: 12, health: 12 } },
    { type: 'start-combat', initiativeFactionId: HEROES },
  );
  return run(e, { type: 'take-turn', combatantId: idOf(e, 'Petra') });
}

const use = (e: Encounter, actionId: string) => ({ type: 'use-action' as const, combatantId: idOf(e, 'Petra'), actionId });
const reload = (e: Encounter) => ({ type: 'three-actions/extend', combatantId: idOf(e, 'Petra'), name: 'reloading her crossbow', cost: 2 });

describe('Three Actions: Petra reloads across two turns', () => {
  it('fires, seeks cover, starts reloading with her last action, and finishes it first thing next turn', () => {
    let e = petra();
    const p = e.state.combatants.find((c) => c.name === 'Petra')!;
    e = stepWithDice(e, [10, 4, 4], { type: 'three-actions/attack', attackerId: p.id, targetId: idOf(e, 'Orc'), weaponId: personOf(p).gear[0]!.id } as never).encounter;
    // The bolt hits; the orc could dodge, and takes it.
    e = run(e, { type: 'answer-prompt', promptId: e.state.prompts![0]!.id, answer: { defence: 'none' } });
    e = run(e, use(e, 'seek-cover'), reload(e) as never);
    expect(personOf(e.state.combatants.find((c) => c.name === 'Petra')!).extended).toEqual({ name: 'reloading her crossbow', cost: 2, done: 1 });
    e = run(e, { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(e, 'Orc') }, { type: 'end-turn' });
    // Her next turn: nothing else until the reload is done.
    e = run(e, { type: 'take-turn', combatantId: idOf(e, 'Petra') });
    expect(refuse(e, use(e, 'seek-cover')).message).toBe('Petra is in the middle of reloading her crossbow (1 of 2 actions): finish it or give it up first.');
    e = run(e, { type: 'three-actions/extend', combatantId: idOf(e, 'Petra') } as never);
    expect(personOf(e.state.combatants.find((c) => c.name === 'Petra')!).extended).toBeNull();
    // One action spent on it: two left.
    e = run(e, use(e, 'seek-cover'), use(e, 'interact'));
    expect(refuse(e, use(e, 'brandish')).code).toBe('action/spent');
    expect(logEntries(e).map((l) => l.text)).toEqual(expect.arrayContaining(['Petra starts reloading her crossbow: 1 of 2 actions, 1 more on the next turn.', 'Petra finishes reloading her crossbow (1 action, 2 in all).']));
  });

  it('begins an extended action only when it takes more than what is left, and gives it up at no cost', () => {
    let e = petra();
    expect(refuse(e, reload(e)).message).toBe('Petra has 3 actions left: take it as a 2-action action now.');
    e = run(e, use(e, 'seek-cover'), use(e, 'interact'), reload(e) as never);
    e = run(e, { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(e, 'Orc') }, { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(e, 'Petra') });
    e = run(e, { type: 'three-actions/abandon', combatantId: idOf(e, 'Petra') } as never);
    // Three actions again, the reload given up.
    // (Brandish is its own command: it names what is held afterwards.)
    e = run(e, use(e, 'seek-cover'), use(e, 'interact'), { type: 'three-actions/brandish', combatantId: idOf(e, 'Petra'), held: [] } as never);
    expect(personOf(e.state.combatants.find((c) => c.name === 'Petra')!).extended).toBeNull();
  });

  it('carries an action longer than a whole turn over several turns, three actions a turn, until it is done', () => {
    let e = petra();
    const climb = { type: 'three-actions/extend', combatantId: idOf(e, 'Petra'), name: 'climbing the wall', cost: 5 } as never;
    const goOn = { type: 'three-actions/extend', combatantId: idOf(e, 'Petra') } as never;
    const round = (x: Encounter) => run(x, { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(x, 'Orc') }, { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(x, 'Petra') });
    e = run(e, use(e, 'seek-cover'), use(e, 'interact'), climb);
    const climbing = (x: Encounter) => personOf(x.state.combatants.find((c) => c.name === 'Petra')!).extended;
    expect(climbing(e)).toEqual({ name: 'climbing the wall', cost: 5, done: 1 });
    // Her second turn goes on it whole: 4 of 5.
    e = run(round(e), goOn);
    expect(climbing(e)).toEqual({ name: 'climbing the wall', cost: 5, done: 4 });
    expect(refuse(e, use(e, 'interact')).code).toBe('action/spent');
    // The third: the last action of it first, then two of her own.
    e = run(round(e), goOn);
    expect(climbing(e)).toBeNull();
    e = run(e, use(e, 'seek-cover'), use(e, 'interact'));
    expect(refuse(e, use(e, 'brandish')).code).toBe('action/spent');
  });
});
