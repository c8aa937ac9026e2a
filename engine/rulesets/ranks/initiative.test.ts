import { describe, expect, it } from 'vitest';
import type { Encounter } from '../../encounter/encounter';
import { logEntries } from '../../log/entries';
import { ENEMIES, idOf, refuse, run, stepWithDice } from '../../test-support';
import { addR, newRanks } from './testing';

// "The order of action is determined by the fixed value of the Perception: survival: awareness
// skill", sorted again every round for what changes one round's initiative: an awareness
// advantage's result points ("add directly to a character's initiative on the next round"),
// Startled ("−2 to their initiative on the next round"), Tired ("−2 to their fixed ability
// scores"). The GM may call for rolled awareness "for the round, the encounter, or for a limited
// number of rounds".

function fight(settings: Record<string, string | boolean> = {}): Encounter {
  return run(newRanks(settings), addR('Ann', 12), addR('Bo', 11), addR('Orc', 8, { factionId: ENEMIES }), { type: 'start-combat' });
}

const order = (e: Encounter) => e.state.order.map((id) => e.state.combatants.find((c) => c.id === id)?.name);
const acting = (e: Encounter) => e.state.combatants.find((c) => c.id === e.state.activeId)?.name;
/** Next turn until the round is over and the next one has begun. */
function toNextRound(e: Encounter): Encounter {
  const round = e.state.round;
  let x = e;
  for (let i = 0; i < 10 && x.state.round === round; i++) x = run(x, { type: 'next-turn' });
  return x;
}
const inflict = (e: Encounter, name: string, track: string, ranks: number) => run(e, { type: 'ranks/inflict', combatantId: idOf(e, name), track, ranks } as never);
const lastLine = (e: Encounter, start: string) => logEntries(e).map((l) => l.text).filter((t) => t.startsWith(start)).at(-1);

describe('Skill Ranks: initiative', () => {
  it('acts in order of fixed awareness, highest first, and rolls nothing', () => {
    const e = fight();
    expect(order(e)).toEqual(['Ann', 'Bo', 'Orc']);
    expect(acting(e)).toBe('Ann');
    expect(e.state.combatants.map((c) => c.initiative)).toEqual([12, 11, 8]);
  });

  it('moves the orc to the front for one round with an awareness advantage: 16 against 10 is +6', () => {
    let e = run(fight(), { type: 'next-turn' }, { type: 'next-turn' });
    expect(acting(e)).toBe('Orc');
    e = stepWithDice(e, [6, 6, 4], { type: 'ranks/gain-advantage', combatantId: idOf(e, 'Orc'), skill: 'awareness' } as never).encounter;
    // The bonus action is spent on it.
    expect(refuse(e, { type: 'use-action', combatantId: idOf(e, 'Orc'), actionId: 'interact' }).code).toBe('action/spent');
    e = toNextRound(e);
    expect(e.state.round).toBe(2);
    expect(order(e)).toEqual(['Orc', 'Ann', 'Bo']);
    expect(acting(e)).toBe('Orc');
    expect(lastLine(e, 'Round 2 order')).toBe('Round 2 order: Orc, Ann, Bo; Orc 14 (+6 awareness advantage).');
    // Only for that round.
    expect(order(toNextRound(e))).toEqual(['Ann', 'Bo', 'Orc']);
  });

  it('gains nothing from an awareness check short of 10', () => {
    let e = run(fight(), { type: 'next-turn' }, { type: 'next-turn' });
    e = stepWithDice(e, [1, 2, 3], { type: 'ranks/gain-advantage', combatantId: idOf(e, 'Orc'), skill: 'awareness' } as never).encounter;
    expect(order(toNextRound(e))).toEqual(['Ann', 'Bo', 'Orc']);
  });

  it('puts a Startled Ann behind Bo for the next round only (12 − 2 = 10 against 11)', () => {
    let e = inflict(fight(), 'Ann', 'composure', 1);
    e = toNextRound(e);
    expect(order(e)).toEqual(['Bo', 'Ann', 'Orc']);
    expect(lastLine(e, 'Round 2 order')).toBe('Round 2 order: Bo, Ann, Orc; Ann 10 (−2 startled).');
    expect(order(toNextRound(e))).toEqual(['Ann', 'Bo', 'Orc']);
  });

  it('puts a Tired Ann behind Bo for the rest of the fight (fixed values −2)', () => {
    let e = toNextRound(inflict(fight(), 'Ann', 'fatigue', 3));
    expect(order(e)).toEqual(['Bo', 'Ann', 'Orc']);
    e = toNextRound(toNextRound(e));
    expect(order(e)).toEqual(['Bo', 'Ann', 'Orc']);
  });

  it('rolls awareness for one round the GM calls chaotic, between rounds read from fixed values', () => {
    let e = run(fight(), { type: 'ranks/call-initiative', rolled: true, rounds: 1 } as never);
    expect(lastLine(e, 'The fight turns chaotic')).toBe('The fight turns chaotic: awareness is rolled for the order for round 2.');
    e = run(e, { type: 'next-turn' }, { type: 'next-turn' });
    // The round ends: Ann rolls 3, Bo 6, the orc 18 (three dice each, in the order's turn).
    e = stepWithDice(e, [1, 1, 1, 2, 2, 2, 6, 6, 6], { type: 'next-turn' }).encounter;
    expect(e.state.round).toBe(2);
    expect(order(e)).toEqual(['Orc', 'Bo', 'Ann']);
    expect(lastLine(e, 'Round 2 order')).toBe('Round 2 order, awareness rolled: Orc, Bo, Ann; Ann 3 (rolled 3); Bo 6 (rolled 6); Orc 18 (rolled 18).');
    // Round 3: fixed again, nothing rolled.
    e = toNextRound(e);
    expect(order(e)).toEqual(['Ann', 'Bo', 'Orc']);
  });

  it('rolls every round when the setting makes the fight chaotic from the start', () => {
    const e = run(newRanks({ rolledInitiative: true }), addR('Ann', 12), addR('Orc', 8, { factionId: ENEMIES }));
    const started = stepWithDice(e, [1, 1, 1, 6, 6, 6], { type: 'start-combat' }).encounter;
    expect(order(started)).toEqual(['Orc', 'Ann']);
    // Switched back to fixed from the next round on.
    const calm = run(started, { type: 'ranks/call-initiative', rolled: false, rounds: null } as never);
    expect(order(toNextRound(calm))).toEqual(['Ann', 'Orc']);
  });

  it('breaks a tie by the order they had, or with the players\' characters first as set', () => {
    const tied = (settings: Record<string, string> = {}) => run(newRanks(settings), addR('Orc', 10, { factionId: ENEMIES, awarenessDice: 4 }), addR('Ann', 10), { type: 'start-combat' });
    // The first round: the more awareness dice first.
    expect(order(tied())).toEqual(['Orc', 'Ann']);
    expect(order(toNextRound(tied()))).toEqual(['Orc', 'Ann']);
    expect(order(toNextRound(tied({ initiativeTie: 'players' })))).toEqual(['Ann', 'Orc']);
  });
});

describe('Skill Ranks: a full and a bonus action a round', () => {
  it('lets the orc respond out of turn with its bonus action, which its own turn then lacks, back next round', () => {
    let e = fight();
    // Only an opponent engaged with the one acting answers out of turn.
    expect(refuse(e, { type: 'use-action', combatantId: idOf(e, 'Orc'), actionId: 'interact' }).code).toBe('ranks/not-engaged');
    e = run(e, { type: 'ranks/set-focus', combatantId: idOf(e, 'Ann'), focusId: idOf(e, 'Orc') } as never);
    e = run(e, { type: 'use-action', combatantId: idOf(e, 'Orc'), actionId: 'move-half' });
    expect(logEntries(e).at(-1)?.text).toMatch(/^Orc, out of turn: move half/);
    e = run(e, { type: 'next-turn' }, { type: 'next-turn' });
    expect(acting(e)).toBe('Orc');
    expect(refuse(e, { type: 'use-action', combatantId: idOf(e, 'Orc'), actionId: 'interact' }).code).toBe('action/spent');
    e = run(e, { type: 'use-action', combatantId: idOf(e, 'Orc'), actionId: 'attack' });
    e = toNextRound(e);
    e = run(e, { type: 'next-turn' }, { type: 'next-turn' });
    expect(acting(e)).toBe('Orc');
    e = run(e, { type: 'use-action', combatantId: idOf(e, 'Orc'), actionId: 'interact' });
    expect(refuse(e, { type: 'use-action', combatantId: idOf(e, 'Orc'), actionId: 'interact' }).code).toBe('action/spent');
  });
});
