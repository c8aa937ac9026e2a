import { describe, expect, it } from 'vitest';
import type { Encounter } from '../../encounter/encounter';
import { openPrompt } from '../../encounter/prompts';
import type { JsonValue } from '../../json';
import { combatantNamed, ENEMIES, HEROES, idOf, run, stepWithDice } from '../../test-support';
import { personOf } from './person';
import { newThreeActions } from './testing';

// Who is who in Three Actions' questions, as the map marks them: a hit's attacker, the one hit
// and the allies who may step in; the one rolling to stay conscious; the one rolling against death.

const SWORD = { name: 'Sword', kind: 'weapon', test: 'd6+d6', damage: 0, critDamage: 0, critOn: 20, damageType: 'physical', delivery: 'melee' };

/** An orc whose sword deals the test's total against Boudica (constitution 4); Roland, her ally, stands by. */
function fight(boudica: { endurance?: number; health?: number; stamina?: number } = {}): Encounter {
  const e = run(
    newThreeActions(),
    { type: 'add-combatant', name: 'Orc', factionId: ENEMIES, tracks: { endurance: 12, health: 12 }, rules: { gear: [SWORD] } },
    { type: 'add-combatant', name: 'Boudica', factionId: HEROES, stats: { evasion: 0, constitution: 4 }, tracks: { endurance: boudica.endurance ?? 12, health: boudica.health ?? 12, stamina: boudica.stamina ?? 3 } },
    { type: 'add-combatant', name: 'Roland', factionId: HEROES, stats: { evasion: 0, constitution: 4 }, tracks: { endurance: 12, health: 12, stamina: 2 } },
    { type: 'start-combat', initiativeFactionId: ENEMIES },
  );
  return run(e, { type: 'take-turn', combatantId: idOf(e, 'Orc') });
}

/** The orc hits Boudica for a + b (luck 10). */
function hit(e: Encounter, a: number, b: number): Encounter {
  const orc = combatantNamed(e, 'Orc');
  return stepWithDice(e, [10, a, b], { type: 'three-actions/attack', attackerId: orc.id, targetId: idOf(e, 'Boudica'), weaponId: personOf(orc).gear[0]!.id } as never).encounter;
}

const answer = (e: Encounter, reply: JsonValue) => stepWithDice(e, [], { type: 'answer-prompt', promptId: openPrompt(e.state, e.ruleset)!.id, answer: reply }).encounter;
const subjects = (e: Encounter) => openPrompt(e.state, e.ruleset)?.subjects.map((s) => [e.state.combatants.find((c) => c.id === s.id)?.name, s.role]);

describe("Three Actions' questions name who is who", () => {
  it('a hit: who strikes, who is hit and may defend, who may step in; out of stamina she is only hit', () => {
    expect(subjects(hit(fight(), 3, 4))).toEqual([
      ['Orc', 'strikes'],
      ['Boudica', 'hit, may defend'],
      ['Roland', 'may step in'],
    ]);
    expect(subjects(hit(fight({ stamina: 0 }), 3, 4))).toEqual([
      ['Orc', 'strikes'],
      ['Boudica', 'hit'],
      ['Roland', 'may step in'],
    ]);
  });

  it('after the blow: the one rolling to stay conscious, and the one rolling against death', () => {
    // No endurance left: 7 more health lost than her constitution of 4 allows.
    const fortify = answer(hit(fight({ endurance: 0 }), 3, 4), { defence: 'none' });
    expect(subjects(fortify)).toEqual([['Boudica', 'rolls to stay up']]);
    // 6 against 5 health: beyond 0, a luck test against death.
    const death = answer(hit(fight({ endurance: 0, health: 5 }), 3, 3), { defence: 'none' });
    expect(subjects(death)).toEqual([['Boudica', 'rolls against death']]);
  });
});
