import { describe, expect, it } from 'vitest';
import type { Command } from '../../core/commands';
import type { Encounter } from '../../encounter/encounter';
import { openPrompt } from '../../encounter/prompts';
import { combatantNamed, ENEMIES, idOf, refuse, run, stepWithDice } from '../../test-support';
import { HOLDING, isUnder } from './conditions';
import { addS, newSides, startWith, SWORD, takeTurn, weaponId } from './testing';
import type { SidesCommand } from './commands';

// "Spend your Move Action to delay acting on your side's turn. You may trigger the rest of your
// turn's actions as an Instant Action at any point until the end of the round, after which they
// are lost. If your held action is taken in response to someone else's action, yours resolves first."

const hp = (e: Encounter, name: string) => combatantNamed(e, name).tracks.hp?.value;
const attack = (e: Encounter, who: string, target: string, d20: number): Command =>
  ({ type: 'sides/attack', attackerId: idOf(e, who), targetId: idOf(e, target), weaponId: weaponId(e, who, 'Sword'), dice: { attack: d20 } }) satisfies SidesCommand;
const answer = (e: Encounter, a: Record<string, unknown>): Command => ({ type: 'answer-prompt', promptId: openPrompt(e.state)?.id ?? '', answer: a }) as Command;

/** Ann holds her action; Bo ends his turn; the Orc (3 HP) is about to act. */
function held(): Encounter {
  let e = run(newSides(), addS('Ann', { gear: [SWORD] }), addS('Bo', { gear: [SWORD] }), addS('Orc', { factionId: ENEMIES, hp: 3, gear: [SWORD] }), addS('Wolf', { factionId: ENEMIES, hp: 3, gear: [SWORD] }));
  e = takeTurn(startWith(e, [8, 1]), 'Ann');
  e = run(e, { type: 'use-action', combatantId: idOf(e, 'Ann'), actionId: 'hold' });
  expect(refuse(e, attack(e, 'Ann', 'Orc', 10)).message).toBe('Ann took hold an action, which ends the turn; end it.');
  return run(e, { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(e, 'Bo') }, { type: 'end-turn' });
}

describe('holding an action', () => {
  it('lets the held action answer a blow and resolve first: the Orc falls before its damage lands', () => {
    let e = run(held(), { type: 'take-turn', combatantId: idOf(held(), 'Orc') });
    e = run(e, attack(e, 'Orc', 'Bo', 18));
    expect(openPrompt(e.state)?.choices.map((c) => c.label)).toContain('Ann acts first on a held action (attacks Orc with Sword)');
    // Ann's attack: 10 against AC 10 hits (no −4: it is her own action), 3 damage drops the Orc.
    e = stepWithDice(e, [10, 3], answer(e, { respond: 'held', by: idOf(e, 'Ann') })).encounter;
    expect(hp(e, 'Orc')).toBe(0);
    expect(hp(e, 'Bo')).toBe(10);
    expect(openPrompt(e.state)).toBeNull();
  });

  it('may be taken any time out of turn until the round ends, then is lost', () => {
    let e = run(held(), { type: 'take-turn', combatantId: idOf(held(), 'Orc') });
    expect(isUnder(combatantNamed(e, 'Ann'), HOLDING)).toBe(true);
    // Out of turn, on her held action, Ann may use a skill.
    expect(run(e, { type: 'use-action', combatantId: idOf(e, 'Ann'), actionId: 'skill' }).state.turn?.spentBy?.[idOf(e, 'Ann')]?.main).toBe(1);
    // Unused, it lapses as the round ends: round 2, and Ann holds nothing.
    e = run(e, { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(e, 'Wolf') }, { type: 'end-turn' });
    expect(e.state.round).toBe(2);
    expect(isUnder(combatantNamed(e, 'Ann'), HOLDING)).toBe(false);
    e = run(e, { type: 'take-turn', combatantId: idOf(e, 'Bo') });
    expect(refuse(e, attack(e, 'Ann', 'Orc', 10)).message).toBe("It isn't Ann's turn: out of turn they may only snap-attack (or act on a held action).");
  });
});
