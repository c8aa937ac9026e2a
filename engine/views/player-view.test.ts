import { describe, expect, it } from 'vitest';
import { projectPlayerView, PLAYER_VIEW_VERSION, type Command, type Encounter, type PlayerCombatant, type PlayerFight, type ZoneMap } from '../index';
import { borderId } from '../core/maps/zone-map';
import { add, addZ, ENEMIES, HEROES, idOf, mapZone, newEncounter, newZonesEncounter, rectPoints as rect, run } from '../test-support';
import { zonesFight, type ZonesPlayerPart } from '../rulesets/zones/index';
import { gearOf } from '../rulesets/zones/index';

// The player view, one rule at a time. The property test beside this file throws random hidden
// things at it; these pin what each rule shows.

function fight(enc: Encounter): PlayerFight {
  const view = projectPlayerView(enc.state);
  if (view.status === 'waiting') throw new Error('the fight has not started');
  return view;
}

/** Zones & Factions' own part of the view (the attack waiting, the chaos countdown). */
const zonesPart = (view: PlayerFight): ZonesPlayerPart => view.rules as ZonesPlayerPart;

const named = (view: PlayerFight, name: string): PlayerCombatant => {
  const found = view.combatants.find((c) => c.name === name);
  if (!found) throw new Error(`${name} is not shown`);
  return found;
};

/** Freeform: Ann (heroes) against three goblins with 10 hit points each. */
function freeform(): Encounter {
  return run(newEncounter(9), add('Ann', { initMod: 9, hp: 12 }), add('Goblin', { factionId: ENEMIES, quantity: 3, hp: 10 }));
}

describe('a planned encounter', () => {
  it('shows only that the players are waiting: no name, no one', () => {
    expect(projectPlayerView(freeform().state)).toEqual({ version: PLAYER_VIEW_VERSION, status: 'waiting' });
  });
});

describe('the fight at a glance', () => {
  it('shows the round, the acting character, the turn order and the encounter name', () => {
    const enc = run(freeform(), { type: 'start-combat' });
    const view = fight(enc);
    expect(view).toMatchObject({ status: 'running', name: 'Test fight', round: 1, procedure: 'order', phase: null, gateDie: null, whoseGo: null });
    expect(view.order).toHaveLength(4);
    expect(view.acting).toBe(view.order[0]);
    const acting = view.combatants.find((c) => c.key === view.acting);
    expect(acting?.acting).toBe(true);
    expect(view.combatants.map((c) => c.position).sort()).toEqual([1, 2, 3, 4]);
    expect(fight(run(enc, { type: 'end-combat' }))).toMatchObject({ status: 'ended', acting: null });
  });

  it('numbers what it shows p1, p2… and carries no id', () => {
    const enc = run(freeform(), { type: 'start-combat' });
    const view = fight(enc);
    expect(view.combatants.map((c) => c.key)).toEqual(['p1', 'p2', 'p3', 'p4']);
    const json = JSON.stringify(view);
    for (const c of enc.state.combatants) expect(json).not.toContain(`"${c.id}"`);
    expect(JSON.parse(json)).toEqual(view);
  });

  it('never changes the state it is given', () => {
    const enc = run(freeform(), { type: 'start-combat' });
    const before = structuredClone(enc.state);
    projectPlayerView(enc.state);
    expect(enc.state).toEqual(before);
  });
});

describe('health', () => {
  it('player characters in full, with their conditions', () => {
    let enc = run(freeform(), { type: 'start-combat' });
    enc = run(enc, { type: 'damage', combatantId: idOf(enc, 'Ann'), amount: 5 }, { type: 'add-condition', combatantId: idOf(enc, 'Ann'), name: 'Prone' });
    expect(named(fight(enc), 'Ann')).toMatchObject({
      isPlayer: true,
      health: { kind: 'full', tracks: [{ label: 'Hit points', shortLabel: 'HP', value: 7, max: 12 }], out: false },
      conditions: ['Prone'],
    });
  });

  it('others as unhurt, hurt (above half), badly hurt (half or less), down (0), with no conditions', () => {
    let enc = run(freeform(), { type: 'start-combat' });
    const hit = (name: string, amount: number): Command => ({ type: 'damage', combatantId: idOf(enc, name), amount });
    enc = run(enc, hit('Goblin 1', 4), hit('Goblin 2', 5), hit('Goblin 3', 10), { type: 'add-condition', combatantId: idOf(enc, 'Goblin 1'), name: 'Prone' });
    const view = fight(enc);
    const descriptors = view.combatants.filter((c) => !c.isPlayer).map((c) => (c.health.kind === 'descriptor' ? c.health.descriptor : c.health.kind));
    expect(descriptors).toEqual(['hurt', 'badly hurt', 'down']);
    expect(view.combatants.filter((c) => !c.isPlayer).every((c) => c.conditions.length === 0)).toBe(true);
    expect(JSON.stringify(view)).not.toMatch(/"value":6|"max":10/);
    const fresh = fight(run(freeform(), { type: 'start-combat' }));
    expect(fresh.combatants[1]?.health).toEqual({ kind: 'descriptor', descriptor: 'unhurt' });
  });

  it('shows no health at all for others when the GM says so', () => {
    const enc = run(freeform(), { type: 'set-enemy-health', mode: 'none' }, { type: 'start-combat' });
    expect(fight(enc).combatants.filter((c) => !c.isPlayer).map((c) => c.health)).toEqual([{ kind: 'none' }, { kind: 'none' }, { kind: 'none' }]);
  });

  it('counts out of the fight (surrendered, dead) as down', () => {
    let enc = run(newZonesEncounter(3), addZ('Ann'), addZ('Bandit', { factionId: ENEMIES, quantity: 2 }), { type: 'start-combat', initiativeFactionId: HEROES });
    enc = run(enc, { type: 'set-mark', combatantId: idOf(enc, 'Bandit 1'), mark: 'surrendered', on: true }, { type: 'set-mark', combatantId: idOf(enc, 'Bandit 2'), mark: 'dead', on: true });
    expect(fight(enc).combatants.map((c) => (c.health.kind === 'descriptor' ? c.health.descriptor : c.health.kind))).toEqual(['full', 'down', 'down']);
  });

  it('tells who retreated or surrendered, players and others alike, but not who is dead', () => {
    let enc = run(newZonesEncounter(3), addZ('Ann'), addZ('Bo'), addZ('Bandit', { factionId: ENEMIES, quantity: 3 }), { type: 'start-combat', initiativeFactionId: HEROES });
    const mark = (name: string, m: 'retreated' | 'surrendered' | 'dead'): Command => ({ type: 'set-mark', combatantId: idOf(enc, name), mark: m, on: true });
    enc = run(enc, mark('Bo', 'retreated'), mark('Bandit 1', 'surrendered'), mark('Bandit 2', 'retreated'), mark('Bandit 3', 'dead'));
    const left = (e: Encounter) => fight(e).combatants.map((c) => [c.name, c.left]);
    const told = [
      ['Ann', null],
      ['Bo', 'retreated'],
      ['Enemies 1', 'surrendered'],
      ['Enemies 2', 'retreated'],
      ['Enemies 3', null],
    ];
    expect(left(enc)).toEqual(told);
    // Leaving is seen, not health: it shows when the GM shows no health of others as well.
    expect(left(run(enc, { type: 'set-enemy-health', mode: 'none' }))).toEqual(told);
    expect(JSON.stringify(fight(enc))).not.toContain('dead');
  });

  it('says nothing of a concealed character who surrendered', () => {
    let enc = run(freeform(), { type: 'start-combat' });
    enc = run(enc, { type: 'set-mark', combatantId: idOf(enc, 'Goblin 2'), mark: 'surrendered', on: true }, { type: 'set-concealed', combatantId: idOf(enc, 'Goblin 2'), concealed: true });
    expect(fight(enc).combatants.map((c) => c.left)).toEqual([null, null, null]);
  });

  it('the factions shown in full are the GM’s choice', () => {
    const enc = run(freeform(), { type: 'set-player-factions', factionIds: [ENEMIES] }, { type: 'start-combat' });
    const view = fight(enc);
    expect(named(view, 'Goblin 1').health.kind).toBe('full');
    expect(view.combatants.find((c) => !c.isPlayer)?.health).toEqual({ kind: 'descriptor', descriptor: 'unhurt' });
    expect(view.factions).toEqual([
      { key: 'side-1', name: 'Heroes', colour: '#4f8fd9', isPlayer: false },
      { key: 'side-2', name: 'Enemies', colour: '#d94f4f', isPlayer: true },
    ]);
  });
});

describe('names', () => {
  it('others go by their faction and a number until the GM types a name or reveals the real one', () => {
    let enc = run(freeform(), { type: 'start-combat' });
    let view = fight(enc);
    expect(view.combatants.map((c) => c.name)).toEqual(['Ann', 'Enemies 1', 'Enemies 2', 'Enemies 3']);
    enc = run(
      enc,
      { type: 'set-player-name', combatantId: idOf(enc, 'Goblin 1'), name: 'Bandit' },
      { type: 'reveal-name', combatantId: idOf(enc, 'Goblin 3'), revealed: true },
    );
    view = fight(enc);
    expect(view.combatants.map((c) => c.name)).toEqual(['Ann', 'Bandit', 'Enemies 1', 'Goblin 3']);
  });

  it('a revealed real name wins over a typed one; a player character can be given one too', () => {
    let enc = run(freeform(), { type: 'start-combat' });
    const gob = idOf(enc, 'Goblin 1');
    enc = run(enc, { type: 'set-player-name', combatantId: gob, name: 'Stranger' }, { type: 'reveal-name', combatantId: gob, revealed: true });
    enc = run(enc, { type: 'set-player-name', combatantId: idOf(enc, 'Ann'), name: 'The Masked One' });
    expect(fight(enc).combatants.map((c) => c.name).slice(0, 2)).toEqual(['The Masked One', 'Goblin 1']);
  });
});

describe('hidden characters', () => {
  it('leaves out concealed characters without a gap in the keys or the numbers', () => {
    let enc = run(freeform(), { type: 'start-combat' });
    enc = run(enc, { type: 'set-concealed', combatantId: idOf(enc, 'Goblin 2'), concealed: true });
    const view = fight(enc);
    expect(view.combatants.map((c) => [c.key, c.name])).toEqual([
      ['p1', 'Ann'],
      ['p2', 'Enemies 1'],
      ['p3', 'Enemies 2'],
    ]);
    expect(view.order).toHaveLength(3);
    expect(view.combatants.map((c) => c.position).sort()).toEqual([1, 2, 3]);
  });

  it('keeps someone hidden until their first turn, then shows them acting', () => {
    let enc = freeform();
    const g3 = idOf(enc, 'Goblin 3');
    enc = run(enc, { type: 'hide-until-turn', combatantId: g3, hidden: true }, { type: 'start-combat' });
    expect(fight(enc).combatants).toHaveLength(3);
    for (let i = 0; enc.state.activeId !== g3 && i < 4; i++) {
      expect(fight(enc).acting).not.toBeNull();
      enc = run(enc, { type: 'next-turn' });
    }
    const view = fight(enc);
    expect(view.combatants).toHaveLength(4);
    expect(view.combatants.find((c) => c.acting)?.name).toBe('Enemies 3');
  });

  it('shows nobody acting while a hidden character takes their turn', () => {
    let enc = run(freeform(), { type: 'start-combat' });
    enc = run(enc, { type: 'set-concealed', combatantId: enc.state.activeId as string, concealed: true });
    expect(fight(enc).acting).toBeNull();
  });
});

/**
 *   +------+------+------+
 *   | gate | yard | lair |   lair is hidden; yard → gate is one-way; gate | yard a barrier
 *   +------+------+------+
 */
const MAP: ZoneMap = {
  width: 300,
  height: 100,
  background: { mime: 'image/png', base64: 'iVBORw0KGgo=', width: 300, height: 100 },
  zones: [
    mapZone('gate', rect(0, 0, 100), { name: 'Gate', hazard: 'Burning oil: d6 a turn' }),
    mapZone('yard', rect(100, 0, 100), { name: 'Yard', cover: true }),
    mapZone('lair', rect(200, 0, 100), { name: 'Secret lair', hidden: true }),
  ],
  links: [{ a: 'yard', b: 'gate', kind: 'one-way' }],
  barriers: [borderId('gate', 'yard')],
  grid: 10,
};

function onTheMap(): Encounter {
  return run(
    newZonesEncounter(5),
    { type: 'set-map', mapId: 'castle-secret', name: 'Castle (GM copy)', map: MAP },
    addZ('Ann', { zoneId: 'gate' }),
    addZ('Bo', { zoneId: 'lair' }),
    addZ('Bandit', { factionId: ENEMIES, zoneId: 'yard', quantity: 2 }),
    addZ('Lurker', { factionId: ENEMIES, zoneId: 'lair' }),
    { type: 'start-combat', initiativeFactionId: HEROES },
  );
}

describe('the map', () => {
  it('shows the frame and the shown zones with their traits, never the hidden ones or the hazard note', () => {
    const view = fight(onTheMap());
    expect(view.map).toEqual({ width: 300, height: 100, grid: 10, background: true });
    expect(view.zones).toEqual([
      { key: 'zone-1', name: 'Gate', colour: '#557799', points: rect(0, 0, 100), hazard: true, difficult: false, concealment: false, cover: false },
      { key: 'zone-2', name: 'Yard', colour: '#557799', points: rect(100, 0, 100), hazard: false, difficult: false, concealment: false, cover: true },
    ]);
    expect(view.borders).toEqual([{ key: 'border-1', a: 'zone-1', b: 'zone-2', segments: [[[100, 0], [100, 100]]], barrier: true, oneWayTo: 'zone-1' }]);
    const json = JSON.stringify(view);
    for (const secret of ['Secret lair', 'lair', 'Burning oil', 'castle-secret', 'GM copy', '"gate"', '"yard"']) expect(json).not.toContain(secret);
  });

  it('places characters by zone key; a player character in a hidden zone is shown nowhere, anyone else not at all', () => {
    const view = fight(onTheMap());
    expect(view.combatants.map((c) => [c.name, c.zoneKey])).toEqual([
      ['Ann', 'zone-1'],
      ['Bo', null],
      ['Enemies 1', 'zone-2'],
      ['Enemies 2', 'zone-2'],
    ]);
  });

  it('shows a border only between two shown zones', () => {
    let enc = onTheMap();
    enc = run(enc, { type: 'set-zone', combatantId: idOf(enc, 'Bandit 1'), zoneId: 'yard', borderId: borderId('yard', 'lair') });
    enc = run(enc, { type: 'set-zone', combatantId: idOf(enc, 'Bandit 2'), zoneId: 'yard', borderId: borderId('gate', 'yard') });
    const view = fight(enc);
    expect([named(view, 'Enemies 1').borderKey, named(view, 'Enemies 2').borderKey]).toEqual([null, 'border-1']);
  });
});

describe('factions alternating', () => {
  it('shows the phase, whose go it is, who has acted and who may still act', () => {
    let enc = run(newZonesEncounter(2), addZ('Ann'), addZ('Bo'), addZ('Bandit', { factionId: ENEMIES }), { type: 'start-combat', initiativeFactionId: HEROES });
    let view = fight(enc);
    expect(view).toMatchObject({ procedure: 'alternating', phase: 'main', whoseGo: { key: 'side-1', name: 'Heroes' }, order: [] });
    enc = run(enc, { type: 'take-turn', combatantId: idOf(enc, 'Ann') });
    view = fight(enc);
    expect(view.acting).toBe('p1');
    expect(view.combatants.map((c) => [c.name, c.acted, c.mayStillAct, c.position])).toEqual([
      ['Ann', true, false, null],
      ['Bo', false, true, null],
      ['Enemies 1', false, true, null],
    ]);
  });

  it('shows the fast action threshold once it is rolled', () => {
    const enc = run(
      newZonesEncounter(2),
      { type: 'set-setting', key: 'fastSlow', value: true },
      { type: 'set-setting', key: 'thresholdByHand', value: true },
      addZ('Ann', { wit: 15 }),
      addZ('Bandit', { factionId: ENEMIES }),
      { type: 'start-combat', initiativeFactionId: HEROES },
    );
    expect(fight(enc)).toMatchObject({ phase: 'fast', gateDie: null });
    expect(fight(run(enc, { type: 'set-gate', value: 12 }))).toMatchObject({ phase: 'fast', gateDie: 12, whoseGo: { name: 'Heroes' } });
  });

  it('shows nobody’s go while only hidden characters could take it', () => {
    let enc = run(newZonesEncounter(2), addZ('Ann'), addZ('Bandit', { factionId: ENEMIES, quantity: 2 }), { type: 'start-combat', initiativeFactionId: ENEMIES });
    enc = run(enc, { type: 'take-turn', combatantId: idOf(enc, 'Bandit 1') }, { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(enc, 'Ann') }, { type: 'end-turn' });
    expect(fight(enc).whoseGo?.name).toBe('Enemies');
    enc = run(enc, { type: 'set-concealed', combatantId: idOf(enc, 'Bandit 2'), concealed: true });
    expect(fight(enc).whoseGo).toBeNull();
  });

  it('does not list a faction whose characters are all hidden', () => {
    let enc = run(newZonesEncounter(2), { type: 'add-faction', name: 'Assassins', colour: '#000000' }, addZ('Ann'), addZ('Bandit', { factionId: ENEMIES }));
    enc = run(enc, { ...addZ('Shade', { factionId: 'f3', concealed: true }) }, { type: 'start-combat', initiativeFactionId: HEROES });
    expect(fight(enc).factions.map((f) => f.name)).toEqual(['Heroes', 'Enemies']);
    expect(JSON.stringify(fight(enc))).not.toContain('Assassins');
  });
});

describe('an attack waiting for reactions', () => {
  function declared(): Encounter {
    let enc = run(
      newZonesEncounter(4),
      addZ('Ann', { gear: [{ name: 'Sword', kind: 'weapon', damage: 'd8' }] }),
      addZ('Bandit', { factionId: ENEMIES, quantity: 2 }),
      { type: 'start-combat', initiativeFactionId: HEROES },
    );
    const ann = enc.state.combatants[0];
    enc = run(enc, { type: 'take-turn', combatantId: ann?.id as string });
    return run(enc, { type: 'zones/declare-attack', attackerId: ann?.id as string, weaponId: gearOf(ann ?? {})[0]?.id, targetIds: [idOf(enc, 'Bandit 1')] });
  }

  it('shows who attacks whom by key', () => {
    const enc = declared();
    expect(zonesFight(enc.state).pendingAttack).not.toBeNull();
    expect(zonesPart(fight(enc)).pendingAttack).toEqual({ attackerKey: 'p1', targetKeys: ['p2'], zoneKey: null });
  });

  it('shows nothing of it when anyone in it is hidden', () => {
    let enc = declared();
    enc = run(enc, { type: 'set-concealed', combatantId: idOf(enc, 'Bandit 1'), concealed: true });
    expect(zonesPart(fight(enc)).pendingAttack).toBeNull();
  });
});

describe('chaos of combat', () => {
  it('says the countdown runs, and how long it is, when the setting is on', () => {
    const base = run(newZonesEncounter(2), addZ('Ann'), addZ('Bandit', { factionId: ENEMIES }));
    expect(zonesPart(fight(run(base, { type: 'start-combat', initiativeFactionId: HEROES }))).chaos).toBeNull();
    const on = run(base, { type: 'set-setting', key: 'chaos', value: true }, { type: 'set-setting', key: 'declareSeconds', value: 20 }, { type: 'start-combat', initiativeFactionId: HEROES });
    expect(zonesPart(fight(on)).chaos).toEqual({ seconds: 20 });
  });
});
