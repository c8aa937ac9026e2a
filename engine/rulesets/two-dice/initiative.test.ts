import { describe, expect, it } from 'vitest';
import type { EventOf } from '../../core/events';
import { logEntries } from '../../log/entries';
import { ENEMIES, idOf, orderNames, refuse, run, stepWithDice } from '../../test-support';
import { addT, newTwoDice } from './testing';

// "all combatants roll 2d6 (except for those with Vigilant, who roll 3d6) … Ties in which one
// party has Vigilant go to the character with Vigilant. Ties in which both parties or no parties
// have Vigilant are resolved by re-rolls."

function started(dice: number[], ...people: Parameters<typeof addT>[]) {
  const setUp = run(newTwoDice(), ...people.map((p) => addT(...p)));
  const { encounter, events } = stepWithDice(setUp, dice, { type: 'start-combat' });
  const event = events.find((e) => e.type === 'combat-started') as EventOf<'combat-started'>;
  const of = (name: string) => event.initiative.find((e) => e.combatantId === idOf(encounter, name));
  return { encounter, of };
}

describe('2d6 & Vigilant initiative', () => {
  it('rolls 2d6, or 3d6 for the Vigilant, highest first', () => {
    const { encounter, of } = started([3, 4, 6, 5, 1], ['Ann'], ['Vera', { traits: ['vigilant'] }]);
    expect(of('Ann')?.roll?.notation).toBe('2d6');
    expect(of('Ann')?.total).toBe(7);
    expect(of('Vera')?.roll?.notation).toBe('3d6');
    expect(of('Vera')?.total).toBe(12);
    expect(orderNames(encounter)).toEqual(['Vera', 'Ann']);
  });

  it('gives a tie between someone Vigilant and someone not to the Vigilant one, with no re-roll', () => {
    // Ann 4+4 = 8 (2d6), Vera 2+3+3 = 8 (3d6).
    const { encounter, of } = started([4, 4, 2, 3, 3], ['Ann'], ['Vera', { traits: ['vigilant'] }]);
    expect(orderNames(encounter)).toEqual(['Vera', 'Ann']);
    expect(of('Ann')?.tiebreaks).toEqual([]);
    expect(of('Vera')?.tiebreaks).toEqual([]);
  });

  it('re-rolls a tie where neither is Vigilant, only between the tied, until it breaks', () => {
    // Ann 8, Bo 8, Cy 11; re-rolls: Ann 5, Bo 5 (still tied), then Ann 3, Bo 9.
    const { encounter, of } = started([4, 4, 2, 6, 5, 6, 2, 3, 1, 4, 1, 2, 4, 5], ['Ann'], ['Bo'], ['Cy']);
    expect(orderNames(encounter)).toEqual(['Cy', 'Bo', 'Ann']);
    expect(of('Ann')?.tiebreaks.map((r) => r.total)).toEqual([5, 3]);
    expect(of('Bo')?.tiebreaks.map((r) => r.total)).toEqual([5, 9]);
    expect(of('Cy')?.tiebreaks).toEqual([]);
  });

  it('re-rolls a tie where both are Vigilant on 3d6 by default, or 2d6 by the setting', () => {
    const both = (dice: number[], setting: string | null) => {
      const setUp = run(newTwoDice(), addT('Vera', { traits: ['vigilant'] }), addT('Vic', { traits: ['vigilant'] }), ...(setting ? [{ type: 'set-setting' as const, key: 'vigilantTiebreak', value: setting }] : []));
      return stepWithDice(setUp, dice, { type: 'start-combat' });
    };
    const threes = both([3, 3, 3, 4, 4, 1, 6, 6, 6, 1, 1, 1], null);
    const event = threes.events.find((e) => e.type === 'combat-started') as EventOf<'combat-started'>;
    expect(event.initiative.map((e) => e.tiebreaks.map((r) => r.notation))).toEqual([['3d6'], ['3d6']]);
    expect(orderNames(threes.encounter)).toEqual(['Vera', 'Vic']);
    const twos = both([3, 3, 3, 4, 4, 1, 2, 2, 6, 6], '2d6');
    const second = twos.events.find((e) => e.type === 'combat-started') as EventOf<'combat-started'>;
    expect(second.initiative.map((e) => e.tiebreaks.map((r) => r.notation))).toEqual([['2d6'], ['2d6']]);
    expect(orderNames(twos.encounter)).toEqual(['Vic', 'Vera']);
  });

  it('settles a three-way tie with two Vigilant: the one without goes last unrolled, the two Vigilant re-roll between them', () => {
    // Ann 9 (2d6), Vera 9 and Vic 9 (3d6); Vera and Vic re-roll 3d6: 5 and 12.
    const { encounter, of } = started([4, 5, 3, 3, 3, 2, 3, 4, 1, 2, 2, 6, 4, 2], ['Ann'], ['Vera', { traits: ['vigilant'] }], ['Vic', { traits: ['vigilant'] }]);
    expect(orderNames(encounter)).toEqual(['Vic', 'Vera', 'Ann']);
    expect(of('Ann')?.tiebreaks).toEqual([]);
    expect(of('Vera')?.tiebreaks.map((r) => r.total)).toEqual([5]);
    expect(of('Vic')?.tiebreaks.map((r) => r.total)).toEqual([12]);
  });

  it('tells every re-roll in the log as a tie-break die', () => {
    const { encounter } = started([4, 4, 2, 6, 5, 6, 2, 3, 1, 4, 1, 2, 4, 5], ['Ann'], ['Bo'], ['Cy']);
    const start = logEntries(encounter).find((e) => e.text.startsWith('The fight begins'));
    expect(start?.dice.filter((d) => d.purpose === 'initiative tie-break').map((d) => `${d.who} ${d.total}`)).toEqual(['Bo 5', 'Bo 9', 'Ann 5', 'Ann 3']);
  });

  it('refuses a total typed in by hand that the dice can not show, and takes one they can', () => {
    const { encounter } = started([3, 4, 6, 5, 1], ['Ann'], ['Vera', { traits: ['vigilant'], factionId: ENEMIES }]);
    const ann = idOf(encounter, 'Ann');
    const vera = idOf(encounter, 'Vera');
    const thirteen = refuse(encounter, { type: 'set-initiative', combatantId: ann, total: 13 });
    expect(thirteen.code).toBe('order/impossible-initiative');
    expect(thirteen.message).toContain('2d6');
    expect(thirteen.message).toContain('2 to 12');
    expect(refuse(encounter, { type: 'set-initiative', combatantId: ann, total: 1 }).code).toBe('order/impossible-initiative');
    expect(refuse(encounter, { type: 'set-initiative', combatantId: vera, total: 19 }).message).toContain('3 to 18');
    expect(refuse(encounter, { type: 'set-initiative', combatantId: vera, total: 2 }).code).toBe('order/impossible-initiative');
    // 12 typed in for Ann ties Vera's 12: the tie goes to Vera, who is Vigilant.
    const typed = run(encounter, { type: 'set-initiative', combatantId: ann, total: 12 });
    expect(orderNames(typed)).toEqual(['Vera', 'Ann']);
    const thirteenForVera = run(encounter, { type: 'set-initiative', combatantId: vera, total: 13 });
    expect(thirteenForVera.state.combatants.find((c) => c.id === vera)?.initiative).toBe(13);
  });
});
