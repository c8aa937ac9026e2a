import { describe, expect, it } from 'vitest';
import type { Command, Encounter } from '../../index';
import type { AttackSituation } from './attack';
import type { GearInput } from './gear';
import { borderId, type ZoneMap } from '../../core/maps/zone-map';
import { addZ, combatantNamed, ENEMIES, eventsOfType, gearNamed, healthOf, idOf, mapZone, newZonesEncounter, rectPoints, refuse, run, step, stepWithDice } from '../../test-support';
import { mapBarrier } from './barrier';
import { mapProtection } from './attack-scene';

// Issue 39, item E1. The rule text: "Barriers completely block attacks. If a character peaks behind
// cover to attack, they can be still countered and the barrier only counts as cover." The engine
// reads the barrier from the map (a border marked as one); peeking out is standing on that border.
// Indirect fire is "directed at targets which aren't directly visible and over obstacles".

/** Yard | Hall | Loft in a row; a barrier (a wall with arrow slits) between the yard and the hall. */
const WALLED: ZoneMap = {
  width: 300,
  height: 100,
  background: null,
  zones: [mapZone('yard', rectPoints(0, 0, 100), { name: 'Yard' }), mapZone('hall', rectPoints(100, 0, 100), { name: 'Hall' }), mapZone('loft', rectPoints(200, 0, 100), { name: 'Loft' })],
  links: [],
  barriers: [borderId('hall', 'yard')],
  grid: 10,
};
const WALL = borderId('hall', 'yard');

const BOW: GearInput = { name: 'Bow', kind: 'weapon', reach: 'ranged', range: 4, damage: 'd6' };
/** Reaches one zone, and only beyond half of it: the hall next door. */
const SHORT_MORTAR: GearInput = { name: 'Short mortar', kind: 'weapon', reach: 'indirect', range: 1, damage: 'd8' };
const POT: GearInput = { name: 'Pot', kind: 'weapon', reach: 'ranged', range: 2, damage: 'd6', blast: true };

/** Ann in the yard (a bow, a short mortar, a fire pot), the Archer in the hall behind the wall; Ann's turn. */
function walled(place: Command[] = []): Encounter {
  let enc = run(
    newZonesEncounter(7),
    { type: 'set-map', mapId: 'walled', name: 'Walled', map: WALLED },
    addZ('Ann', { zoneId: 'yard', gear: [BOW, SHORT_MORTAR, POT] }),
    addZ('Archer', { factionId: ENEMIES, zoneId: 'hall', gear: [BOW] }),
  );
  enc = run(enc, ...place.map((c) => withIds(enc, c)), { type: 'start-combat', initiativeFactionId: 'f1' });
  return run(enc, { type: 'take-turn', combatantId: idOf(enc, 'Ann') });
}

/** A placing written with names (`combatantId: 'Ann'`), given the ids. */
function withIds(enc: Encounter, c: Command): Command {
  return c.type === 'set-zone' ? { ...c, combatantId: idOf(enc, c.combatantId) } : c;
}

const onWall = (who: string): Command => ({ type: 'set-zone', combatantId: who, zoneId: who === 'Ann' ? 'yard' : 'hall', borderId: WALL });

function shoot(enc: Encounter, o: { weapon?: string; situation?: Partial<AttackSituation>; gmRuling?: boolean; zoneId?: string } = {}): Command {
  return {
    type: 'zones/declare-attack',
    attackerId: idOf(enc, 'Ann'),
    weaponId: gearNamed(enc, 'Ann', o.weapon ?? 'Bow').id,
    ...(o.zoneId ? { zoneId: o.zoneId } : { targetIds: [idOf(enc, 'Archer')] }),
    ...(o.situation ? { situation: o.situation } : {}),
    ...(o.gmRuling ? { gmRuling: true } : {}),
  };
}

function counter(enc: Encounter, gmRuling = false): Command {
  const archer = idOf(enc, 'Archer');
  return { type: 'zones/react-to-attack', reactorId: archer, targetId: archer, reaction: { kind: 'counter', weaponId: gearNamed(enc, 'Archer', 'Bow').id }, ...(gmRuling ? { gmRuling: true } : {}) };
}

const declared = (events: ReturnType<typeof step>['events']) => eventsOfType(events, 'zones/attack-declared')[0];

describe('Zones & Factions: a barrier read from the map', () => {
  it('refuses an attack through a barrier on the map, whatever the situation says, and says what to do', () => {
    const enc = walled();
    const sentence =
      "A barrier blocks the attack completely: Archer is behind a barrier on the map. Ann may peek out to attack by standing on the barrier's border (then it counts only as cover), or use indirect fire over it. As GM you may rule otherwise.";
    expect(refuse(enc, shoot(enc))).toMatchObject({ code: 'attack/barrier', overridable: true, message: sentence });
    // The map decides, not the form: a situation saying there is no barrier changes nothing.
    expect(refuse(enc, shoot(enc, { situation: { barrier: false } })).code).toBe('attack/barrier');
    // A ranged blast aimed over the wall into the hall is stopped the same way.
    expect(refuse(enc, shoot(enc, { weapon: 'Pot', zoneId: 'hall' })).message).toMatch(/^A barrier blocks the attack completely: Hall is behind a barrier on the map\./);
  });

  it('lets the GM rule an attack through it, and then refuses the counter through the same barrier unless ruled too', () => {
    let enc = walled();
    const ruled = step(enc, shoot(enc, { gmRuling: true }));
    expect(declared(ruled.events)).toMatchObject({ ruling: true, attack: { situation: { barrier: true, attackerPeeking: false } } });
    enc = ruled.encounter;
    // "Barriers completely block attacks" both ways: Ann did not peek out, so the Archer can't shoot back.
    expect(refuse(enc, counter(enc))).toMatchObject({
      code: 'react/barrier',
      overridable: true,
      message: 'A barrier blocks the attack completely. Ann did not peek out from it to attack, so nothing gets through either way. A counter is an attack at the attacker; as GM you may rule otherwise.',
    });
    // Ruled, the counter needs a WIT save to hit (5 passes), then both blows land: counter 3, bow 2.
    const back = stepWithDice(enc, [5, 3, 2], counter(enc, true));
    expect(eventsOfType(back.events, 'zones/reaction-chosen')[0]).toMatchObject({ ruling: true, save: { passed: true } });
    expect(healthOf(back.encounter, 'Ann')).toBe(7);
    expect(healthOf(back.encounter, 'Archer')).toBe(8);
  });

  it('lets an attacker standing on the barrier peek out: the counter is allowed and the barrier is their cover', () => {
    let enc = walled([onWall('Ann')]);
    expect(combatantNamed(enc, 'Ann').borderId).toBe(WALL);
    const shot = step(enc, shoot(enc));
    // Read from the map, though the command said nothing of peeking.
    expect(declared(shot.events)?.attack.situation).toMatchObject({ barrier: false, attackerPeeking: true });
    expect(declared(shot.events)?.ruling).toBeUndefined();
    enc = shot.encounter;
    // "They can be still countered and the barrier only counts as cover": the counter's 4 loses 1 to it.
    const done = stepWithDice(enc, [4, 2], counter(enc));
    const blows = eventsOfType(done.events, 'zones/attack-resolved')[0]?.blows ?? [];
    expect(blows.find((b) => b.attackerId === idOf(enc, 'Archer'))).toMatchObject({ raw: 4, armour: 1, damage: 3 });
    expect(blows.find((b) => b.attackerId === idOf(enc, 'Ann'))).toMatchObject({ raw: 2, armour: 0, damage: 2 });
  });

  it('lets a target peeking out from the barrier be shot, with the barrier as their cover', () => {
    // "If a character peaks behind cover to attack, they can be still countered and the barrier
    // only counts as cover": the Archer standing on the wall's border peeks out, so Ann's shot
    // gets through, and the wall is cover for the Archer (+1 armour) against it.
    let enc = walled([onWall('Archer')]);
    const shot = step(enc, shoot(enc));
    expect(declared(shot.events)?.attack.situation).toMatchObject({ barrier: false, attackerPeeking: false });
    enc = shot.encounter;
    const archer = idOf(enc, 'Archer');
    const done = stepWithDice(enc, [4], { type: 'zones/react-to-attack', reactorId: archer, targetId: archer, reaction: { kind: 'none' } });
    expect(eventsOfType(done.events, 'zones/attack-resolved')[0]?.blows).toMatchObject([{ raw: 4, armour: 1, damage: 3 }]);
    expect(healthOf(done.encounter, 'Archer')).toBe(7);
    // Both peeking out, each has the wall as cover against the other: the counter's 4 loses 1 too.
    let both = walled([onWall('Ann'), onWall('Archer')]);
    both = run(both, shoot(both));
    const traded = stepWithDice(both, [4, 4], counter(both));
    const blows = eventsOfType(traded.events, 'zones/attack-resolved')[0]?.blows ?? [];
    expect(blows.find((b) => b.attackerId === archer)).toMatchObject({ raw: 4, armour: 1, damage: 3 });
    expect(blows.find((b) => b.attackerId === idOf(both, 'Ann'))).toMatchObject({ raw: 4, armour: 1, damage: 3 });
    // The map tells the attack form so (see `mapProtection`); lobbed fire over the wall meets no cover.
    const ann = combatantNamed(enc, 'Ann');
    const target = combatantNamed(enc, 'Archer');
    expect(mapProtection(enc.state, ann, { reach: 'ranged', blast: false }, target)).toEqual({ concealment: false, cover: true, barrier: true });
    expect(mapProtection(enc.state, ann, { reach: 'indirect', blast: false }, target)).toEqual({ concealment: false, cover: false, barrier: false });
  });

  it('lets indirect fire go over the barrier, which still stops a straight counter', () => {
    let enc = walled();
    // The hall is beyond half of the short mortar's range: a WIT save to hit (8 passes).
    const lobbed = stepWithDice(enc, [8], shoot(enc, { weapon: 'Short mortar' }));
    expect(declared(lobbed.events)).toMatchObject({ missed: false, attack: { situation: { barrier: true } } });
    expect(declared(lobbed.events)?.ruling).toBeUndefined();
    enc = lobbed.encounter;
    expect(refuse(enc, counter(enc)).code).toBe('react/barrier');
  });

  it('leaves the barrier to the GM where the map can\'t tell (the target in no zone)', () => {
    const enc = walled([{ type: 'set-zone', combatantId: 'Archer', zoneId: null }]);
    expect(mapBarrier(enc.state, combatantNamed(enc, 'Ann'), { reach: 'ranged', blast: false }, [combatantNamed(enc, 'Archer')], null)).toBeNull();
    expect(declared(step(enc, shoot(enc)).events)?.attack.situation).toMatchObject({ barrier: false });
    expect(refuse(enc, shoot(enc, { situation: { barrier: true } }))).toMatchObject({
      code: 'attack/barrier',
      message: expect.stringMatching(/^A barrier blocks the attack completely: the situation says the target is behind a barrier\./),
    });
    // Peeking out, as the GM says: the attack is made, and the counter meets the barrier as cover.
    const peeked = run(enc, shoot(enc, { situation: { barrier: true, attackerPeeking: true } }));
    const done = stepWithDice(peeked, [4, 2], counter(peeked));
    expect(healthOf(done.encounter, 'Ann')).toBe(7);
  });

  it('tells the attack form what the map reads: blocked, peeking, and who is behind it', () => {
    const enc = walled();
    const ann = combatantNamed(enc, 'Ann');
    const archer = combatantNamed(enc, 'Archer');
    expect(mapBarrier(enc.state, ann, { reach: 'ranged', blast: false }, [archer], null)).toEqual({ blocked: true, peeking: false, behind: 'Archer' });
    const peeking = walled([onWall('Ann')]);
    expect(mapBarrier(peeking.state, combatantNamed(peeking, 'Ann'), { reach: 'ranged', blast: false }, [archer], null)).toEqual({ blocked: false, peeking: true, behind: null });
    // A melee blast sweeps the attacker's own zone: no barrier in its way.
    expect(mapBarrier(enc.state, ann, { reach: 'melee', blast: true }, [], null)).toBeNull();
  });
});
