import { describe, expect, it } from 'vitest';
import type { Encounter } from '../../encounter/encounter';
import { logEntries } from '../../log/entries';
import { ENEMIES, HEROES, idOf, refuse, run } from '../../test-support';
import { planAttack } from './attack';
import { newRanks } from './testing';

// Combining actions: Bo's bonus action helps Ann's attack (+1D, or as set) or hinders the orc's
// (−1D), on the other's checks until their turn ends. "A combined action will require the character
// to have a skill that allows them to assist or interfere with the other character."

const SHEET = [{ name: 'Sword', kind: 'skill', skill: 'martial', dice: 3, bonus: 0, fixed: 10 }, { name: 'Longsword', kind: 'weapon', category: 'martial', damage: 4, damageBonus: 0 }];
const fight = (settings: Record<string, number> = {}): Encounter =>
  run(
    newRanks(settings),
    { type: 'add-combatant', name: 'Ann', factionId: HEROES, stats: { awareness: 12 }, rules: { sheet: SHEET } },
    { type: 'add-combatant', name: 'Bo', factionId: HEROES, stats: { awareness: 10 }, rules: { sheet: SHEET } },
    { type: 'add-combatant', name: 'Orc', factionId: ENEMIES, stats: { awareness: 8 }, rules: { sheet: SHEET } },
    { type: 'add-combatant', name: 'Cy', factionId: HEROES, stats: { awareness: 6 } },
    { type: 'start-combat' },
  );
const who = (e: Encounter, name: string) => e.state.combatants.find((c) => c.name === name)!;
const pool = (e: Encounter, from: string, at: string) => {
  const c = who(e, from);
  const sword = (c.rules as { sheet: { id: string; kind: string }[] }).sheet.find((x) => x.kind === 'weapon')!.id;
  const plan = planAttack(e.state, c, who(e, at), sword, null);
  return 'check' in plan ? plan.check.pool : null;
};
const combine = (e: Encounter, actor: string, target: string, help: boolean, extra: Record<string, unknown> = {}) =>
  ({ type: 'ranks/combine', actorId: idOf(e, actor), targetId: idOf(e, target), help, skill: 'martial', ...extra }) as never;
/** Bo's turn (Ann, at 12, has gone first). */
const bosTurn = () => run(fight(), { type: 'next-turn' });

describe('Skill Ranks: combining actions', () => {
  it('adds a die to Ann\'s checks up to the end of her next turn when Bo helps on his own turn, with his bonus action', () => {
    const e = run(bosTurn(), combine(bosTurn(), 'Bo', 'Ann', true));
    expect(pool(e, 'Ann', 'Orc')).toBe(4);
    expect(who(e, 'Ann').conditions.map((k) => k.name)).toEqual(['Helped by Bo']);
    expect(logEntries(e).map((l) => l.text)).toContain('Bo helps Ann with Melee: martial weapons: +1D to their checks until their turn ends.');
    expect(refuse(e, { type: 'use-action', combatantId: idOf(e, 'Bo'), actionId: 'interact' }).code).toBe('action/spent');
    // Through the orc's turn and Cy's, then Ann's own: gone as it ends.
    let later = run(e, { type: 'next-turn' }, { type: 'next-turn' }, { type: 'next-turn' });
    expect(later.state.activeId).toBe(idOf(e, 'Ann'));
    expect(pool(later, 'Ann', 'Orc')).toBe(4);
    later = run(later, { type: 'next-turn' });
    expect(who(later, 'Ann').conditions).toEqual([]);
  });

  it('takes dice away when hindering, as many as set', () => {
    const e = run(fight({ combineDice: 2 }), { type: 'next-turn' });
    expect(pool(run(e, combine(e, 'Bo', 'Orc', false)), 'Orc', 'Ann')).toBe(1);
    expect(refuse(e, combine(e, 'Bo', 'Bo', true)).code).toBe('ranks/target');
    expect(refuse(e, combine(e, 'Bo', 'Orc', false, { skill: 'juggling' })).code).toBe('ranks/skill');
  });

  it('needs a skill of the combiner\'s own sheet: Cy, with none, is refused unless the GM rules it', () => {
    const cy = run(bosTurn(), { type: 'next-turn' }, { type: 'next-turn' });
    expect(cy.state.activeId).toBe(idOf(cy, 'Cy'));
    expect(refuse(cy, combine(cy, 'Cy', 'Ann', true))).toMatchObject({
      code: 'ranks/combine-skill',
      overridable: true,
      message: 'Cy has no Melee: martial weapons on their sheet: combining needs a skill that can help or hinder Ann.',
    });
    const ruled = run(cy, combine(cy, 'Cy', 'Ann', true, { gmRuling: true }));
    expect(who(ruled, 'Ann').conditions.map((k) => k.name)).toEqual(['Helped by Cy']);
    expect(logEntries(ruled).map((l) => l.text)).toContain("Cy helps Ann with Melee: martial weapons: +1D to their checks until their turn ends (the GM's ruling).");
  });

  // Out of turn a combined action is a response like any other: "if a character is engaged with an
  // opponent when they take an action, the opponent normally has the opportunity to use an action
  // … to respond out of the initiative order".
  it('out of Bo\'s turn, hinders only an engaged opponent, and helps Ann on hers only with an action held', () => {
    const orcs = run(bosTurn(), { type: 'next-turn' });
    expect(refuse(orcs, combine(orcs, 'Bo', 'Orc', false)).code).toBe('ranks/not-engaged');
    const engaged = run(orcs, { type: 'ranks/set-focus', combatantId: idOf(orcs, 'Bo'), focusId: idOf(orcs, 'Orc') } as never);
    expect(pool(run(engaged, combine(engaged, 'Bo', 'Orc', false)), 'Orc', 'Ann')).toBe(2);
    // On Ann's turn, her ally Bo isn't answering an opponent: refused, unless the GM rules it.
    expect(refuse(fight(), combine(fight(), 'Bo', 'Ann', true))).toMatchObject({ code: 'ranks/not-engaged', overridable: true });
    expect(pool(run(fight(), combine(fight(), 'Bo', 'Ann', true, { gmRuling: true })), 'Ann', 'Orc')).toBe(4);
  });
});
