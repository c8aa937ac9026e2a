import { describe, expect, it } from 'vitest';
import type { Encounter } from '../../encounter/encounter';
import { logEntries } from '../../log/entries';
import { ENEMIES, HEROES, idOf, refuse, run, stepWithDice } from '../../test-support';
import { newRanks, ranksEvent } from './testing';

// "If a character is required to make an ability check when it is not their turn, and they either
// choose not to use an action or do not have an action available to use, the ability check is
// automatically equal to the fixed value of the ability." A failed movement check: "the movement
// may still occur, but the characters suffers a fatigue condition equal to the negative result points".

const SHEET = [{ name: 'Sprint', kind: 'skill', skill: 'sprint', dice: 3, bonus: 0, fixed: 9 }];
const fight = (): Encounter =>
  run(
    newRanks(),
    { type: 'add-combatant', name: 'Ann', factionId: HEROES, stats: { awareness: 12 }, rules: { sheet: SHEET } },
    { type: 'add-combatant', name: 'Orc', factionId: ENEMIES, stats: { awareness: 8 }, rules: { sheet: SHEET } },
    { type: 'start-combat' },
  );
const check = (e: Encounter, dice: number[], name: string, extra: Record<string, unknown> = {}) => {
  const step = stepWithDice(e, dice, { type: 'ranks/check', combatantId: idOf(e, name), skill: 'sprint', difficulty: 12, ...extra } as never);
  return { encounter: step.encounter, event: ranksEvent(step.events, 'ranks/checked') };
};

describe('Skill Ranks: a check', () => {
  // "A full action … usually requires an ability check"; a bonus action "may or may not"; "Free
  // actions … never require an ability check": on her own turn a check is part of an action.
  it('rolls on the character\'s own turn as part of an action: the full or the bonus one, each once', () => {
    const full = check(fight(), [6, 5, 4], 'Ann', { spend: 'full' });
    expect(full.event).toMatchObject({ rolls: [expect.anything()], total: 15, success: true, points: 3, ranks: 1, spent: 'full' });
    const bonus = check(full.encounter, [1, 2, 3], 'Ann', { spend: 'bonus' });
    expect(bonus.event).toMatchObject({ total: 6, spent: 'bonus' });
    expect(refuse(bonus.encounter, { type: 'ranks/check', combatantId: idOf(fight(), 'Ann'), skill: 'sprint', difficulty: 12, spend: 'full' }).code).toBe('action/spent');
  });

  it('refuses a check on her own turn that spends nothing, unless it belongs to an action taken or is required of her', () => {
    expect(refuse(fight(), { type: 'ranks/check', combatantId: idOf(fight(), 'Ann'), skill: 'sprint', difficulty: 12 })).toMatchObject({
      code: 'ranks/check-action',
      message: 'A check Ann makes on their own turn is part of an action: spend the full or the bonus action on it, or say it belongs to an action already taken or is required of them.',
    });
    expect(check(fight(), [6, 5, 4], 'Ann', { required: true }).event).toMatchObject({ total: 15, spent: null });
  });

  it('stands at the fixed value off their turn without an action: nothing rolled', () => {
    const { event, encounter } = check(fight(), [], 'Orc');
    expect(event).toMatchObject({ rolls: [], total: 9, success: false, points: -3 });
    expect(logEntries(encounter).at(-1)?.text).toBe('Orc stands at their fixed Athletics: sprint 9 against 12: failure by 3.');
  });

  it('rolls off their turn when an engaged opponent answers with an action of the round, which is then spent', () => {
    let e = run(fight(), { type: 'ranks/set-focus', combatantId: idOf(fight(), 'Orc'), focusId: idOf(fight(), 'Ann') } as never);
    e = check(e, [6, 6, 6], 'Orc', { spend: 'bonus' }).encounter;
    expect(refuse(e, { type: 'ranks/check', combatantId: idOf(e, 'Orc'), skill: 'sprint', difficulty: 12, spend: 'bonus' }).code).toBe('action/spent');
  });

  // "If a character is required to make an ability check when it is not their turn, and they
  // either choose not to use an action or do not have an action available to use, the ability
  // check is automatically equal to the fixed value": anyone who has an action may spend it.
  it('rolls off their turn for someone engaged with nobody who spends an action, and stands at the fixed value once none is left', () => {
    const rolled = check(fight(), [6, 5, 4], 'Orc', { spend: 'full' });
    expect(rolled.event).toMatchObject({ spent: 'full', total: 15, success: true });
    const spent = check(rolled.encounter, [1, 1, 1], 'Orc', { spend: 'bonus' }).encounter;
    expect(refuse(spent, { type: 'ranks/check', combatantId: idOf(spent, 'Orc'), skill: 'sprint', difficulty: 12, spend: 'bonus' }).code).toBe('action/spent');
    expect(check(spent, [], 'Orc').event).toMatchObject({ spent: null, rolls: [], total: 9 });
  });

  it('tires a mover who fails a movement check by the points short: 3 against 12 is two ranks, Winded', () => {
    const { event, encounter } = check(fight(), [1, 1, 1], 'Ann', { movement: true, required: true });
    expect(event).toMatchObject({ total: 3, success: false, points: -9, ranks: 2, movement: true });
    expect(encounter.state.combatants.find((c) => c.name === 'Ann')?.conditions.map((k) => k.name)).toEqual(['Winded']);
  });

  it('refuses a skill the text doesn\'t have and a difficulty out of range', () => {
    expect(refuse(fight(), { type: 'ranks/check', combatantId: idOf(fight(), 'Ann'), skill: 'juggling', difficulty: 10 }).code).toBe('ranks/skill');
    expect(refuse(fight(), { type: 'ranks/check', combatantId: idOf(fight(), 'Ann'), skill: 'sprint', difficulty: 99 }).code).toBe('input/range');
  });
});
