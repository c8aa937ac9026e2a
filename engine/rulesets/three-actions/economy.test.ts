import { describe, expect, it } from 'vitest';
import { ENEMIES, HEROES, idOf, refuse, run } from '../../test-support';
import { addTA, newThreeActions } from './testing';

// "Each turn in combat, characters may take three actions … During each round, characters may
// also take up to one reaction. Reactions can be taken on any character's turn and are recovered
// at the start of each turn."

const use = (e: ReturnType<typeof newThreeActions>, name: string, actionId: string) => ({ type: 'use-action' as const, combatantId: idOf(e, name), actionId });

describe('Three Actions: three actions and a reaction', () => {
  it('takes three actions a turn, counting two- and three-action ones, and no fourth', () => {
    let e = run(newThreeActions(), addTA('Petra'), addTA('Orc', { factionId: ENEMIES }), { type: 'start-combat', initiativeFactionId: HEROES });
    e = run(e, { type: 'take-turn', combatantId: idOf(e, 'Petra') }, use(e, 'Petra', 'attack'), { ...use(e, 'Petra', 'other'), spends: 'two' });
    expect(refuse(e, use(e, 'Petra', 'attack')).message).toContain('no actions left');
    const fresh = run(newThreeActions(), addTA('Petra'), addTA('Orc', { factionId: ENEMIES }), { type: 'start-combat', initiativeFactionId: HEROES });
    const task = run(fresh, { type: 'take-turn', combatantId: idOf(fresh, 'Petra') }, use(fresh, 'Petra', 'attack'));
    expect(refuse(task, use(fresh, 'Petra', 'short-task')).code).toBe('action/spent');
  });

  it('takes 1 stamina for a parry and 1 focus for resisting', () => {
    let e = run(newThreeActions(), addTA('Petra'), addTA('Orc', { factionId: ENEMIES }), { type: 'start-combat', initiativeFactionId: ENEMIES });
    e = run(e, { type: 'take-turn', combatantId: idOf(e, 'Orc') }, use(e, 'Petra', 'parry'));
    expect(e.state.combatants.find((c) => c.name === 'Petra')?.tracks).toMatchObject({ stamina: { value: 2 }, focus: { value: 3 } });
    const resisted = run(newThreeActions(), addTA('Petra'), addTA('Orc', { factionId: ENEMIES }), { type: 'start-combat', initiativeFactionId: ENEMIES });
    const r = run(resisted, { type: 'take-turn', combatantId: idOf(resisted, 'Orc') }, use(resisted, 'Petra', 'resist'));
    expect(r.state.combatants.find((c) => c.name === 'Petra')?.tracks).toMatchObject({ stamina: { value: 3 }, focus: { value: 2 } });
  });

  it('lets a reaction be taken on anyone\'s turn, once, back at the start of the reactor\'s own turn', () => {
    let e = run(newThreeActions(), addTA('Petra'), addTA('Orc', { factionId: ENEMIES }), { type: 'start-combat', initiativeFactionId: HEROES });
    e = run(e, { type: 'take-turn', combatantId: idOf(e, 'Petra') }, { type: 'end-turn' });
    e = run(e, { type: 'take-turn', combatantId: idOf(e, 'Orc') }, use(e, 'Orc', 'attack'), use(e, 'Petra', 'dodge'));
    expect(refuse(e, use(e, 'Petra', 'parry')).message).toContain('no reaction left');
    e = run(e, { type: 'end-turn' });
    // Round 2: Petra's own turn gives the reaction back.
    e = run(e, { type: 'take-turn', combatantId: idOf(e, 'Petra') });
    expect(e.state.round).toBe(2);
    e = run(e, { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(e, 'Orc') }, use(e, 'Petra', 'parry'));
    expect(e.state.round).toBe(2);
  });

  it('says the reaction is what is spent when one is taken twice on the reactor\'s own turn', () => {
    // "characters may also take up to one reaction": a second one is refused for want of the reaction, not of actions.
    let e = run(newThreeActions(), addTA('Ana'), addTA('Orc', { factionId: ENEMIES }), { type: 'start-combat', initiativeFactionId: HEROES });
    e = run(e, { type: 'take-turn', combatantId: idOf(e, 'Ana') }, use(e, 'Ana', 'dodge'));
    expect(refuse(e, use(e, 'Ana', 'dodge'))).toMatchObject({ code: 'action/spent', message: "Ana can't dodge now: no reaction left (3 actions left)." });
  });
});

describe('Three Actions: the limits in the action table', () => {
  const start = () => {
    const e = run(newThreeActions(), addTA('Petra', { stamina: 1 }), addTA('Orc', { factionId: ENEMIES }), { type: 'start-combat', initiativeFactionId: HEROES });
    return run(e, { type: 'take-turn', combatantId: idOf(e, 'Petra') });
  };

  it('moves once a turn, sprints only after moving and for 1 stamina', () => {
    let e = start();
    expect(refuse(e, use(e, 'Petra', 'sprint')).message).toBe('Sprint comes after move this turn.');
    e = run(e, use(e, 'Petra', 'move'));
    expect(refuse(e, use(e, 'Petra', 'move')).message).toBe('Move is taken at most once a turn.');
    e = run(e, use(e, 'Petra', 'sprint'));
    expect(e.state.combatants.find((c) => c.name === 'Petra')?.tracks.stamina?.value).toBe(0);
  });

  it('asks what an action takes from a track, and refuses it when there is not enough', () => {
    const e = start();
    // Sprint takes 1 stamina: Petra has 1, then none.
    const sprinted = run(e, use(e, 'Petra', 'move'), use(e, 'Petra', 'sprint'));
    expect(sprinted.state.combatants.find((c) => c.name === 'Petra')?.tracks.stamina?.value).toBe(0);
    const again = run(start(), { type: 'set-track', combatantId: idOf(e, 'Petra'), track: 'stamina', value: 0 } as never, use(e, 'Petra', 'move'));
    expect(refuse(again, use(e, 'Petra', 'sprint')).message).toBe('Sprint takes 1 stamina; Petra has 0.');
  });

  it('ends the turn with guard, wait or ready: nothing more may be taken', () => {
    const e = run(start(), use(start(), 'Petra', 'guard'));
    expect(refuse(e, use(e, 'Petra', 'attack')).message).toBe('Petra took guard, which ends the turn; end it.');
  });
});
