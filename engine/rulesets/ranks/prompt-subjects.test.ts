import { describe, expect, it } from 'vitest';
import type { Encounter } from '../../encounter/encounter';
import { openPrompt } from '../../encounter/prompts';
import { ENEMIES, HEROES, idOf, run, stepWithDice } from '../../test-support';
import { newRanks } from './testing';

// Who is who in Skill Ranks' questions, as the map marks them: the one moving and those holding
// an attack ready for it; whose advantage waits to be spent; who is recovering and who treated them.

const SHEET = [
  { name: 'Sword', kind: 'skill', skill: 'martial', dice: 3, bonus: 1, fixed: 11 },
  { name: 'Lore', kind: 'skill', skill: 'memory', dice: 3, bonus: 0, fixed: 10 },
  { name: 'Medicine', kind: 'skill', skill: 'medicine', dice: 3, bonus: 0, fixed: 9 },
  { name: 'Longsword', kind: 'weapon', category: 'martial', damage: 4, damageBonus: 0 },
];
const add = (name: string, awareness: number, factionId = HEROES) => ({ type: 'add-combatant' as const, name, factionId, stats: { awareness, strength: 10 }, rules: { sheet: SHEET } });
const fight = () => run(newRanks(), add('Ann', 12), add('Bo', 10), add('Orc', 8, ENEMIES), { type: 'start-combat' });
const subjects = (e: Encounter) => openPrompt(e.state, e.ruleset)?.subjects.map((s) => [e.state.combatants.find((c) => c.id === s.id)?.name, s.role]);
const who = (e: Encounter, name: string) => e.state.combatants.find((c) => c.name === name)!;

describe("Skill Ranks' questions name who is who", () => {
  it('a move that may set off a readied attack: the one moving and the one holding it ready', () => {
    let e = fight();
    e = run(e, { type: 'ranks/ready', combatantId: idOf(e, 'Ann'), action: 'attack', weaponId: null, trigger: 'the orc moves' } as never, { type: 'next-turn' }, { type: 'next-turn' });
    e = run(e, { type: 'ranks/move', combatantId: idOf(e, 'Orc'), how: 'half' } as never);
    expect(subjects(e)).toEqual([
      ['Orc', 'moving'],
      ['Ann', 'may strike first'],
    ]);
  });

  it('an advantage passed on: who spends it and who earned it; kept, only who spends it', () => {
    const start = fight();
    // Lore, 3D: 6 + 6 + 6 = 18 against 8, two ranks.
    const passed = stepWithDice(start, [6, 6, 6], { type: 'ranks/gain-advantage', combatantId: idOf(start, 'Ann'), skill: 'memory', difficulty: 8, beneficiaryId: idOf(start, 'Bo'), skillFor: 'martial' } as never).encounter;
    expect(subjects(passed)).toEqual([
      ['Bo', 'spends an advantage'],
      ['Ann', 'passed it on'],
    ]);
    const kept = stepWithDice(start, [6, 6, 6], { type: 'ranks/gain-advantage', combatantId: idOf(start, 'Ann'), skill: 'memory', difficulty: 8 } as never).encounter;
    expect(subjects(kept)).toEqual([['Ann', 'spends an advantage']]);
  });

  it('a recovery short of its goal: the one recovering and the one who treated them', () => {
    let e = run(fight(), { type: 'ranks/inflict', combatantId: idOf(fight(), 'Bo'), track: 'damage', ranks: 3 } as never);
    // Ann treats Bo's Wounded: 6 + 6 + 5 = 17 against 15, one rank short of three.
    e = stepWithDice(e, [6, 6, 5], { type: 'ranks/recover', actorId: idOf(e, 'Ann'), targetId: idOf(e, 'Bo'), skill: 'medicine', conditionId: who(e, 'Bo').conditions[0]!.id } as never).encounter;
    expect(subjects(e)).toEqual([
      ['Bo', 'recovering'],
      ['Ann', 'treated them'],
    ]);
  });
});
