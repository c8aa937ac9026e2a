import { describe, expect, it } from 'vitest';
import type { Encounter } from '../../encounter/encounter';
import { openPrompt } from '../../encounter/prompts';
import type { JsonValue } from '../../json';
import { combatantNamed, ENEMIES, HEROES, idOf, refuse, run, stepWithDice } from '../../test-support';
import { personOf } from './person';
import { newThreeActions } from './testing';

// The reactions against a hit besides block and parry: "Dodge | Spend 1 stamina to attempt to
// avoid an attack by making a test"; "Intercept | Spend 1 stamina to move and displace an ally
// replacing them as a target, then may take any defensive action as a free reaction".

const SWORD = { name: 'Sword', kind: 'weapon', test: 'd6+d6', damage: 0, critDamage: 0, critOn: 20, damageType: 'physical', delivery: 'melee' };
const SHIELD = { name: 'Shield', kind: 'item', block: 3, parry: 0, durability: 10 };

/** An orc whose sword deals the test's total against Boudica; Roland (her ally, a shield, deflection 2) stands by. */
function fight(settings: Record<string, boolean> = { everyHitAsks: true }): Encounter {
  let e = run(
    newThreeActions(),
    { type: 'add-combatant', name: 'Orc', factionId: ENEMIES, tracks: { endurance: 12, health: 12 }, rules: { gear: [SWORD] } },
    { type: 'add-combatant', name: 'Boudica', factionId: HEROES, stats: { evasion: 0, constitution: 4 }, tracks: { endurance: 12, health: 12, stamina: 3 } },
    { type: 'add-combatant', name: 'Roland', factionId: HEROES, stats: { evasion: 0, deflection: 2, constitution: 4 }, tracks: { endurance: 12, health: 12, stamina: 2 }, rules: { gear: [SHIELD] } },
    ...Object.entries(settings).map(([key, value]) => ({ type: 'set-setting' as const, key, value })),
    { type: 'start-combat', initiativeFactionId: ENEMIES },
  );
  return run(e, { type: 'take-turn', combatantId: idOf(e, 'Orc') });
}

/** The orc hits Boudica for a + b (luck 10). */
function hit(e: Encounter, a: number, b: number): Encounter {
  const orc = combatantNamed(e, 'Orc');
  return stepWithDice(e, [10, a, b], { type: 'three-actions/attack', attackerId: orc.id, targetId: idOf(e, 'Boudica'), weaponId: personOf(orc).gear[0]!.id } as never).encounter;
}

const answer = (e: Encounter, reply: JsonValue, dice: number[] = []) => stepWithDice(e, dice, { type: 'answer-prompt', promptId: openPrompt(e.state)!.id, answer: reply });
const endurance = (e: Encounter, who: string) => combatantNamed(e, who).tracks.endurance?.value;

describe('Three Actions: dodging a blow', () => {
  it('asks after every hit when the setting says so, even without a shield', () => {
    expect(openPrompt(hit(fight(), 3, 4).state)?.choices.map((c) => c.label)).toEqual(['Take it', 'Dodge (d6+d6 against 7)', 'Roland steps in']);
    // Off (the default): without a shield to block or parry with, the blow lands at once.
    expect(openPrompt(hit(fight({}), 3, 4).state)).toBeNull();
  });

  it('gets out of the way with a test reaching the attack\'s result, for the reaction and 1 stamina', () => {
    // The test, then the luck die beside it (7: nothing added).
    const dodged = answer(hit(fight(), 3, 4), { defence: 'dodge' }, [3, 4, 7]);
    expect(dodged.events.at(-1)).toMatchObject({ type: 'three-actions/dodged', difficulty: 7, success: true });
    expect(openPrompt(dodged.encounter.state)).toBeNull();
    expect(combatantNamed(dodged.encounter, 'Boudica').tracks).toMatchObject({ endurance: { value: 12 }, stamina: { value: 2 } });
    // 6 against 7: the blow lands as it was.
    const failed = answer(hit(fight(), 3, 4), { defence: 'dodge', test: 'd6+d4' }, [3, 3, 7]);
    expect(failed.events.map((x) => x.type)).toEqual(['action-used', 'three-actions/dodged', 'three-actions/blow-landed']);
    expect(combatantNamed(failed.encounter, 'Boudica').tracks).toMatchObject({ endurance: { value: 5 }, stamina: { value: 2 } });
    expect(refuse(failed.encounter, { type: 'use-action', combatantId: idOf(failed.encounter, 'Boudica'), actionId: 'dodge' }).message).toContain('no reaction left');
  });
});

describe('Three Actions: intercepting a blow', () => {
  it('puts Roland in front of the blow, his deflection counting, and lets him block for free', () => {
    const stepped = answer(hit(fight(), 3, 4), { defence: 'intercept', allyId: idOf(fight(), 'Roland') });
    const roland = combatantNamed(stepped.encounter, 'Roland');
    expect(roland.tracks.stamina?.value).toBe(1);
    const asked = openPrompt(stepped.encounter.state);
    expect(asked?.message).toBe('Roland is hit (stepping in: a free reaction): take it, or defend first.');
    // No stepping in again; his block is free (his reaction went on stepping in).
    expect(asked?.choices.map((c) => c.label)).toEqual(['Take it', 'Block with Shield', 'Parry with Shield', 'Dodge (d6+d6 against 7)']);
    const blocked = answer(stepped.encounter, { defence: 'block' });
    // 7 less block 3 = 4 on the shield (durability 10): nothing reaches him; his last stamina paid.
    expect(combatantNamed(blocked.encounter, 'Roland').tracks).toMatchObject({ endurance: { value: 12 }, stamina: { value: 0 } });
    expect(endurance(blocked.encounter, 'Boudica')).toBe(12);
    // Taken instead: 7 less his deflection 2.
    const taken = answer(stepped.encounter, { defence: 'none' });
    expect(endurance(taken.encounter, 'Roland')).toBe(7);
  });

  it('refuses someone who is not an ally with a reaction and stamina', () => {
    const e = hit(fight(), 3, 4);
    expect(refuse(e, { type: 'answer-prompt', promptId: openPrompt(e.state)!.id, answer: { defence: 'intercept', allyId: idOf(e, 'Orc') } }).code).toBe('three-actions/intercept');
  });
});
