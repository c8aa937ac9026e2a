import { describe, expect, it } from 'vitest';
import type { Encounter } from '../../encounter/encounter';
import { ENEMIES, HEROES, idOf, refuse, run } from '../../test-support';
import { planAttack } from './attack';
import { newRanks } from './testing';

// Combining actions: Bo's bonus action helps Ann's attack (+1D, or as set) or hinders the orc's
// (−1D), on the other's checks until their turn ends.

const SHEET = [{ name: 'Sword', kind: 'skill', skill: 'martial', dice: 3, bonus: 0, fixed: 10 }, { name: 'Longsword', kind: 'weapon', category: 'martial', damage: 4, damageBonus: 0 }];
const fight = (settings: Record<string, number> = {}): Encounter =>
  run(
    newRanks(settings),
    { type: 'add-combatant', name: 'Ann', factionId: HEROES, stats: { awareness: 12 }, rules: { sheet: SHEET } },
    { type: 'add-combatant', name: 'Bo', factionId: HEROES, stats: { awareness: 10 } },
    { type: 'add-combatant', name: 'Orc', factionId: ENEMIES, stats: { awareness: 8 }, rules: { sheet: SHEET } },
    { type: 'start-combat' },
  );
const who = (e: Encounter, name: string) => e.state.combatants.find((c) => c.name === name)!;
const pool = (e: Encounter, from: string, at: string) => {
  const c = who(e, from);
  const sword = (c.rules as { sheet: { id: string; kind: string }[] }).sheet.find((x) => x.kind === 'weapon')!.id;
  const plan = planAttack(e.state, c, who(e, at), sword, null);
  return 'check' in plan ? plan.check.pool : null;
};

describe('Skill Ranks: combining actions', () => {
  it('adds a die to Ann\'s checks for her turn when Bo helps, out of his own turn, with his bonus action', () => {
    const e = run(fight(), { type: 'ranks/combine', actorId: idOf(fight(), 'Bo'), targetId: idOf(fight(), 'Ann'), help: true } as never);
    expect(pool(e, 'Ann', 'Orc')).toBe(4);
    expect(who(e, 'Ann').conditions.map((k) => k.name)).toEqual(['Helped by Bo']);
    // Gone as her turn ends; Bo's bonus action is spent for the round.
    const next = run(e, { type: 'next-turn' });
    expect(who(next, 'Ann').conditions).toEqual([]);
    expect(refuse(next, { type: 'use-action', combatantId: idOf(next, 'Bo'), actionId: 'interact' }).code).toBe('action/spent');
  });

  it('takes dice away when hindering, as many as set', () => {
    const e = run(fight({ combineDice: 2 }), { type: 'ranks/combine', actorId: idOf(fight(), 'Bo'), targetId: idOf(fight(), 'Orc'), help: false } as never);
    expect(pool(e, 'Orc', 'Ann')).toBe(1);
    expect(refuse(fight(), { type: 'ranks/combine', actorId: idOf(fight(), 'Bo'), targetId: idOf(fight(), 'Bo'), help: true }).code).toBe('ranks/target');
  });
});
