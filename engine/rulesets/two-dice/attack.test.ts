import { describe, expect, it } from 'vitest';
import type { Encounter } from '../../encounter/encounter';
import { logEntries } from '../../log/entries';
import { ENEMIES, idOf, refuse, run, stepWithDice } from '../../test-support';
import { GREATSWORD, SWORD, SWORDS, addT, firstEvent, newTwoDice } from './testing';

// "Light melee weapons and ranged weapons deal 1 point of damage. Heavy melee weapons deal 2 …
// When an attack is successful, roll 2d6. By default, a 12 is a critical success; add 1 point of
// damage. … the attacker must roll successfully again, or have the damage they deal reduced".

/** Ann (proficient with one-handed swords, carrying a sword and a greatsword) against Orc; Ann acts first. */
function fight(orc: { armour?: string; hp?: number; traits?: string[] } = {}, settings: Record<string, string | number | boolean> = {}, ann: { traits?: string[]; armour?: string } = {}): Encounter {
  const setUp = run(
    newTwoDice(),
    addT('Ann', { traits: ann.traits, kit: { armour: ann.armour ?? 'none', weapons: [SWORD, GREATSWORD], proficiencies: [SWORDS] } }),
    addT('Orc', { factionId: ENEMIES, hp: orc.hp ?? 4, traits: orc.traits ?? ['armorTraining', 'strong'], kit: { armour: orc.armour ?? 'none' } }),
    ...Object.entries(settings).map(([key, value]) => ({ type: 'set-setting' as const, key, value })),
  );
  // Ann 12, Orc 2.
  return stepWithDice(setUp, [6, 6, 1, 1], { type: 'start-combat' }).encounter;
}

function weaponId(encounter: Encounter, name: string): string {
  const ann = encounter.state.combatants.find((c) => c.name === 'Ann');
  const found = (ann?.rules as { weapons: { id: string; name: string }[] }).weapons.find((w) => w.name === name);
  if (!found) throw new Error(`no ${name}`);
  return found.id;
}

function attack(encounter: Encounter, dice: number[], weapon: string | null, extra: Record<string, unknown> = {}) {
  const step = stepWithDice(encounter, dice, {
    type: 'two-dice/attack',
    attackerId: idOf(encounter, 'Ann'),
    targetId: idOf(encounter, 'Orc'),
    weaponId: weapon === null ? null : weaponId(encounter, weapon),
    ...extra,
  });
  const event = firstEvent(step.events, 'two-dice/attacked');
  const orcHp = step.encounter.state.combatants.find((c) => c.name === 'Orc')?.tracks.hp?.value;
  return { ...step, event, orcHp };
}

describe('2d6 & Vigilant attacks', () => {
  it('hits for 1 with a light weapon and 2 with a heavy one when the 2d6 meets the difficulty (8)', () => {
    const light = attack(fight(), [4, 4, 1, 1], 'Sword');
    expect(light.event.rolls.hit).toBe(true);
    expect(light.event.rolls.damage).toBe(1);
    expect(light.orcHp).toBe(3);
    // No proficiency covers the greatsword: disadvantage, 3d6 keeping the lower two (5, 6 of 5, 6, 6).
    const heavy = attack(fight(), [5, 6, 6, 2, 3], 'Greatsword');
    expect(heavy.event.rolls.attack.notation).toBe('3d6kl2');
    expect(heavy.event.edge).toBe('disadvantage');
    expect(heavy.event.rolls.damage).toBe(2);
    expect(heavy.orcHp).toBe(2);
  });

  it('misses below the difficulty, and deals nothing', () => {
    const miss = attack(fight(), [3, 4], 'Sword');
    expect(miss.event.rolls.hit).toBe(false);
    expect(miss.orcHp).toBe(4);
  });

  it('adds 1 on a 12 on the critical 2d6 rolled after the hit, and not on an 11', () => {
    const crit = attack(fight(), [4, 4, 6, 6], 'Sword');
    expect(crit.event.rolls.isCritical).toBe(true);
    expect(crit.event.rolls.damage).toBe(2);
    const eleven = attack(fight(), [4, 4, 5, 6], 'Sword');
    expect(eleven.event.rolls.isCritical).toBe(false);
    expect(eleven.event.rolls.damage).toBe(1);
  });

  it('reads the critical from the attack\'s own dice, or from 11 up, when the settings say so', () => {
    const own = attack(fight({}, { critRoll: 'attack' }), [6, 6], 'Sword');
    expect(own.event.rolls.isCritical).toBe(true);
    expect(own.event.rolls.damage).toBe(2);
    // No second roll: the log shows the attack's dice once, as it will after the log is read back.
    expect(own.event.rolls.critical).toBeNull();
    expect(logEntries(own.encounter).at(-1)?.dice).toHaveLength(1);
    const eleven = attack(fight({}, { critOn: 11 }), [4, 4, 5, 6], 'Sword');
    expect(eleven.event.rolls.isCritical).toBe(true);
  });

  it('takes damage reduction off when the attacker fails the second roll, down to nothing', () => {
    // Heavy armour, DR 3: a light weapon's 1 does nothing.
    const nothing = attack(fight({ armour: 'heavy' }), [4, 4, 1, 1, 2, 3], 'Sword');
    expect(nothing.event.reduction).toBe(3);
    expect(nothing.event.rolls.reductionRoll?.total).toBe(5);
    expect(nothing.event.rolls.damage).toBe(0);
    expect(nothing.event.tracks).toBeNull();
    expect(nothing.orcHp).toBe(4);
    // Medium armour, DR 2, against a greatsword's 2: nothing either.
    const medium = attack(fight({ armour: 'medium' }), [6, 6, 6, 1, 1, 1, 1], 'Greatsword');
    expect(medium.event.rolls.damage).toBe(0);
  });

  it('lets the full damage through when the attacker gets past the reduction', () => {
    const through = attack(fight({ armour: 'heavy' }), [4, 4, 1, 1, 5, 3], 'Sword');
    expect(through.event.rolls.reduced).toBe(0);
    expect(through.event.rolls.damage).toBe(1);
    expect(through.orcHp).toBe(3);
  });

  it('adds the critical before the reduction by default, or after it by the setting', () => {
    // A light weapon's critical against DR 3, reduction roll failed: 1 + 1 − 3 → 0; or (1 − 3 → 0) + 1.
    const before = attack(fight({ armour: 'heavy' }), [4, 4, 6, 6, 1, 1], 'Sword');
    expect(before.event.rolls.damage).toBe(0);
    const after = attack(fight({ armour: 'heavy' }, { critBeforeReduction: false }), [4, 4, 6, 6, 1, 1], 'Sword');
    expect(after.event.rolls.damage).toBe(1);
  });

  it('rolls with disadvantage without proficiency, normally when proficient, with advantage with mastery, and takes the GM\'s word on what a proficiency covers', () => {
    expect(attack(fight(), [4, 4, 1, 1], 'Sword').event.rolls.attack.notation).toBe('2d6');
    const ruled = attack(fight(), [6, 6, 1, 1, 1], 'Greatsword', { skill: 'mastery' });
    expect(ruled.event.skill).toBe('mastery');
    expect(ruled.event.rolls.attack.notation).toBe('3d6kh2');
  });

  // "Weapon proficiency/mastery is scoped to a general subclass of weapons in one of the three major weapon categories".
  it('reads a proficiency only for its subclass in its own category', () => {
    const other = stepWithDice(run(newTwoDice(), addT('Ann', { kit: { weapons: [SWORD], proficiencies: [{ ...SWORDS, category: 'heavy-melee' }] } }), addT('Orc', { factionId: ENEMIES })), [6, 6, 1, 1], { type: 'start-combat' }).encounter;
    const swung = attack(other, [4, 4, 6, 1, 1], 'Sword');
    expect(swung.event.skill).toBe('none');
    expect(swung.event.rolls.attack.notation).toBe('3d6kl2');
  });

  it('cancels mastery\'s advantage with medium armour\'s disadvantage for the untrained', () => {
    const e = attack(fight({}, {}, { armour: 'medium' }), [4, 4, 1, 1], 'Greatsword', { skill: 'mastery' });
    expect(e.event.edge).toBe('normal');
    expect(e.event.rolls.attack.notation).toBe('2d6');
  });

  it('deals no damage with untrained unarmed blows, and 1 for an Unarmed Fighter', () => {
    const untrained = attack(fight(), [6, 6], null);
    expect(untrained.event.rolls.hit).toBe(true);
    expect(untrained.event.rolls.damage).toBe(0);
    expect(untrained.event.rolls.critical).toBeNull();
    expect(untrained.orcHp).toBe(4);
    const trained = attack(fight({}, {}, { traits: ['unarmedFighter'] }), [4, 4, 1, 1], null);
    expect(trained.event.rolls.attack.notation).toBe('2d6');
    expect(trained.event.rolls.damage).toBe(1);
    // Knuckles carried as an unarmed weapon are still unarmed: no damage untrained, and no disadvantage for lacking a proficiency.
    const knuckles = { name: 'Knuckles', kind: 'weapon', category: 'unarmed', subclass: '' };
    const withKnuckles = stepWithDice(run(newTwoDice(), addT('Ann', { kit: { weapons: [knuckles] } }), addT('Orc', { factionId: ENEMIES })), [6, 6, 1, 1], { type: 'start-combat' }).encounter;
    const punched = attack(withKnuckles, [6, 6], 'Knuckles');
    expect(punched.event.rolls.attack.notation).toBe('2d6');
    expect(punched.event.rolls.damage).toBe(0);
  });

  it('holds one attack a turn, on one\'s own turn, unless the GM rules otherwise', () => {
    const once = attack(fight(), [4, 4, 1, 1], 'Sword').encounter;
    const again = refuse(once, { type: 'two-dice/attack', attackerId: idOf(once, 'Ann'), targetId: idOf(once, 'Orc'), weaponId: weaponId(once, 'Sword') });
    expect(again.code).toBe('two-dice/turn-used');
    expect(again.overridable).toBe(true);
    // The turn's action spent on something else counts too.
    const other = run(fight(), { type: 'use-action', combatantId: idOf(once, 'Ann'), actionId: 'other', note: 'pulls the lever' });
    expect(refuse(other, { type: 'two-dice/attack', attackerId: idOf(once, 'Ann'), targetId: idOf(once, 'Orc') }).message).toContain("already used the turn's action");
    const orcFirst = run(fight(), { type: 'next-turn' });
    const outOfTurn = refuse(orcFirst, { type: 'two-dice/attack', attackerId: idOf(orcFirst, 'Ann'), targetId: idOf(orcFirst, 'Orc') });
    expect(outOfTurn.code).toBe('two-dice/not-acting');
    const ruled = attack(orcFirst, [4, 4], null, { gmRuling: true });
    expect(ruled.event.ruling).toBe(true);
  });
});

describe('2d6 & Vigilant armour', () => {
  it('needs both Armor Training and Strong for heavy armour', () => {
    const lacking = refuse(newTwoDice(), addT('Ann', { traits: ['armorTraining'], kit: { armour: 'heavy' } }));
    expect(lacking.code).toBe('two-dice/armour-needs');
    expect(lacking.message).toContain('Strong');
    const set = run(newTwoDice(), addT('Ann', { traits: ['armorTraining', 'strong'], kit: { armour: 'heavy' } }));
    expect((set.state.combatants[0]?.rules as { armour: string }).armour).toBe('heavy');
    const plain = run(newTwoDice(), addT('Bo'));
    expect(refuse(plain, { type: 'two-dice/set-kit', combatantId: idOf(plain, 'Bo'), kit: { armour: 'heavy' } }).message).toContain('Armor Training and Strong');
    expect(run(plain, { type: 'two-dice/set-kit', combatantId: idOf(plain, 'Bo'), kit: { armour: 'medium' } }).state.combatants[0]?.rules).toMatchObject({ armour: 'medium' });
  });

  // Light armour "Can be used without training by anyone … 1 point damage reduction"; medium
  // "2 points", worn by anyone (without Armor Training, at disadvantage).
  it('lets anyone wear light and medium armour, with 1 and 2 points of damage reduction', () => {
    const light = attack(fight({ armour: 'light', traits: [] }), [4, 4, 1, 1, 2, 3], 'Sword');
    expect(light.event.reduction).toBe(1);
    expect(light.event.rolls.damage).toBe(0);
    const medium = attack(fight({ armour: 'medium', traits: [] }), [4, 4, 1, 1, 2, 3], 'Greatsword', { skill: 'proficient' });
    expect(medium.event.reduction).toBe(2);
    expect(medium.event.rolls.damage).toBe(0);
  });

  it('gives each weapon added to a kit an id of its own, however often the kit is set', () => {
    let e = run(newTwoDice(), addT('Ann'), addT('Bo'));
    const weaponIds = (name: string) => ((e.state.combatants.find((c) => c.name === name)?.rules as { weapons: { id: string }[] }).weapons.map((w) => w.id));
    e = run(e, { type: 'two-dice/set-kit', combatantId: idOf(e, 'Ann'), kit: { weapons: [SWORD] } });
    e = run(e, { type: 'two-dice/set-kit', combatantId: idOf(e, 'Ann'), kit: { weapons: [{ ...SWORD, id: weaponIds('Ann')[0] }, GREATSWORD] } });
    e = run(e, { type: 'two-dice/set-kit', combatantId: idOf(e, 'Bo'), kit: { weapons: [SWORD] } });
    const all = [...weaponIds('Ann'), ...weaponIds('Bo')];
    expect(all).toHaveLength(3);
    expect(new Set(all).size).toBe(3);
  });
});
