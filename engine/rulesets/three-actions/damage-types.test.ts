import { describe, expect, it } from 'vitest';
import { restoreEncounter, type Encounter } from '../../encounter/encounter';
import type { EncounterEvent } from '../../core/events';
import { openPrompt } from '../../encounter/prompts';
import type { JsonValue } from '../../json';
import { logEntries } from '../../log/entries';
import { combatantNamed, ENEMIES, HEROES, idOf, refuse, run, stepWithDice } from '../../test-support';
import { gearOf, kindOf, reductionFor, THREE_ACTIONS_GEAR } from './gear';
import { personOf } from './person';
import { eventOf, newThreeActions } from './testing';

// "This damage is then reduced by the target's matching damage reduction to a minimum of 1";
// "Normally, only physical and elemental damage can be reduced by deflection"; the Damage Types
// table (piercing physical, fire elemental, psychic typeless…); "If a type is not specified, then
// it can be considered typeless damage"; Parry: "If that item has a parry value, add it to your
// physical defense … After you parry, that item receives 1 damage to its durability."

const SPEAR = { name: 'Spear', kind: 'weapon', test: 'd6+d6+1', damage: 4, critDamage: 8, critOn: 19, damageType: 'piercing', delivery: 'melee' };
const FIREBRAND = { ...SPEAR, name: 'Firebrand', damageType: 'fire' };
const WAIL = { ...SPEAR, name: 'Wail', damageType: 'psychic' };
const SWORD = { name: 'Sword', kind: 'item', block: 0, parry: 3, durability: 10 };

interface Sheet {
  deflection?: number;
  elementalDeflection?: number;
  stamina?: number;
  gear?: object[];
}

/**
 * Boudica (the heroes) with one weapon against an enemy of evasion 6 and the given deflections;
 * its ally Roland stands by. Stamina 0 (the default here): nobody can dodge or step in, so a hit
 * lands with the attack.
 */
function fight(weapon: object, enemy: Sheet = {}, roland: Sheet = {}): Encounter {
  const e = run(
    newThreeActions(),
    { type: 'add-combatant', name: 'Boudica', factionId: HEROES, tracks: { endurance: 12, health: 12, stamina: 0 }, rules: { gear: [weapon] } },
    { type: 'add-combatant', name: 'Enemy', factionId: ENEMIES, stats: { evasion: 6, deflection: enemy.deflection ?? 8, elementalDeflection: enemy.elementalDeflection ?? 2 }, tracks: { endurance: 12, health: 12, stamina: enemy.stamina ?? 0 }, rules: { gear: enemy.gear ?? [] } },
    { type: 'add-combatant', name: 'Roland', factionId: ENEMIES, stats: { evasion: 6, deflection: roland.deflection ?? 0, elementalDeflection: roland.elementalDeflection ?? 0 }, tracks: { endurance: 12, health: 12, stamina: roland.stamina ?? 0 } },
    { type: 'start-combat', initiativeFactionId: HEROES },
  );
  return run(e, { type: 'take-turn', combatantId: idOf(e, 'Boudica') });
}

/** Boudica attacks the enemy: luck first, then her two dice. */
function attack(e: Encounter, dice: number[], extra: Record<string, unknown> = {}) {
  const boudica = combatantNamed(e, 'Boudica');
  const step = stepWithDice(e, dice, { type: 'three-actions/attack', attackerId: boudica.id, targetId: idOf(e, 'Enemy'), weaponId: personOf(boudica).gear[0]!.id, ...extra } as never);
  return { encounter: step.encounter, event: eventOf(step.events, 'three-actions/attacked') };
}

const answer = (e: Encounter, reply: JsonValue) => stepWithDice(e, [], { type: 'answer-prompt', promptId: openPrompt(e.state)!.id, answer: reply });
const endurance = (e: Encounter, who: string) => combatantNamed(e, who).tracks.endurance?.value;
const lastLine = (e: Encounter) => logEntries(e).at(-1)?.text;

describe('Three Actions: damage meets the deflection of its kind', () => {
  it('follows Boudica: 4 piercing on a 6 is 10, less physical 8 is 2; the critical\'s 8 makes 14, less 8 is 6', () => {
    const { event, encounter } = attack(fight(SPEAR), [5, 2, 3]);
    expect(event).toMatchObject({ result: 6, hit: true, raw: 10, damageType: 'piercing', reduction: 'physical', deflection: 8, damage: 2 });
    expect(endurance(encounter, 'Enemy')).toBe(10);
    expect(lastLine(encounter)).toContain('10 damage, 8 deflected (physical), 2 taken');
    expect(attack(fight(SPEAR), [19, 2, 3]).event).toMatchObject({ critical: true, raw: 14, damage: 6 });
  });

  it('takes elemental deflection off fire: 10 less 2 is 8 against physical 8, elemental 2', () => {
    const { event, encounter } = attack(fight(FIREBRAND), [5, 2, 3]);
    expect(event).toMatchObject({ raw: 10, reduction: 'elemental', deflection: 2, damage: 8 });
    expect(lastLine(encounter)).toContain('10 damage, 2 deflected (elemental), 8 taken');
  });

  it('moves elemental deflection by the size difference too', () => {
    // A size-6 enemy against medium Boudica (4): elemental 2 + 2.
    const e = run(fight(FIREBRAND), { type: 'set-stat', combatantId: idOf(fight(FIREBRAND), 'Enemy'), stat: 'size', value: 6 } as never);
    expect(attack(e, [5, 5, 5]).event).toMatchObject({ evasion: 4, reduction: 'elemental', deflection: 4 });
  });

  it('reduces typeless damage by neither, unless the GM names one', () => {
    expect(attack(fight(WAIL), [5, 2, 3]).event).toMatchObject({ raw: 10, reduction: 'none', deflection: 0, damage: 10 });
    expect(attack(fight(WAIL), [5, 2, 3], { typelessReducedBy: 'physical' }).event).toMatchObject({ reduction: 'physical', deflection: 8, damage: 2 });
    expect(attack(fight(WAIL), [5, 2, 3], { typelessReducedBy: 'elemental' }).event).toMatchObject({ reduction: 'elemental', deflection: 2, damage: 8 });
  });

  it('refuses a GM\'s choice of deflection for damage that has its own, or one that is neither', () => {
    const boudica = combatantNamed(fight(SPEAR), 'Boudica');
    const cmd = { type: 'three-actions/attack', attackerId: boudica.id, targetId: idOf(fight(SPEAR), 'Enemy'), weaponId: personOf(boudica).gear[0]!.id };
    const own = refuse(fight(SPEAR), { ...cmd, typelessReducedBy: 'elemental' });
    expect(own).toMatchObject({ code: 'three-actions/reduced-by', message: "Spear's damage is physical: its own deflection reduces it. Only typeless damage takes the GM's choice." });
    expect(refuse(fight(WAIL), { ...cmd, weaponId: personOf(combatantNamed(fight(WAIL), 'Boudica')).gear[0]!.id, typelessReducedBy: 'fire' }).code).toBe('three-actions/reduced-by');
  });
});

describe('Three Actions: parrying and stepping in by the damage\'s kind', () => {
  it('adds a parry to physical deflection only: against fire it takes nothing off, and the sword still loses 1', () => {
    // The enemy may react (stamina 2) and holds a sword with parry 3.
    const e = attack(fight(FIREBRAND, { stamina: 2, gear: [SWORD] }), [5, 2, 3]).encounter;
    expect(openPrompt(e.state)?.choices.map((c) => c.label)).toEqual(['Take it', 'Parry with Sword (adds nothing against fire damage)', 'Dodge (d6+d6 against 6)']);
    const parried = answer(e, { defence: 'parry' }).encounter;
    // 10 less elemental 2 = 8, the parry adding nothing.
    expect(endurance(parried, 'Enemy')).toBe(4);
    expect(personOf(combatantNamed(parried, 'Enemy')).gear[0]).toMatchObject({ durability: 9 });
    expect(lastLine(parried)).toContain('parries with their item (its durability now 9): 8 damage (2 deflected, elemental)');
    // Against the spear's piercing it adds its 3: 10 less 8 + 3, at least 1.
    const spear = attack(fight(SPEAR, { stamina: 2, gear: [SWORD] }), [5, 2, 3]).encounter;
    expect(openPrompt(spear.state)?.choices.map((c) => c.label)).toContain('Parry with Sword');
    const held = answer(spear, { defence: 'parry' }).encounter;
    expect(endurance(held, 'Enemy')).toBe(11);
    expect(lastLine(held)).toContain('1 damage (11 deflected, physical)');
  });

  it('puts an ally stepping in against the blow with their own deflection of its kind', () => {
    // Roland (elemental 5, physical 0) steps in front of the firebrand's 10.
    const e = attack(fight(FIREBRAND, {}, { stamina: 2, elementalDeflection: 5 }), [5, 2, 3]).encounter;
    const stepped = answer(e, { defence: 'intercept', allyId: idOf(e, 'Roland') });
    expect(stepped.events.at(-1)).toMatchObject({ type: 'three-actions/intercepted', blow: { deflection: 5, reduction: 'elemental', damageType: 'fire' } });
    const taken = answer(stepped.encounter, { defence: 'none' }).encounter;
    expect(endurance(taken, 'Roland')).toBe(7);
    expect(endurance(taken, 'Enemy')).toBe(12);
  });
});

describe('Three Actions: weapons\' damage types', () => {
  it('sorts each of the table\'s ten types into its kind, and meets each with the deflection of that kind', () => {
    // The Damage Types table, row by row.
    const table = { arcane: 'elemental', bludgeoning: 'physical', cold: 'elemental', fire: 'elemental', piercing: 'physical', psychic: 'typeless', radiant: 'elemental', shock: 'elemental', slashing: 'physical', void: 'elemental' } as const;
    for (const [type, kind] of Object.entries(table)) {
      expect(kindOf(type as keyof typeof table)).toBe(kind);
      expect(reductionFor(type as keyof typeof table)).toBe(kind === 'typeless' ? 'none' : kind);
    }
  });

  it('offers the table\'s ten types or none, a fresh spear piercing; a weapon without one is typeless', () => {
    const weapon = THREE_ACTIONS_GEAR.kinds.find((k) => k.id === 'weapon')!;
    const field = weapon.fields.find((f) => f.key === 'damageType')!;
    expect(field.kind === 'choice' && field.options.map((o) => o.value)).toEqual(['arcane', 'bludgeoning', 'cold', 'fire', 'piercing', 'psychic', 'radiant', 'shock', 'slashing', 'void', 'typeless', 'physical', 'elemental']);
    expect(weapon.fresh.damageType).toBe('piercing');
    expect(gearOf({ id: 'g1', name: 'Odd', kind: 'weapon' })).toMatchObject({ damageType: 'typeless' });
    // Gear saved before the types were named keeps its kind.
    expect(gearOf({ ...SPEAR, id: 'g1', damageType: 'elemental' })).toMatchObject({ damageType: 'elemental' });
    const e = fight({ ...SPEAR, damageType: undefined });
    expect(personOf(combatantNamed(e, 'Boudica')).gear[0]).toMatchObject({ damageType: 'typeless' });
  });

  it('still restores a fight recorded before there were two deflections, its attacks and blows reading as before', () => {
    const e = answer(attack(fight({ ...SPEAR, damageType: 'physical' }, { stamina: 2 }), [5, 2, 3]).encounter, { defence: 'none' }).encounter;
    // The old shape: no reduction on the attack, no deflected or reduction on the landing.
    const old = e.events.map((x) => {
      const { reduction: _r, ...rest } = x as unknown as Record<string, unknown>;
      if (x.type !== 'three-actions/blow-landed') return rest as unknown as EncounterEvent;
      const { deflected: _d, reduction: _l, ...landing } = (x as unknown as { landing: Record<string, unknown> }).landing;
      return { ...rest, landing } as unknown as EncounterEvent;
    });
    const restored = restoreEncounter({ events: old, steps: e.steps });
    expect(restored.ok).toBe(true);
    if (restored.ok) expect(endurance(restored.value, 'Enemy')).toBe(10);
  });

  it('meets elemental damage with the one deflection of someone added before there were two, as it did then', () => {
    // Their add-combatant event, as stored then, has no elemental deflection: the old one, 8, meets fire too (6 + 4 = 10 less 8: 2, not 10 less 2).
    const e = fight(FIREBRAND);
    const events = e.events.map((x) => (x.type === 'combatant-added' ? stripElemental(x) : x));
    const restored = restoreEncounter({ events, steps: e.steps });
    expect(restored.ok).toBe(true);
    if (restored.ok) expect(attack(restored.value, [5, 2, 3]).event).toMatchObject({ reduction: 'elemental', deflection: 8, damage: 2 });
  });

  it('guards elemental deflection too: +1 to every defence', () => {
    let e = run(fight(FIREBRAND), { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(fight(FIREBRAND), 'Enemy') });
    // The enemy guards; Roland's go; round 2, Boudica's.
    e = run(e, { type: 'use-action', combatantId: idOf(e, 'Enemy'), actionId: 'guard' }, { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(e, 'Roland') }, { type: 'end-turn' });
    e = run(e, { type: 'take-turn', combatantId: idOf(e, 'Boudica') });
    expect(attack(e, [5, 5, 5]).event).toMatchObject({ reduction: 'elemental', deflection: 3 });
  });
});

/** An event with the elemental deflection taken out of the characters it adds, as a log from before it was kept. */
function stripElemental(x: EncounterEvent): EncounterEvent {
  const strip = (c: unknown) => {
    const r = c as { stats?: Record<string, number> };
    if (!r.stats) return c;
    const { elementalDeflection: _e, ...stats } = r.stats;
    return { ...r, stats };
  };
  const raw = x as unknown as { combatants?: unknown[]; combatant?: unknown };
  return { ...x, ...(raw.combatants ? { combatants: raw.combatants.map(strip) } : {}), ...(raw.combatant ? { combatant: strip(raw.combatant) } : {}) } as unknown as EncounterEvent;
}
