import { describe, expect, it } from 'vitest';
import { replay, type Command, type Encounter, type EncounterEvent, type MapZone, type Point, type ZoneMap } from '../../index';
import { borderId } from '../../core/maps/zone-map';
import { addZ, ENEMIES, eventsOfType, HEROES, idOf, mapZone, moveOn, newZonesEncounter, rectPoints as rect, refuse, run, step } from '../../test-support';
import { gearOf } from './index';

const zone = (id: string, points: Point[], traits: Partial<MapZone> = {}): MapZone => mapZone(id, points, { name: id.charAt(0).toUpperCase() + id.slice(1), ...traits });

// A drawn map in a Zones & Factions fight: laying it out, moving by halves over its borders,
// one-way and closed borders, the GM placing people on borders, blasts reaching borders, and logs
// from before borders.

/**
 *   +--------+--------+--------+
 *   |  gate  |  yard  |  hall  |     yard | hall: a barrier
 *   +--------+--------+--------+
 *   | garden |        |  pit   |     gate / garden: a wall (closed); hall → pit: one-way (a drop)
 *   +--------+        +--------+     yard and pit touch at a corner only
 */
const CASTLE: ZoneMap = {
  width: 300,
  height: 200,
  background: { mime: 'image/png', base64: 'iVBORw0KGgo=', width: 300, height: 200 },
  zones: [
    zone('gate', rect(0, 0, 100, 100)),
    zone('yard', rect(100, 0, 100, 100), { cover: true }),
    zone('hall', rect(200, 0, 100, 100)),
    zone('garden', rect(0, 100, 100, 100), { difficult: true }),
    zone('pit', rect(200, 100, 100, 100), { hazard: 'Spikes', hidden: true }),
  ],
  links: [
    { a: 'gate', b: 'garden', kind: 'closed' },
    { a: 'hall', b: 'pit', kind: 'one-way' },
  ],
  barriers: [borderId('yard', 'hall')],
  grid: 10,
};

const GATE_YARD = borderId('gate', 'yard');
const YARD_HALL = borderId('yard', 'hall');
const HALL_PIT = borderId('hall', 'pit');

const SET_CASTLE: Command = { type: 'set-map', mapId: 'castle', name: 'Castle', map: CASTLE };

/** Ann (and two bandits) in the gate, the castle laid out, the heroes' go. */
function placed(): Encounter {
  return run(
    newZonesEncounter(3),
    SET_CASTLE,
    addZ('Ann', { zoneId: 'gate' }),
    addZ('Bandit', { factionId: ENEMIES, zoneId: 'gate', quantity: 2 }),
    { type: 'start-combat', initiativeFactionId: HEROES },
  );
}

const take = (enc: Encounter, name: string): Command => ({ type: 'take-turn', combatantId: idOf(enc, name) });
const toZone = (enc: Encounter, who: string, zoneId: string): Command => ({ type: 'move', combatantId: idOf(enc, who), zoneId });
const toBorder = (enc: Encounter, who: string, id: string): Command => ({ type: 'move', combatantId: idOf(enc, who), borderId: id });
const place = (enc: Encounter, who: string, zoneId: string | null, border?: string | null): Command => ({
  type: 'set-zone',
  combatantId: idOf(enc, who),
  zoneId,
  ...(border !== undefined ? { borderId: border } : {}),
});
const where = (enc: Encounter, who: string) => {
  const c = enc.state.combatants.find((x) => x.name === who);
  return { zoneId: c?.zoneId ?? null, borderId: c?.borderId ?? null };
};


describe('set-map', () => {
  it('lays out the zones, borders and traits, without the background image', () => {
    const { events, encounter } = step(newZonesEncounter(), SET_CASTLE);
    const [set] = eventsOfType(events, 'map-set');
    expect(set?.map).toMatchObject({ mapId: 'castle', name: 'Castle', width: 300, height: 200, grid: 10, hasBackground: true });
    expect(JSON.stringify(events)).not.toContain('iVBORw0KGgo');
    expect(set?.map.zones.map((z) => z.id)).toEqual(['gate', 'yard', 'hall', 'garden', 'pit']);
    expect(set?.borders).toEqual([
      { id: GATE_YARD, a: 'gate', b: 'yard', barrier: false, oneWayTo: null },
      { id: YARD_HALL, a: 'hall', b: 'yard', barrier: true, oneWayTo: null },
      { id: HALL_PIT, a: 'hall', b: 'pit', barrier: false, oneWayTo: 'pit' },
    ]);
    const state = encounter.state;
    expect(state.map?.borders.map((b) => b.id)).toEqual([GATE_YARD, YARD_HALL, HALL_PIT]);
    expect(state.zones.find((z) => z.id === 'pit')).toEqual({ id: 'pit', name: 'Pit', neighbours: [], hazard: 'Spikes', difficult: false, concealment: false, cover: false, hidden: true });
    expect(state.zones.find((z) => z.id === 'hall')?.neighbours).toEqual(['yard', 'pit']);
    expect(state.zones.find((z) => z.id === 'garden')?.neighbours).toEqual([]);
  });

  it('says what is wrong with a bad map, and needs a name', () => {
    const bad = { ...CASTLE, zones: [...CASTLE.zones, zone('gate', rect(500, 500, 10, 10))] };
    const refused = refuse(newZonesEncounter(), { type: 'set-map', mapId: 'castle', name: 'Castle', map: bad });
    expect(refused.code).toBe('map/duplicate-id');
    expect(refused.message).toBe('The map "Castle": zones 1 and 6 both use the id "gate"; give each zone its own id.');
    expect(refuse(newZonesEncounter(), { ...SET_CASTLE, name: ' ' }).code).toBe('map/bad-name');
    expect(refuse(newZonesEncounter(), { ...SET_CASTLE, mapId: '' }).code).toBe('map/bad-id');
  });

  it('is allowed mid-fight; whoever stood in a zone that is gone stands nowhere, and off a border that is gone', () => {
    let enc = run(placed(), place(placed(), 'Bandit 1', 'pit'), place(placed(), 'Ann', 'yard', YARD_HALL));
    // The new map has no pit, and the hall no longer touches the yard.
    const smaller: ZoneMap = { ...CASTLE, zones: [CASTLE.zones[0], CASTLE.zones[1], zone('hall', rect(250, 0, 50, 100))] as MapZone[], links: [], barriers: [] };
    const { events, encounter } = step(enc, { type: 'set-map', mapId: 'castle', name: 'Castle, after the fire', map: smaller });
    expect(eventsOfType(events, 'map-set')[0]).toMatchObject({ unplaced: [idOf(enc, 'Bandit 1')], offBorder: [idOf(enc, 'Ann')] });
    enc = encounter;
    expect(where(enc, 'Bandit 1')).toEqual({ zoneId: null, borderId: null });
    expect(where(enc, 'Ann')).toEqual({ zoneId: 'yard', borderId: null });
    expect(where(enc, 'Bandit 2')).toEqual({ zoneId: 'gate', borderId: null });
  });

  it('clear-map takes the map and its zones away, and says who stood where', () => {
    const enc = placed();
    const { events, encounter } = step(enc, { type: 'clear-map' });
    expect(events).toEqual([{ type: 'map-cleared', unplaced: ['Ann', 'Bandit 1', 'Bandit 2'].map((n) => idOf(enc, n)) }]);
    expect(encounter.state).toMatchObject({ map: null, zones: [], borders: [] });
    expect(encounter.state.combatants.every((c) => c.zoneId === null && c.borderId === null)).toBe(true);
    expect(refuse(encounter, { type: 'clear-map' }).code).toBe('map/none');
  });

  it('a plain zone list replaces the map, with two-way borders', () => {
    const enc = run(placed(), { type: 'set-zones', zones: [{ id: 'gate', name: 'Gate', neighbours: ['moat'] }, { id: 'moat', name: 'Moat', neighbours: [] }] });
    expect(enc.state.map).toBeNull();
    expect(enc.state.borders).toEqual([{ id: borderId('gate', 'moat'), a: 'gate', b: 'moat', barrier: false, oneWayTo: null }]);
  });
});

describe('moving by halves', () => {
  it('zone → border → zone in one turn; a third half is refused', () => {
    let enc = run(placed(), take(placed(), 'Ann'));
    const onto = moveOn(enc, toBorder(enc, 'Ann', GATE_YARD));
    expect(onto.events[0]).toEqual({ type: 'moved', combatantId: idOf(enc, 'Ann'), from: 'gate', to: 'gate', fromBorder: null, toBorder: GATE_YARD, halves: 1, carried: [] });
    enc = onto.encounter;
    expect(where(enc, 'Ann')).toEqual({ zoneId: 'gate', borderId: GATE_YARD });
    expect(enc.state.turn?.budget).toMatchObject({ moved: true, movement: 1 });
    // Still in the gate as far as who is nearby whom.
    expect(enc.state.combatants.filter((c) => c.zoneId === 'gate')).toHaveLength(3);
    enc = moveOn(enc, toZone(enc, 'Ann', 'yard')).encounter;
    expect(where(enc, 'Ann')).toEqual({ zoneId: 'yard', borderId: null });
    expect(enc.state.turn?.budget).toMatchObject({ moved: true, movement: 2 });
    const third = refuse(enc, toBorder(enc, 'Ann', YARD_HALL));
    expect(third.code).toBe('move/spent');
    expect(third.message).toBe('Ann has already moved a zone this turn.');
  });

  it('a whole zone takes both halves; after half a zone, only another half is left', () => {
    let enc = run(placed(), take(placed(), 'Ann'));
    enc = moveOn(enc, toZone(enc, 'Ann', 'yard')).encounter;
    expect(enc.state.turn?.budget.movement).toBe(2);
    expect(refuse(enc, toBorder(enc, 'Ann', YARD_HALL)).code).toBe('move/spent');

    // Half a zone onto the border, then the GM puts Ann back in the gate (no movement spent).
    enc = run(placed(), take(placed(), 'Ann'));
    enc = run(moveOn(enc, toBorder(enc, 'Ann', GATE_YARD)).encounter, place(enc, 'Ann', 'gate'));
    expect(where(enc, 'Ann')).toEqual({ zoneId: 'gate', borderId: null });
    const whole = refuse(enc, toZone(enc, 'Ann', 'yard'));
    expect(whole.code).toBe('move/spent');
    expect(whole.message).toBe('Ann has half a zone of movement left this turn: enough to step onto a border or off one, not to get into Yard.');
    // From one border of the yard to another is two halves too.
    enc = run(placed(), place(placed(), 'Ann', 'yard'));
    enc = run(enc, take(enc, 'Ann'));
    enc = moveOn(enc, toBorder(enc, 'Ann', YARD_HALL)).encounter;
    expect(refuse(enc, toBorder(enc, 'Ann', GATE_YARD)).message).toBe(
      'Ann has half a zone of movement left this turn: enough to step onto a border or off one, not to get onto the border between Gate and Yard.',
    );
    enc = moveOn(enc, toZone(enc, 'Ann', 'yard')).encounter;
    // A whole-turn action is out once one has moved at all.
    expect(refuse(enc, { type: 'use-action', combatantId: idOf(enc, 'Ann'), actionId: 'surrender' }).code).toBe('action/spent');
  });

  it('starting on a border, one half steps off either way; the next zone on is too far', () => {
    let enc = run(placed(), place(placed(), 'Ann', 'gate', GATE_YARD));
    enc = run(enc, take(enc, 'Ann'));
    const far = refuse(enc, toZone(enc, 'Ann', 'hall'));
    expect(far.code).toBe('move/not-neighbour');
    expect(far.message).toBe('Ann stands on the border between Gate and Yard: from there a move reaches Gate or Yard, not Hall.');
    enc = moveOn(enc, toZone(enc, 'Ann', 'yard')).encounter;
    enc = moveOn(enc, toBorder(enc, 'Ann', YARD_HALL)).encounter;
    expect(where(enc, 'Ann')).toEqual({ zoneId: 'yard', borderId: YARD_HALL });
    expect(refuse(enc, toBorder(enc, 'Ann', YARD_HALL)).code).toBe('move/same-border');
  });

  it('one border to another of the same zone is two halves', () => {
    let enc = run(placed(), place(placed(), 'Ann', 'yard', GATE_YARD));
    enc = run(enc, take(enc, 'Ann'));
    const { events } = step(enc, toBorder(enc, 'Ann', YARD_HALL));
    expect(events[0]).toMatchObject({ from: 'yard', to: 'yard', fromBorder: GATE_YARD, toBorder: YARD_HALL, halves: 2 });
  });

  it('crosses a one-way border only its way', () => {
    // Down from the hall into the pit: fine, in halves or at once.
    let enc = run(placed(), place(placed(), 'Ann', 'hall'));
    enc = run(enc, take(enc, 'Ann'));
    expect(where(run(enc, toZone(enc, 'Ann', 'pit')), 'Ann')).toEqual({ zoneId: 'pit', borderId: null });
    enc = run(enc, toBorder(enc, 'Ann', HALL_PIT));
    // Stepping back off the edge into the hall is always possible.
    expect(where(run(enc, toZone(enc, 'Ann', 'hall')), 'Ann')).toEqual({ zoneId: 'hall', borderId: null });

    // Up from the pit: refused, whether crossing or stepping onto the border.
    enc = run(placed(), place(placed(), 'Ann', 'pit'));
    enc = run(enc, take(enc, 'Ann'));
    const up = refuse(enc, toZone(enc, 'Ann', 'hall'));
    expect(up.code).toBe('move/one-way');
    expect(up.message).toBe("The border between Hall and Pit is one-way, into Pit only; Ann can't cross it from Pit.");
    const onto = refuse(enc, toBorder(enc, 'Ann', HALL_PIT));
    expect(onto.code).toBe('move/one-way');
    expect(onto.message).toBe("The border between Hall and Pit is one-way, into Pit only; it can't be stepped onto from Pit.");

    // Put on the border from the pit's side by the GM, Ann can only step back down.
    enc = run(placed(), place(placed(), 'Ann', 'pit', HALL_PIT));
    enc = run(enc, take(enc, 'Ann'));
    expect(refuse(enc, toZone(enc, 'Ann', 'hall')).code).toBe('move/one-way');
    expect(where(run(enc, toZone(enc, 'Ann', 'pit')), 'Ann')).toEqual({ zoneId: 'pit', borderId: null });
  });

  it('refuses a closed border, corners touching, and unknown places, in sentences', () => {
    let enc = run(placed(), take(placed(), 'Ann'));
    expect(refuse(enc, toZone(enc, 'Ann', 'garden')).message).toBe("Garden doesn't border Gate; a turn's movement is one zone.");
    expect(refuse(enc, toBorder(enc, 'Ann', borderId('gate', 'garden'))).code).toBe('border/unknown');
    expect(refuse(enc, toBorder(enc, 'Ann', YARD_HALL)).message).toBe(
      "The border between Hall and Yard is more than a turn's movement from where Ann stands; a move reaches the borders of one's own zone.",
    );
    enc = run(placed(), place(placed(), 'Ann', 'yard'));
    enc = run(enc, take(enc, 'Ann'));
    expect(refuse(enc, toZone(enc, 'Ann', 'pit')).code).toBe('move/not-neighbour');
    expect(refuse(enc, { type: 'move', combatantId: idOf(enc, 'Ann'), zoneId: 'gate', borderId: GATE_YARD }).code).toBe('move/where');
    expect(refuse(enc, { type: 'move', combatantId: idOf(enc, 'Ann') }).code).toBe('move/where');
  });

  it('barriers block attacks, not movement', () => {
    let enc = run(placed(), place(placed(), 'Ann', 'yard'));
    enc = run(enc, take(enc, 'Ann'));
    expect(where(run(enc, toZone(enc, 'Ann', 'hall')), 'Ann')).toEqual({ zoneId: 'hall', borderId: null });
  });

  it('carries a grabbed character along onto the border and off it', () => {
    let enc = placed();
    enc = run(enc, { type: 'zones/set-grabbed', combatantId: idOf(enc, 'Bandit 1'), grabbedBy: idOf(enc, 'Ann') }, take(enc, 'Ann'));
    const onto = moveOn(enc, toBorder(enc, 'Ann', GATE_YARD));
    expect(onto.events[0]).toMatchObject({ toBorder: GATE_YARD, carried: [idOf(enc, 'Bandit 1')] });
    enc = moveOn(onto.encounter, toZone(onto.encounter, 'Ann', 'yard')).encounter;
    expect(where(enc, 'Bandit 1')).toEqual({ zoneId: 'yard', borderId: null });
    expect(where(enc, 'Bandit 2')).toEqual({ zoneId: 'gate', borderId: null });
  });

  it('is refused to an unplaced character for a border, and takes the whole move into a zone', () => {
    let enc = run(placed(), place(placed(), 'Ann', null));
    enc = run(enc, take(enc, 'Ann'));
    expect(refuse(enc, toBorder(enc, 'Ann', GATE_YARD)).code).toBe('move/unplaced');
    enc = run(enc, toZone(enc, 'Ann', 'hall'));
    expect(enc.state.turn?.budget.movement).toBe(2);
  });
});

describe('set-zone on borders (GM override)', () => {
  it('places anyone on any border, at the edge of the zone named, their own, or its first', () => {
    let enc = placed();
    enc = run(enc, place(enc, 'Ann', 'yard', YARD_HALL));
    expect(where(enc, 'Ann')).toEqual({ zoneId: 'yard', borderId: YARD_HALL });
    enc = run(enc, place(enc, 'Ann', null, HALL_PIT));
    expect(where(enc, 'Ann')).toEqual({ zoneId: 'hall', borderId: HALL_PIT });
    enc = run(enc, place(enc, 'Bandit 1', null, GATE_YARD));
    expect(where(enc, 'Bandit 1')).toEqual({ zoneId: 'gate', borderId: GATE_YARD });
    // Placing in a zone takes them off the border; no movement is spent.
    enc = run(enc, place(enc, 'Ann', 'pit'));
    expect(where(enc, 'Ann')).toEqual({ zoneId: 'pit', borderId: null });
    expect(enc.state.turn?.budget.movement).toBe(0);
  });

  it('refuses a border that is not on the zone named, or does not exist', () => {
    const enc = placed();
    expect(refuse(enc, place(enc, 'Ann', 'gate', YARD_HALL)).code).toBe('border/not-on-zone');
    expect(refuse(enc, place(enc, 'Ann', 'gate', 'gate~nowhere')).code).toBe('border/unknown');
  });
});

describe('blasts and borders', () => {
  it('hits those in the zone and on any of its borders', () => {
    let enc = run(
      placed(),
      addZ('Mage', { zoneId: 'gate', gear: [{ name: 'Fireball', kind: 'weapon', damage: 'd6', reach: 'ranged', range: 3, blast: true }] }),
    );
    enc = run(enc, place(enc, 'Bandit 1', 'hall', YARD_HALL), place(enc, 'Bandit 2', 'yard'), place(enc, 'Ann', 'gate', GATE_YARD));
    enc = run(enc, take(enc, 'Mage'));
    const fireball = gearOf(enc.state.combatants.find((c) => c.name === 'Mage') ?? {})[0]?.id;
    const attack = step(enc, { type: 'zones/declare-attack', attackerId: idOf(enc, 'Mage'), weaponId: fireball, zoneId: 'yard', situation: { targetsAware: false } });
    const declared = eventsOfType(attack.events, 'zones/attack-declared')[0];
    // Bandit 1 stands on the yard's border with the hall (from the hall's side), Ann on its border with the gate.
    expect(declared?.attack.targets).toEqual(['Ann', 'Bandit 1', 'Bandit 2'].map((n) => idOf(enc, n)));
  });
});

describe('logs from before borders', () => {
  it('replay with borders derived and nobody on a border', () => {
    let enc = run(
      newZonesEncounter(5),
      { type: 'set-zones', zones: [{ id: 'gate', name: 'Gate', neighbours: ['yard'] }, { id: 'yard', name: 'Yard', neighbours: [] }] },
      addZ('Ann', { zoneId: 'gate' }),
      addZ('Bandit', { factionId: ENEMIES }),
      { type: 'start-combat', initiativeFactionId: HEROES },
    );
    enc = run(enc, take(enc, 'Ann'), toZone(enc, 'Ann', 'yard'), place(enc, 'Bandit', 'gate'));
    // Strip what older versions didn't write.
    const old = JSON.parse(JSON.stringify(enc.events), (key, value) => (['borderId', 'fromBorder', 'toBorder', 'halves'].includes(key) ? undefined : value)) as EncounterEvent[];
    expect(JSON.stringify(old)).not.toMatch(/borderId|halves/);
    const state = replay(old);
    expect(state.borders).toEqual([{ id: borderId('gate', 'yard'), a: 'gate', b: 'yard', barrier: false, oneWayTo: null }]);
    expect(state.map).toBeNull();
    expect(state.combatants.map((c) => [c.zoneId, c.borderId])).toEqual([
      ['yard', null],
      ['gate', null],
    ]);
    expect(state.turn?.budget).toEqual({ bonus: 0, main: 0, moved: true, movement: 2 });
    expect(state).toEqual(enc.state);
  });

  it('replay from before maps and borders existed at all', () => {
    const created = newZonesEncounter(1).events[0] as EncounterEvent;
    const state = replay([created]);
    expect(state.borders).toEqual([]);
    expect(state.map).toBeNull();
  });
});
