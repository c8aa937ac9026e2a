import { describe, expect, it } from 'vitest';
import type { Command } from '../../core/commands';
import type { Encounter } from '../../encounter/encounter';
import { drawnMap, wall } from '../../testing/grids';
import type { GridEdge } from '../../core/maps/grid-map';
import { combatantNamed, ENEMIES, idOf, refuse, run } from '../../test-support';
import type { AttackCommand, AttackedEvent } from './attack';
import { planAttack } from './plan';
import { addS, lastEvent, newSides, startWith, SWORD, takeTurn, weaponId } from './testing';
import type { SidesCommand } from './commands';

// The text's table of situational modifiers, each read from the map and the characters' states,
// each the GM's to turn off or on: "Shooting at a distant prone foe -2 / Attacking an adjacent
// prone foe +2 / Melee attacking while prone -4 / Your target is past your bow or thrown weapon's
// normal range, up to its maximum long range. -2 / The target has half cover -2 / The target has
// full cover -4 / Making a thrown attack while in melee -4 / Throwing a weapon while in melee -4 /
// Shooting a bow or crossbow while in melee N/A / You are shooting at a target you can't see but
// you know where they are. -4". Every attack below goes through `sides/attack` with its d20 typed.

const JAVELIN = { name: 'Javelin', kind: 'weapon', damage: '1d6', attribute: 'str', skill: 'exert', use: 'thrown', range: 30, longRange: 60 };
const BOW = { name: 'Bow', kind: 'weapon', damage: '1d6', attribute: 'dex', skill: 'shoot', use: 'ranged-two', range: 50, longRange: 100, reload: 'bow' };
const HAND_CROSSBOW = { name: 'Hand crossbow', kind: 'weapon', damage: '1d4', attribute: 'dex', skill: 'shoot', use: 'ranged-one', range: 30, longRange: 60, reload: 'crossbow' };

/** Ann (the party: sword, javelin, bow, hand crossbow, a 10-ft spear) at `ann`, an Orc (AC 10) at `orc`, on a map of `rows`; Ann's turn. */
function field(ann: { x: number; y: number }, orc: { x: number; y: number }, rows = ['..........', '..........', '..........', '..........'], edges: GridEdge[] = []): Encounter {
  let e = run(newSides(), addS('Ann', { gear: [SWORD, JAVELIN, BOW, HAND_CROSSBOW, { ...SWORD, name: 'Long spear', reach: 10 }] }), addS('Orc', { factionId: ENEMIES, hp: 20 }), { type: 'set-grid', mapId: 'm', name: 'Map', map: drawnMap(rows, { edges }) });
  e = run(e, { type: 'place-on-grid', combatantId: idOf(e, 'Ann'), ...ann }, { type: 'place-on-grid', combatantId: idOf(e, 'Orc'), ...orc });
  return takeTurn(startWith(e, [8, 1]), 'Ann');
}

const prone = (e: Encounter, who: string): Encounter => run(e, { type: 'add-condition', combatantId: idOf(e, who), name: 'Prone' } as never);

const attack = (e: Encounter, weapon: string, d20: number, more: Record<string, unknown> = {}): AttackCommand =>
  ({ type: 'sides/attack', attackerId: idOf(e, 'Ann'), targetId: idOf(e, 'Orc'), weaponId: weaponId(e, 'Ann', weapon), dice: { attack: d20, damage: [1] }, ...more }) satisfies SidesCommand;

/** The attack event of the last attack made. */
const attacked = (e: Encounter): AttackedEvent => lastEvent(e, 'sides/attacked');
const mods = (e: Encounter) => attacked(e).modifiers.map((m) => [m.label, m.amount]);

describe('the situational modifiers, read from the map', () => {
  it('gives +2 to strike a prone foe in melee range and −2 to shoot one further off, read from the map', () => {
    // "Go Prone: … a -2 penalty to ranged attacks against you and a +2 bonus to melee-range attacks against you."
    const beside = prone(field({ x: 0, y: 0 }, { x: 1, y: 0 }), 'Orc');
    // 8 + 2 = 10 against AC 10: the +2 makes the hit.
    const struck = run(beside, attack(beside, 'Sword', 8));
    expect(mods(struck)).toEqual([['Attacking a prone foe in melee range', 2]]);
    expect(attacked(struck).hit).toBe(true);
    // A long spear's 10 ft is melee range too: "+2 bonus to melee-range attacks against you".
    const reach = prone(field({ x: 0, y: 0 }, { x: 2, y: 0 }), 'Orc');
    const pike = { type: 'sides/attack', attackerId: idOf(reach, 'Ann'), targetId: idOf(reach, 'Orc'), weaponId: weaponId(reach, 'Ann', 'Long spear'), dice: { attack: 8, damage: [1] } } satisfies SidesCommand;
    expect(mods(run(reach, pike))).toEqual([['Attacking a prone foe in melee range', 2]]);
    const far = prone(field({ x: 0, y: 0 }, { x: 4, y: 0 }), 'Orc');
    // The javelin at 20 ft, within its 30: 11 − 2 = 9 misses AC 10.
    const thrown = run(far, attack(far, 'Javelin', 11));
    expect(mods(thrown)).toEqual([['Shooting at a distant prone foe', -2]]);
    expect(attacked(thrown).hit).toBe(false);
    // The GM may say the foe isn't lying low enough to matter: 11 hits.
    const ruled = run(far, attack(far, 'Javelin', 11, { situation: { 'distant-prone': false } }));
    expect(mods(ruled)).toEqual([]);
    expect(attacked(ruled).hit).toBe(true);
  });

  it('takes 4 off a melee attack made lying down, and nothing off a shot', () => {
    const down = prone(field({ x: 0, y: 0 }, { x: 1, y: 0 }), 'Ann');
    // 13 − 4 = 9 misses; 14 − 4 = 10 hits.
    expect(attacked(run(down, attack(down, 'Sword', 13))).hit).toBe(false);
    const hit = run(down, attack(down, 'Sword', 14));
    expect(mods(hit)).toEqual([['Melee attacking while prone', -4]]);
    expect(attacked(hit).hit).toBe(true);
    const from = prone(field({ x: 0, y: 0 }, { x: 4, y: 0 }), 'Ann');
    expect(mods(run(from, attack(from, 'Javelin', 10)))).toEqual([]);
  });

  it('takes 2 off a throw past its normal range, and refuses one past its long range unless the GM rules it', () => {
    // The javelin: 30 ft normal, 60 ft long. The Orc at 40 ft.
    const e = field({ x: 0, y: 0 }, { x: 8, y: 0 });
    const thrown = run(e, attack(e, 'Javelin', 11));
    expect(mods(thrown)).toEqual([['Past normal range', -2]]);
    expect(attacked(thrown).hit).toBe(false);
    // At 65 ft it can't reach.
    const far = field({ x: 0, y: 0 }, { x: 13, y: 0 }, ['..............']);
    const refused = refuse(far, attack(far, 'Javelin', 20));
    expect([refused.code, refused.message]).toEqual(['sides/range', 'Orc is 65 ft away, past the javelin\'s long range of 60 ft.']);
    expect(attacked(run(far, attack(far, 'Javelin', 20, { gmRuling: true }))).hit).toBe(true);
  });

  it('reads full cover behind an arrow slit: −4, and not half cover as well', () => {
    // "Alice has full cover from Bob if Bob has line of sight, but does not have line of sight to
    // any of the corners of Alice's cube. This is usually the case when shooting through windows or
    // arrow slits." The Orc behind a slit in the wall along row 3; Ann shoots from 15 ft in front.
    const edges = [0, 1, 2, 4, 5, 6].map((x) => wall(x, 3, 'top'));
    const e = field({ x: 3, y: 0 }, { x: 3, y: 3 }, ['.......', '.......', '.......', '.......'], [...edges, wall(3, 3, 'top', 'slit')]);
    const plan = planAttack(e.state, { attackerId: idOf(e, 'Ann'), targetId: idOf(e, 'Orc'), weaponId: weaponId(e, 'Ann', 'Bow') }, []);
    if (!('read' in plan)) throw new Error(plan.message);
    expect([plan.read['full-cover'], plan.read['half-cover']]).toEqual([true, false]);
    // 13 − 4 = 9 misses; 14 − 4 = 10 hits.
    expect(attacked(run(e, attack(e, 'Bow', 13))).hit).toBe(false);
    const shot = run(e, attack(e, 'Bow', 14));
    expect(mods(shot)).toEqual([['Target in full cover', -4]]);
    expect(attacked(shot).hit).toBe(true);
    // The GM's say: only half cover after all (the form shows it differs from the map's).
    const ruled = planAttack(e.state, { attackerId: idOf(e, 'Ann'), targetId: idOf(e, 'Orc'), weaponId: weaponId(e, 'Ann', 'Bow'), situation: { 'full-cover': false, 'half-cover': true } }, []);
    if (!('read' in ruled)) throw new Error(ruled.message);
    expect([ruled.modifiers, ruled.read['full-cover']]).toEqual([[{ label: 'Target in half cover', amount: -2 }], true]);
  });

  it('takes 4 off a shot at a target out of sight whose place is known', () => {
    // The Orc round the corner of a wall: no line of sight from Ann at A1 to it at C3; she knows where it is.
    //   A . .
    //   # # .
    //   . . O
    const e = field({ x: 0, y: 0 }, { x: 2, y: 2 }, ['...', '##.', '...']);
    const shot = run(e, attack(e, 'Javelin', 13, { placeKnown: true }));
    expect(mods(shot)).toEqual([["Can't see the target, knows where it is", -4]]);
    expect(attacked(shot).hit).toBe(false);
    // The GM's say that Ann sees it after all: 13 hits.
    expect(attacked(run(e, attack(e, 'Javelin', 13, { situation: { unseen: false } }))).hit).toBe(true);
  });

  it('lets the GM add the unseen −4 to a melee strike in the dark, a situation the table leaves to them', () => {
    // "You are shooting at a target you can't see but you know where they are. -4": the row is for
    // shots ("GMs may add others depending on the situation"). On the grid a strike that reaches
    // its target sees it, so the map reads nothing; the GM ticks it for a fight in the dark.
    const e = field({ x: 0, y: 0 }, { x: 1, y: 0 });
    const ruled = run(e, attack(e, 'Sword', 14, { situation: { unseen: true }, placeKnown: true }));
    expect(mods(ruled)).toEqual([["Can't see the target, knows where it is", -4]]);
    const plain = attacked(run(e, attack(e, 'Sword', 14)));
    expect(plain.modifiers).toEqual([]);
    expect(attacked(ruled).total).toBe(plain.total - 4);
  });

  it('takes 4 once off a throw with a foe in melee range, and refuses a crossbow there as a bow, unless the GM rules it', () => {
    // The Orc beside Ann, a second foe (Gob) 15 ft off: the targets.
    let e = field({ x: 0, y: 0 }, { x: 1, y: 0 });
    e = run(e, addS('Gob', { factionId: ENEMIES }));
    e = run(e, { type: 'place-on-grid', combatantId: idOf(e, 'Gob'), x: 3, y: 0 });
    const at = (weapon: string, d20: number, more: Record<string, unknown> = {}) => ({ ...attack(e, weapon, d20, more), targetId: idOf(e, 'Gob') }) satisfies SidesCommand;
    // "Making a thrown attack while in melee -4 / Throwing a weapon while in melee -4": one penalty, not two.
    const thrown = run(e, at('Javelin', 14));
    expect(mods(thrown)).toEqual([['Throwing or shooting one-handed with a foe in melee range', -4]]);
    expect(attacked(thrown).hit).toBe(true);
    // "Shooting a bow or crossbow while in melee: N/A" — a one-handed crossbow too.
    const refused = refuse(e, at('Hand crossbow', 20));
    expect([refused.code, refused.message]).toEqual(['sides/bow-in-melee', 'Ann has a foe in melee range: a bow, a crossbow or another two-handed ranged weapon can\'t be fired.']);
    expect(refuse(e, at('Bow', 20)).code).toBe('sides/bow-in-melee');
    const ruled = run(e, at('Hand crossbow', 14, { gmRuling: true }));
    expect(attacked(ruled).hit).toBe(true);
    // With nobody beside her, the crossbow shoots freely.
    const clear = field({ x: 0, y: 0 }, { x: 3, y: 0 });
    expect(mods(run(clear, attack(clear, 'Hand crossbow', 10)))).toEqual([]);
  });

  it('lets the attacker pick STR or DEX for a weapon that takes either, for attack and damage alike', () => {
    // "The attacker may choose either attribute for modifying the weapon's attack and damage rolls."
    let e = run(newSides(), addS('Ann', { str: 2, dex: -1, gear: [SWORD] }), addS('Orc', { factionId: ENEMIES, hp: 20 }));
    e = takeTurn(startWith(e, [8, 1]), 'Ann');
    const sword = (more: Record<string, unknown>): Command => ({ type: 'sides/attack', attackerId: idOf(e, 'Ann'), targetId: idOf(e, 'Orc'), weaponId: weaponId(e, 'Ann', 'Sword'), dice: { attack: 9, damage: [3] }, ...more }) satisfies SidesCommand;
    const land = (x: Encounter) => run(x, { type: 'answer-prompt', promptId: 'sides-blow', answer: { respond: 'land' } } as Command);
    // Not said: the better, STR: 9 + 2 = 11 hits for 3 + 2 = 5.
    const better = land(run(e, sword({})));
    expect([attacked(better).bonus, combatantNamed(better, 'Orc').tracks.hp?.value]).toEqual([2, 15]);
    // DEX picked: 9 − 1 = 8 misses AC 10.
    const dex = run(e, sword({ attribute: 'dex' }));
    expect([attacked(dex).bonus, attacked(dex).hit]).toEqual([-1, false]);
  });
});
