import { describe, expect, it } from 'vitest';
import type { Encounter } from './encounter';
import { addZ, ENEMIES, goOf, HEROES, newEncounter, newZonesEncounter, refuse, run } from '../test-support';
import { projectPlayerView } from '../views/player-view';

// Where teams alternate without rolling for their places, the GM may set the order of their goes:
// the team that started the fight, the team it attacked, then the others as the GM sees fit.

/** Heroes, Enemies and Wolves, one character each; the enemies start the fight. */
function threeTeams(order: string[] | null): Encounter {
  let e = run(newZonesEncounter(), { type: 'add-faction', name: 'Wolves', colour: '#888888' });
  const wolves = e.state.factions.find((f) => f.name === 'Wolves')?.id as string;
  e = run(e, addZ('Ann', { factionId: HEROES }), addZ('Grunt', { factionId: ENEMIES }), addZ('Fang', { factionId: wolves }));
  if (order) e = run(e, { type: 'set-team-order', factionIds: order.map((name) => e.state.factions.find((f) => f.name === name)?.id as string) });
  return run(e, { type: 'start-combat', initiativeFactionId: ENEMIES });
}

const goName = (e: Encounter) => e.state.factions.find((f) => f.id === goOf(e))?.name;
const actAndEnd = (e: Encounter) => {
  const go = goOf(e);
  const who = e.state.combatants.find((c) => c.factionId === go && !e.state.turn?.spent.includes(c.id));
  return run(e, { type: 'take-turn', combatantId: who?.id as string }, { type: 'end-turn' });
};

describe('the GM\'s order of the teams\' goes', () => {
  it('goes from the team holding the initiative through the order given', () => {
    let e = threeTeams(['Enemies', 'Heroes', 'Wolves']);
    const goes = [goName(e)];
    for (let i = 0; i < 2; i++) {
      e = actAndEnd(e);
      goes.push(goName(e));
    }
    expect(goes).toEqual(['Enemies', 'Heroes', 'Wolves']);
  });

  it('shows the players the order of goes from the team holding the initiative', () => {
    const e = threeTeams(['Heroes', 'Enemies', 'Wolves']);
    const view = projectPlayerView(e.state, e.ruleset);
    const names = view.status === 'waiting' ? [] : view.sideOrder.map((key) => view.factions.find((f) => f.key === key)?.name);
    expect(names).toEqual(['Enemies', 'Wolves', 'Heroes']);
  });

  it('without one, follows the encounter\'s order of factions from the holder', () => {
    let e = threeTeams(null);
    e = actAndEnd(e);
    expect(goName(e)).toBe('Wolves');
  });

  it('refuses a faction listed twice or unknown, and a ruleset that sets its order itself', () => {
    const e = run(newZonesEncounter(), addZ('Ann'));
    expect(refuse(e, { type: 'set-team-order', factionIds: [HEROES, HEROES] }).message).toContain('listed twice');
    expect(refuse(e, { type: 'set-team-order', factionIds: ['nope'] }).code).toBe('faction/unknown');
    expect(refuse(newEncounter(), { type: 'set-team-order', factionIds: [HEROES] }).code).toBe('order/teams');
  });
});
