import { describe, expect, it } from 'vitest';
import { fightLog } from '../../log/narrate';
import { restoreEncounter, undo, type Command, type Encounter, type ResourceInput, BUILTIN_RULESETS } from '../../index';
import type { GearInput } from './gear';
import { addZ, combatantNamed, ENEMIES, eventsOfType, gearNamed, HEROES, idOf, newZonesEncounter, refuse, run, step } from '../../test-support';

// Weapons that run out (a firebomb): a limited-use ability of the weapon's name counts what is
// left, and an attack or a counter made with the weapon spends one use in its own step, through
// the commands as the attack form and the reaction panel send them.

const ZONES = [
  { id: 'yard', name: 'Yard', neighbours: ['hall'] },
  { id: 'hall', name: 'Hall', neighbours: ['yard'] },
];
const FIREBOMB: GearInput = { name: 'Firebomb', kind: 'weapon', reach: 'ranged', range: 2, damage: 'd6', blast: true };
const SWORD: GearInput = { name: 'Sword', kind: 'weapon', damage: 'd8' };
const bombs = (max: number, used = 0): ResourceInput => ({ name: 'Firebomb', max, used, reset: 'rest' });

/** A character carrying a sword and firebombs, with these limited-use abilities. */
function armed(name: string, options: Parameters<typeof addZ>[1], resources: ResourceInput[]): Command {
  const add = addZ(name, { ...options, gear: [SWORD, FIREBOMB] });
  if (add.type !== 'add-combatant') throw new Error('addZ adds a combatant');
  return { ...add, resources };
}

/** Ann (sword and firebombs) in the yard against two bandits; the second bandit waits in the hall. Ann's turn. */
function fight(annUses: ResourceInput[], banditUses: ResourceInput[] = []): Encounter {
  const enc = run(
    newZonesEncounter(3),
    { type: 'set-zones', zones: ZONES },
    armed('Ann', { zoneId: 'yard' }, annUses),
    armed('Bandit', { factionId: ENEMIES, zoneId: 'yard' }, banditUses),
    addZ('Bandit 2', { factionId: ENEMIES, zoneId: 'hall' }),
    { type: 'start-combat', initiativeFactionId: HEROES },
  );
  return run(enc, { type: 'take-turn', combatantId: idOf(enc, 'Ann') });
}

const throwBomb = (enc: Encounter, extra: Partial<Command> = {}): Command => ({
  type: 'zones/declare-attack',
  attackerId: idOf(enc, 'Ann'),
  weaponId: gearNamed(enc, 'Ann', 'Firebomb').id,
  zoneId: 'hall',
  ...extra,
} as Command);

const bombsLeft = (enc: Encounter, who = 'Ann') => combatantNamed(enc, who).resources.map((r) => r.max - r.used);
const gmLog = (enc: Encounter) => fightLog(enc.events, enc.state, enc.ruleset).map((l) => l.text);

describe('an attack with a weapon that runs out', () => {
  it('spends one use in the attack’s own step: the log says so, and undo gives it back', () => {
    const enc = fight([bombs(2)]);
    const thrown = step(enc, throwBomb(enc));
    expect(eventsOfType(thrown.events, 'resource-used')).toEqual([
      expect.objectContaining({ combatantId: idOf(enc, 'Ann'), name: 'Firebomb', amount: 1, used: 1, max: 2 }),
    ]);
    expect(thrown.events.map((e) => e.type).indexOf('resource-used')).toBeLessThan(thrown.events.map((e) => e.type).indexOf('zones/attack-declared'));
    expect(bombsLeft(thrown.encounter)).toEqual([1]);
    expect(gmLog(thrown.encounter)).toContain('Ann uses Firebomb (1 of 2 left).');
    expect(bombsLeft(undo(thrown.encounter))).toEqual([2]);
    // The fight's log opens again with the use spent.
    const reopened = restoreEncounter({ events: thrown.encounter.events, steps: thrown.encounter.steps }, BUILTIN_RULESETS);
    expect(reopened.ok && bombsLeft(reopened.value)).toEqual([1]);
  });

  it('is refused once none is left, saying so and when they come back; the GM may rule it, which spends nothing', () => {
    const enc = fight([bombs(1, 1)]);
    const refused = refuse(enc, throwBomb(enc));
    expect(refused).toMatchObject({
      code: 'attack/no-uses',
      overridable: true,
      message: 'Ann has no Firebomb left (0 of 1); it comes back at the next rest. As GM you may rule otherwise.',
    });
    const ruled = step(enc, throwBomb(enc, { gmRuling: true }));
    expect(eventsOfType(ruled.events, 'resource-used')).toEqual([]);
    expect(eventsOfType(ruled.events, 'zones/attack-declared')[0]?.ruling).toBe(true);
    expect(bombsLeft(ruled.encounter)).toEqual([0]);
    expect(gmLog(ruled.encounter).some((line) => line.startsWith("Ann (by the GM's ruling) attacks"))).toBe(true);
  });

  it('counts by the weapon’s name, case and spaces aside, and leaves weapons without one alone', () => {
    const enc = fight([{ ...bombs(3), name: ' firebomb ' }, { name: 'Rage', max: 1, reset: 'rest' }]);
    const thrown = step(enc, throwBomb(enc));
    expect(bombsLeft(thrown.encounter)).toEqual([2, 1]);

    const other = fight([{ name: 'Rage', max: 1, reset: 'rest' }]);
    const cut = step(other, { type: 'zones/declare-attack', attackerId: idOf(other, 'Ann'), weaponId: gearNamed(other, 'Ann', 'Sword').id, targetIds: [idOf(other, 'Bandit')] });
    const bare = step(other, { type: 'zones/declare-attack', attackerId: idOf(other, 'Ann'), weaponId: null, targetIds: [idOf(other, 'Bandit')] });
    expect([...cut.events, ...bare.events].some((e) => e.type === 'resource-used')).toBe(false);
  });

  it('spends one when it counters an attack, and is refused as a counter once none is left', () => {
    const counterWithBomb = (enc: Encounter): Command => ({
      type: 'zones/react-to-attack',
      reactorId: idOf(enc, 'Bandit'),
      targetId: idOf(enc, 'Bandit'),
      reaction: { kind: 'counter', weaponId: gearNamed(enc, 'Bandit', 'Firebomb').id, intent: 'damage' },
    });
    const slash = (enc: Encounter): Command => ({ type: 'zones/declare-attack', attackerId: idOf(enc, 'Ann'), weaponId: gearNamed(enc, 'Ann', 'Sword').id, targetIds: [idOf(enc, 'Bandit')] });

    const armed = fight([], [bombs(1)]);
    const waiting = step(armed, slash(armed)).encounter;
    const countered = step(waiting, counterWithBomb(waiting));
    expect(eventsOfType(countered.events, 'resource-used')).toEqual([expect.objectContaining({ combatantId: idOf(armed, 'Bandit'), used: 1 })]);
    expect(bombsLeft(countered.encounter, 'Bandit')).toEqual([0]);

    const empty = fight([], [bombs(1, 1)]);
    const asked = step(empty, slash(empty)).encounter;
    expect(refuse(asked, counterWithBomb(asked))).toMatchObject({ code: 'react/no-uses', overridable: true });
    const ruled = step(asked, { ...counterWithBomb(asked), gmRuling: true } as Command);
    expect(eventsOfType(ruled.events, 'resource-used')).toEqual([]);
    expect(eventsOfType(ruled.events, 'zones/reaction-chosen')[0]?.ruling).toBe(true);
  });
});
