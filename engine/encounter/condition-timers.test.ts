import { describe, expect, it } from 'vitest';
import { logEntries, playerLog, replay, undo, type Command, type Encounter, BUILTIN_RULESETS } from '../index';
import { add, addZ, combatantNamed, ENEMIES, HEROES, idOf, newEncounter, newZonesEncounter, refuse, run, step, stepWithDice } from '../test-support';

// Conditions timed by the rounds ending or by the fight ending, a rolled number of rounds, and
// the GM changing a condition's duration, under a fixed order (Freeform) and where factions
// alternate (Zones & Factions).

const texts = (enc: Encounter) => logEntries(enc).map((e) => e.text);
const conditionsOf = (enc: Encounter, who: string) => combatantNamed(enc, who).conditions;

function freeformFight(): Encounter {
  return run(newEncounter(3), add('Ann'), add('Bo', { factionId: ENEMIES }), { type: 'start-combat' });
}

function nextRound(enc: Encounter): Encounter {
  const round = enc.state.round;
  let at = enc;
  while (at.state.round === round) at = run(at, { type: 'next-turn' });
  return at;
}

const bless = (enc: Encounter, rounds: number | string): Command => ({ type: 'add-condition', combatantId: idOf(enc, 'Ann'), name: 'Blessed', duration: { rounds, endsOn: 'round-end' } });

describe('a condition counted at the end of each round', () => {
  it('runs out as its last round ends, whoever acts first next, and the log says so', () => {
    let enc = freeformFight();
    enc = run(enc, bless(enc, 2));
    expect(conditionsOf(enc, 'Ann')[0]?.timer).toEqual({ remaining: 2, endsOn: 'round-end' });
    enc = nextRound(enc);
    expect(enc.state.round).toBe(2);
    expect(conditionsOf(enc, 'Ann')[0]?.timer).toEqual({ remaining: 1, endsOn: 'round-end' });
    enc = nextRound(enc);
    expect(conditionsOf(enc, 'Ann')).toEqual([]);
    expect(texts(enc).filter((t) => t.includes('no longer Blessed'))).toHaveLength(1);
    expect(texts(enc).find((t) => t.includes('no longer Blessed'))).toMatch(/^Round 3: .* turn\. Ann is no longer Blessed\.$/);
    expect(texts(enc)).toContain("Ann is now Blessed (2 rounds, counted at each round's end).");
    expect(replay(enc.events, BUILTIN_RULESETS)).toEqual(enc.state);
  });

  it('runs out as a new round opens where factions alternate, and not during the rounds before', () => {
    let enc = run(newZonesEncounter(2), addZ('Ann'), addZ('Bandit', { factionId: ENEMIES }), { type: 'start-combat', initiativeFactionId: HEROES });
    enc = run(enc, bless(enc, 1));
    enc = run(enc, { type: 'take-turn', combatantId: idOf(enc, 'Ann') }, { type: 'end-turn' });
    expect(conditionsOf(enc, 'Ann')).toHaveLength(1);
    enc = run(enc, { type: 'take-turn', combatantId: idOf(enc, 'Bandit') }, { type: 'end-turn' });
    expect(enc.state.round).toBe(2);
    expect(conditionsOf(enc, 'Ann')).toEqual([]);
    expect(texts(enc)).toContain('Round 2. Ann is no longer Blessed.');
    expect(playerLog(enc).map((e) => e.text)).toContain('Round 2. Ann is no longer Blessed.');
    expect(replay(enc.events, BUILTIN_RULESETS)).toEqual(enc.state);
  });

  it('takes its rounds from dice when the GM gives dice, keeping the roll for the log', () => {
    const enc = freeformFight();
    const rolled = stepWithDice(enc, [3], bless(enc, '1d4'));
    expect(conditionsOf(rolled.encounter, 'Ann')[0]?.timer).toEqual({ remaining: 3, endsOn: 'round-end' });
    const entry = logEntries(rolled.encounter).at(-1);
    expect(entry?.dice).toEqual([expect.objectContaining({ who: 'Ann', purpose: 'Blessed: rounds', notation: 'd4', values: [3], total: 3 })]);
    expect(refuse(enc, bless(enc, '1d')).code).toBe('input/rounds');
  });
});

describe('a condition that lasts until the fight ends', () => {
  it('goes when the fight ends, and the log says so; undo brings it back', () => {
    let enc = freeformFight();
    enc = run(enc, { type: 'add-condition', combatantId: idOf(enc, 'Bo'), name: 'Raging', duration: { endsOn: 'fight-end' } });
    enc = nextRound(nextRound(enc));
    expect(conditionsOf(enc, 'Bo')[0]?.timer).toEqual({ remaining: 1, endsOn: 'fight-end' });
    const ended = step(enc, { type: 'end-combat' });
    expect(ended.events).toEqual([{ type: 'combat-ended', expired: [{ combatantId: idOf(enc, 'Bo'), conditionId: conditionsOf(enc, 'Bo')[0]?.id, name: 'Raging' }] }]);
    expect(conditionsOf(ended.encounter, 'Bo')).toEqual([]);
    expect(texts(ended.encounter).at(-1)).toBe('The fight is over. Bo is no longer Raging.');
    expect(conditionsOf(undo(ended.encounter), 'Bo')).toHaveLength(1);
  });
});

describe('changing how long a condition lasts', () => {
  it('sets a new duration, or none, and tells it', () => {
    let enc = freeformFight();
    enc = run(enc, { type: 'add-condition', combatantId: idOf(enc, 'Ann'), name: 'Stunned', duration: { rounds: 1, endsOn: 'turn-start', anchorId: idOf(enc, 'Ann') } });
    const id = conditionsOf(enc, 'Ann')[0]?.id ?? '';
    enc = run(enc, { type: 'set-condition-timer', combatantId: idOf(enc, 'Ann'), conditionId: id, duration: { rounds: 3, endsOn: 'round-end' } });
    expect(conditionsOf(enc, 'Ann')[0]).toMatchObject({ id, name: 'Stunned', timer: { remaining: 3, endsOn: 'round-end' } });
    expect(texts(enc).at(-1)).toBe("Ann's Stunned now lasts 3 rounds, counted at each round's end.");
    enc = run(enc, { type: 'set-condition-timer', combatantId: idOf(enc, 'Ann'), conditionId: id, duration: null });
    expect(conditionsOf(enc, 'Ann')[0]?.timer).toBeNull();
    expect(texts(enc).at(-1)).toBe("Ann's Stunned now lasts until removed.");
    expect(replay(enc.events, BUILTIN_RULESETS)).toEqual(enc.state);
  });

  it('refuses an unknown condition or a duration that makes no sense, changing nothing', () => {
    const enc = freeformFight();
    const ann = idOf(enc, 'Ann');
    expect(refuse(enc, { type: 'set-condition-timer', combatantId: ann, conditionId: 'k99', duration: null }).code).toBe('condition/unknown');
    const stunned = run(enc, { type: 'add-condition', combatantId: ann, name: 'Stunned' });
    const id = conditionsOf(stunned, 'Ann')[0]?.id ?? '';
    const bad = refuse(stunned, { type: 'set-condition-timer', combatantId: ann, conditionId: id, duration: { rounds: 2, endsOn: 'dusk' } } as unknown as Command);
    // The refusal lists every ending there is; the scene's end and the next action came later.
    expect(bad.message).toBe("A condition ends at the start or the end of a turn, at the end of a round, when the fight or the scene ends, or at someone's next action.");
    expect(refuse(stunned, { type: 'set-condition-timer', combatantId: ann, conditionId: id, duration: { rounds: 0, endsOn: 'round-end' } }).code).toBe('input/range');
  });
});
