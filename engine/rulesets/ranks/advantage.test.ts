import { describe, expect, it } from 'vitest';
import type { Encounter } from '../../encounter/encounter';
import { openPrompt } from '../../encounter/prompts';
import { logEntries } from '../../log/entries';
import { ENEMIES, HEROES, idOf, refuse, run, stepWithDice } from '../../test-support';
import { planAttack } from './attack';
import { personOf } from './person';
import { newRanks } from './testing';

// Gaining an advantage (a bonus action) with misdirection against the opponent's cues, or memory
// against the GM's difficulty: "advantages can be used by the character who created them or they
// can be 'passed' to another character", and their ranks buy from the advantage table.

const SHEET = [
  { name: 'Feint', kind: 'skill', skill: 'misdirection', dice: 3, bonus: 0, fixed: 10 },
  { name: 'Lore', kind: 'skill', skill: 'memory', dice: 3, bonus: 0, fixed: 10 },
  { name: 'Sword', kind: 'skill', skill: 'martial', dice: 3, bonus: 0, fixed: 10 },
  { name: 'Longsword', kind: 'weapon', category: 'martial', damage: 4, damageBonus: 0 },
];
const fight = (): Encounter =>
  run(
    newRanks(),
    { type: 'add-combatant', name: 'Ann', factionId: HEROES, stats: { awareness: 12 }, rules: { sheet: SHEET } },
    { type: 'add-combatant', name: 'Bo', factionId: HEROES, stats: { awareness: 10 }, rules: { sheet: SHEET } },
    { type: 'add-combatant', name: 'Orc', factionId: ENEMIES, stats: { awareness: 8 }, rules: { sheet: [{ name: 'Cues', kind: 'skill', skill: 'cues', dice: 2, bonus: 0, fixed: 6 }] } },
    { type: 'start-combat' },
  );
const gain = (e: Encounter, dice: number[], extra: Record<string, unknown>) => stepWithDice(e, dice, { type: 'ranks/gain-advantage', combatantId: idOf(e, 'Ann'), ...extra } as never).encounter;
const buy = (e: Encounter, what: string | null) => run(e, { type: 'answer-prompt', promptId: openPrompt(e.state, e.ruleset)!.id, answer: { buy: what } });
const who = (e: Encounter, name: string) => e.state.combatants.find((c) => c.name === name)!;

describe('Skill Ranks: an advantage and what it buys', () => {
  it('distracts the orc (16 against its cues 6: two ranks) and buys one more bonus action this round', () => {
    let e = gain(fight(), [6, 5, 5], { skill: 'misdirection', targetId: idOf(fight(), 'Orc') });
    expect(openPrompt(e.state, e.ruleset)?.message).toBe("Ann's advantage of 2 ranks: what does it buy?");
    expect(openPrompt(e.state, e.ruleset)?.choices.map((c) => c.label)).toEqual(['+2 to one check, this turn', 'Advantage on one check, this turn', '+1D to one check, this round', 'One more bonus action, this round', 'Nothing: let it go']);
    expect(refuse(e, { type: 'answer-prompt', promptId: openPrompt(e.state, e.ruleset)!.id, answer: { buy: 'full-action' } }).code).toBe('ranks/advantage-buy');
    e = buy(e, 'bonus-action');
    expect(logEntries(e).map((l) => l.text)).toContain('Ann takes the advantage: one more bonus action, this round.');
    // The bonus action went on the advantage; the one it bought is there for a taunt.
    e = run(e, { type: 'use-action', combatantId: idOf(e, 'Ann'), actionId: 'combine' });
    expect(refuse(e, { type: 'use-action', combatantId: idOf(e, 'Ann'), actionId: 'combine' }).code).toBe('action/spent');
  });

  it('passes a memory advantage to Bo: three ranks buy +1D to his sword for the encounter', () => {
    const start = fight();
    // 18 against a difficulty of 8 is two ranks: what rank 3 buys isn't offered.
    let e = gain(start, [6, 6, 6], { skill: 'memory', difficulty: 8, targetId: idOf(start, 'Orc'), beneficiaryId: idOf(start, 'Bo'), skillFor: 'martial' });
    expect(openPrompt(e.state, e.ruleset)?.message).toBe("Ann's advantage of 2 ranks (passed to Bo): what does it buy?");
    expect(openPrompt(e.state, e.ruleset)?.choices.map((c) => c.label)).not.toContain('+1D to Melee: martial weapons for the encounter');
    // Against 3: three ranks.
    e = gain(start, [6, 6, 6], { skill: 'memory', difficulty: 3, beneficiaryId: idOf(start, 'Bo'), skillFor: 'martial' });
    expect(openPrompt(e.state, e.ruleset)?.choices.map((c) => c.label)).toContain('+1D to Melee: martial weapons for the encounter');
    e = buy(e, 'skill-die');
    expect(who(e, 'Bo').conditions.map((k) => k.name)).toEqual(['Advantage: +1D to Melee: martial weapons for the encounter']);
    // His longsword's check rolls 4D; bare hands (Brawling: strike) don't gain it.
    const sword = personOf(who(e, 'Bo')).sheet.find((x) => x.kind === 'weapon')!.id;
    const withSword = planAttack(e.state, who(e, 'Bo'), who(e, 'Orc'), sword, null);
    const bare = planAttack(e.state, who(e, 'Bo'), who(e, 'Orc'), null, null);
    expect(['check' in withSword && withSword.check.pool, 'check' in bare && bare.check.pool]).toEqual([4, 1]);
    // Gone with the fight.
    expect(run(e, { type: 'end-combat' }).state.combatants.find((c) => c.name === 'Bo')?.conditions).toEqual([]);
  });

  it('asks nothing when it makes no rank, and refuses passing it to a foe, passing an awareness check at all, or distracting nobody', () => {
    const e = gain(fight(), [1, 1, 1], { skill: 'misdirection', targetId: idOf(fight(), 'Orc') });
    expect(openPrompt(e.state, e.ruleset)).toBeNull();
    expect(refuse(fight(), { type: 'ranks/gain-advantage', combatantId: idOf(fight(), 'Ann'), skill: 'misdirection' }).code).toBe('ranks/advantage-target');
    expect(refuse(fight(), { type: 'ranks/gain-advantage', combatantId: idOf(fight(), 'Ann'), skill: 'memory', difficulty: 5, beneficiaryId: idOf(fight(), 'Orc') }).code).toBe('ranks/advantage-pass');
    // "Result points from the awareness ability check add directly to a character's initiative": their own.
    expect(refuse(fight(), { type: 'ranks/gain-advantage', combatantId: idOf(fight(), 'Ann'), skill: 'awareness', beneficiaryId: idOf(fight(), 'Bo') })).toMatchObject({ code: 'ranks/advantage-pass', message: "An awareness check adds to Ann's own initiative; it can't be passed to Bo." });
  });
});
