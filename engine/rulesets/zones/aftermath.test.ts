import { describe, expect, it } from 'vitest';
import { aftermathOf, undo, type Command, type Encounter } from '../../index';
import type { GearInput } from './gear';
import type { ChaseRunner } from './commands';
import { addZ, combatantNamed, ENEMIES, eventsOfType, gearNamed, HEROES, idOf, newZonesEncounter, refuse, run, step, stepWithDice } from '../../test-support';
import { gearOf, zones } from './index';

// After the blows: long chases and the durability roll for gear used in the fight.

describe('long chases', () => {
  function fleeing(): Encounter {
    return run(
      newZonesEncounter(8),
      addZ('Ann', { agi: 12 }),
      addZ('Bo', { agi: 6 }),
      addZ('Bandit', { factionId: ENEMIES, quantity: 2 }),
      { type: 'start-combat', initiativeFactionId: HEROES },
    );
  }
  const chase = (enc: Encounter, runners: [string, number, number][], pursuers = { speed: 5, stamina: 5 }): Command => ({
    type: 'zones/resolve-chase',
    fleeing: runners.map(([name, speed, stamina]) => ({ combatantId: idOf(enc, name), speed, stamina })),
    pursuers,
  });

  it('lets faster or longer-lasting fleers escape without a save, and no dice are drawn', () => {
    const enc = fleeing();
    // stepWithDice with no dice fails if any die is drawn.
    const away = stepWithDice(enc, [], chase(enc, [['Ann', 6, 5], ['Bo', 3, 9]]));
    const event = eventsOfType(away.events, 'zones/chase-resolved')[0];
    expect(event?.results).toEqual([
      { combatantId: idOf(enc, 'Ann'), verdict: 'escapes', save: null, escaped: true },
      { combatantId: idOf(enc, 'Bo'), verdict: 'escapes', save: null, escaped: true },
    ]);
    expect(event?.rng).toBeNull();
    expect(combatantNamed(away.encounter, 'Ann').marks).toEqual(['retreated']);
    expect(combatantNamed(away.encounter, 'Bo').marks).toEqual(['retreated']);
  });

  it('catches slower or sooner-tiring fleers without a save', () => {
    const enc = fleeing();
    const caught = stepWithDice(enc, [], chase(enc, [['Ann', 4, 5], ['Bo', 5, 2]]));
    expect(eventsOfType(caught.events, 'zones/chase-resolved')[0]?.results.map((r) => [r.verdict, r.save, r.escaped])).toEqual([
      ['caught', null, false],
      ['caught', null, false],
    ]);
    expect(combatantNamed(caught.encounter, 'Ann').marks).toEqual([]);
  });

  it('makes level fleers roll an AGI save: pass escapes, fail is caught', () => {
    const enc = fleeing();
    const rolled = stepWithDice(enc, [12, 7], chase(enc, [['Ann', 5, 5], ['Bo', 5, 5]]));
    const event = eventsOfType(rolled.events, 'zones/chase-resolved')[0];
    expect(event?.results.map((r) => [r.verdict, r.save?.score, r.save?.roll.total, r.escaped])).toEqual([
      ['save', 12, 12, true],
      ['save', 6, 7, false],
    ]);
    expect(event?.rng).not.toBeNull();
    expect(combatantNamed(rolled.encounter, 'Ann').marks).toEqual(['retreated']);
    expect(combatantNamed(rolled.encounter, 'Bo').marks).toEqual([]);
  });

  it('refuses bad input', () => {
    const enc = fleeing();
    const ann = idOf(enc, 'Ann');
    const bad: [unknown, string][] = [
      [{ type: 'zones/resolve-chase', fleeing: [{ combatantId: 'c99', speed: 5, stamina: 5 }], pursuers: { speed: 5, stamina: 5 } }, 'combatant/unknown'],
      [{ type: 'zones/resolve-chase', fleeing: [{ combatantId: ann, speed: -1, stamina: 5 }], pursuers: { speed: 5, stamina: 5 } }, 'input/range'],
      [{ type: 'zones/resolve-chase', fleeing: [{ combatantId: ann, speed: 5, stamina: 2.5 }], pursuers: { speed: 5, stamina: 5 } }, 'input/number'],
      [{ type: 'zones/resolve-chase', fleeing: [{ combatantId: ann, speed: 5, stamina: 5 }], pursuers: { speed: -3, stamina: 5 } }, 'input/range'],
      [{ type: 'zones/resolve-chase', fleeing: [{ combatantId: ann, speed: 5, stamina: 5 }] }, 'input/number'],
      [{ type: 'zones/resolve-chase', fleeing: [], pursuers: { speed: 5, stamina: 5 } }, 'chase/nobody'],
      [{ type: 'zones/resolve-chase', fleeing: 'Ann', pursuers: { speed: 5, stamina: 5 } }, 'chase/nobody'],
    ];
    for (const [command, code] of bad) {
      const refused = refuse(enc, command);
      expect(refused.code, JSON.stringify(command)).toBe(code);
      expect(refused.encounter).toBe(enc);
    }
    const twice: ChaseRunner[] = [
      { combatantId: ann, speed: 6, stamina: 5 },
      { combatantId: ann, speed: 6, stamina: 5 },
    ];
    expect(refuse(enc, { type: 'zones/resolve-chase', fleeing: twice, pursuers: { speed: 5, stamina: 5 } }).message).toMatch(/Ann is listed twice/);
  });

  it('refuses runners in no state to run, but lets those who already retreated run on', () => {
    let enc = fleeing();
    enc = run(enc, { type: 'set-mark', combatantId: idOf(enc, 'Bo'), mark: 'dead', on: true }, { type: 'set-mark', combatantId: idOf(enc, 'Ann'), mark: 'retreated', on: true });
    expect(refuse(enc, chase(enc, [['Bo', 9, 9]])).code).toBe('chase/out');
    expect(step(enc, chase(enc, [['Ann', 9, 9]])).events).toHaveLength(1);
  });

  it('needs a fight to have started, and is allowed once it is over', () => {
    const setup = run(newZonesEncounter(1), addZ('Ann'));
    expect(refuse(setup, { type: 'zones/resolve-chase', fleeing: [{ combatantId: idOf(setup, 'Ann'), speed: 5, stamina: 5 }], pursuers: { speed: 1, stamina: 1 } }).code).toBe('chase/not-started');
    const over = run(fleeing(), { type: 'end-combat' });
    expect(step(over, chase(over, [['Ann', 9, 9]])).encounter.state.combatants[0]?.marks).toEqual(['retreated']);
  });
});

describe('gear wear after the fight', () => {
  const SWORD: GearInput = { name: 'Sword', kind: 'weapon', damage: 'd8' };
  const BOW: GearInput = { name: 'Bow', kind: 'weapon', reach: 'ranged', range: 4, damage: 'd6' };
  const MAIL: GearInput = { name: 'Mail', kind: 'armour', protection: 1 };
  const SHIELD: GearInput = { name: 'Shield', kind: 'shield', protection: 1 };

  /** Ann cuts down the bandit with her sword through his mail and shield, then the fight ends. */
  function afterFight(extra: Command[] = []): Encounter {
    let enc = run(
      newZonesEncounter(6),
      ...extra,
      addZ('Ann', { gear: [SWORD, BOW] }),
      addZ('Bandit', { factionId: ENEMIES, gear: [{ name: 'Axe', kind: 'weapon', damage: 'd6' }, MAIL, SHIELD] }),
      { type: 'start-combat', initiativeFactionId: HEROES },
    );
    enc = run(enc, { type: 'take-turn', combatantId: idOf(enc, 'Ann') });
    enc = run(enc, {
      type: 'zones/declare-attack',
      attackerId: idOf(enc, 'Ann'),
      weaponId: gearNamed(enc, 'Ann', 'Sword').id,
      targetIds: [idOf(enc, 'Bandit')],
      situation: { targetsAware: false },
    });
    return run(enc, { type: 'end-turn' }, { type: 'end-combat' });
  }

  it('is refused until the fight is over', () => {
    const running = run(newZonesEncounter(1), addZ('Ann', { gear: [{ ...SWORD, used: true }] }), { type: 'start-combat', initiativeFactionId: HEROES });
    expect(refuse(running, { type: 'zones/roll-gear-wear' }).message).toMatch(/end combat first/);
    const setup = run(newZonesEncounter(1), addZ('Ann', { gear: [{ ...SWORD, used: true }] }));
    expect(refuse(setup, { type: 'zones/roll-gear-wear' }).code).toBe('wear/not-over');
  });

  it('rolls every weapon, shield and armour used, and only those', () => {
    const enc = afterFight();
    expect(gearNamed(enc, 'Ann', 'Bow').used).toBe(false);
    expect(gearNamed(enc, 'Bandit', 'Axe').used).toBe(false);
    // Sword, then the bandit's mail and shield: d6 each, failing on a 1.
    const worn = stepWithDice(enc, [1, 4, 1], { type: 'zones/roll-gear-wear' });
    const results = eventsOfType(worn.events, 'zones/gear-worn')[0]?.results ?? [];
    expect(results.map((r) => [r.name, r.roll.notation, r.roll.total, r.before, r.after])).toEqual([
      ['Sword', 'd6', 1, 'sound', 'damaged'],
      ['Mail', 'd6', 4, 'sound', 'sound'],
      ['Shield', 'd6', 1, 'sound', 'damaged'],
    ]);
    expect(gearNamed(worn.encounter, 'Ann', 'Sword').wear).toBe('damaged');
    expect(gearNamed(worn.encounter, 'Bandit', 'Mail').wear).toBe('sound');
    expect(gearNamed(worn.encounter, 'Bandit', 'Shield').wear).toBe('damaged');
    // What Ann keeps for the party entry: each piece's wear, by its name.
    expect(aftermathOf(worn.encounter.state, zones, idOf(worn.encounter, 'Ann'))?.rules).toEqual([
      { name: 'Sword', wear: 'damaged' },
      { name: 'Bow', wear: 'sound' },
    ]);
  });

  it('resets the used flags once rolled, so a second roll has nothing to do', () => {
    const worn = step(afterFight(), { type: 'zones/roll-gear-wear' }).encounter;
    expect(worn.state.combatants.flatMap((c) => gearOf(c)).every((g) => !g.used)).toBe(true);
    expect(refuse(worn, { type: 'zones/roll-gear-wear' }).message).toMatch(/No weapon, shield or armour was used/);
  });

  it('is refused when nothing was used', () => {
    const enc = run(newZonesEncounter(1), addZ('Ann', { gear: [SWORD] }), { type: 'start-combat', initiativeFactionId: HEROES }, { type: 'end-combat' });
    expect(refuse(enc, { type: 'zones/roll-gear-wear' }).code).toBe('wear/nothing');
  });

  it('wears damaged gear into broken, breaks improvised gear at once, and leaves broken gear alone', () => {
    const enc = run(
      newZonesEncounter(1),
      addZ('Ann', {
        gear: [
          { ...SWORD, wear: 'damaged', used: true },
          { name: 'Stool', kind: 'weapon', damage: 'd6', improvised: true, used: true },
          { ...MAIL, wear: 'broken', used: true },
        ],
      }),
      { type: 'start-combat', initiativeFactionId: HEROES },
      { type: 'end-combat' },
    );
    const worn = stepWithDice(enc, [1, 1], { type: 'zones/roll-gear-wear' });
    expect(eventsOfType(worn.events, 'zones/gear-worn')[0]?.results.map((r) => [r.name, r.after])).toEqual([
      ['Sword', 'broken'],
      ['Stool', 'broken'],
    ]);
  });

  it('follows the durability die and failing number settings', () => {
    const settings: Command[] = [
      { type: 'set-setting', key: 'durabilityDie', value: 10 },
      { type: 'set-setting', key: 'durabilityFailsOn', value: 3 },
    ];
    const worn = stepWithDice(afterFight(settings), [3, 4, 10], { type: 'zones/roll-gear-wear' });
    expect(eventsOfType(worn.events, 'zones/gear-worn')[0]?.results.map((r) => [r.roll.notation, r.roll.total, r.after])).toEqual([
      ['d10', 3, 'damaged'],
      ['d10', 4, 'sound'],
      ['d10', 10, 'sound'],
    ]);
  });

  it('refuses settings under which every item would wear, saying which to change', () => {
    const settings: Command[] = [
      { type: 'set-setting', key: 'durabilityDie', value: 4 },
      { type: 'set-setting', key: 'durabilityFailsOn', value: 4 },
    ];
    const refused = refuse(afterFight(settings), { type: 'zones/roll-gear-wear' });
    expect(refused.code).toBe('wear/settings');
    expect(refused.message).toMatch(/every item would wear. Lower "Durability fails on" or raise "Durability die"/);
  });

  it('rolls from the seed, recording the random state, and is undone in one step', () => {
    const enc = afterFight();
    const worn = step(enc, { type: 'zones/roll-gear-wear' });
    expect(eventsOfType(worn.events, 'zones/gear-worn')[0]?.rng).not.toBeNull();
    expect(undo(worn.encounter).state).toEqual(enc.state);
  });
});
