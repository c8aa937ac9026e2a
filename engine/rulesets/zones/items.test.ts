import { describe, expect, it } from 'vitest';
import { restoreEncounter, type Command, type Encounter } from '../../index';
import { logEntries } from '../../log/entries';
import { playerLog } from '../../log/player-log';
import type { Combatant } from '../../core/state';
import { addZ, combatantNamed, ENEMIES, eventsOfType, gearNamed, healthOf, HEROES, idOf, newZonesEncounter, refuse, run, step, stepWithDice } from '../../test-support';
import type { GearInput } from './gear';
import { gearOf, itemMoves, placeOf, zonesFight } from './index';

// Which weapon or shield is in hand. The rule text's bonus actions: "Pick up or put down
// something." "Equip or unequip an item. Swapping two items is two bonus actions." Disarm makes
// the target "drop a weapon"; surrendering is "throwing their weapons away".

const ZONES = [
  { id: 'yard', name: 'Yard', neighbours: ['hall'] },
  { id: 'hall', name: 'Hall', neighbours: ['yard'] },
];
const SWORD: GearInput = { name: 'Sword', kind: 'weapon', damage: 'd8' };
const DAGGER: GearInput = { name: 'Dagger', kind: 'weapon', damage: 'd4', place: 'unequipped' };
const SHIELD: GearInput = { name: 'Shield', kind: 'shield', protection: 1 };
const MAIL: GearInput = { name: 'Mail', kind: 'armour', protection: 2 };
const AXE: GearInput = { name: 'Axe', kind: 'weapon', damage: 'd6' };

/** Ann (sword in hand, dagger put away, shield, mail) against Bandit 1 and 2 in the yard; Bandit 2 beside to guard. Ann's turn. */
function yard(banditGear: GearInput[] = [AXE]): Encounter {
  const enc = run(
    newZonesEncounter(7),
    { type: 'set-zones', zones: ZONES },
    addZ('Ann', { zoneId: 'yard', gear: [SWORD, DAGGER, SHIELD, MAIL] }),
    addZ('Bandit', { factionId: ENEMIES, zoneId: 'yard', quantity: 2, gear: banditGear }),
    { type: 'start-combat', initiativeFactionId: HEROES },
  );
  return run(enc, { type: 'take-turn', combatantId: idOf(enc, 'Ann') });
}

const item = (enc: Encounter, name: string, how: 'equip' | 'unequip' | 'put-down' | 'pick-up', piece: string, gmRuling = false): Command =>
  ({ type: 'zones/handle-item', combatantId: idOf(enc, name), itemId: gearNamed(enc, name, piece).id, how, ...(gmRuling ? { gmRuling: true } : {}) }) as Command;
const strike = (enc: Encounter, weapon: string, gmRuling = false): Command =>
  ({ type: 'zones/declare-attack', attackerId: idOf(enc, 'Ann'), weaponId: gearNamed(enc, 'Ann', weapon).id, targetIds: [idOf(enc, 'Bandit 1')], ...(gmRuling ? { gmRuling: true } : {}) }) as Command;
const placeIn = (enc: Encounter, who: string, piece: string) => placeOf(gearNamed(enc, who, piece));
const inHand = (c: Combatant) => gearOf(c).filter((g) => placeOf(g) === 'equipped').map((g) => g.name);

describe('Zones & Factions: equipping and unequipping', () => {
  it('keeps pieces entered without a place equipped, and one entered put away unequipped', () => {
    const enc = yard();
    expect(placeIn(enc, 'Ann', 'Sword')).toBe('equipped');
    expect(gearNamed(enc, 'Ann', 'Sword')).not.toHaveProperty('place');
    expect(placeIn(enc, 'Ann', 'Dagger')).toBe('unequipped');
    expect(itemMoves(gearNamed(enc, 'Ann', 'Dagger'))).toEqual(['equip', 'put-down']);
    expect(itemMoves(gearNamed(enc, 'Ann', 'Mail'))).toEqual([]);
  });

  it("takes the GM's entry of where a piece is; one entered on the ground lies in its owner's zone", () => {
    const enc = yard();
    const ann = combatantNamed(enc, 'Ann') as Combatant;
    const gear = gearOf(ann).map((g) => (g.name === 'Sword' ? { ...g, place: 'dropped' as const } : g.name === 'Dagger' ? { ...g, place: 'equipped' as const } : g));
    const set = run(enc, { type: 'zones/set-gear', combatantId: ann.id, gear } as Command);
    expect(gearNamed(set, 'Ann', 'Sword')).toMatchObject({ place: 'dropped', droppedIn: 'yard' });
    expect(placeIn(set, 'Ann', 'Dagger')).toBe('equipped');
    expect(refuse(enc, { type: 'zones/set-gear', combatantId: ann.id, gear: [{ name: 'Sword', kind: 'weapon', damage: 'd8', place: 'lost' }] }).code).toBe('input/choice');
  });

  it('refuses an attack with a weapon put away, and takes it as the GM rules it', () => {
    const enc = yard();
    const refused = refuse(enc, strike(enc, 'Dagger'));
    expect(refused).toMatchObject({ code: 'attack/not-equipped', overridable: true });
    expect(refused.message).toBe("Ann's Dagger is put away: equip it first (a bonus action). As GM you may rule otherwise.");
    const ruled = step(enc, strike(enc, 'Dagger', true));
    expect(eventsOfType(ruled.events, 'zones/attack-declared')[0]?.ruling).toBe(true);
  });

  it('equips a piece as a bonus action, after which it strikes; a swap is two bonus actions', () => {
    const enc = yard();
    const drawn = step(enc, item(enc, 'Ann', 'equip', 'Dagger'));
    expect(drawn.events.map((e) => e.type)).toEqual(['action-used', 'zones/items-moved']);
    expect(drawn.events[0]).toMatchObject({ actionId: 'equip', spends: 'bonus' });
    expect(placeIn(drawn.encounter, 'Ann', 'Dagger')).toBe('equipped');
    expect(logEntries(drawn.encounter).at(-1)?.text).toBe('Ann equips Dagger.');
    // Swapping: the sword put away is the second bonus action (the main one taken as a bonus one).
    const swapped = run(drawn.encounter, item(drawn.encounter, 'Ann', 'unequip', 'Sword'));
    expect(inHand(combatantNamed(swapped, 'Ann'))).toEqual(['Dagger', 'Shield', 'Mail']);
    const spent = refuse(swapped, item(swapped, 'Ann', 'equip', 'Sword'));
    expect(spent.code).toBe('action/spent');
    expect(refuse(swapped, strike(swapped, 'Dagger')).code).toBe('action/spent');
  });

  it('refuses equipping what is in hand, armour, and anyone not acting', () => {
    const enc = yard();
    expect(refuse(enc, item(enc, 'Ann', 'equip', 'Sword')).message).toBe("Ann's Sword is already equipped.");
    expect(refuse(enc, item(enc, 'Ann', 'unequip', 'Mail')).code).toBe('item/armour');
    expect(refuse(enc, item(enc, 'Bandit 1', 'unequip', 'Axe')).code).toBe('turn/not-acting');
  });

  it("a shield put away doesn't protect", () => {
    let enc = yard();
    enc = run(enc, item(enc, 'Ann', 'unequip', 'Shield'));
    // The bandit strikes her with 5; the mail alone takes 2.
    enc = run(enc, { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(enc, 'Bandit 1') });
    const blow: Command = { type: 'zones/declare-attack', attackerId: idOf(enc, 'Bandit 1'), weaponId: gearNamed(enc, 'Bandit 1', 'Axe').id, targetIds: [idOf(enc, 'Ann')] } as Command;
    // Ann has used her turn, so can't react: the blow lands at once.
    const hit = stepWithDice(enc, [5], blow);
    expect(healthOf(hit.encounter, 'Ann')).toBe(7);
  });

  it('refuses a counter with a weapon put away, and takes it as the GM rules it', () => {
    const enc = yard([{ ...AXE, place: 'unequipped' }]);
    const declared = run(enc, strike(enc, 'Sword'));
    const counter = (gmRuling: boolean): Command =>
      ({
        type: 'zones/react-to-attack',
        reactorId: idOf(enc, 'Bandit 1'),
        targetId: idOf(enc, 'Bandit 1'),
        reaction: { kind: 'counter', weaponId: gearNamed(enc, 'Bandit 1', 'Axe').id },
        ...(gmRuling ? { gmRuling: true } : {}),
      }) as Command;
    expect(refuse(declared, counter(false))).toMatchObject({ code: 'react/not-equipped', overridable: true });
    const ruled = stepWithDice(declared, [4, 3], counter(true));
    expect(eventsOfType(ruled.events, 'zones/reaction-chosen')[0]?.ruling).toBe(true);
  });
});

describe('Zones & Factions: putting down and picking up', () => {
  it('puts a piece down in the zone its owner stands in, and picks it up there, a bonus action each', () => {
    let enc = yard();
    enc = run(enc, item(enc, 'Ann', 'put-down', 'Sword'));
    expect(gearNamed(enc, 'Ann', 'Sword')).toMatchObject({ place: 'dropped', droppedIn: 'yard' });
    expect(logEntries(enc).at(-1)?.text).toBe('Ann puts down Sword in Yard.');
    expect(refuse(enc, strike(enc, 'Sword')).message).toBe("Ann's Sword lies on the ground: pick it up first (a bonus action). As GM you may rule otherwise.");
    expect(refuse(enc, item(enc, 'Ann', 'equip', 'Sword')).code).toBe('item/on-ground');
    const up = step(enc, item(enc, 'Ann', 'pick-up', 'Sword'));
    expect(up.events[0]).toMatchObject({ type: 'action-used', actionId: 'pick-up', spends: 'bonus' });
    expect(placeIn(up.encounter, 'Ann', 'Sword')).toBe('equipped');
    expect(gearNamed(up.encounter, 'Ann', 'Sword')).not.toHaveProperty('droppedIn');
  });

  it('refuses picking up a piece lying in another zone, and takes it as the GM rules it', () => {
    let enc = yard();
    enc = run(enc, item(enc, 'Ann', 'put-down', 'Sword'), { type: 'move', combatantId: idOf(enc, 'Ann'), zoneId: 'hall' });
    // Moving away from the bandits waits while they may strike: they let her go.
    enc = run(enc, { type: 'answer-prompt', promptId: 'zones/leaving', answer: 'go' });
    const refused = refuse(enc, item(enc, 'Ann', 'pick-up', 'Sword'));
    expect(refused).toMatchObject({ code: 'item/not-here', overridable: true });
    expect(refused.message).toBe("Ann's Sword lies in Yard, not where Ann stands: move there first. As GM you may rule otherwise.");
    const ruled = step(enc, item(enc, 'Ann', 'pick-up', 'Sword', true));
    expect(eventsOfType(ruled.events, 'zones/items-moved')[0]?.ruling).toBe(true);
    expect(logEntries(ruled.encounter).at(-1)?.text).toBe("Ann (by the GM's ruling) picks up Sword.");
  });

  it('a disarmed weapon lies on the ground in its owner\'s zone, out of their hand', () => {
    // "Disarm. A nearby target must pass a STR save or drop a weapon chosen by the attacker."
    let enc = yard();
    enc = run(enc, { type: 'set-zone', combatantId: idOf(enc, 'Bandit 2'), zoneId: 'hall' });
    const disarm = { type: 'zones/declare-attack', attackerId: idOf(enc, 'Ann'), weaponId: null, targetIds: [idOf(enc, 'Bandit 1')], intent: 'disarm' } as Command;
    const declared = run(enc, disarm);
    const dropped = stepWithDice(declared, [15], { type: 'zones/react-to-attack', reactorId: idOf(enc, 'Bandit 1'), targetId: idOf(enc, 'Bandit 1'), reaction: { kind: 'none' } });
    expect(gearNamed(dropped.encounter, 'Bandit 1', 'Axe')).toMatchObject({ place: 'dropped', droppedIn: 'yard' });
    const bandit = combatantNamed(dropped.encounter, 'Bandit 1');
    expect(bandit && inHand(bandit)).toEqual([]);
    expect(zonesFight(dropped.encounter.state).pendingAttack).toBeNull();
  });
});

describe('Zones & Factions: surrendering throws the weapons away', () => {
  it('drops every weapon and shield in their zone, keeps the armour worn, and says so', () => {
    const enc = yard();
    const gaveUp = step(enc, { type: 'use-action', combatantId: idOf(enc, 'Ann'), actionId: 'surrender' });
    expect(eventsOfType(gaveUp.events, 'zones/items-moved')[0]).toMatchObject({ how: 'surrender', place: 'dropped', zoneId: 'yard', names: ['Sword', 'Dagger', 'Shield'] });
    expect(inHand(combatantNamed(gaveUp.encounter, 'Ann') as Combatant)).toEqual(['Mail']);
    expect(logEntries(gaveUp.encounter).at(-1)?.text).toBe('Ann throws away Sword, Dagger and Shield in Yard.');
    // The players hear how many, not which: gear is the GM's sheet.
    expect(playerLog(gaveUp.encounter).map((e) => e.text)).toContain('Ann throws away 3 items in Yard.');
  });

  it('leaves them unarmed when harm makes them fight again, until they pick their weapons up', () => {
    let enc = yard();
    enc = run(enc, { type: 'use-action', combatantId: idOf(enc, 'Ann'), actionId: 'surrender' }, { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(enc, 'Bandit 1') });
    // Surrendered, Ann can't react: the blow lands at once, and she fights again.
    const blow = { type: 'zones/declare-attack', attackerId: idOf(enc, 'Bandit 1'), weaponId: gearNamed(enc, 'Bandit 1', 'Axe').id, targetIds: [idOf(enc, 'Ann')] } as Command;
    const hit = stepWithDice(enc, [6], blow);
    const ann = combatantNamed(hit.encounter, 'Ann') as Combatant;
    expect(ann.marks).not.toContain('surrendered');
    expect(inHand(ann)).toEqual(['Mail']);
    expect(gearNamed(hit.encounter, 'Ann', 'Sword')).toMatchObject({ place: 'dropped', droppedIn: 'yard' });
  });

  it('replays a surrender logged before weapons were thrown away with the weapons still in hand', () => {
    const enc = yard();
    const gaveUp = run(enc, { type: 'use-action', combatantId: idOf(enc, 'Ann'), actionId: 'surrender' });
    // An older log has the surrender without the throw that follows it now.
    const events = gaveUp.events.filter((e) => e.type !== 'zones/items-moved');
    const restored = restoreEncounter({ events, steps: [...gaveUp.steps.slice(0, -1), events.length] });
    if (!restored.ok) throw new Error(restored.message);
    const ann = combatantNamed(restored.value, 'Ann') as Combatant;
    expect(ann.marks).toContain('surrendered');
    expect(inHand(ann)).toEqual(['Sword', 'Shield', 'Mail']);
  });
});
