import { describe, expect, it } from 'vitest';
import { aftermathOf } from '../../core/aftermath';
import type { Command } from '../../core/commands';
import type { Encounter } from '../../encounter/encounter';
import { openPrompt } from '../../encounter/prompts';
import { ENEMIES, HEROES, idOf, refuse, run, stepWithDice } from '../../test-support';
import { ranks } from './index';
import { newRanks } from './testing';

// Conditions that outlive the fight. Incapacitated and Out of action last until someone recovers
// them (the recovery table's rank 4: "from requiring intentional recovery to expiring at the end of
// the scene"); Exhausted and Demoralized "until the end of the scene". What the party keeps says
// which, the next fight takes them in so, and the end of the scene ends only the second kind.

const MEDICINE = [{ name: 'Medicine', kind: 'skill', skill: 'medicine', dice: 4, bonus: 2, fixed: 12 }];
const who = (e: Encounter, name: string) => e.state.combatants.find((c) => c.name === name)!;
const inflict = (e: Encounter, name: string, track: string, n: number): Command => ({ type: 'ranks/inflict', combatantId: idOf(e, name), track, ranks: n } as never);
const lasting = (e: Encounter, name: string) => who(e, name).conditions.map((k) => [k.name, k.timer?.endsOn ?? 'until recovered']);

/** The first fight: Ann ends it Incapacitated, Exhausted and Demoralized; Bo out of action on fatigue. */
function firstFight(): Encounter {
  let e = run(
    newRanks(),
    { type: 'add-combatant', name: 'Ann', factionId: HEROES, stats: { awareness: 10 }, templateId: 'ann' },
    { type: 'add-combatant', name: 'Bo', factionId: HEROES, stats: { awareness: 9 }, templateId: 'bo' },
    { type: 'add-combatant', name: 'Orc', factionId: ENEMIES, stats: { awareness: 8 } },
    { type: 'start-combat' },
  );
  e = run(e, inflict(e, 'Ann', 'damage', 4), inflict(e, 'Ann', 'fatigue', 4), inflict(e, 'Ann', 'composure', 4), inflict(e, 'Bo', 'fatigue', 5));
  return run(e, { type: 'end-combat' });
}

describe('Skill Ranks: conditions that outlive the fight', () => {
  it('are kept with how long they last, come back so into the next fight, and the end of the scene ends only Exhausted and Demoralized', () => {
    const first = firstFight();
    const ann = aftermathOf(first.state, ranks, idOf(first, 'Ann'))!;
    expect(ann.conditions.map((k) => [k.name, k.lasts])).toEqual([
      ['Incapacitated', 'until-recovered'],
      ['Exhausted', 'scene'],
      ['Demoralized', 'scene'],
    ]);
    const bo = aftermathOf(first.state, ranks, idOf(first, 'Bo'))!;

    // The next fight: Cy, who has medicine, acts first.
    let next = run(
      newRanks(),
      { type: 'add-combatant', name: 'Cy', factionId: HEROES, stats: { awareness: 12 }, rules: { sheet: MEDICINE } },
      { type: 'add-combatant', name: 'Ann', factionId: HEROES, stats: { awareness: 10 }, conditions: ann.conditions, templateId: 'ann' },
      { type: 'add-combatant', name: 'Bo', factionId: HEROES, stats: { awareness: 9 }, conditions: bo.conditions, templateId: 'bo' },
      { type: 'add-combatant', name: 'Orc', factionId: ENEMIES, stats: { awareness: 8 } },
      { type: 'start-combat' },
    );
    expect(lasting(next, 'Ann')).toEqual([['Incapacitated', 'until recovered'], ['Exhausted', 'scene-end'], ['Demoralized', 'scene-end']]);
    expect(lasting(next, 'Bo')).toEqual([['Out of action', 'until recovered']]);

    // The table's rank 4 applies to it again: Cy's 6 + 6 + 6 + 1 + 2 = 21 against 5 (fatigue sets
    // no difficulty) is four ranks, short of Out of action's five: "until recovered" to the scene.
    const treated = stepWithDice(next, [6, 6, 6, 1], { type: 'ranks/recover', actorId: idOf(next, 'Cy'), targetId: idOf(next, 'Bo'), skill: 'medicine', conditionId: who(next, 'Bo').conditions[0]!.id } as never);
    expect(treated.events.find((x) => x.type === 'ranks/recovered')).toMatchObject({ total: 21, ranks: 4, effect: 'short' });
    next = run(treated.encounter, { type: 'answer-prompt', promptId: openPrompt(treated.encounter.state)!.id, answer: { use: 'shorten' } });
    expect(lasting(next, 'Bo')).toEqual([['Out of action', 'scene-end']]);

    // The scene doesn't end while the fight goes on.
    const running = refuse(next, { type: 'end-scene' });
    expect([running.code, running.message]).toEqual(['scene/fight-running', 'The scene goes on while the fight does: end the fight first.']);
    next = run(next, { type: 'end-combat' }, { type: 'end-scene' });
    expect(lasting(next, 'Ann')).toEqual([['Incapacitated', 'until recovered']]);
    expect(lasting(next, 'Bo')).toEqual([]);
    expect(aftermathOf(next.state, ranks, idOf(next, 'Ann'))?.conditions).toEqual([{ name: 'Incapacitated', effects: [{ kind: 'edge', edge: 'disadvantage' }], rank: { track: 'damage', value: 4 }, lasts: 'until-recovered' }]);
  });

  it('takes in an entry kept before conditions said how long they last as the text has them', () => {
    const e = run(newRanks(), { type: 'add-combatant', name: 'Ann', factionId: HEROES, conditions: [{ name: 'Incapacitated', rank: { track: 'damage', value: 4 } }, { name: 'Exhausted', rank: { track: 'fatigue', value: 4 } }] });
    expect(lasting(e, 'Ann')).toEqual([['Incapacitated', 'until recovered'], ['Exhausted', 'scene-end']]);
  });
});
