import { describe, expect, it } from 'vitest';
import type { Encounter, MapZone, Point, ZoneMap } from '../../index';
import { borderId } from '../../core/maps/zone-map';
import { addZ, ENEMIES, HEROES, idOf, mapZone, newZonesEncounter, rectPoints, run } from '../../test-support';
import { targetsFor } from './targeting';
import { gearOf } from './index';

const rect = (x: number, y: number): Point[] => rectPoints(x, y, 100);
const zone = mapZone;

/** gate | yard | hall in a row, the pit (hidden) under the hall, the garden under the gate behind a wall. */
const MAP: ZoneMap = {
  width: 300,
  height: 200,
  background: null,
  zones: [zone('gate', rect(0, 0)), zone('yard', rect(100, 0)), zone('hall', rect(200, 0)), zone('garden', rect(0, 100)), zone('pit', rect(200, 100), { hidden: true })],
  links: [{ a: 'gate', b: 'garden', kind: 'closed' }],
  barriers: [borderId('yard', 'hall')],
  grid: 0,
};

function scene(): Encounter {
  return run(
    newZonesEncounter(2),
    { type: 'set-map', mapId: 'm', name: 'Keep', map: MAP },
    addZ('Ann', {
      zoneId: 'gate',
      gear: [
        { name: 'Bow', kind: 'weapon', damage: 'd6', reach: 'ranged', range: 2 },
        { name: 'Mortar', kind: 'weapon', damage: 'd10', reach: 'indirect', range: 6 },
      ],
    }),
    addZ('Close', { factionId: ENEMIES, zoneId: 'gate' }),
    addZ('Yard', { factionId: ENEMIES, zoneId: 'yard' }),
    addZ('Lurker', { factionId: ENEMIES, zoneId: 'yard', concealed: true }),
    addZ('Scout', { factionId: HEROES, zoneId: 'yard', concealed: true }),
    addZ('Hall', { factionId: ENEMIES, zoneId: 'hall' }),
    addZ('Pit', { factionId: ENEMIES, zoneId: 'pit' }),
    addZ('Garden', { factionId: ENEMIES, zoneId: 'garden' }),
    addZ('Corpse', { factionId: ENEMIES, zoneId: 'gate' }),
  );
}

const byName = (enc: Encounter, attacker: string) =>
  Object.fromEntries(targetsFor(enc.state, idOf(enc, attacker)).map((t) => [enc.state.combatants.find((c) => c.id === t.combatantId)?.name, t]));

describe('targetsFor', () => {
  it('sorts every other living character by how the attacker can reach them', () => {
    let enc = scene();
    enc = run(enc, { type: 'set-mark', combatantId: idOf(enc, 'Corpse'), mark: 'dead', on: true });
    const bow = gearOf(enc.state.combatants.find((c) => c.name === 'Ann') ?? {})[0]?.id;
    const mortar = gearOf(enc.state.combatants.find((c) => c.name === 'Ann') ?? {})[1]?.id;
    const t = byName(enc, 'Ann');
    expect(Object.keys(t)).toEqual(['Close', 'Yard', 'Lurker', 'Scout', 'Hall', 'Pit', 'Garden']);
    expect(t.Close).toMatchObject({ status: 'nearby', distance: 0, visible: true, weaponId: bow });
    expect(t.Yard).toMatchObject({ status: 'in-range', distance: 1, weaponId: bow });
    // Concealed from the other side, but one's own side knows where they are.
    expect(t.Lurker).toMatchObject({ status: 'not-visible', visible: false });
    expect(t.Scout).toMatchObject({ status: 'in-range', visible: true });
    // Two zones: the bow reaches only beyond half its range; the mortar can't lob that short.
    expect(t.Hall).toMatchObject({ status: 'beyond-half-range', distance: 2, weaponId: bow });
    // The pit is a hidden zone: nobody outside it sees in.
    expect(t.Pit).toMatchObject({ status: 'not-visible', distance: 3, visible: false });
    // A wall: no way through, so no weapon reaches by the map.
    expect(t.Garden).toMatchObject({ status: 'out-of-range', distance: null, weaponId: null });
    expect(mortar).toBeDefined();
  });

  it('uses an indirect weapon only beyond half its range', () => {
    let enc = scene();
    const mortar = gearOf(enc.state.combatants.find((c) => c.name === 'Ann') ?? {})[1]?.id;
    enc = run(enc, { type: 'zones/set-gear', combatantId: idOf(enc, 'Ann'), gear: [{ id: mortar, name: 'Mortar', kind: 'weapon', damage: 'd10', reach: 'indirect', range: 3 }] });
    const t = byName(enc, 'Ann');
    // The hall (2 zones) is beyond half of 3; the yard (1 zone) is too close to lob at.
    expect(t.Hall).toMatchObject({ status: 'beyond-half-range', weaponId: mortar });
    expect(t.Yard).toMatchObject({ status: 'out-of-range', weaponId: null });
    // Nearby, bare hands.
    expect(t.Close).toMatchObject({ status: 'nearby', weaponId: null });
  });

  it('marks a barrier between bordering zones, unless the attacker peeks out from it', () => {
    let enc = scene();
    enc = run(enc, { type: 'set-zone', combatantId: idOf(enc, 'Ann'), zoneId: 'yard' });
    expect(byName(enc, 'Ann').Hall).toMatchObject({ status: 'in-range', barrier: true, peeking: false });
    enc = run(enc, { type: 'set-zone', combatantId: idOf(enc, 'Ann'), zoneId: 'yard', borderId: borderId('yard', 'hall') });
    expect(byName(enc, 'Ann').Hall).toMatchObject({ barrier: false, peeking: true });
    expect(targetsFor(enc.state, 'nobody')).toEqual([]);
  });

  it('counts anyone without a zone as nearby, as the rules do (the GM judges)', () => {
    let enc = scene();
    enc = run(enc, { type: 'set-zone', combatantId: idOf(enc, 'Garden'), zoneId: null });
    expect(byName(enc, 'Ann').Garden).toMatchObject({ status: 'nearby', distance: null });
  });
});

