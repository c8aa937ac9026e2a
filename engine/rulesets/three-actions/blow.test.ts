import { describe, expect, it } from 'vitest';
import type { Encounter } from '../../encounter/encounter';
import { openPrompt } from '../../encounter/prompts';
import type { JsonValue } from '../../json';
import { ENEMIES, HEROES, idOf, refuse, run, stepWithDice } from '../../test-support';
import { landing } from './blow';
import { personOf } from './person';
import { newThreeActions } from './testing';
import { findRuleset } from '../builtin';

// After a hit: block or parry, then the damage on endurance and health, then fortify or fall, then
// the luck test against death. Boudica (endurance 12, health 12, constitution 4) is the text's.

const SWORD = { name: 'Sword', kind: 'weapon', test: 'd6+d6', damage: 0, critDamage: 0, critOn: 20, damageType: 'physical', delivery: 'melee' };
const SHIELD = { name: 'Shield', kind: 'item', block: 3, parry: 0, durability: 4 };

/** An orc with a sword that deals exactly the test's total (no weapon damage) against Boudica, who has no deflection. */
function fight(boudica: { gear?: object[]; endurance?: number; health?: number; stamina?: number; tests?: object } = {}): Encounter {
  let e = run(
    newThreeActions(),
    { type: 'add-combatant', name: 'Orc', factionId: ENEMIES, tracks: { endurance: 12, health: 12 }, rules: { gear: [SWORD] } },
    { type: 'add-combatant', name: 'Boudica', factionId: HEROES, stats: { evasion: 0, constitution: 4 }, tracks: { endurance: boudica.endurance ?? 12, health: boudica.health ?? 12, stamina: boudica.stamina ?? 3 }, rules: { gear: boudica.gear ?? [], ...(boudica.tests ? { tests: boudica.tests } : {}) } },
    { type: 'start-combat', initiativeFactionId: ENEMIES },
  );
  return run(e, { type: 'take-turn', combatantId: idOf(e, 'Orc') });
}

/**
 * The orc hits Boudica with its two dice (luck 10): for their total on its first attack of the
 * round, 2 less for each attack before it (the multiple-attack penalty).
 */
function hit(e: Encounter, a: number, b: number, gmRuling = false): Encounter {
  const orc = e.state.combatants.find((c) => c.name === 'Orc')!;
  return stepWithDice(e, [10, a, b], { type: 'three-actions/attack', attackerId: orc.id, targetId: idOf(e, 'Boudica'), weaponId: personOf(orc).gear[0]!.id, ...(gmRuling ? { gmRuling } : {}) } as never).encounter;
}

/**
 * The orc hits and Boudica takes it: "Dodge | Spend 1 stamina to attempt to avoid an attack by
 * making a test" is open to her after every hit while she has the reaction and stamina, so these
 * tests of what the damage does answer the question with "Take it" first.
 */
function struck(e: Encounter, a: number, b: number, gmRuling = false): Encounter {
  const after = hit(e, a, b, gmRuling);
  return openPrompt(after.state, after.ruleset)?.kind === 'three-actions/defend' ? answer(after, { defence: 'none' }) : after;
}

const boudica = (e: Encounter) => e.state.combatants.find((c) => c.name === 'Boudica')!;
const answer = (e: Encounter, reply: JsonValue, dice: number[] = []) => stepWithDice(e, dice, { type: 'answer-prompt', promptId: openPrompt(e.state, e.ruleset)!.id, answer: reply }).encounter;

describe('Three Actions: Boudica takes 7, then 10', () => {
  it('is harmed at 5 endurance, then bloodied at 7 health, fortifies against 5 and stays conscious', () => {
    // Her sheet's fortify test: strength d6, athletics d4, fortitude +1.
    let e = struck(fight({ tests: { fortify: 'd6+d4+1' } }), 3, 4);
    expect(boudica(e).tracks).toMatchObject({ endurance: { value: 5 }, health: { value: 12 } });
    expect(openPrompt(e.state, e.ruleset)).toBeNull();
    // The orc's second attack: 12 less 2.
    e = struck(e, 6, 6);
    expect(boudica(e).tracks).toMatchObject({ endurance: { value: 0 }, health: { value: 7 } });
    // Missing health 5 is greater than her constitution 4: fortify against 5, or fall.
    expect(openPrompt(e.state, e.ruleset)?.message).toContain('fortify against 5');
    expect(openPrompt(e.state, e.ruleset)?.choices[0]?.label).toBe('Fortify (roll d6+d4+1)');
    // "She … rolls her strength (d6) and athletics (d4), then adds her fortitude (+1), resulting in a 7."
    // The luck die rolls beside it (7: under 20, nothing added).
    const fortified = stepWithDice(e, [3, 3, 7], { type: 'answer-prompt', promptId: openPrompt(e.state, e.ruleset)!.id, answer: { fortify: true } });
    expect(fortified.events.at(-1)).toMatchObject({ type: 'three-actions/fortified', difficulty: 5, success: true, roll: { total: 7 } });
    e = fortified.encounter;
    expect(boudica(e).tracks.stamina?.value).toBe(2);
    expect(findRuleset('three-actions')!.health.status(boudica(e))).toMatchObject({ level: 'badly-hurt', why: 'bloodied, harmed' });
    expect(boudica(e).marks).not.toContain('unconscious');
  });

  it('stays conscious with a fortify test of exactly the missing health, and falls one short', () => {
    // Missing 5 after 7 and 10: the test must reach 5.
    const e = struck(struck(fight({ tests: { fortify: 'd6+d4' } }), 3, 4), 6, 6);
    // Each with the luck die beside it (7: nothing added).
    expect(boudica(answer(e, { fortify: true }, [3, 2, 7])).marks).not.toContain('unconscious');
    expect(boudica(answer(e, { fortify: true }, [2, 2, 7])).marks).toContain('unconscious');
  });

  it('falls unconscious when the fortify test fails, or when she chooses to', () => {
    const e = struck(struck(fight(), 3, 4), 6, 6);
    expect(answer(e, { fortify: true }, [1, 2, 7]).state.combatants.find((c) => c.name === 'Boudica')?.marks).toContain('unconscious');
    expect(answer(e, { fortify: false }).state.combatants.find((c) => c.name === 'Boudica')?.marks).toContain('unconscious');
  });

  it('asks nothing when missing health equals constitution, and falls without asking with no stamina left', () => {
    // 12 endurance, then 6 less 2 on health: missing 4, constitution 4.
    const equal = struck(struck(fight(), 6, 6), 3, 3);
    expect(boudica(equal).tracks.health?.value).toBe(8);
    expect(openPrompt(equal.state, equal.ruleset)).toBeNull();
    const spent = struck(struck(fight({ stamina: 0 }), 6, 6), 3, 4);
    expect(openPrompt(spent.state, spent.ruleset)).toBeNull();
    expect(boudica(spent).marks).toContain('unconscious');
  });
});

describe('Three Actions: at 0 health, and death', () => {
  it('is unconscious with no death test when the damage exactly reaches 0', () => {
    const e = struck(fight({ endurance: 0, health: 5 }), 2, 3);
    expect(boudica(e).tracks.health?.value).toBe(0);
    expect(findRuleset('three-actions')!.health.status(boudica(e))).toMatchObject({ level: 'down' });
    expect(openPrompt(e.state, e.ruleset)).toBeNull();
  });

  it('risks death when the damage goes beyond: a luck roll of 10 or more cheats it, and the next takes 15', () => {
    const e = struck(fight({ endurance: 0, health: 5 }), 3, 3);
    expect(openPrompt(e.state, e.ruleset)?.message).toContain('luck test against death (10)');
    const cheated = answer(e, 'roll', [12]);
    expect(boudica(cheated).stats.deathDifficulty).toBe(15);
    expect(boudica(cheated).marks).not.toContain('dead');
    // "She makes a luck test attempting to cheat death, but rolls a 1. She fails her luck test and dies."
    const died = answer(e, 'roll', [1]);
    expect(findRuleset('three-actions')!.health.status(boudica(died))).toMatchObject({ level: 'out', how: 'dead' });
  });

  it('cheats death with a luck roll of exactly 10, and dies at 9', () => {
    const e = struck(fight({ endurance: 0, health: 5 }), 3, 3);
    expect(boudica(answer(e, 'roll', [10])).marks).not.toContain('dead');
    expect(boudica(answer(e, 'roll', [10])).stats.deathDifficulty).toBe(15);
    expect(findRuleset('three-actions')!.health.status(boudica(answer(e, 'roll', [9])))).toMatchObject({ how: 'dead' });
  });

  it("follows the text's last blow: 8 more damage on 7 health, a luck roll of 1, and she dies", () => {
    // "…takes 8 more damage. With a remaining health of 7, this damage is more than her remaining
    // health … rolls a 1. She fails her luck test and dies."
    const e = struck(fight({ endurance: 0, health: 7, stamina: 0 }), 4, 4);
    expect(boudica(e).tracks.health?.value).toBe(0);
    expect(openPrompt(e.state, e.ruleset)?.message).toContain('luck test against death (10)');
    expect(findRuleset('three-actions')!.health.status(boudica(answer(e, 'roll', [1])))).toMatchObject({ level: 'out', how: 'dead' });
  });
});

describe('Three Actions: block and parry', () => {
  it('offers take it, block, parry or dodge when she has a reaction, stamina and an item', () => {
    const e = hit(fight({ gear: [SHIELD] }), 3, 4);
    expect(openPrompt(e.state, e.ruleset)?.choices.map((c) => c.label)).toEqual(['Take it', 'Block with Shield', 'Parry with Shield', 'Dodge (d6+d6 against 7)']);
    // Nothing has landed yet.
    expect(boudica(e).tracks.endurance?.value).toBe(12);
    const taken = answer(e, { defence: 'none' });
    expect(boudica(taken).tracks.endurance?.value).toBe(5);
  });

  it('blocks: the block value instead of deflection, the rest on the shield, what the shield can\'t hold on her', () => {
    // 7 less block 3 = 4 on the shield, its durability 4: it breaks, nothing reaches her.
    const blocked = answer(hit(fight({ gear: [SHIELD] }), 3, 4), { defence: 'block' });
    expect(personOf(boudica(blocked)).gear[0]).toMatchObject({ durability: 0 });
    expect(boudica(blocked).tracks).toMatchObject({ endurance: { value: 12 }, stamina: { value: 2 } });
    // 11 less 3 = 8 on the shield (durability 4): the 4 beyond reach her.
    const through = answer(hit(fight({ gear: [SHIELD] }), 5, 6), { defence: 'block' });
    expect(boudica(through).tracks.endurance?.value).toBe(8);
  });

  it("can't block or parry with a broken item (durability 0), though the reaction and stamina are there", () => {
    // A fresh round-1 hit, her reaction and stamina unspent: only the broken shield is missing, so
    // she may take it or dodge ("Items that are broken … cannot be used to block or parry").
    const broken = hit(fight({ gear: [{ ...SHIELD, durability: 0 }] }), 3, 4);
    expect(openPrompt(broken.state, broken.ruleset)?.choices.map((c) => c.label)).toEqual(['Take it', 'Dodge (d6+d6 against 7)']);
    expect(boudica(answer(broken, { defence: 'none' })).tracks.endurance?.value).toBe(5);
    // The same hit with the shield whole asks first.
    expect(openPrompt(hit(fight({ gear: [SHIELD] }), 3, 4).state, hit(fight({ gear: [SHIELD] }), 3, 4).ruleset)?.choices.map((c) => c.label)).toContain('Block with Shield');
  });

  it('takes at least 1 durability off the item on a block, even when the block value holds the whole blow', () => {
    // 2 + 2 = 4 against block 6: nothing over, but the shield still loses 1.
    const e = answer(hit(fight({ gear: [{ ...SHIELD, block: 6 }] }), 2, 2), { defence: 'block' });
    expect(personOf(boudica(e)).gear[0]).toMatchObject({ durability: 3 });
    expect(boudica(e).tracks.endurance?.value).toBe(12);
  });

  it('gives an item the text lists no durability for 10 if it is metal, else 4', () => {
    const shields = [{ ...SHIELD, name: 'Iron shield', made: 'metal', durability: undefined }, { ...SHIELD, name: 'Wicker shield', made: 'other', durability: undefined }, { ...SHIELD, name: 'Old shield', made: 'listed', durability: 7 }];
    const e = fight({ gear: shields.map(({ durability, ...rest }) => (durability === undefined ? rest : { ...rest, durability })) });
    expect(personOf(boudica(e)).gear.map((g) => (g.kind === 'item' ? g.durability : null))).toEqual([10, 4, 7]);
  });

  it('parries: the parry value (or 1) added to deflection, and the item loses 1 durability', () => {
    const parried = answer(hit(fight({ gear: [SHIELD] }), 3, 4), { defence: 'parry' });
    expect(boudica(parried).tracks.endurance?.value).toBe(6);
    expect(personOf(boudica(parried)).gear[0]).toMatchObject({ durability: 3 });
    // Her reaction is spent: the next hit this round can't be parried.
    const orc = parried.state.combatants.find((c) => c.name === 'Orc')!;
    const again = stepWithDice(parried, [10, 1, 1], { type: 'three-actions/attack', attackerId: orc.id, targetId: idOf(parried, 'Boudica'), weaponId: personOf(orc).gear[0]!.id } as never).encounter;
    expect(openPrompt(again.state, again.ruleset)).toBeNull();
  });

  it('works the landing out at every boundary: at least 1 through, a block breaking its item exactly', () => {
    const blow = { attackerId: 'a', targetId: 'b', weapon: 'x', raw: 5, deflection: 8, damageType: 'physical' as const };
    expect(landing(blow, 'none', null, false).damage).toBe(1);
    const shield = { id: 's', name: 'Shield', kind: 'item' as const, block: 3, parry: 2, durability: 2 };
    expect(landing(blow, 'block', shield, false)).toMatchObject({ itemDurability: 0, damage: 0 });
    expect(landing({ ...blow, raw: 6 }, 'block', shield, false)).toMatchObject({ itemDurability: 0, damage: 1 });
    expect(landing({ ...blow, raw: 12 }, 'block', shield, true)).toMatchObject({ damage: 1 });
    expect(landing({ ...blow, raw: 12 }, 'parry', shield, false)).toMatchObject({ itemDurability: 1, damage: 2 });
  });

  it('refuses a defence with nothing to do it with', () => {
    const e = hit(fight({ gear: [{ ...SHIELD, block: 0 }] }), 3, 4);
    expect(refuse(e, { type: 'answer-prompt', promptId: openPrompt(e.state, e.ruleset)!.id, answer: { defence: 'block' } }).code).toBe('three-actions/no-item');
  });
});

describe('Three Actions: what the review found', () => {
  it('asks the death test for a hit on someone already at 0 health', () => {
    const e = struck(fight({ endurance: 0, health: 2 }), 1, 1);
    expect(boudica(e).tracks.health?.value).toBe(0);
    expect(openPrompt(e.state, e.ruleset)).toBeNull();
    const again = struck(run(e, { type: 'end-turn' }), 2, 2, true);
    expect(openPrompt(again.state, again.ruleset)?.kind).toBe('three-actions/death');
  });

  it('lets her fall at once after a block, her reaction spent', () => {
    // 12 less block 3 = 9 on the shield (durability 4): 5 reach her health, missing 5 > constitution 4.
    const e = answer(hit(fight({ gear: [SHIELD], endurance: 0 }), 6, 6), { defence: 'block' });
    expect(boudica(e).tracks.health?.value).toBe(7);
    expect(openPrompt(e.state, e.ruleset)).toBeNull();
    expect(boudica(e).marks).toContain('unconscious');
  });

  it('keeps a reaction spent on her own turn spent until her next turn', () => {
    let e = run(newThreeActions(), { type: 'add-combatant', name: 'Boudica', factionId: HEROES, tracks: { endurance: 12, health: 12 } }, { type: 'add-combatant', name: 'Orc', factionId: ENEMIES, tracks: { endurance: 12, health: 12 } }, { type: 'start-combat', initiativeFactionId: HEROES });
    e = run(e, { type: 'take-turn', combatantId: idOf(e, 'Boudica') }, { type: 'use-action', combatantId: idOf(e, 'Boudica'), actionId: 'dodge' }, { type: 'end-turn' });
    e = run(e, { type: 'take-turn', combatantId: idOf(e, 'Orc') });
    expect(refuse(e, { type: 'use-action', combatantId: idOf(e, 'Boudica'), actionId: 'parry' }).code).toBe('action/spent');
  });

  it('stops attacks and extended actions after guarding', () => {
    let e = fight();
    e = run(e, { type: 'use-action', combatantId: idOf(e, 'Orc'), actionId: 'guard' });
    const orc = e.state.combatants.find((c) => c.name === 'Orc')!;
    expect(refuse(e, { type: 'three-actions/attack', attackerId: orc.id, targetId: idOf(e, 'Boudica'), weaponId: personOf(orc).gear[0]!.id }).code).toBe('action/turn-ended');
    expect(refuse(e, { type: 'three-actions/extend', combatantId: orc.id, name: 'climb', cost: 4 }).code).toBe('action/turn-ended');
  });

  it('settles what a blow would have asked when the fight ends with it waiting', () => {
    const first = answer(hit(fight({ gear: [SHIELD] }), 6, 6), { defence: 'none' });
    const e = hit(first, 6, 6);
    expect(openPrompt(e.state, e.ruleset)?.kind).toBe('three-actions/defend');
    const ended = run(e, { type: 'end-combat' });
    // The blow lands untouched (12 − 2 = 10 on 12 health: missing 10), then fortifying is let go: unconscious.
    expect(boudica(ended).tracks.health?.value).toBe(2);
    expect(boudica(ended).marks).toContain('unconscious');
    expect(ended.state.prompts ?? []).toEqual([]);
  });

  it('doesn\'t take a parry off typeless damage', () => {
    const wail = { ...SWORD, name: 'Wail', damageType: 'typeless' };
    const ghostly = run(
      newThreeActions(),
      { type: 'add-combatant', name: 'Orc', factionId: ENEMIES, tracks: { endurance: 12, health: 12 }, rules: { gear: [wail] } },
      { type: 'add-combatant', name: 'Boudica', factionId: HEROES, tracks: { endurance: 12, health: 12 }, rules: { gear: [SHIELD] } },
      { type: 'start-combat', initiativeFactionId: ENEMIES },
    );
    const e = answer(hit(run(ghostly, { type: 'take-turn', combatantId: idOf(ghostly, 'Orc') }), 3, 3), { defence: 'parry' });
    expect(boudica(e).tracks.endurance?.value).toBe(6);
  });

  // "When a character is brought to zero health from damage that would exceed their remaining
  // health and that damage is from a nonlethal source, they do not immediately risk death. Any more
  // damage taken while at zero health, including from a nonlethal source will cause them to risk
  // death as normal."
  it('asks no death test of someone knocked to 0 by a non-lethal weapon, until more damage comes', () => {
    const club = { ...SWORD, name: 'Cudgel', damage: 10, nonLethal: true };
    let e = run(newThreeActions(), { type: 'add-combatant', name: 'Orc', factionId: ENEMIES, tracks: { endurance: 12, health: 12 }, rules: { gear: [club] } }, { type: 'add-combatant', name: 'Boudica', factionId: HEROES, stats: { evasion: 0, constitution: 40 }, tracks: { endurance: 2, health: 3, stamina: 0 } }, { type: 'start-combat', initiativeFactionId: ENEMIES });
    e = run(e, { type: 'take-turn', combatantId: idOf(e, 'Orc') });
    const orc = e.state.combatants.find((c) => c.name === 'Orc')!;
    const swing = () => ({ type: 'three-actions/attack', attackerId: orc.id, targetId: idOf(e, 'Boudica'), weaponId: personOf(orc).gear[0]!.id }) as never;
    // 2 + 10 = 12 against 2 endurance and 3 health: far beyond, but non-lethal.
    e = stepWithDice(e, [10, 1, 1], swing()).encounter;
    expect(boudica(e).tracks.health?.value).toBe(0);
    expect(openPrompt(e.state, e.ruleset)).toBeNull();
    // More of it while at 0: the death test as normal.
    e = stepWithDice(e, [10, 1, 1], { ...(swing() as object), gmRuling: true } as never).encounter;
    expect(openPrompt(e.state, e.ruleset)?.kind).toBe('three-actions/death');
  });

  it('keeps a character\'s own tests, set by the GM and refused when they are not dice', () => {
    const e = run(fight(), { type: 'three-actions/set-tests', combatantId: idOf(fight(), 'Boudica'), tests: { fortify: 'd6+d4+1', dodge: '' } } as never);
    expect(personOf(boudica(e)).tests).toEqual({ fortify: 'd6+d4+1', dodge: null });
    expect(refuse(e, { type: 'three-actions/set-tests', combatantId: idOf(e, 'Boudica'), tests: { dodge: 'quickly' } }).code).toBe('three-actions/tests');
  });

  it('asks to fortify after the GM\'s damage too, and not again once unconscious', () => {
    let e = run(fight(), { type: 'damage', combatantId: idOf(fight(), 'Boudica'), amount: 18 });
    expect(openPrompt(e.state, e.ruleset)?.kind).toBe('three-actions/fortify');
    e = answer(e, { fortify: false });
    expect(boudica(e).marks).toContain('unconscious');
    e = run(e, { type: 'damage', combatantId: idOf(e, 'Boudica'), amount: 2 });
    expect(openPrompt(e.state, e.ruleset)).toBeNull();
  });
});
