import { describe, expect, it } from 'vitest';
import { whoMayTakeTurn } from '../../turns/alternating';
import type { Encounter } from '../../encounter/encounter';
import { openPrompt } from '../../encounter/prompts';
import { ENEMIES, goOf, HEROES, idOf, refuse, run, stepWithDice } from '../../test-support';
import { findRuleset } from '../builtin';
import { threeActionsTurns } from './turns';
import { addTA, newThreeActions, turnOf } from './testing';

// The text's worked examples of initiative, rounds and surprise, step by step.

const mayAct = (e: Encounter) => whoMayTakeTurn(threeActionsTurns, e.state).map((c) => c.name);
const goName = (e: Encounter) => e.state.factions.find((f) => f.id === goOf(e))?.name;

/** The players (Roland, Clementine) against the guards (a captain and two guards). */
function guards(): Encounter {
  return run(newThreeActions(), addTA('Roland'), addTA('Clementine'), addTA('Captain', { factionId: ENEMIES }), addTA('Guard', { factionId: ENEMIES, quantity: 2 }));
}

describe('Three Actions: initiative and rounds', () => {
  it('gives the first go to the team that started the fight and the second to the team it attacked', () => {
    // "In a bid to act first, one of the players decides to attack one of the guards. The players
    // will start with the highest initiative and the guards with the next initiative."
    const e = run(guards(), { type: 'start-combat', initiativeFactionId: HEROES });
    expect(goName(e)).toBe('Heroes');
    expect(mayAct(e)).toEqual(['Roland', 'Clementine']);
    const after = turnOf(e, 'Roland');
    expect(goName(after)).toBe('Enemies');
  });

  it('opens with the one who started it: Roland attacked the guard, so his team\'s first turn is his', () => {
    // "When that player takes their first turn in combat, they will start with their action to attack the guard."
    let e = run(guards(), { type: 'three-actions/set-starter', combatantId: idOf(guards(), 'Roland'), action: 'attacks the guard' } as never);
    // Naming him gives his team the initiative.
    expect(e.state.initiativePreset).toBe(HEROES);
    e = run(e, { type: 'start-combat', initiativeFactionId: HEROES });
    expect(mayAct(e)).toEqual(['Roland']);
    expect(refuse(e, { type: 'take-turn', combatantId: idOf(e, 'Clementine') }).message).toBe('Roland started the fight: their team\'s first turn is theirs, opening with attacks the guard.');
    e = turnOf(e, 'Roland');
    e = turnOf(e, 'Captain');
    // Once he has opened, the team picks as usual.
    expect(mayAct(e)).toEqual(['Clementine']);
    // A fight started again waits for his opening again; naming nobody lifts it; it is settled once the fight begins.
    const again = run(e, { type: 'end-combat' }, { type: 'start-combat', initiativeFactionId: HEROES });
    expect(mayAct(again)).toEqual(['Roland']);
    expect(refuse(e, { type: 'three-actions/set-starter', combatantId: null }).code).toBe('three-actions/started');
    const nobody = run(guards(), { type: 'three-actions/set-starter', combatantId: idOf(guards(), 'Roland') } as never, { type: 'three-actions/set-starter', combatantId: null } as never, { type: 'start-combat', initiativeFactionId: HEROES });
    expect(mayAct(nobody)).toEqual(['Roland', 'Clementine']);
    expect(refuse(guards(), { type: 'three-actions/set-starter', combatantId: 'nobody' }).code).toBeTruthy();
  });

  it('alternates one member at a time: Roland, the captain, Clementine, a guard', () => {
    let e = run(guards(), { type: 'start-combat', initiativeFactionId: HEROES });
    e = turnOf(e, 'Roland');
    e = turnOf(e, 'Captain');
    expect(goName(e)).toBe('Heroes');
    expect(mayAct(e)).toEqual(['Clementine']);
    e = turnOf(e, 'Clementine');
    e = turnOf(e, 'Guard 1');
    // The players have nobody left; the guards take their last turn, then the round ends.
    expect(goName(e)).toBe('Enemies');
    e = turnOf(e, 'Guard 2');
    expect(e.state.round).toBe(2);
    // A new round: the players may pick in another order.
    expect(goName(e)).toBe('Heroes');
    expect(mayAct(e)).toEqual(['Roland', 'Clementine']);
    e = turnOf(e, 'Clementine');
    expect(e.state.round).toBe(2);
  });

  it('lets no team pass', () => {
    const e = run(guards(), { type: 'start-combat', initiativeFactionId: HEROES });
    expect(refuse(e, { type: 'pass' }).code).toBeTruthy();
  });

  it('lets the bigger team take its remaining turns once the other has nobody left: four players against two guards', () => {
    let e = run(
      newThreeActions(),
      addTA('Ann'), addTA('Bo'), addTA('Cy'), addTA('Di'),
      addTA('Guard', { factionId: ENEMIES, quantity: 2 }),
      { type: 'start-combat', initiativeFactionId: HEROES },
    );
    e = turnOf(e, 'Ann');
    e = turnOf(e, 'Guard 1');
    e = turnOf(e, 'Bo');
    e = turnOf(e, 'Guard 2');
    // "Once both teams have taken two turns each, only the players will have members on their team left to act."
    expect(goName(e)).toBe('Heroes');
    e = turnOf(e, 'Cy');
    expect(goName(e)).toBe('Heroes');
    expect(mayAct(e)).toEqual(['Di']);
    e = turnOf(e, 'Di');
    expect(e.state.round).toBe(2);
  });

  it('skips someone knocked out before their turn, and gives them one at their team\'s next go once brought round', () => {
    let e = run(guards(), { type: 'start-combat', initiativeFactionId: ENEMIES });
    // A guard knocks Roland out before he has acted.
    e = run(e, { type: 'take-turn', combatantId: idOf(e, 'Guard 1') }, { type: 'damage', combatantId: idOf(e, 'Roland'), amount: 24 }, { type: 'end-turn' });
    expect(findRuleset('three-actions')?.health.status(e.state.combatants.find((c) => c.name === 'Roland')!)).toMatchObject({ level: 'down', why: 'unconscious' });
    expect(mayAct(e)).toEqual(['Clementine']);
    // "On Clementine's turn she managed to resuscitate Roland": two actions, a test reaching 10.
    e = run(e, { type: 'take-turn', combatantId: idOf(e, 'Clementine') });
    e = stepWithDice(e, [5, 5, 7], { type: 'three-actions/resuscitate', combatantId: idOf(e, 'Clementine'), targetId: idOf(e, 'Roland'), test: 'd6+d6' } as never).encounter;
    expect(e.state.combatants.find((c) => c.name === 'Roland')?.marks).not.toContain('unconscious');
    e = run(e, { type: 'end-turn' });
    // "Since a player just took a turn, it passes to the guard's team."
    expect(goName(e)).toBe('Enemies');
    e = turnOf(e, 'Captain');
    // "After the guards take a turn, the players may decide to give Roland the next turn."
    expect(mayAct(e)).toEqual(['Roland']);
  });
});

describe('Three Actions: surprise', () => {
  /** The goblins sneak up on the players; Clementine has danger sense. */
  function ambush(): Encounter {
    return run(
      newThreeActions(),
      addTA('Roland'),
      addTA('Clementine', { traits: ['cannotBeSurprised'] }),
      addTA('Goblin', { factionId: ENEMIES, quantity: 3 }),
      { type: 'set-setting', key: 'surprise', value: true },
      { type: 'start-combat', initiativeFactionId: ENEMIES },
    );
  }

  it('gives the surprising team a whole round, with anyone who can\'t be surprised taking turns as normal', () => {
    let e = ambush();
    expect(e.state.round).toBe(0);
    expect(e.state.turn?.phase).toBe('surprise');
    expect(goName(e)).toBe('Enemies');
    e = turnOf(e, 'Goblin 1');
    // "the initiative of the teams are compared as normal during the surprise round"
    expect(goName(e)).toBe('Heroes');
    expect(mayAct(e)).toEqual(['Clementine']);
    expect(refuse(e, { type: 'take-turn', combatantId: idOf(e, 'Roland') }).message).toContain('taken by surprise');
    // Clementine defeats a goblin: one less attacks in the surprise round.
    e = run(e, { type: 'take-turn', combatantId: idOf(e, 'Clementine') }, { type: 'damage', combatantId: idOf(e, 'Goblin 2'), amount: 24 }, { type: 'end-turn' });
    e = turnOf(e, 'Goblin 3');
    // Normal rounds begin: each team takes its turns as usual.
    expect(e.state.round).toBe(1);
    expect(e.state.turn?.phase).toBe('main');
    expect(goName(e)).toBe('Enemies');
    expect(mayAct(e)).toEqual(['Goblin 1', 'Goblin 3']);
  });

  it('leaves those taken by surprise no reaction in the surprise round: no dodge, no block, the blow lands at once', () => {
    // "the team with the benefit of surprise gets to take a whole round where only their team may take actions"
    let e = ambush();
    const spear = { kind: 'weapon', name: 'Spear', test: 'd6+d6', damage: 4, critDamage: 8, critOn: 20, damageType: 'physical', delivery: 'melee' };
    const shield = { kind: 'item', name: 'Shield', block: 3, parry: 0, durability: 10 };
    e = run(e, { type: 'three-actions/set-gear', combatantId: idOf(e, 'Goblin 1'), gear: [spear] }, { type: 'three-actions/set-gear', combatantId: idOf(e, 'Roland'), gear: [shield] }, { type: 'take-turn', combatantId: idOf(e, 'Goblin 1') });
    expect(refuse(e, { type: 'use-action', combatantId: idOf(e, 'Roland'), actionId: 'dodge' })).toMatchObject({ code: 'turn/surprised' });
    const weaponId = (e.state.combatants.find((c) => c.name === 'Goblin 1')?.rules as { gear: { id: string }[] }).gear[0]?.id;
    e = run(e, { type: 'three-actions/attack', attackerId: idOf(e, 'Goblin 1'), targetId: idOf(e, 'Roland'), weaponId, dice: { test: [4, 4], luck: 10 } } as never);
    // 8 + 4 = 12 damage: Roland has no reaction to block or dodge with, but Clementine (who can't be
    // surprised) could step in ("Intercept | Spend 1 stamina to move and displace an ally"), so the
    // question offers only that; taken, it lands as it is.
    expect(e.state.prompts?.[0]?.kind).toBe('three-actions/defend');
    expect(openPrompt(e.state, e.ruleset)?.choices.map((c) => c.label)).toEqual(['Take it', 'Clementine steps in']);
    e = run(e, { type: 'answer-prompt', promptId: e.state.prompts![0]!.id, answer: { defence: 'none' } });
    expect(e.state.combatants.find((c) => c.name === 'Roland')?.tracks.endurance?.value).toBe(0);
    // Clementine can't be surprised: her reaction is hers.
    e = run(e, { type: 'use-action', combatantId: idOf(e, 'Clementine'), actionId: 'dodge' });
    expect(e.state.combatants.find((c) => c.name === 'Clementine')?.tracks.stamina?.value).toBe(2);
  });

  it('plays no surprise round unless the GM says the others were surprised', () => {
    const e = run(newThreeActions(), addTA('Roland'), addTA('Goblin', { factionId: ENEMIES }), { type: 'start-combat', initiativeFactionId: ENEMIES });
    expect(e.state.round).toBe(1);
  });
});
