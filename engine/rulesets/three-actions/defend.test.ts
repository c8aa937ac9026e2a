import { describe, expect, it } from 'vitest';
import { restoreEncounter, type Encounter } from '../../encounter/encounter';
import { openPrompt } from '../../encounter/prompts';
import type { JsonValue } from '../../json';
import { combatantNamed, ENEMIES, HEROES, idOf, refuse, run, stepWithDice } from '../../test-support';
import { personOf } from './person';
import { newThreeActions } from './testing';
import { BUILTIN_RULESETS } from '../builtin';

// The reactions against a hit besides block and parry: "Dodge | Spend 1 stamina to attempt to
// avoid an attack by making a test"; "Intercept | Spend 1 stamina to move and displace an ally
// replacing them as a target, then may take any defensive action as a free reaction".

const SWORD = { name: 'Sword', kind: 'weapon', test: 'd6+d6', damage: 0, critDamage: 0, critOn: 20, damageType: 'physical', delivery: 'melee' };
const SHIELD = { name: 'Shield', kind: 'item', block: 3, parry: 0, durability: 10 };

/** An orc whose sword deals the test's total against Boudica; Roland (her ally, a shield, deflection 2) stands by. */
function fight(stamina: { boudica?: number; roland?: number } = {}): Encounter {
  let e = run(
    newThreeActions(),
    { type: 'add-combatant', name: 'Orc', factionId: ENEMIES, tracks: { endurance: 12, health: 12 }, rules: { gear: [SWORD] } },
    { type: 'add-combatant', name: 'Boudica', factionId: HEROES, stats: { evasion: 0, constitution: 4 }, tracks: { endurance: 12, health: 12, stamina: stamina.boudica ?? 3 } },
    { type: 'add-combatant', name: 'Roland', factionId: HEROES, stats: { evasion: 0, deflection: 2, constitution: 4 }, tracks: { endurance: 12, health: 12, stamina: stamina.roland ?? 2 }, rules: { gear: [SHIELD] } },
    { type: 'start-combat', initiativeFactionId: ENEMIES },
  );
  return run(e, { type: 'take-turn', combatantId: idOf(e, 'Orc') });
}

/** The orc hits Boudica for a + b (luck 10). */
function hit(e: Encounter, a: number, b: number): Encounter {
  const orc = combatantNamed(e, 'Orc');
  return stepWithDice(e, [10, a, b], { type: 'three-actions/attack', attackerId: orc.id, targetId: idOf(e, 'Boudica'), weaponId: personOf(orc).gear[0]!.id } as never).encounter;
}

const answer = (e: Encounter, reply: JsonValue, dice: number[] = []) => stepWithDice(e, dice, { type: 'answer-prompt', promptId: openPrompt(e.state, e.ruleset)!.id, answer: reply });
const endurance = (e: Encounter, who: string) => combatantNamed(e, who).tracks.endurance?.value;

describe('Three Actions: dodging a blow', () => {
  // Dodge and Intercept are reactions of anyone with the reaction and 1 stamina, not only of those
  // carrying a shield: every hit asks while the target or an ally could react.
  it('asks after every hit, even without a shield, while she could dodge or an ally step in', () => {
    expect(openPrompt(hit(fight(), 3, 4).state, hit(fight(), 3, 4).ruleset)?.choices.map((c) => c.label)).toEqual(['Take it', 'Dodge (d6+d6 against 7)', 'Roland steps in']);
    // Out of stamina herself, Roland may still step in; she may only take it.
    expect(openPrompt(hit(fight({ boudica: 0 }), 3, 4).state, hit(fight({ boudica: 0 }), 3, 4).ruleset)?.choices.map((c) => c.label)).toEqual(['Take it', 'Roland steps in']);
  });

  it('says what stops a dodge: no stamina left, or the reaction already spent this round', () => {
    // Out of stamina, Boudica is asked only because Roland could step in; her dodge is refused for want of stamina.
    const tired = hit(fight({ boudica: 0 }), 3, 4);
    expect(refuse(tired, { type: 'answer-prompt', promptId: openPrompt(tired.state, tired.ruleset)!.id, answer: { defence: 'dodge' } }).message).toBe("Boudica can't dodge: no stamina left (a reaction takes 1).");
    // "characters may also take up to one reaction": spent resisting earlier in the orc's turn, none is left for the dodge.
    let spent = run(fight(), { type: 'use-action', combatantId: idOf(fight(), 'Boudica'), actionId: 'resist' });
    spent = hit(spent, 3, 4);
    expect(refuse(spent, { type: 'answer-prompt', promptId: openPrompt(spent.state, spent.ruleset)!.id, answer: { defence: 'dodge' } })).toMatchObject({ code: 'three-actions/no-reaction', message: "Boudica can't dodge: the reaction is spent." });
  });

  it('asks nothing when nobody could react: the damage lands at once', () => {
    const e = hit(fight({ boudica: 0, roland: 0 }), 3, 4);
    expect(openPrompt(e.state, e.ruleset)).toBeNull();
    expect(endurance(e, 'Boudica')).toBe(5);
  });

  it('still replays a stored fight that turned on the old setting for asking after every hit', () => {
    // The setting is gone; a log that carries it (in the encounter's settings and as the GM's
    // event) still restores, and its hit still waits as recorded (the attack's awaitsDefence).
    const e = hit(fight(), 3, 4);
    const [created, ...rest] = e.events;
    const events = [{ ...created, settings: { ...(created as { settings: object }).settings, everyHitAsks: true } } as never, { type: 'setting-set', key: 'everyHitAsks', value: true } as never, ...rest];
    const restored = restoreEncounter({ events, steps: [1, 2, ...e.steps.slice(1).map((n) => n + 1)] }, BUILTIN_RULESETS);
    expect(restored.ok && openPrompt(restored.value.state, restored.value.ruleset)?.kind).toBe('three-actions/defend');
    // Asked for now, it is not one the GM can set.
    expect(refuse(e, { type: 'set-setting', key: 'everyHitAsks', value: true }).code).toBe('setting/unknown');
  });

  it('gets out of the way with a test reaching the attack\'s result, for the reaction and 1 stamina', () => {
    // The test, then the luck die beside it (7: nothing added).
    const dodged = answer(hit(fight(), 3, 4), { defence: 'dodge' }, [3, 4, 7]);
    expect(dodged.events.at(-1)).toMatchObject({ type: 'three-actions/dodged', difficulty: 7, success: true });
    expect(openPrompt(dodged.encounter.state, dodged.encounter.ruleset)).toBeNull();
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
    const asked = openPrompt(stepped.encounter.state, stepped.encounter.ruleset);
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
    expect(refuse(e, { type: 'answer-prompt', promptId: openPrompt(e.state, e.ruleset)!.id, answer: { defence: 'intercept', allyId: idOf(e, 'Orc') } }).code).toBe('three-actions/intercept');
  });
});
