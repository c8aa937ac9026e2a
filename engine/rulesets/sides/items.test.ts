import { describe, expect, it } from 'vitest';
import type { Command } from '../../core/commands';
import { restoreEncounter, type Encounter } from '../../encounter/encounter';
import { openPrompt } from '../../encounter/prompts';
import { logEntries } from '../../log/entries';
import { drawnMap } from '../../testing/grids';
import { combatantNamed, ENEMIES, idOf, refuse, run, stepWithDice } from '../../test-support';
import { ATTACKED } from './attack';
import { isUnder, PRONE } from './conditions';
import { ITEMS_MOVED } from './items';
import { OPPORTUNITY_ASKED } from './opportunity';
import { personOf } from './person';
import { addS, firstEvent, lastEvent, newSides, startWith, SWORD, takeTurn, weaponId } from './testing';
import type { SidesCommand } from './commands';

// "A character can Ready an item for use from their pack or stowage or Stow it" (Ready or Stow an
// Item: Main, no attack of opportunity). "Sheathing or holstering a Readied weapon does not
// require this action." "Scoop up a dropped item within melee range, leaving it Readied in your
// hand" (Pick up an Item: Move, provokes). "Rise from a prone position, picking up any dropped
// items as you do so." The text has no action for dropping: it is free.

const BOW = { name: 'Bow', kind: 'weapon', damage: '1d6', attribute: 'dex', skill: 'shoot', use: 'ranged-one', range: 50, longRange: 100, carried: 'stowed' };
const DAGGER = { ...SWORD, name: 'Dagger', damage: '1d4' };

/** Ann (a sword readied, a bow stowed, a dagger) at A1 beside an Orc with a sword at B1, on Ann's turn. */
function yard(orcGear: object[] = [SWORD]): Encounter {
  let e = run(
    newSides(),
    addS('Ann', { gear: [SWORD, BOW, DAGGER] }),
    addS('Orc', { factionId: ENEMIES, gear: orcGear }),
    { type: 'set-grid', mapId: 'yard', name: 'Yard', map: drawnMap(['......', '......']) },
  );
  e = run(e, { type: 'place-on-grid', combatantId: idOf(e, 'Ann'), x: 0, y: 0 }, { type: 'place-on-grid', combatantId: idOf(e, 'Orc'), x: 1, y: 0 });
  return takeTurn(startWith(e, [8, 1]), 'Ann');
}

const piece = (e: Encounter, who: string, name: string) => personOf(combatantNamed(e, who)).gear.find((w) => w.name === name);
const item = (type: 'sides/ready' | 'sides/stow' | 'sides/drop' | 'sides/pick-up', e: Encounter, name: string, more: object = {}): Command => ({ type, combatantId: idOf(e, 'Ann'), itemId: weaponId(e, 'Ann', name), ...more }) satisfies SidesCommand;
const attack = (e: Encounter, name: string, more: object = {}): Command =>
  ({ type: 'sides/attack', attackerId: idOf(e, 'Ann'), targetId: idOf(e, 'Orc'), weaponId: weaponId(e, 'Ann', name), dice: { attack: 15, damage: [3] }, ...more }) satisfies SidesCommand;
const spent = (e: Encounter) => ({ main: e.state.turn?.budget.main ?? 0, move: e.state.turn?.budget.move ?? 0 });
const moved = (e: Encounter) => lastEvent(e, 'sides/items-moved');

describe('readied, stowed and dropped items', () => {
  it('refuses an attack with a stowed weapon until a Main action readies it, unless the GM rules it', () => {
    const e = yard();
    expect(piece(e, 'Ann', 'Bow')?.carried).toBe('stowed');
    const refused = refuse(e, attack(e, 'Bow'));
    expect(refused.code).toBe('sides/not-readied');
    expect(refused.message).toBe("Ann's bow is stowed: ready it first (a Main action), or rule it.");
    // The GM rules it anyway: the log notes it.
    const ruled = stepWithDice(e, [], attack(e, 'Bow', { gmRuling: true })).encounter;
    expect(firstEvent(ruled, 'sides/attacked').ruling).toBe(true);
    // Readying it takes the Main: afterwards it is readied, and no Main is left to shoot with this round.
    const readied = run(e, item('sides/ready', e, 'Bow'));
    expect(piece(readied, 'Ann', 'Bow')?.carried).toBe('readied');
    expect(spent(readied)).toEqual({ main: 1, move: 0 });
    expect(openPrompt(readied.state)).toBeNull();
    expect(refuse(readied, attack(readied, 'Bow')).code).toBe('action/spent');
    // Stowing the sword is the same Main; it is already spent, so it waits for another round.
    expect(refuse(readied, item('sides/stow', readied, 'Sword')).code).toBe('action/spent');
    const stowed = run(e, item('sides/stow', e, 'Sword'));
    expect(piece(stowed, 'Ann', 'Sword')?.carried).toBe('stowed');
    expect(refuse(stowed, attack(stowed, 'Sword')).message).toBe("Ann's sword is stowed: ready it first (a Main action), or rule it.");
    // Drawing or sheathing a readied weapon is no action: "readying" the sword is refused as needless.
    expect(refuse(e, item('sides/ready', e, 'Sword')).message).toBe("Ann's sword is already readied (drawing or sheathing a readied weapon takes no action).");
  });

  it('drops a readied weapon for free where its owner stands, and picks it up with a Move, the armed foe beside striking first', () => {
    let e = yard();
    e = run(e, item('sides/drop', e, 'Sword'));
    expect(spent(e)).toEqual({ main: 0, move: 0 });
    expect(piece(e, 'Ann', 'Sword')?.carried).toBe('dropped');
    expect(personOf(combatantNamed(e, 'Ann')).droppedAt[weaponId(e, 'Ann', 'Sword')]).toEqual({ x: 0, y: 0 });
    expect(refuse(e, attack(e, 'Sword')).message).toBe("Ann's sword lies on the ground: pick it up first (a Move action), or rule it.");
    expect(refuse(e, item('sides/ready', e, 'Sword')).code).toBe('sides/on-the-ground');
    // Only what is on the ground is picked up; only what is readied is dropped.
    expect(refuse(e, item('sides/pick-up', e, 'Dagger')).message).toBe("Ann's dagger isn't on the ground: it is readied.");
    expect(refuse(e, item('sides/drop', e, 'Bow')).code).toBe('sides/not-at-hand');
    // Picking it up: a Move; it is readied as the Move is taken, and the Orc beside may strike.
    const step = stepWithDice(e, [], item('sides/pick-up', e, 'Sword'));
    e = step.encounter;
    expect(step.events.map((x) => x.type)).toEqual(['action-used', ITEMS_MOVED, OPPORTUNITY_ASKED]);
    expect(piece(e, 'Ann', 'Sword')?.carried).toBe('readied');
    expect(personOf(combatantNamed(e, 'Ann')).droppedAt).toEqual({});
    expect(spent(e)).toEqual({ main: 0, move: 1 });
    expect(openPrompt(e.state)?.message).toBe('Ann picks something up: Orc may strike first (a free attack of opportunity).');
  });

  it('refuses picking up a piece dropped beyond melee range, unless the GM rules it', () => {
    let e = yard();
    e = run(e, item('sides/drop', e, 'Dagger'), { type: 'use-action', combatantId: idOf(e, 'Ann'), actionId: 'disengage' }, { type: 'use-action', combatantId: idOf(e, 'Ann'), actionId: 'run' });
    e = run(e, { type: 'walk', combatantId: idOf(e, 'Ann'), x: 0, y: 1 } as Command, { type: 'walk', combatantId: idOf(e, 'Ann'), x: 1, y: 1 } as Command, { type: 'walk', combatantId: idOf(e, 'Ann'), x: 2, y: 1 } as Command);
    e = run(e, { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(e, 'Orc') }, { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(e, 'Ann') });
    const far = refuse(e, item('sides/pick-up', e, 'Dagger'));
    expect(far.code).toBe('sides/item-far');
    expect(far.message).toBe("Ann's dagger lies 10 ft away, where it was dropped: it is picked up within melee range (5 ft). Move closer first, or rule it.");
    const ruled = run(e, item('sides/pick-up', e, 'Dagger', { gmRuling: true }));
    expect(piece(ruled, 'Ann', 'Dagger')?.carried).toBe('readied');
    expect(moved(ruled)).toMatchObject({ how: 'pick-up', ruling: true });
    // One step back, within 5 ft, it comes up without a ruling.
    const back = run(e, { type: 'use-action', combatantId: idOf(e, 'Ann'), actionId: 'run' }, { type: 'walk', combatantId: idOf(e, 'Ann'), x: 1, y: 1 } as Command);
    expect(piece(run(back, item('sides/pick-up', back, 'Dagger')), 'Ann', 'Dagger')?.carried).toBe('readied');
  });

  it('picks up the dropped pieces within reach on standing up from prone, and leaves the others', () => {
    let e = yard([]);
    e = run(e, item('sides/drop', e, 'Dagger'), { type: 'use-action', combatantId: idOf(e, 'Ann'), actionId: 'run' }, { type: 'walk', combatantId: idOf(e, 'Ann'), x: 2, y: 1 } as Command);
    e = run(e, item('sides/drop', e, 'Sword'), { type: 'use-action', combatantId: idOf(e, 'Ann'), actionId: 'prone' });
    expect(isUnder(combatantNamed(e, 'Ann'), PRONE)).toBe(true);
    e = run(e, { type: 'use-action', combatantId: idOf(e, 'Ann'), actionId: 'stand-up' });
    expect(isUnder(combatantNamed(e, 'Ann'), PRONE)).toBe(false);
    expect(moved(e)).toMatchObject({ how: 'stand-up', names: ['Sword'], carried: 'readied' });
    expect(logEntries(e).map((x) => x.text)).toContain('Ann picks up Sword on standing up.');
    expect(piece(e, 'Ann', 'Sword')?.carried).toBe('readied');
    // The dagger lies 10 ft back where it fell.
    expect(piece(e, 'Ann', 'Dagger')?.carried).toBe('dropped');
  });

  it('readies, drops and picks up an item that isn\'t a tracked weapon with the table\'s actions, the pick-up provoking the armed foe beside', () => {
    // "A character can Ready an item for use from their pack" (a Main, provoking nobody); "Scoop up
    // a dropped item within melee range" (a Move: "If you attempt to pick up an item while adjacent
    // to an armed melee combatant, they get an Attack of Opportunity"): any item, a torch or a key.
    const use = (e: Encounter, actionId: string, note: string): Command => ({ type: 'use-action', combatantId: idOf(e, 'Ann'), actionId, note }) as Command;
    let e = yard();
    e = run(e, use(e, 'ready', 'readies a torch'));
    expect(spent(e)).toEqual({ main: 1, move: 0 });
    expect(openPrompt(e.state)).toBeNull();
    expect(logEntries(e).map((x) => x.text).join(' ')).toContain('readies a torch');
    // Dropping it is free; picking up the Orc's dropped key takes the Move, and the Orc beside may strike first.
    e = run(e, use(e, 'drop', 'drops the torch'));
    expect(spent(e)).toEqual({ main: 1, move: 0 });
    e = run(e, use(e, 'pick-up', "picks up the Orc's key"));
    expect(spent(e)).toEqual({ main: 1, move: 1 });
    expect(openPrompt(e.state)?.message).toBe('Ann picks something up: Orc may strike first (a free attack of opportunity).');
    // Her tracked weapons stay where they were.
    expect(personOf(combatantNamed(e, 'Ann')).gear.map((w) => w.carried)).toEqual(['readied', 'stowed', 'readied']);
  });

  it('counts only a readied melee weapon as arming a foe for attacks of opportunity', () => {
    // The Orc's sword is in its pack: Ann stands up beside it unthreatened.
    let e = yard([{ ...SWORD, carried: 'stowed' }]);
    e = run(e, { type: 'use-action', combatantId: idOf(e, 'Ann'), actionId: 'prone' }, { type: 'use-action', combatantId: idOf(e, 'Ann'), actionId: 'stand-up' });
    expect(openPrompt(e.state)).toBeNull();
  });

  it('reads a weapon logged before items had a place as readied, so old logs replay as they did', () => {
    const e = yard();
    // The same log as it was stored before: no weapon says where it is.
    const events = e.events.map((x) => {
      if (x.type !== 'combatant-added') return x;
      return JSON.parse(JSON.stringify(x).replaceAll(/,"carried":"(readied|stowed)"/g, '')) as typeof x;
    });
    expect(JSON.stringify(events)).not.toContain('carried');
    const old = restoreEncounter({ events, steps: e.steps });
    if (!old.ok) throw new Error(old.message);
    expect(piece(old.value, 'Ann', 'Bow')?.carried).toBe('readied');
    expect(stepWithDice(old.value, [], attack(old.value, 'Bow')).events.some((x) => x.type === ATTACKED)).toBe(true);
  });
});
