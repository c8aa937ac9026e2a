import { describe, expect, it } from 'vitest';
import { restoreEncounter, type Encounter, type EncounterEvent, BUILTIN_RULESETS } from '../../index';
import { logEntries } from '../../log/entries';
import { ENEMIES, HEROES, idOf, refuse, run, stepWithDice } from '../../test-support';
import { BARE_HANDS } from './defence';
import { personOf } from './person';
import { isRanksEvent, newRanks, ranksEvent } from './testing';

// "In order to defend against an opponent – for both full actions and fixed values – a character
// must have distance and clearance. The defensive weapon must be distant enough … and must have
// enough space around it": the defence table says which of the defender's own weapons (or none:
// Brawling: block) meets which attack. Going on the defensive, "they may make a defensive ability
// check and add +10" with "any relevant skill".

const ANN_SHEET = [
  { name: 'Sword', kind: 'skill', skill: 'martial', dice: 4, bonus: 3, fixed: 14 },
  { name: 'Hurl', kind: 'skill', skill: 'shift', dice: 3, bonus: 0, fixed: 8 },
  { name: 'Longsword', kind: 'weapon', category: 'martial', damage: 4, damageBonus: 0 },
  { name: 'Rapier', kind: 'weapon', category: 'light', damage: 3, damageBonus: 0 },
];
// Bo trained deflect but carries nothing to deflect with.
const BO_SHEET = [{ name: 'Deflect', kind: 'skill', skill: 'deflect', dice: 3, bonus: 0, fixed: 12 }];
const ORC_SHEET = [
  { name: 'Deflect', kind: 'skill', skill: 'deflect', dice: 1, bonus: 0, fixed: 20 },
  { name: 'Tumble', kind: 'skill', skill: 'tumble', dice: 2, bonus: 0, fixed: 6 },
  { name: 'Axe', kind: 'skill', skill: 'martial', dice: 3, bonus: 0, fixed: 10 },
  { name: 'Axe', kind: 'weapon', category: 'martial', damage: 3, damageBonus: 0 },
];

/** Ann (awareness 12), Bo (11) and the orc (Strength 10, armour 2; awareness 14 to act first). */
function fight(settings: Record<string, string> = {}, orcFirst = false): Encounter {
  return run(
    newRanks(settings),
    { type: 'add-combatant', name: 'Ann', factionId: HEROES, stats: { awareness: 12 }, rules: { sheet: ANN_SHEET } },
    { type: 'add-combatant', name: 'Bo', factionId: HEROES, stats: { awareness: 11, strength: 10 }, rules: { sheet: BO_SHEET } },
    { type: 'add-combatant', name: 'Orc', factionId: ENEMIES, stats: { awareness: orcFirst ? 14 : 8, strength: 10, armour: 2 }, rules: { sheet: ORC_SHEET } },
    { type: 'start-combat' },
  );
}

const who = (e: Encounter, name: string) => e.state.combatants.find((c) => c.name === name)!;
const weaponNamed = (e: Encounter, holder: string, name: string) => personOf(who(e, holder)).sheet.find((x) => x.kind === 'weapon' && x.name === name)!.id;
const command = (e: Encounter, from: string, at: string, extra: Record<string, unknown>) => ({ type: 'ranks/attack', attackerId: idOf(e, from), targetId: idOf(e, at), ...extra });
function attack(e: Encounter, dice: number[], from: string, at: string, extra: Record<string, unknown>) {
  const step = stepWithDice(e, dice, command(e, from, at, extra) as never);
  return { encounter: step.encounter, event: ranksEvent(step.events, 'ranks/attacked'), log: logEntries(step.encounter).map((l) => l.text) };
}
const conditionsOf = (e: Encounter, name: string) => who(e, name).conditions.map((k) => k.name);
/** The orc on the defensive, Ann's turn next. */
function orcDefending(): Encounter {
  const e = fight({}, true);
  return run(e, { type: 'use-action', combatantId: idOf(e, 'Orc'), actionId: 'defend' }, { type: 'next-turn' });
}

describe('Skill Ranks: the defender\'s own weapon decides the defence', () => {
  it('deflects a sword with the orc\'s axe at its fixed deflect, the axe named', () => {
    const e = fight();
    const { event } = attack(e, [1, 1, 1, 1], 'Ann', 'Orc', { weaponId: weaponNamed(e, 'Ann', 'Longsword'), distance: 5 });
    expect(event.resistance).toMatchObject({ kind: 'fixed', skill: 'deflect', value: 20, with: 'Axe' });
  });

  it('leaves an unarmed defender nothing against a sword: the average of one die, not their deflect (a setting gives the deflect)', () => {
    const e = fight();
    // Bo's bare hands block fists and close weapons only ("none | Brawling: block | unarmed strike; close weapons").
    const bare = attack(e, [1, 1, 1, 1, 1, 1, 1, 1], 'Ann', 'Bo', { weaponId: weaponNamed(e, 'Ann', 'Longsword') });
    expect(bare.event).toMatchObject({ total: 7, resistance: { kind: 'fixed', skill: null, value: 3, undefended: true }, success: true, ranks: 1 });
    expect(bare.log.some((t) => t.startsWith("Ann's Longsword hits Bo (7 against no defence 3, 1 rank)"))).toBe(true);
    // The GM who reads the attack table alone: the fixed value of the skill it names stands.
    const table = fight({ undefended: 'table' });
    expect(attack(table, [1, 1, 1, 1], 'Ann', 'Bo', { weaponId: weaponNamed(table, 'Ann', 'Longsword') }).event.resistance).toMatchObject({ skill: 'deflect', value: 12, undefended: true });
  });

  it('blocks a fist bare-handed; parries a light weapon only with a light weapon of their own', () => {
    const e = fight();
    const fist = attack(e, [1], 'Ann', 'Bo', { weaponId: null });
    expect(fist.event.resistance).toMatchObject({ skill: 'block', value: 3, with: 'Bare hands' });
    // Ann's rapier against the orc: its axe deflects martial and long weapons, not light ones.
    const rapier = attack(e, [1], 'Ann', 'Orc', { weaponId: weaponNamed(e, 'Ann', 'Rapier'), distance: 5 });
    expect(rapier.event.resistance).toMatchObject({ skill: null, undefended: true });
  });

  it('needs 5 ft of distance and 5 ft of clearance to deflect; picked anyway, it is refused unless the GM rules it', () => {
    const e = fight();
    const sword = weaponNamed(e, 'Ann', 'Longsword');
    // Hemmed in (2 ft of clearance), the orc can't swing its axe: nothing else meets a sword.
    expect(attack(e, [1, 1, 1, 1, 1, 1, 1, 1], 'Ann', 'Orc', { weaponId: sword, distance: 5, clearance: 2 }).event.resistance).toMatchObject({ skill: null, value: 3, undefended: true });
    const axe = weaponNamed(e, 'Orc', 'Axe');
    expect(refuse(e, command(e, 'Ann', 'Orc', { weaponId: sword, distance: 5, clearance: 2, defenceId: axe }))).toMatchObject({ code: 'ranks/cannot-defend', overridable: true, message: "Orc's Axe can't defend here: it needs 5 ft of clearance (2 ft)." });
    const ruled = attack(e, [1, 1, 1, 1], 'Ann', 'Orc', { weaponId: sword, distance: 5, clearance: 2, defenceId: axe, gmRuling: true });
    expect(ruled.event).toMatchObject({ resistance: { skill: 'deflect', value: 20, with: 'Axe' }, ruling: true });
    // Bare hands picked against a sword: refused the same way.
    expect(refuse(e, command(e, 'Ann', 'Orc', { weaponId: sword, distance: 5, defenceId: BARE_HANDS })).message).toBe("Orc's Bare hands can't defend here: Brawling: block doesn't meet a martial weapon.");
    // A defence they don't have, or a clearance that isn't feet: what to send instead.
    const unknown = refuse(e, command(e, 'Ann', 'Orc', { weaponId: sword, defenceId: 'shield' }));
    expect([unknown.code, unknown.overridable ?? false]).toEqual(['ranks/defence', false]);
    expect(refuse(e, command(e, 'Ann', 'Orc', { weaponId: sword, clearance: -1 }))).toMatchObject({ code: 'ranks/clearance', message: 'The clearance is a number of feet from 0 up, or left out.' });
  });
});

describe('Skill Ranks: going on the defensive is the defender\'s choice', () => {
  it('keeps the fixed 20 when the defensive check makes only 13: attack 21 makes one rank, not two (the issue\'s example)', () => {
    const e = orcDefending();
    // Ann's 4D+3 rolls 6, 6, 3, 3: 21 beats the fixed 20, so the orc may roll: 3 + 10 = 13, and the 20 stands.
    const { event, encounter, log } = attack(e, [6, 6, 3, 3, 3, 4, 4, 4, 4], 'Ann', 'Orc', { weaponId: weaponNamed(e, 'Ann', 'Longsword') });
    expect(event).toMatchObject({ total: 21, resistance: { kind: 'defending', skill: 'deflect', value: 20, fixed: 20, check: 13 }, success: true, points: 1, ranks: 1, damage: { dice: 4, total: 16, ranks: 1 } });
    expect(conditionsOf(encounter, 'Orc')).toContain('Stunned');
    expect(log).toContain("Ann's Longsword hits Orc (21 against their fixed 20 (their defensive Melee: deflect check made only 13), 1 rank): damage 16 on 4D against Strength and armour 12, 1 rank of damage.");
  });

  it('rolls the skill the defender picks ("any relevant skill"), or nothing when they stand at their fixed value', () => {
    const e = orcDefending();
    const sword = weaponNamed(e, 'Ann', 'Longsword');
    // Tumble 2D: 6 + 6 + 10 = 22 beats the fixed 20, and stands.
    expect(attack(e, [6, 6, 3, 3, 6, 6], 'Ann', 'Orc', { weaponId: sword, defensive: 'tumble' }).event).toMatchObject({ resistance: { kind: 'defending', skill: 'tumble', value: 22 }, success: false });
    // Not rolling: the fixed 20 stands, no die rolled for the orc.
    expect(attack(e, [6, 6, 3, 3, 4, 4, 4, 4], 'Ann', 'Orc', { weaponId: sword, defensive: null }).event).toMatchObject({ resistance: { kind: 'fixed', value: 20, rolls: [] }, ranks: 1 });
    // Not on the defensive: there is no check to pick.
    const calm = fight();
    const calmly = refuse(calm, command(calm, 'Ann', 'Orc', { weaponId: sword, defensive: 'tumble' }));
    expect([calmly.code, calmly.overridable ?? false, calmly.message]).toEqual(['ranks/not-defensive', false, "Orc isn't on the defensive: their fixed value stands (going on the defensive is a full action, Defend)."]);
    expect(refuse(e, command(e, 'Ann', 'Orc', { weaponId: sword, defensive: 'dodge' })).code).toBe('ranks/skill');
  });

  it('has no defensive check with nothing to defend with, unless the GM rules it', () => {
    const e = orcDefending();
    const sword = weaponNamed(e, 'Ann', 'Longsword');
    // At 2 ft of clearance the axe can't deflect: 3 stands and nothing is rolled for the orc.
    expect(attack(e, [1, 1, 1, 1, 4, 4, 4, 4], 'Ann', 'Orc', { weaponId: sword, clearance: 2 }).event).toMatchObject({ resistance: { kind: 'fixed', value: 3, undefended: true, rolls: [] } });
    expect(refuse(e, command(e, 'Ann', 'Orc', { weaponId: sword, clearance: 2, defensive: 'tumble' }))).toMatchObject({ code: 'ranks/cannot-defend', overridable: true });
    const ruled = attack(e, [1, 1, 1, 1, 6, 6], 'Ann', 'Orc', { weaponId: sword, clearance: 2, defensive: 'tumble', gmRuling: true });
    expect(ruled.event.resistance).toMatchObject({ kind: 'defending', skill: 'tumble', value: 22 });
  });
});

describe('Skill Ranks: a shift attack (a heavy object knocked over or hurled)', () => {
  const boulder = { name: 'Boulder', difficulty: 13, dice: 7 };

  it('shifts a moderate boulder (13) onto the orc: no defence meets it, and its damage stops at 7D', () => {
    const e = fight();
    // Lifting: shift 3D: 17 shifts it (13) and hits the orc's 3 by 14, three ranks: 7D + 2D, no more than 7D.
    const { event, log } = attack(e, [6, 6, 5, 3, 3, 3, 3, 3, 3, 3], 'Ann', 'Orc', { object: boulder, distance: 15 });
    expect(event).toMatchObject({ weapon: 'Boulder', skill: 'shift', total: 17, object: { difficulty: 13, moved: true }, resistance: { skill: null, value: 3, undefended: true }, ranks: 3, damage: { dice: 7, total: 21 } });
    expect(log.some((t) => t.startsWith("Ann's Boulder hits Orc (17 against no defence 3, 3 ranks): damage 21 on 7D"))).toBe(true);
  });

  it('leaves the object where it was when the check fails its difficulty, and tires the thrower by the points short', () => {
    const e = fight();
    // 4 against 13: 9 short, two ranks of fatigue (Winded).
    const { event, encounter, log } = attack(e, [1, 1, 2], 'Ann', 'Orc', { object: boulder });
    expect(event).toMatchObject({ total: 4, object: { moved: false }, success: false, points: -9, damage: null });
    expect(conditionsOf(encounter, 'Ann')).toEqual(['Winded']);
    expect(log).toContain("Ann can't shift the Boulder to hurl it at Orc (4 against its 13).");
  });

  it('needs no check to shift an object whose difficulty the fixed value meets', () => {
    const e = fight();
    // Ann's fixed shift is 8: an unsteady crate (7) topples whatever she rolls; 3 against the orc's 3.
    expect(attack(e, [1, 1, 1], 'Ann', 'Orc', { object: { name: 'Crate', difficulty: 7, dice: 5 } }).event).toMatchObject({ total: 3, object: { moved: true }, success: true, ranks: 0 });
  });

  it('reaches 15 ft and does no more than its band\'s dice, unless the GM rules otherwise; a bad object says what to send', () => {
    const e = fight();
    expect(refuse(e, command(e, 'Ann', 'Orc', { object: boulder, distance: 20 }))).toMatchObject({ code: 'ranks/reach', overridable: true, message: 'Orc is out of reach of the Boulder (20 ft; it reaches 15 ft).' });
    const heavy = { ...boulder, dice: 8 };
    expect(refuse(e, command(e, 'Ann', 'Orc', { object: heavy }))).toMatchObject({ code: 'ranks/shift-damage', overridable: true, message: 'A moderate object to shift (13) does up to 7D damage, not 8D.' });
    // Ruled an 8D boulder, it does up to 8D: three ranks would make 10D.
    expect(attack(e, [6, 6, 5, 1, 1, 1, 1, 1, 1, 1, 1], 'Ann', 'Orc', { object: heavy, gmRuling: true }).event).toMatchObject({ ruling: true, ranks: 3, damage: { dice: 8 } });
    const bad = refuse(e, command(e, 'Ann', 'Orc', { object: { difficulty: 30, dice: 5 } }));
    expect([bad.code, bad.overridable ?? false]).toEqual(['ranks/object', false]);
  });
});

describe('Skill Ranks: attacks in older logs', () => {
  it('replay as they were, a defensive check that stood though below the fixed value told as before', () => {
    const e = orcDefending();
    const { encounter } = attack(e, [6, 6, 3, 3, 3, 4, 4, 4, 4], 'Ann', 'Orc', { weaponId: weaponNamed(e, 'Ann', 'Longsword') });
    // An older log's attack: no fixed value, check, weapon or undefended mark on the resistance (its value the check + 10).
    const events = encounter.events.map((x): EncounterEvent => {
      if (!isRanksEvent(x, 'ranks/attacked')) return x;
      const { fixed: _f, check: _c, with: _w, undefended: _u, ...old } = x.resistance;
      return { ...x, resistance: { ...old, value: 13 } };
    });
    const restored = restoreEncounter({ events, steps: encounter.steps }, BUILTIN_RULESETS);
    if (!restored.ok) throw new Error(restored.message);
    expect(restored.value.state).toEqual(encounter.state);
    expect(logEntries(restored.value).map((l) => l.text).some((t) => t.startsWith("Ann's Longsword hits Orc (21 against their defensive Melee: deflect 13, 1 rank)"))).toBe(true);
  });
});
