import { describe, expect, it } from 'vitest';
import { restoreEncounter, type Encounter } from '../../encounter/encounter';
import { damagedOnRead, forgedLastStep, itRedoesGenuineUndoneStep, itRefusesForgedLastStep, itRefusesForgedUndoneStep } from '../../testing/forged-steps';
import { combatantNamed, ENEMIES, HEROES, idOf, run, stepWithDice } from '../../test-support';
import { ranks } from './index';
import { personOf } from './person';
import { ANN_SHEET, newRanks, ORC_SHEET } from './testing';
import { BUILTIN_RULESETS } from '../builtin';

// Issue 40, for a Skill Ranks fight. Harm here is three condition tracks of ranks, not points: the
// ruleset has no tracks at all, and none of its own events carries one or writes one (an attack's
// ranks land as the core's condition events). What can still put a track on a character is the
// core's `action-used`, whose reducer writes the track its `uses` names from the event's fields,
// which no field check read: (1) forged with a track ("mana", or hit points at a million) it was
// accepted on import and the fight broke on the GM's next save. (2) A forged event inside an undone
// step (the ruleset's own attack on someone not there, or that action) was only shape-checked, and
// Redo applied it.

const ATTACKED = 'ranks/attacked';
const USED = 'action-used';

/**
 * As in the attack tests: Ann's longsword hits the orc's fixed deflect 10 with 18, two ranks, a 5D
 * damage roll of 20 against Strength and armour 12: Hurt. The last step is the attack.
 */
function swordHit(): Encounter {
  const e = run(
    newRanks(),
    { type: 'add-combatant', name: 'Ann', factionId: HEROES, stats: { awareness: 12 }, rules: { sheet: ANN_SHEET } },
    { type: 'add-combatant', name: 'Bo', factionId: HEROES, stats: { awareness: 11 } },
    { type: 'add-combatant', name: 'Orc', factionId: ENEMIES, stats: { awareness: 8, strength: 10, armour: 2 }, rules: { sheet: ORC_SHEET } },
    { type: 'start-combat' },
  );
  const weaponId = personOf(combatantNamed(e, 'Ann')).sheet.find((x) => x.kind === 'weapon')?.id ?? null;
  return stepWithDice(e, [6, 6, 5, 4, 4, 4, 4, 4], { type: 'ranks/attack', attackerId: idOf(e, 'Ann'), targetId: idOf(e, 'Orc'), weaponId } as never).encounter;
}

/** After the hit, Bo's turn: he goes on the defensive. The last step is that action. */
function boDefends(): Encounter {
  const e = run(swordHit(), { type: 'next-turn' });
  return run(e, { type: 'use-action', combatantId: idOf(e, 'Bo'), actionId: 'defend' });
}

/** The action made to use up a track: `after` is what it leaves. */
const spending = (track: string, after: { value: number; max: number }) => ({ uses: { track, amount: 1, after } });
const MILLION = spending('hp', { value: 1_000_000, max: 1_000_000 });

describe('a Skill Ranks fight replays with no track on anyone', () => {
  it('the genuine fight leaves conditions, not tracks, and replays', () => {
    const enc = boDefends();
    expect(ranks.character.tracks).toEqual([]);
    expect(combatantNamed(enc, 'Orc').conditions.map((k) => k.name)).toEqual(['Hurt']);
    expect(combatantNamed(enc, 'Bo').conditions.map((k) => k.name)).toEqual(['Defending']);
    expect(enc.state.combatants.map((c) => c.tracks)).toEqual([{}, {}, {}]);
    expect(enc.events.slice(enc.steps.at(-2)).map((e) => e.type)).toContain(USED);
    expect(restoreEncounter({ events: enc.events, steps: enc.steps }, BUILTIN_RULESETS).ok).toBe(true);
  });

  itRefusesForgedLastStep(boDefends, USED, [
    ['an action forged to leave hit points at a million', MILLION, /it gives Bo the track "hp", which is not one of Skill Ranks's/],
    ['an action forged to leave a mana track', spending('mana', { value: 4, max: 5 }), /it gives Bo the track "mana", which is not one of Skill Ranks's/],
  ]);
});

describe('a step forged in a Skill Ranks fight\'s undone step is checked when read, and by Redo', () => {
  itRedoesGenuineUndoneStep('a genuine undone step reads back and redoes to the same fight (the attack undone)', swordHit);
  itRedoesGenuineUndoneStep('a genuine undone step reads back and redoes to the same fight (the action undone)', boDefends);

  itRefusesForgedUndoneStep(swordHit, ATTACKED, [['an attack on someone not in the fight', { targetId: 'c99' }, /it names someone who is not in the fight/]]);
  itRefusesForgedUndoneStep(boDefends, USED, [['an action that leaves hit points at a million', MILLION, /it gives Bo the track "hp", which is not one of Skill Ranks's/]]);
});

// A condition's rank lives on one of the ruleset's condition tracks, 1 to its length: a rank of 99,
// or on a track the ruleset hasn't, gave recovery a difficulty no rule writes.
describe('a Skill Ranks condition ranked past its track', () => {
  const enc = swordHit();

  it('the genuine hit ranks the Orc Hurt on the damage track', () => {
    const added = enc.events.filter((e) => e.type === 'condition-added').at(-1) as unknown as { condition: { rank?: { track: string; value: number } } };
    expect(added.condition.rank).toEqual({ track: 'damage', value: expect.any(Number) });
  });

  it.each([
    ['a rank of 99', { track: 'damage', value: 99 }, /it ranks Orc's \w+ 99 on Damage, which runs 1 to \d+/],
    ['a track the ruleset lacks', { track: 'mana', value: 1 }, /it ranks Orc's \w+ on the track "mana", which is not one of Skill Ranks's/],
  ])('%s is refused when the fight is read', (_label, rank, problem) => {
    const damage = damagedOnRead(forgedLastStep(enc, 'condition-added', (genuine) => ({ ...genuine, condition: { ...(genuine.condition as object), rank } })));
    expect(damage.message).toMatch(/\("condition-added"\), /);
    expect(damage.message).toMatch(problem);
    expect(damage.goodSteps).toBe(enc.steps.length - 1);
  });
});
