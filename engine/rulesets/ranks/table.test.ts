import { describe, expect, it } from 'vitest';
import type { Encounter } from '../../encounter/encounter';
import { openPrompt } from '../../encounter/prompts';
import { logEntries } from '../../log/entries';
import { ENEMIES, HEROES, idOf, refuse, run, stepWithDice } from '../../test-support';
import { sideLeftStanding } from '../../core/health';
import { findRuleset } from '../../core/registry';
import { newRanks, ranksEvent } from './testing';

// Rules of the text that the README's rule table found without a test of their own, each through
// dispatch with entered dice: a command and a crowding (Tactics: arena), the advantage table's
// single-check buys and rank 3 to 5, the full and the free actions, the end of going on the
// defensive, Disoriented's disadvantage, recovering a rank 5 condition, and the fight's end once
// every opponent is out of action.

const ANN_SHEET = [
  { name: 'Command', kind: 'skill', skill: 'demoralize', dice: 3, bonus: 0, fixed: 10 },
  { name: 'Arena', kind: 'skill', skill: 'arena', dice: 3, bonus: 0, fixed: 10 },
  { name: 'Sprint', kind: 'skill', skill: 'sprint', dice: 3, bonus: 0, fixed: 9 },
];
const ORC_SHEET = [
  { name: 'Conviction', kind: 'skill', skill: 'conviction', dice: 2, bonus: 0, fixed: 8 },
  { name: 'Arena', kind: 'skill', skill: 'arena', dice: 2, bonus: 0, fixed: 6 },
];

/** Ann (awareness 12) acts before the orc (8). */
const fight = (): Encounter =>
  run(
    newRanks(),
    { type: 'add-combatant', name: 'Ann', factionId: HEROES, stats: { awareness: 12 }, rules: { sheet: ANN_SHEET } },
    { type: 'add-combatant', name: 'Orc', factionId: ENEMIES, stats: { awareness: 8 }, rules: { sheet: ORC_SHEET } },
    { type: 'start-combat' },
  );
const who = (e: Encounter, name: string) => e.state.combatants.find((c) => c.name === name)!;
const names = (e: Encounter, name: string) => who(e, name).conditions.map((k) => k.name);
const use = (e: Encounter, name: string, actionId: string) => ({ type: 'use-action' as const, combatantId: idOf(e, name), actionId });

describe('Skill Ranks: the rule table\'s own tests', () => {
  it('demoralizes against the orc\'s conviction, the result points making composure ranks (a bonus action)', () => {
    // "Demoralize is resisted by Discipline: conviction": 6 + 5 + 3 = 14 against 8 is two ranks.
    const step = stepWithDice(fight(), [6, 5, 3], { type: 'ranks/interact', actorId: idOf(fight(), 'Ann'), targetId: idOf(fight(), 'Orc'), kind: 'command' } as never);
    expect(ranksEvent(step.events, 'ranks/contested')).toMatchObject({ against: 'conviction', resist: 8, total: 14, ranks: 2 });
    expect(names(step.encounter, 'Orc')).toEqual(['Disoriented']);
    expect(refuse(step.encounter, use(step.encounter, 'Ann', 'advantage')).code).toBe('action/spent');
  });

  it('crowds the orc with arena against its arena, 5 ft a rank in the direction Ann chooses (a full action)', () => {
    // "This skill is normally resisted by the fixed value of the opponent's Tactics: arena": 4 + 4 + 4 = 12 against 6, two ranks.
    const step = stepWithDice(fight(), [4, 4, 4], { type: 'ranks/force', actorId: idOf(fight(), 'Ann'), targetId: idOf(fight(), 'Orc'), kind: 'arena' } as never);
    expect(ranksEvent(step.events, 'ranks/contested')).toMatchObject({ against: 'arena', resist: 6, ranks: 2 });
    expect(logEntries(step.encounter).at(-1)?.text).toBe('Ann crowds Orc (Tactics: arena 12 against Tactics: arena 6) and moves them 10 ft, in the direction Ann chooses.');
    expect(refuse(step.encounter, use(step.encounter, 'Ann', 'attack')).code).toBe('action/spent');
  });

  it('buys one more full action for the round with three ranks, and offers an action point for the GM to give with four', () => {
    // Ranks of 2 points and a d10, so untrained memory (1D) reaches rank 3 and rank 5 against a difficulty of 0.
    let e = run(newRanks({ rankSize: 2, die: 10 }), { type: 'add-combatant', name: 'Ann', factionId: HEROES, stats: { awareness: 12 } }, { type: 'add-combatant', name: 'Orc', factionId: ENEMIES, stats: { awareness: 8 } }, { type: 'start-combat' });
    // 6 against 0: three ranks ("+1 full action for one round").
    e = stepWithDice(e, [6], { type: 'ranks/gain-advantage', combatantId: idOf(e, 'Ann'), skill: 'memory', difficulty: 0 } as never).encounter;
    expect(openPrompt(e.state)?.choices.map((c) => c.label)).toContain('One more full action, this round');
    e = run(e, { type: 'answer-prompt', promptId: openPrompt(e.state)!.id, answer: { buy: 'full-action' } });
    e = run(e, use(e, 'Ann', 'attack'), use(e, 'Ann', 'recover'));
    expect(refuse(e, use(e, 'Ann', 'force')).code).toBe('action/spent');
    // 10 against 0: five ranks. "+1 Action point" and "+1 new ability" are offered, and the GM gives them.
    const five = stepWithDice(run(e, { type: 'next-turn' }), [10], { type: 'ranks/gain-advantage', combatantId: idOf(e, 'Orc'), skill: 'memory', difficulty: 0 } as never).encounter;
    const prompt = openPrompt(five.state);
    expect(prompt?.choices.map((c) => c.label)).toEqual(expect.arrayContaining(['An action point (the GM gives it)', 'A new ability (the GM gives it)']));
    const given = run(five, { type: 'answer-prompt', promptId: prompt!.id, answer: { buy: 'action-point' } });
    expect(names(given, 'Orc')).toEqual([]);
    expect(logEntries(given).at(-1)?.text).toBe('Orc takes the advantage: an action point (the GM gives it).');
  });

  it('moves the whole Move with the full action, and takes free actions (incidental movement, words, equipment, plans) as often as wanted', () => {
    let e = fight();
    e = run(e, { type: 'ranks/move', combatantId: idOf(e, 'Ann'), how: 'full' } as never);
    expect(refuse(e, use(e, 'Ann', 'attack')).code).toBe('action/spent');
    for (let i = 0; i < 2; i++) e = run(e, { type: 'ranks/move', combatantId: idOf(e, 'Ann'), how: 'incidental' } as never, use(e, 'Ann', 'trash-talk'), use(e, 'Ann', 'banter'), use(e, 'Ann', 'ready-equipment'), use(e, 'Ann', 'plan'));
    // The bonus action is still there.
    run(e, use(e, 'Ann', 'interact'));
  });

  it('stays on the defensive until the character\'s next full action', () => {
    let e = run(fight(), use(fight(), 'Ann', 'defend'), { type: 'next-turn' }, { type: 'next-turn' });
    expect([e.state.round, names(e, 'Ann')]).toEqual([2, ['Defending']]);
    // A bonus action leaves it; the full action ends it.
    e = run(e, use(e, 'Ann', 'interact'));
    expect(names(e, 'Ann')).toEqual(['Defending']);
    expect(names(run(e, use(e, 'Ann', 'attack')), 'Ann')).toEqual([]);
  });

  it('rolls every check of a Disoriented character at disadvantage: a die more, the highest dropped', () => {
    const e = run(fight(), { type: 'ranks/inflict', combatantId: idOf(fight(), 'Ann'), track: 'composure', ranks: 2 } as never);
    // Sprint 3D with disadvantage: 6, 6, 1, 1 keeps 6 + 1 + 1 = 8.
    const step = stepWithDice(e, [6, 6, 1, 1], { type: 'ranks/check', combatantId: idOf(e, 'Ann'), skill: 'sprint', difficulty: 5, required: true } as never);
    expect(ranksEvent(step.events, 'ranks/checked')).toMatchObject({ total: 8 });
  });

  it('names the side left standing once every opponent is out of action (rank 5 on a track)', () => {
    const e = fight();
    expect(sideLeftStanding(e.state, findRuleset('ranks'))).toBeNull();
    const out = run(e, { type: 'ranks/inflict', combatantId: idOf(e, 'Orc'), track: 'fatigue', ranks: 5 } as never);
    expect(sideLeftStanding(out.state, findRuleset('ranks'))).toBe(HEROES);
  });

  it('buys advantage on a single check with one rank, and +1D to a single check with two, each used up by the check rolled with it', () => {
    const buy = (answer: string) => {
      let e = stepWithDice(fight(), [6], { type: 'ranks/gain-advantage', combatantId: idOf(fight(), 'Ann'), skill: 'memory', difficulty: 0 } as never).encounter;
      e = run(e, { type: 'answer-prompt', promptId: openPrompt(e.state)!.id, answer: { buy: answer } });
      return e;
    };
    const sprint = (e: Encounter, dice: number[]) => {
      const step = stepWithDice(e, dice, { type: 'ranks/check', combatantId: idOf(e, 'Ann'), skill: 'sprint', difficulty: 5, required: true } as never);
      return { encounter: step.encounter, total: ranksEvent(step.events, 'ranks/checked').total };
    };
    // Advantage: a die more, the lowest dropped (1, 1, 6, 6 keeps 13); the next check is plain.
    const edge = sprint(buy('edge'), [1, 1, 6, 6]);
    expect(edge.total).toBe(13);
    expect(sprint(edge.encounter, [1, 1, 1]).total).toBe(3);
    // +1D: four dice, then three again.
    const die = sprint(buy('die'), [2, 2, 2, 2]);
    expect(die.total).toBe(8);
    expect(sprint(die.encounter, [2, 2, 2]).total).toBe(6);
  });

  it('recovers a rank 5 condition with five ranks: Ann treats Bo, out of action, against the very difficult 25', () => {
    const sheet = [{ name: 'Medicine', kind: 'skill', skill: 'medicine', dice: 3, bonus: 0, fixed: 9 }];
    let e = run(newRanks({ die: 20 }), { type: 'add-combatant', name: 'Ann', factionId: HEROES, stats: { awareness: 12 }, rules: { sheet } }, { type: 'add-combatant', name: 'Bo', factionId: HEROES, stats: { awareness: 10 } }, { type: 'add-combatant', name: 'Orc', factionId: ENEMIES, stats: { awareness: 8 } }, { type: 'start-combat' });
    e = run(e, { type: 'ranks/inflict', combatantId: idOf(e, 'Bo'), track: 'damage', ranks: 5 } as never);
    expect(names(e, 'Bo')).toEqual(['Out of action']);
    // 20 + 20 + 10 = 50 against 25: 25 points, five ranks.
    const step = stepWithDice(e, [20, 20, 10], { type: 'ranks/recover', actorId: idOf(e, 'Ann'), targetId: idOf(e, 'Bo'), skill: 'medicine', conditionId: who(e, 'Bo').conditions[0]!.id } as never);
    expect(step.events.find((x) => x.type === 'ranks/recovered')).toMatchObject({ difficulty: 25, total: 50, ranks: 5, effect: 'removed' });
    expect(names(step.encounter, 'Bo')).toEqual([]);
  });
});
