import { describe, expect, it } from 'vitest';
import { projectPlayerView, type PlayerFight } from '../../index';
import { ENEMIES, HEROES, idOf, run } from '../../test-support';
import { addTA, newThreeActions } from './testing';

// "While at half of their endurance or less, they are considered to be harmed … While at less
// than their maximum health, they are also considered bloodied." The players see enemies in those
// words (and unconscious at 0 health); their own party in numbers.

function view(damage: Record<string, number>): PlayerFight {
  let e = run(newThreeActions(), addTA('Boudica'), addTA('Orc', { factionId: ENEMIES, endurance: 12, health: 12, constitution: 40 }), { type: 'start-combat', initiativeFactionId: HEROES });
  for (const [name, amount] of Object.entries(damage)) e = run(e, { type: 'damage', combatantId: idOf(e, name), amount });
  const v = projectPlayerView(e.state, e.ruleset);
  if (v.status === 'waiting') throw new Error('not started');
  return v;
}

const orc = (v: PlayerFight) => v.combatants.find((c) => c.name !== 'Boudica')?.health;

describe('Three Actions on the players\' screen', () => {
  it('calls an enemy harmed at half endurance, bloodied below full health, and neither before', () => {
    expect(orc(view({ Orc: 5 }))).toEqual({ kind: 'descriptor', descriptor: 'hurt' });
    expect(orc(view({ Orc: 6 }))).toEqual({ kind: 'descriptor', descriptor: 'hurt', words: 'harmed' });
    expect(orc(view({ Orc: 13 }))).toEqual({ kind: 'descriptor', descriptor: 'badly hurt', words: 'bloodied, harmed' });
    // "…their health is reduced to 0 … they become unconscious."
    expect(orc(view({ Orc: 24 }))).toEqual({ kind: 'descriptor', descriptor: 'down', words: 'unconscious' });
  });

  it('shows the party in numbers', () => {
    const boudica = view({ Boudica: 7 }).combatants.find((c) => c.name === 'Boudica')?.health;
    expect(boudica).toMatchObject({ kind: 'full', tracks: expect.arrayContaining([expect.objectContaining({ label: 'Endurance', value: 5, max: 12 })]) });
  });
});
