import { describe, expect, it } from 'vitest';
import type { Command, Encounter } from '../../index';
import { addZ, combatantNamed, ENEMIES, HEROES, idOf, newEncounter, newZonesEncounter, refuse, run, step } from '../../test-support';
import { replay } from '../../index';
import { MAX_ZONES } from '../../space/zones/zones';
import { zonesPerson } from './index';
import type { Combatant } from '../../core/state';
import { gearOf } from './index';

/** Who holds the character grabbed (undefined: no such character). */
const heldOf = (c: Combatant | undefined) => (c ? zonesPerson(c).grabbedBy : undefined);

// The setup and override commands Zones & Factions reads: zones, where everyone stands, gear,
// rule marks and the ruleset's settings.

const ZONES = [
  { id: 'gate', name: 'Gate', neighbours: ['yard'] },
  { id: 'yard', name: 'Yard', neighbours: [] },
  { id: 'hall', name: 'Hall', neighbours: ['yard'] },
];

function placed(): Encounter {
  return run(
    newZonesEncounter(2),
    { type: 'set-zones', zones: ZONES },
    addZ('Ann', { zoneId: 'gate' }),
    addZ('Bandit', { factionId: ENEMIES, zoneId: 'hall' }),
  );
}

describe('set-zones', () => {
  it('records the map with every border listed both ways', () => {
    const enc = placed();
    expect(enc.state.zones).toEqual([
      { id: 'gate', name: 'Gate', neighbours: ['yard'] },
      { id: 'yard', name: 'Yard', neighbours: ['gate', 'hall'] },
      { id: 'hall', name: 'Hall', neighbours: ['yard'] },
    ]);
  });

  it('refuses a map that is not a list, or has duplicate ids, unknown or self neighbours, or nameless zones', () => {
    const enc = placed();
    const bad: [unknown, string][] = [
      ['gate, yard', 'zones/not-a-list'],
      [[{ id: 'a', name: 'A', neighbours: [] }, { id: 'a', name: 'B', neighbours: [] }], 'zones/duplicate-id'],
      [[{ id: 'a', name: 'A', neighbours: ['b'] }], 'zones/unknown-neighbour'],
      [[{ id: 'a', name: 'A', neighbours: ['a'] }], 'zones/self-neighbour'],
      [[{ id: 'a', name: '  ', neighbours: [] }], 'zones/bad-name'],
      [[{ id: '', name: 'A', neighbours: [] }], 'zones/bad-id'],
      [[{ id: 'a', name: 'A', neighbours: 'b' }], 'zones/bad-neighbours'],
      [Array.from({ length: MAX_ZONES + 1 }, (_, i) => ({ id: `z${i}`, name: `Z${i}`, neighbours: [] })), 'zones/too-many'],
    ];
    for (const [zones, code] of bad) {
      const refused = refuse(enc, { type: 'set-zones', zones });
      expect(refused.code, JSON.stringify(zones).slice(0, 80)).toBe(code);
      expect(refused.encounter).toBe(enc);
    }
  });

  it('takes combatants out of a zone that was removed, and leaves the others where they stand', () => {
    const enc = placed();
    const redrawn = step(enc, { type: 'set-zones', zones: [{ id: 'hall', name: 'Hall', neighbours: [] }] });
    expect(redrawn.events).toEqual([{ type: 'zones-set', zones: [{ id: 'hall', name: 'Hall', neighbours: [] }], moved: [idOf(enc, 'Ann')] }]);
    expect(combatantNamed(redrawn.encounter, 'Ann').zoneId).toBeNull();
    expect(combatantNamed(redrawn.encounter, 'Bandit').zoneId).toBe('hall');
  });
});

describe('set-zone', () => {
  it('places a combatant in a known zone, or nowhere', () => {
    let enc = placed();
    enc = run(enc, { type: 'set-zone', combatantId: idOf(enc, 'Ann'), zoneId: 'yard' });
    expect(combatantNamed(enc, 'Ann').zoneId).toBe('yard');
    enc = run(enc, { type: 'set-zone', combatantId: idOf(enc, 'Ann'), zoneId: null });
    expect(combatantNamed(enc, 'Ann').zoneId).toBeNull();
  });

  it('refuses an unknown zone or combatant', () => {
    const enc = placed();
    expect(refuse(enc, { type: 'set-zone', combatantId: idOf(enc, 'Ann'), zoneId: 'cellar' }).message).toMatch(/no zone with id "cellar"; add it to the zone list first/);
    expect(refuse(enc, { type: 'set-zone', combatantId: 'c99', zoneId: 'yard' }).code).toBe('combatant/unknown');
    expect(refuse(enc, addZ('Ghost', { zoneId: 'cellar' })).code).toBe('zone/unknown');
  });

  it('is allowed as a GM override while the fight runs', () => {
    let enc = run(placed(), { type: 'start-combat', initiativeFactionId: HEROES });
    enc = run(enc, { type: 'set-zone', combatantId: idOf(enc, 'Bandit'), zoneId: 'gate' });
    expect(combatantNamed(enc, 'Bandit').zoneId).toBe('gate');
  });
});

describe('zones/set-gear', () => {
  const gear = (enc: Encounter, list: unknown): Command => ({ type: 'zones/set-gear', combatantId: idOf(enc, 'Ann'), gear: list as never });

  it('gives new items ids and fills in defaults; keeps the id and wear of items that already exist', () => {
    let enc = placed();
    enc = run(enc, gear(enc, [{ name: 'Sword', kind: 'weapon', damage: 'd8' }, { name: 'Mail', kind: 'armour', protection: 2 }]));
    const [sword, mail] = gearOf(combatantNamed(enc, 'Ann'));
    expect(sword).toMatchObject({ name: 'Sword', kind: 'weapon', damage: 'd8', reach: 'melee', range: 0, blast: false, protection: 0, wear: 'sound', used: false });
    expect(mail).toMatchObject({ name: 'Mail', kind: 'armour', damage: null, protection: 2 });
    expect(sword?.id).not.toBe(mail?.id);

    // The sword got damaged in a fight; editing its name keeps that.
    enc = run(enc, gear(enc, [{ ...sword, wear: 'damaged' }, mail]));
    enc = run(enc, gear(enc, [{ id: sword?.id, name: 'Old sword', kind: 'weapon', damage: 'd8' }]));
    expect(gearOf(combatantNamed(enc, 'Ann'))).toEqual([expect.objectContaining({ id: sword?.id, name: 'Old sword', wear: 'damaged' })]);
  });

  it('refuses weapons without damage dice, bad notation and other bad entries', () => {
    const enc = placed();
    const bad: [unknown, string][] = [
      [[{ name: 'Sword', kind: 'weapon' }], 'gear/damage'],
      [[{ name: 'Sword', kind: 'weapon', damage: '' }], 'gear/damage'],
      [[{ name: 'Sword', kind: 'weapon', damage: 'd' }], 'gear/damage'],
      [[{ name: 'Sword', kind: 'weapon', damage: 'two dice' }], 'gear/damage'],
      [[{ name: 'Ring', kind: 'jewel' }], 'input/choice'],
      [[{ name: 'Bow', kind: 'weapon', damage: 'd6', reach: 'far' }], 'input/choice'],
      [[{ name: 'Sword', kind: 'weapon', damage: 'd6', wear: 'rusty' }], 'input/choice'],
      [[{ name: 'Mail', kind: 'armour', protection: -1 }], 'input/range'],
      [[{ name: 'Mail', kind: 'armour', protection: 1.5 }], 'input/number'],
      [[{ name: 'Bow', kind: 'weapon', damage: 'd6', reach: 'ranged', range: 50 }], 'input/range'],
      [[{ kind: 'weapon', damage: 'd6' }], 'input/name'],
      [[null], 'gear/shape'],
      ['Sword', 'gear/shape'],
      [Array.from({ length: 21 }, (_, i) => ({ name: `Dagger ${i}`, kind: 'weapon', damage: 'd4' })), 'gear/too-much'],
    ];
    for (const [list, code] of bad) {
      const refused = refuse(enc, gear(enc, list));
      expect(refused.code, JSON.stringify(list).slice(0, 80)).toBe(code);
      expect(refused.encounter).toBe(enc);
    }
    expect(refuse(enc, gear(enc, [{ name: 'Sword', kind: 'weapon' }])).message).toMatch(/Give the weapon Sword its damage dice, for example d8/);
  });

  it('gives ranged and indirect weapons a range of at least 1 zone, 1 when left out', () => {
    let enc = placed();
    enc = run(enc, gear(enc, [{ name: 'Bow', kind: 'weapon', damage: 'd6', reach: 'ranged' }, { name: 'Mortar', kind: 'weapon', damage: 'd10', reach: 'indirect' }]));
    expect(gearOf(combatantNamed(enc, 'Ann')).map((g) => g.range)).toEqual([1, 1]);
    for (const reach of ['ranged', 'indirect']) {
      const refused = refuse(enc, gear(enc, [{ name: 'Sling', kind: 'weapon', damage: 'd4', reach, range: 0 }]));
      expect(refused.code).toBe('gear/range');
      expect(refused.message).toMatch(/Sling is an? .* weapon: give it a range of at least 1 zone/);
    }
    // Melee weapons and armour keep range 0.
    enc = run(enc, gear(enc, [{ name: 'Knife', kind: 'weapon', damage: 'd4', range: 0 }, { name: 'Mail', kind: 'armour', protection: 1 }]));
    expect(gearOf(combatantNamed(enc, 'Ann')).map((g) => g.range)).toEqual([0, 0]);
    expect(refuse(placed(), addZ('Archer', { gear: [{ name: 'Bow', kind: 'weapon', damage: 'd6', reach: 'ranged', range: 0 }] })).code).toBe('gear/range');
  });

  it('refuses gear for an unknown combatant', () => {
    expect(refuse(placed(), { type: 'zones/set-gear', combatantId: 'c99', gear: [] }).code).toBe('combatant/unknown');
  });
});

describe("a new character's own fields (add-combatant's rules)", () => {
  it('carries gear into their part, each copy its own ids, the same again on replay', () => {
    const enc = run(newZonesEncounter(2), addZ('Bandit', { factionId: ENEMIES, quantity: 2, gear: [{ name: 'Club', kind: 'weapon', damage: 'd6' }] }));
    const [one, two] = enc.state.combatants.map((c) => gearOf(c));
    expect(one).toEqual([expect.objectContaining({ name: 'Club', damage: 'd6', wear: 'sound', used: false })]);
    expect(one?.[0]?.id).not.toBe(two?.[0]?.id);
    expect(replay(enc.events)).toEqual(enc.state);
    // The id counter keeps past gear ids, so later gear never takes one of theirs.
    const more = run(enc, addZ('Ogre', { factionId: ENEMIES, gear: [{ name: 'Maul', kind: 'weapon', damage: 'd10' }] }));
    const ids = more.state.combatants.flatMap((c) => [c.id, ...gearOf(c).map((g) => g.id)]);
    expect(new Set(ids).size).toBe(6);
  });

  it('refuses fields Zones & Factions does not keep, and gear that is not a list', () => {
    const bandit = addZ('Bandit', { factionId: ENEMIES });
    expect(refuse(placed(), { ...bandit, rules: { gaer: [] } } as Command).message).toBe('Zones & Factions keeps no "gaer" on a character; its own field is gear.');
    expect(refuse(placed(), { ...bandit, rules: 'sword' } as Command).code).toBe('combatant/rules');
    expect(refuse(placed(), { ...bandit, rules: { gear: 'sword' } } as Command).code).toBe('gear/shape');
  });

  it('is refused by a ruleset that keeps nothing of its own on a character', () => {
    const freeform = newEncounter();
    const refused = refuse(freeform, { type: 'add-combatant', name: 'Ann', factionId: HEROES, rules: { gear: [] } });
    expect(refused.message).toBe('Freeform keeps nothing of its own on a character; leave out "rules".');
  });
});

describe('set-mark', () => {
  it('puts a rule mark on and takes it off', () => {
    let enc = placed();
    enc = run(enc, { type: 'set-mark', combatantId: idOf(enc, 'Ann'), mark: 'fear-immune', on: true });
    expect(combatantNamed(enc, 'Ann').marks).toEqual(['fear-immune']);
    // Putting it on twice keeps one.
    enc = run(enc, { type: 'set-mark', combatantId: idOf(enc, 'Ann'), mark: 'fear-immune', on: true });
    expect(combatantNamed(enc, 'Ann').marks).toEqual(['fear-immune']);
    enc = run(enc, { type: 'set-mark', combatantId: idOf(enc, 'Ann'), mark: 'fear-immune', on: false });
    expect(combatantNamed(enc, 'Ann').marks).toEqual([]);
  });

  it('refuses an unknown or missing mark rather than guessing one', () => {
    const enc = placed();
    expect(refuse(enc, { type: 'set-mark', combatantId: idOf(enc, 'Ann'), mark: 'asleep', on: true }).code).toBe('input/choice');
    expect(refuse(enc, { type: 'set-mark', combatantId: idOf(enc, 'Ann'), on: true }).code).toBe('input/choice');
    expect(combatantNamed(enc, 'Ann').marks).toEqual([]);
  });
});

describe('set-setting', () => {
  it('sets known settings', () => {
    let enc = newZonesEncounter(1);
    expect(enc.state.settings).toMatchObject({ fastSlow: false, impairedMode: 'lower-of-two', moraleFailure: 'retreated', durabilityDie: 6, durabilityFailsOn: 1 });
    enc = run(
      enc,
      { type: 'set-setting', key: 'fastSlow', value: true },
      { type: 'set-setting', key: 'impairedMode', value: 'halved' },
      { type: 'set-setting', key: 'durabilityDie', value: 20 },
    );
    expect(enc.state.settings).toMatchObject({ fastSlow: true, impairedMode: 'halved', durabilityDie: 20 });
  });

  it('refuses unknown keys, wrong types and values out of range', () => {
    const enc = newZonesEncounter(1);
    const bad: [unknown, unknown, string][] = [
      ['initiativeBonus', 2, 'setting/unknown'],
      ['fastSlow', 'yes', 'input/boolean'],
      ['fastSlow', 1, 'input/boolean'],
      ['durabilityDie', 1, 'input/range'],
      ['durabilityDie', 21, 'input/range'],
      ['durabilityDie', 6.5, 'input/number'],
      ['durabilityDie', '6', 'input/number'],
      ['declareSeconds', 4, 'input/range'],
      ['impairedMode', 'doubled', 'input/choice'],
      ['moraleFailure', true, 'input/choice'],
    ];
    for (const [key, value, code] of bad) {
      const refused = refuse(enc, { type: 'set-setting', key, value });
      expect(refused.code, `${String(key)}=${String(value)}`).toBe(code);
      expect(refused.encounter).toBe(enc);
    }
  });
});

describe('zones/set-grabbed', () => {
  it('lets the GM put a hold on or release it, and refuses a character holding themselves', () => {
    let enc = run(newZonesEncounter(2), addZ('Ann'), addZ('Ogre', { factionId: ENEMIES }));
    const ann = idOf(enc, 'Ann');
    const ogre = idOf(enc, 'Ogre');
    enc = run(enc, { type: 'zones/set-grabbed', combatantId: ann, grabbedBy: ogre });
    expect(heldOf(enc.state.combatants.find((c) => c.id === ann))).toBe(ogre);
    enc = run(enc, { type: 'zones/set-grabbed', combatantId: ann, grabbedBy: null });
    expect(heldOf(enc.state.combatants.find((c) => c.id === ann))).toBeNull();
    expect(refuse(enc, { type: 'zones/set-grabbed', combatantId: ann, grabbedBy: ann }).code).toBe('grab/self');
    expect(refuse(enc, { type: 'zones/set-grabbed', combatantId: ann, grabbedBy: 'c99' }).code).toBe('combatant/unknown');
  });
});
