import { describe, expect, it } from 'vitest';
import type { Encounter } from '../../encounter/encounter';
import { logEntries } from '../../log/entries';
import { ENEMIES, HEROES, idOf, refuse, run, stepWithDice } from '../../test-support';
import { newRanks } from './testing';

// "Normally, a character who is engaged with an opponent in melee combat cannot prevent their
// opponent from attempting to match their movement. By making a movement ability check, a character
// may move away from or towards an opponent; the opponent must use an action in order to respond to
// the movement." Incidental movement "may be responded to with matching movement by an engaged opponent".

const SHEET = [{ name: 'Sprint', kind: 'skill', skill: 'sprint', dice: 3, bonus: 0, fixed: 9 }];
/** Ann's turn; the orc has her as its focus (engaged); Bo, her ally, and the goblin, engaged with nobody. */
const fight = (): Encounter => {
  const e = run(
    newRanks(),
    { type: 'add-combatant', name: 'Ann', factionId: HEROES, stats: { awareness: 12 }, rules: { sheet: SHEET } },
    { type: 'add-combatant', name: 'Orc', factionId: ENEMIES, stats: { awareness: 8 } },
    { type: 'add-combatant', name: 'Goblin', factionId: ENEMIES, stats: { awareness: 6 } },
    { type: 'start-combat' },
  );
  return run(e, { type: 'ranks/set-focus', combatantId: idOf(e, 'Orc'), focusId: idOf(e, 'Ann') } as never);
};
const match = (e: Encounter, who: string, extra: Record<string, unknown> = {}) => ({ type: 'ranks/match', combatantId: idOf(e, who), ...extra }) as never;
const lines = (e: Encounter) => logEntries(e).map((l) => l.text);

describe('Skill Ranks: matching an engaged opponent\'s move', () => {
  it('costs the orc nothing after Ann\'s incidental move: both its actions are left', () => {
    let e = run(fight(), { type: 'ranks/move', combatantId: idOf(fight(), 'Ann'), how: 'incidental' } as never);
    e = run(e, match(e, 'Orc'));
    expect(lines(e)).toContain("Orc matches Ann's move (free).");
    // Its full and bonus actions are still there to answer her with.
    const answered = stepWithDice(e, [1], { type: 'ranks/check', combatantId: idOf(e, 'Orc'), skill: 'sprint', difficulty: 5, spend: 'bonus' } as never).encounter;
    expect(stepWithDice(answered, [1], { type: 'ranks/check', combatantId: idOf(e, 'Orc'), skill: 'sprint', difficulty: 5, spend: 'full' } as never).events.some((x) => x.type === 'ranks/checked')).toBe(true);
  });

  it('takes an action of the orc once Ann moved with a movement check: the bonus one, then the full one, then none is left', () => {
    let e = stepWithDice(fight(), [6, 6, 6], { type: 'ranks/check', combatantId: idOf(fight(), 'Ann'), skill: 'sprint', difficulty: 12, spend: 'full', movement: true } as never).encounter;
    e = run(e, match(e, 'Orc'));
    expect(lines(e)).toContain("Orc matches Ann's move (with their bonus action, as Ann moved with a check).");
    expect(refuse(e, match(e, 'Orc')).code).toBe('action/spent');
    e = run(e, match(e, 'Orc', { spend: 'full' }));
    expect(refuse(e, match(e, 'Orc', { spend: 'full' })).code).toBe('action/spent');
  });

  it('is for an engaged opponent, out of their own turn; the GM may rule the goblin in', () => {
    expect(refuse(fight(), match(fight(), 'Goblin'))).toMatchObject({ code: 'ranks/not-engaged', overridable: true, message: "Goblin isn't engaged with Ann: only an engaged opponent matches their movement." });
    expect(lines(run(fight(), match(fight(), 'Goblin', { gmRuling: true })))).toContain("Goblin matches Ann's move (free) (the GM's ruling).");
    expect(refuse(fight(), match(fight(), 'Ann')).code).toBe('ranks/match');
    expect(refuse(fight(), match(fight(), 'Orc', { spend: 'all' })).code).toBe('ranks/spend');
  });
});
