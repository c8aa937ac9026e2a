import { describe, expect, it } from 'vitest';
import '../builtin';
import { dispatch, type Encounter } from '../../encounter/encounter';
import { addZ, ENEMIES, HEROES, newZonesEncounter, run } from '../../test-support';
import type { Command } from '../../core/commands';
import { logEntries } from '../../log/entries';
import { gearOf } from './slice';

// Issue 15, item 6. The rule text: "Equip or unequip an item. Swapping two items is two bonus
// actions. Armour can't be changed during a fight." The GM may rule otherwise: a deliberate second
// step, logged as the GM's ruling.

/** Brannock in mail with a sword, and a bandit: set up, and the fight started when `running`. */
function fight(running: boolean): Encounter {
  const planned = run(
    newZonesEncounter(4),
    addZ('Brannock', { gear: [{ name: 'Mail', kind: 'armour', protection: 2 }, { name: 'Sword', kind: 'weapon', damage: 'd8' }] }),
    addZ('Bandit', { factionId: ENEMIES }),
  );
  return running ? run(planned, { type: 'start-combat', initiativeFactionId: HEROES }) : planned;
}

const brannock = (encounter: Encounter) => encounter.state.combatants.find((c) => c.name === 'Brannock') ?? null;

/** Brannock's gear as the GM's form sends it back, changed by `change`. */
function setGear(encounter: Encounter, change: (gear: ReturnType<typeof gearOf>) => object[], gmRuling?: boolean): Command {
  const who = brannock(encounter);
  if (!who) throw new Error('no Brannock');
  return { type: 'zones/set-gear', combatantId: who.id, gear: change(gearOf(who)), ...(gmRuling === undefined ? {} : { gmRuling }) } as Command;
}

const withoutArmour = (gear: ReturnType<typeof gearOf>) => gear.filter((g) => g.kind !== 'armour');
const heavier = (gear: ReturnType<typeof gearOf>) => gear.map((g) => (g.kind === 'armour' ? { ...g, protection: 4 } : g));
const withLeather = (gear: ReturnType<typeof gearOf>) => [...gear, { name: 'Leather', kind: 'armour', protection: 1 }];

describe('Zones & Factions: armour during a fight', () => {
  it('refuses taking off, putting on or changing armour while the fight runs, and changes nothing', () => {
    const running = fight(true);
    for (const change of [withoutArmour, heavier, withLeather]) {
      const refused = dispatch(running, setGear(running, change));
      expect(refused).toMatchObject({
        ok: false,
        code: 'gear/armour-in-fight',
        overridable: true,
        message: "Armour can't be changed during a fight: Brannock keeps Mail until it ends. As GM you may rule otherwise.",
      });
      expect(refused.encounter).toBe(running);
    }
  });

  it('takes the change as the GM rules it, and the log says it was the GM\'s ruling', () => {
    const running = fight(true);
    const ruled = dispatch(running, setGear(running, withoutArmour, true));
    if (!ruled.ok) throw new Error(ruled.message);
    expect(ruled.events).toEqual([expect.objectContaining({ type: 'zones/gear-set', ruling: true })]);
    const after = brannock(ruled.encounter);
    expect(after && gearOf(after).map((g) => g.name)).toEqual(['Sword']);
    expect(logEntries(ruled.encounter).at(-1)?.text).toBe("Brannock's gear is set: Sword (armour changed mid-fight: the GM's ruling).");
  });

  it('lets the GM change armour before and after the fight, and other gear or armour wear during it', () => {
    const planned = fight(false);
    expect(dispatch(planned, setGear(planned, withoutArmour)).ok).toBe(true);

    const running = fight(true);
    const sword = dispatch(running, setGear(running, (gear) => [...gear, { name: 'Dagger', kind: 'weapon', damage: 'd4' }]));
    expect(sword.ok && sword.events[0]).toEqual(expect.not.objectContaining({ ruling: true }));
    expect(dispatch(running, setGear(running, (gear) => gear.map((g) => (g.kind === 'armour' ? { ...g, wear: 'damaged' } : g)))).ok).toBe(true);

    const ended = run(running, { type: 'end-combat' });
    expect(dispatch(ended, setGear(ended, withoutArmour)).ok).toBe(true);
  });

  it('names what someone without armour goes on with', () => {
    const running = fight(true);
    const bandit = running.state.combatants.find((c) => c.name === 'Bandit');
    const refused = dispatch(running, { type: 'zones/set-gear', combatantId: bandit?.id ?? '', gear: [{ name: 'Leather', kind: 'armour', protection: 1 }] } as Command);
    expect(refused).toMatchObject({ ok: false, message: "Armour can't be changed during a fight: Bandit fights on without armour. As GM you may rule otherwise." });
  });
});
