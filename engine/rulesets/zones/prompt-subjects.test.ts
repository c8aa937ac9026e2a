import { describe, expect, it } from 'vitest';
import { openPrompt, type Command, type Encounter } from '../../index';
import { gearOf } from './index';
import { addZ, combatantNamed, ENEMIES, HEROES, idOf, newZonesEncounter, run } from '../../test-support';

// Who is who in Zones & Factions' questions, as the map marks them: an attack's attacker and
// targets, the one moving away and the enemies who may strike, the hidden one who may be seen.

const ZONES = [
  { id: 'yard', name: 'Yard', neighbours: ['hall'] },
  { id: 'hall', name: 'Hall', neighbours: [] },
];

/** Ann and two bandits with axes in the yard; it is Ann's turn. */
function yard(): Encounter {
  const enc = run(
    newZonesEncounter(2),
    { type: 'set-zones', zones: ZONES },
    addZ('Ann', { zoneId: 'yard', health: 10, gear: [{ name: 'Sword', kind: 'weapon', damage: 'd8' }] }),
    addZ('Bandit', { factionId: ENEMIES, zoneId: 'yard', quantity: 2, gear: [{ name: 'Axe', kind: 'weapon', damage: 'd6' }] }),
    { type: 'start-combat', initiativeFactionId: HEROES },
  );
  return run(enc, { type: 'take-turn', combatantId: idOf(enc, 'Ann') });
}

const subjects = (e: Encounter) => openPrompt(e.state, e.ruleset)?.subjects.map((s) => [e.state.combatants.find((c) => c.id === s.id)?.name, s.role]);
const attack = (e: Encounter, by: string, at: string): Command => ({
  type: 'zones/declare-attack',
  attackerId: idOf(e, by),
  weaponId: gearOf(combatantNamed(e, by))[0]?.id ?? null,
  targetIds: [idOf(e, at)],
}) as Command;

describe("Zones & Factions' questions name who is who", () => {
  it('moving away: the mover and the enemies who may still strike; a striker\'s attack: who attacks and who is struck', () => {
    let e = yard();
    e = run(e, { type: 'move', combatantId: idOf(e, 'Ann'), zoneId: 'hall' });
    expect(subjects(e)).toEqual([
      ['Ann', 'moving away'],
      ['Bandit 1', 'may strike'],
      ['Bandit 2', 'may strike'],
    ]);
    // Bandit 1 strikes as she goes; an opportunity attack takes her by surprise, so she can't react.
    e = run(e, { ...attack(e, 'Bandit 1', 'Ann'), intent: 'damage' } as Command);
    expect(subjects(e)).toEqual([
      ['Bandit 1', 'attacks'],
      ['Ann', 'struck'],
    ]);
    // Taken: the question about moving comes back, Bandit 1's turn spent.
    e = run(e, { type: 'zones/react-to-attack', reactorId: idOf(e, 'Ann'), targetId: idOf(e, 'Ann'), reaction: { kind: 'none' } });
    expect(subjects(e)).toEqual([
      ['Ann', 'moving away'],
      ['Bandit 2', 'may strike'],
    ]);
  });

  it('an attack in turn: the target may react; a hidden attacker then may be seen', () => {
    let e = yard();
    e = run(e, attack(e, 'Ann', 'Bandit 1'));
    expect(subjects(e)).toEqual([
      ['Ann', 'attacks'],
      ['Bandit 1', 'struck, may react'],
    ]);
    let hidden = run(yard(), { type: 'set-concealed', combatantId: idOf(yard(), 'Ann'), concealed: true });
    hidden = run(hidden, { type: 'use-action', combatantId: idOf(hidden, 'Ann'), actionId: 'speak' });
    expect(subjects(hidden)).toEqual([['Ann', 'may be seen']]);
  });
});
