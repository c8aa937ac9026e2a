import { describe, expect, it } from 'vitest';
import { restoreEncounter, type Encounter } from '../../encounter/encounter';
import type { EncounterEvent } from '../../core/events';
import { openPrompt } from '../../encounter/prompts';
import type { JsonValue } from '../../json';
import { logEntries } from '../../log/entries';
import { playerLog } from '../../log/player-log';
import { combatantNamed, ENEMIES, HEROES, idOf, refuse, run, stepWithDice } from '../../test-support';
import { actionsLeft } from './extended';
import { heldIds } from './hands';
import { personOf } from './person';
import { newThreeActions } from './testing';

// "When you block an attack, you may use a wielded item with the block property"; "When you parry
// an attack, choose a wielded item to use for the parry"; "Brandish | Choose what items you are
// holding in your hands"; "Drop Item | Drop any held item onto the ground".

const SWORD = { name: 'Sword', kind: 'weapon', test: 'd6+d6', damage: 0, critDamage: 0, critOn: 20, damageType: 'physical', delivery: 'melee' };
const SPEAR = { name: 'Spear', kind: 'weapon', test: 'd6+d6+1', damage: 4, critDamage: 8, critOn: 19, damageType: 'physical', delivery: 'melee' };
const SHIELD = { name: 'Shield', kind: 'item', block: 3, parry: 0, durability: 10 };
const DAGGER = { name: 'Dagger', kind: 'item', block: 0, parry: 1, durability: 10 };

/** Boudica (spear, shield, dagger: in hand as `inHand` says) against an orc whose sword deals the test's total; the orc's turn. */
function fight(inHand: { shield?: boolean; dagger?: boolean } = {}, settings: Record<string, boolean | number> = {}): Encounter {
  const e = run(
    newThreeActions(),
    { type: 'add-combatant', name: 'Orc', factionId: ENEMIES, tracks: { endurance: 12, health: 12 }, rules: { gear: [SWORD] } },
    {
      type: 'add-combatant',
      name: 'Boudica',
      factionId: HEROES,
      stats: { evasion: 0, constitution: 4 },
      tracks: { endurance: 12, health: 12, stamina: 3 },
      rules: { gear: [SPEAR, { ...SHIELD, ...(inHand.shield === false ? { inHand: false } : {}) }, { ...DAGGER, inHand: inHand.dagger === true }] },
    },
    ...Object.entries(settings).map(([key, value]) => ({ type: 'set-setting' as const, key, value })),
    { type: 'start-combat', initiativeFactionId: ENEMIES },
  );
  return run(e, { type: 'take-turn', combatantId: idOf(e, 'Orc') });
}

const gearId = (e: Encounter, name: string) => personOf(combatantNamed(e, 'Boudica')).gear.find((g) => g.name === name)!.id;
const held = (e: Encounter) => {
  const p = personOf(combatantNamed(e, 'Boudica'));
  return heldIds(p).map((id) => p.gear.find((g) => g.id === id)?.name);
};

/** The orc hits Boudica for a + b (luck 10). */
function hit(e: Encounter, a: number, b: number): Encounter {
  const orc = combatantNamed(e, 'Orc');
  return stepWithDice(e, [10, a, b], { type: 'three-actions/attack', attackerId: orc.id, targetId: idOf(e, 'Boudica'), weaponId: personOf(orc).gear[0]!.id } as never).encounter;
}

/** The blocks and parries the question after the hit offers. */
const itemChoices = (e: Encounter) => openPrompt(e.state)?.choices.map((c) => c.label).filter((l) => /^(Block|Parry)/.test(l));
const answer = (e: Encounter, reply: JsonValue) => stepWithDice(e, [], { type: 'answer-prompt', promptId: openPrompt(e.state)!.id, answer: reply });
const brandish = (e: Encounter, names: string[]) => ({ type: 'three-actions/brandish', combatantId: idOf(e, 'Boudica'), held: names.map((n) => gearId(e, n)) }) as never;
const drop = (e: Encounter, name: string) => ({ type: 'three-actions/drop', combatantId: idOf(e, 'Boudica'), itemId: gearId(e, name) }) as never;
/** The orc's turn ends and Boudica's begins. */
const herTurn = (e: Encounter) => run(e, { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(e, 'Boudica') });
const endurance = (e: Encounter) => combatantNamed(e, 'Boudica').tracks.endurance?.value;

describe('Three Actions: blocking and parrying with what is in hand', () => {
  it('blocks with a shield in hand', () => {
    const e = hit(fight(), 3, 4);
    expect(held(e)).toEqual(['Spear', 'Shield']);
    // The dagger stays in its sheath: no parry with it.
    expect(itemChoices(e)).toEqual(['Block with Shield', 'Parry with Shield']);
    const blocked = answer(e, { defence: 'block', itemId: gearId(e, 'Shield') });
    expect(blocked.events.at(-1)).toMatchObject({ type: 'three-actions/blow-landed', landing: { defence: 'block', itemDurability: 6, damage: 0 } });
    expect(endurance(blocked.encounter)).toBe(12);
  });

  it('refuses a block with the shield on her back, and doesn\'t offer it', () => {
    // Nothing in hand to block or parry with: every hit still asks ("Dodge | Spend 1 stamina to
    // attempt to avoid an attack"), but the shield isn't offered, and naming it is refused.
    const e = hit(fight({ shield: false }), 3, 4);
    expect(openPrompt(e.state)?.choices.map((c) => c.label)).toEqual(['Take it', 'Dodge (d6+d6 against 7)']);
    expect(itemChoices(e)).toEqual([]);
    const named = refuse(e, { type: 'answer-prompt', promptId: openPrompt(e.state)!.id, answer: { defence: 'block', itemId: gearId(e, 'Shield') } });
    expect(named.code).toBe('three-actions/not-in-hand');
    expect(named.message).toBe('Boudica doesn\'t hold the Shield in hand: only a wielded item blocks; Brandish it on their turn.');
    expect(refuse(e, { type: 'answer-prompt', promptId: openPrompt(e.state)!.id, answer: { defence: 'parry' } }).code).toBe('three-actions/not-in-hand');
  });

  it('blocks the next round once she has brandished the shield on her turn', () => {
    // Without the shield in hand she takes the first blow.
    let e = answer(hit(fight({ shield: false }), 3, 4), { defence: 'none' }).encounter;
    expect(endurance(e)).toBe(5);
    e = herTurn(e);
    const brandished = stepWithDice(e, [], brandish(e, ['Spear', 'Shield']));
    expect(brandished.events.map((x) => x.type)).toEqual(['action-used', 'three-actions/brandished']);
    e = brandished.encounter;
    expect(held(e)).toEqual(['Spear', 'Shield']);
    expect(actionsLeft(e.state, idOf(e, 'Boudica'))).toBe(2);
    expect(logEntries(e).map((l) => l.text)).toContain('Boudica now holds Spear and Shield.');
    // Round 2: the orc's blow, blocked.
    e = run(e, { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(e, 'Orc') });
    e = hit(e, 3, 4);
    expect(itemChoices(e)).toEqual(['Block with Shield', 'Parry with Shield']);
    expect(endurance(answer(e, { defence: 'block' }).encounter)).toBe(5);
  });

  it('holds no more than the Hands setting, 2 by default', () => {
    const e = herTurn(fight());
    const refused = refuse(e, brandish(e, ['Spear', 'Shield', 'Dagger']));
    expect(refused.code).toBe('three-actions/hands');
    expect(refused.message).toBe('Boudica has 2 hands (the Hands setting): name at most 2 items to hold.');
    const three = herTurn(fight({}, { hands: 3 }));
    expect(held(run(three, brandish(three, ['Spear', 'Shield', 'Dagger'])))).toEqual(['Spear', 'Shield', 'Dagger']);
    // Empty hands are a choice too.
    expect(held(run(e, brandish(e, [])))).toEqual([]);
  });

  it('takes an action of her own turn, and only as Brandish naming what is held', () => {
    const orcs = fight();
    expect(refuse(orcs, brandish(orcs, ['Spear'])).code).toBe('three-actions/not-acting');
    let e = herTurn(orcs);
    const bare = refuse(e, { type: 'use-action', combatantId: idOf(e, 'Boudica'), actionId: 'brandish' });
    expect(bare.code).toBe('three-actions/own-command');
    e = run(e, ...['seek-cover', 'interact', 'interact'].map((actionId) => ({ type: 'use-action' as const, combatantId: idOf(e, 'Boudica'), actionId })));
    const spent = refuse(e, brandish(e, ['Spear', 'Dagger']));
    expect(spent.code).toBe('action/spent');
    expect(spent.message).toBe('Boudica has no action left this turn to brandish.');
  });

  it('drops a held item as a free action: the hand is free, the item on the ground', () => {
    let e = herTurn(fight());
    expect(refuse(e, { type: 'use-action', combatantId: idOf(e, 'Boudica'), actionId: 'drop-item' }).code).toBe('three-actions/own-command');
    expect(refuse(e, drop(e, 'Dagger')).code).toBe('three-actions/not-in-hand');
    e = run(e, drop(e, 'Shield'));
    expect(held(e)).toEqual(['Spear']);
    expect(actionsLeft(e.state, idOf(e, 'Boudica'))).toBe(3);
    expect(logEntries(e).map((l) => l.text)).toContain('Boudica drops Shield to the ground.');
    // On the ground it isn't brandished back: picking it up is an Interact.
    expect(refuse(e, brandish(e, ['Spear', 'Shield'])).code).toBe('three-actions/on-the-ground');
    // The freed hand takes the dagger.
    e = run(e, brandish(e, ['Spear', 'Dagger']));
    e = hit(run(e, { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(e, 'Orc') }), 3, 4);
    expect(itemChoices(e)).toEqual(['Parry with Dagger']);
  });

  it('picks a dropped item up when the GM ticks it in hand again under Edit', () => {
    let e = herTurn(fight());
    e = run(e, drop(e, 'Shield'));
    const gear = personOf(combatantNamed(e, 'Boudica')).gear.map((g) => ({ ...g, inHand: g.name !== 'Spear' }));
    e = run(e, { type: 'three-actions/set-gear', combatantId: idOf(e, 'Boudica'), gear } as never);
    expect(held(e)).toEqual(['Shield', 'Dagger']);
    expect(personOf(combatantNamed(e, 'Boudica')).dropped).toEqual([]);
  });

  it('brandishes on an ally\'s command, naming what the ally holds', () => {
    let e = run(
      newThreeActions(),
      { type: 'add-combatant', name: 'Roland', factionId: HEROES, tracks: { endurance: 12, health: 12, focus: 3 } },
      { type: 'add-combatant', name: 'Boudica', factionId: HEROES, tracks: { endurance: 12, health: 12 }, rules: { gear: [SPEAR, SHIELD, { ...DAGGER, inHand: false }] } },
      { type: 'add-combatant', name: 'Orc', factionId: ENEMIES, tracks: { endurance: 12, health: 12 } },
      { type: 'start-combat', initiativeFactionId: HEROES },
    );
    e = run(e, { type: 'take-turn', combatantId: idOf(e, 'Roland') });
    const command = (held?: string[]) => ({ type: 'three-actions/command', commanderId: idOf(e, 'Roland'), allyId: idOf(e, 'Boudica'), actionId: 'brandish', ...(held ? { held: held.map((n) => gearId(e, n)) } : {}) }) as never;
    expect(refuse(e, command()).code).toBe('input/held');
    expect(refuse(e, command(['Spear', 'Shield', 'Dagger'])).code).toBe('three-actions/hands');
    e = run(e, command(['Spear', 'Dagger']));
    expect(held(e)).toEqual(['Spear', 'Dagger']);
    expect(combatantNamed(e, 'Roland').tracks.focus?.value).toBe(1);
  });

  it('keeps the players from hearing what an enemy brandishes', () => {
    const e = run(herTurn(fight()), { type: 'end-turn' });
    const orc = combatantNamed(e, 'Orc');
    // Round 2: the orc sheathes its sword.
    const sheathed = run(e, { type: 'take-turn', combatantId: orc.id }, { type: 'three-actions/brandish', combatantId: orc.id, held: [] } as never);
    expect(logEntries(sheathed).map((l) => l.text)).toContain('Orc now holds nothing.');
    expect(playerLog(sheathed).map((l) => l.text).join(' ')).not.toMatch(/holds|Sword/);
  });

  it('lets a character from an old log, whose part names nothing held, block with all they carry', () => {
    const now = hit(fight({ shield: false, dagger: true }), 3, 4);
    // Strip what older versions didn't write: what was in hand.
    const old = JSON.parse(JSON.stringify(now.events), (key, value) => (['held', 'dropped', 'inHand'].includes(key) ? undefined : value)) as EncounterEvent[];
    expect(JSON.stringify(old)).not.toMatch(/"held"|"inHand"/);
    const restored = restoreEncounter({ events: old, steps: now.steps });
    if (!restored.ok) throw new Error(restored.message);
    const e = restored.value;
    expect(personOf(combatantNamed(e, 'Boudica')).held).toBeNull();
    expect(held(e)).toEqual(['Spear', 'Shield', 'Dagger']);
    expect(itemChoices(e)).toEqual(['Block with Shield', 'Parry with Shield', 'Parry with Dagger']);
    expect(endurance(answer(e, { defence: 'block' }).encounter)).toBe(12);
  });
});

describe('Three Actions: what a character has to hand', () => {
  it('won\'t attack with a weapon lying where it was dropped, until it is picked up', () => {
    // Dropped "onto the ground", the spear is neither held nor carried.
    let e = herTurn(fight());
    e = run(e, brandish(e, ['Spear', 'Shield']), drop(e, 'Spear'));
    const attack = { type: 'three-actions/attack', attackerId: idOf(e, 'Boudica'), targetId: idOf(e, 'Orc'), weaponId: gearId(e, 'Spear') } as never;
    expect(refuse(e, attack)).toMatchObject({ code: 'three-actions/on-the-ground', message: 'Boudica\'s Spear lies on the ground: picking it up is an Interact (then tick it in hand under Edit).' });
  });

  it('holds no more at the start than the Hands setting: the first pieces ticked, the rest carried', () => {
    // Spear, shield and dagger all ticked in hand, with two hands: the spear and the shield are held.
    expect(held(fight({ dagger: true }))).toEqual(['Spear', 'Shield']);
    // With three hands set before she joins, all three.
    const three = run(newThreeActions(), { type: 'set-setting', key: 'hands', value: 3 }, { type: 'add-combatant', name: 'Boudica', factionId: HEROES, tracks: { endurance: 12, health: 12 }, rules: { gear: [SPEAR, SHIELD, { ...DAGGER, inHand: true }] } });
    expect(held(three)).toEqual(['Spear', 'Shield', 'Dagger']);
  });
});
