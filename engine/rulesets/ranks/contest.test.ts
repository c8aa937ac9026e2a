import { describe, expect, it } from 'vitest';
import type { Encounter } from '../../encounter/encounter';
import { logEntries } from '../../log/entries';
import { ENEMIES, HEROES, idOf, refuse, run, stepWithDice } from '../../test-support';
import { newRanks, ranksEvent } from './testing';

// Interacting (a bonus action): "when a taunt, intimidate, or command ability check is successful,
// the result points generated create a composure condition", resisted by ego, resolve and
// conviction. Forcing an opponent to move (a full action): "the opponent is moved five feet for
// every rank", arena against arena, grapple against grapple or tumble.

const fight = (): Encounter =>
  run(
    newRanks(),
    { type: 'add-combatant', name: 'Ann', factionId: HEROES, stats: { awareness: 12 }, rules: { sheet: [{ name: 'Taunt', kind: 'skill', skill: 'insult', dice: 3, bonus: 2, fixed: 12 }, { name: 'Grapple', kind: 'skill', skill: 'grapple', dice: 3, bonus: 0, fixed: 10 }] } },
    { type: 'add-combatant', name: 'Orc', factionId: ENEMIES, stats: { awareness: 8 }, rules: { sheet: [{ name: 'Ego', kind: 'skill', skill: 'ego', dice: 2, bonus: 0, fixed: 7 }, { name: 'Tumble', kind: 'skill', skill: 'tumble', dice: 3, bonus: 0, fixed: 9 }] } },
    { type: 'start-combat' },
  );
const contest = (e: Encounter, dice: number[], type: string, kind: string) => {
  const step = stepWithDice(e, dice, { type, actorId: idOf(e, 'Ann'), targetId: idOf(e, 'Orc'), kind } as never);
  return { encounter: step.encounter, event: ranksEvent(step.events, 'ranks/contested') };
};
const conditions = (e: Encounter) => e.state.combatants.find((c) => c.name === 'Orc')!.conditions.map((k) => k.name);

describe('Skill Ranks: words and shoves', () => {
  it('taunts the orc: 6 + 5 + 4 + 2 = 17 against its ego 7 is two ranks of composure, Disoriented', () => {
    const { event, encounter } = contest(fight(), [6, 5, 4], 'ranks/interact', 'taunt');
    expect(event).toMatchObject({ against: 'ego', resist: 7, total: 17, success: true, ranks: 2 });
    expect(conditions(encounter)).toEqual(['Disoriented']);
    expect(refuse(encounter, { type: 'use-action', combatantId: idOf(encounter, 'Ann'), actionId: 'move-half' }).code).toBe('action/spent');
  });

  it('meets an untrained resolve (the average of one die) when intimidating without the skill', () => {
    expect(contest(fight(), [2], 'ranks/interact', 'intimidate').event).toMatchObject({ against: 'resolve', resist: 3, total: 2, success: false, ranks: 0 });
  });

  it('grapples against the better of the orc\'s grapple and tumble, and moves it 5 ft a rank', () => {
    const { event, encounter } = contest(fight(), [6, 6, 3], 'ranks/force', 'grapple');
    expect(event).toMatchObject({ against: 'tumble', resist: 9, total: 15, ranks: 2 });
    expect(logEntries(encounter).at(-1)?.text).toBe('Ann grapples Orc (Brawling: grapple 15 against Acrobatics: tumble 9) and moves them 10 ft, in the direction Ann chooses.');
    expect(conditions(encounter)).toEqual([]);
  });

  it('refuses a kind of interaction the text doesn\'t have, or one for forcing', () => {
    expect(refuse(fight(), { type: 'ranks/interact', actorId: idOf(fight(), 'Ann'), targetId: idOf(fight(), 'Orc'), kind: 'arena' }).code).toBe('ranks/contest');
    expect(refuse(fight(), { type: 'ranks/force', actorId: idOf(fight(), 'Ann'), targetId: idOf(fight(), 'Orc'), kind: 'taunt' }).code).toBe('ranks/contest');
  });
});
