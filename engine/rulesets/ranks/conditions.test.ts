import { describe, expect, it } from 'vitest';
import { aftermathOf } from '../../core/aftermath';
import type { Encounter } from '../../encounter/encounter';
import { blockedSlots, statOf } from '../../core/effects';
import { ENEMIES, idOf, refuse, run } from '../../test-support';
import { findRuleset } from '../builtin';
import { highestRank } from './conditions';
import { skillOf } from './sheet';
import { addR, newRanks } from './testing';

// Each condition's effect and when it ends, at the exact boundary: put on during the victim's own
// turn and outside it. Ann (awareness 12) acts before the orc (8) every round.

function fight(settings: Record<string, string | boolean> = {}): Encounter {
  return run(newRanks(settings), addR('Ann', 12), addR('Orc', 8, { factionId: ENEMIES }), { type: 'start-combat' });
}

const orc = (e: Encounter) => e.state.combatants.find((c) => c.name === 'Orc')!;
const names = (e: Encounter) => orc(e).conditions.map((k) => k.name);
const acting = (e: Encounter) => e.state.combatants.find((c) => c.id === e.state.activeId)?.name;
/** `ranks` ranks on the orc's `track`, as the rules put them. */
const land = (e: Encounter, track: 'damage' | 'fatigue' | 'composure', ranks: number) => run(e, { type: 'ranks/inflict', combatantId: orc(e).id, track, ranks } as never);
const next = (e: Encounter, times = 1) => run(e, ...Array.from({ length: times }, () => ({ type: 'next-turn' as const })));

describe('Skill Ranks: conditions and when they end', () => {
  it('lays the GM\'s damage on the damage track as ranks: 1 is Stunned, −2 to every check', () => {
    const e = run(fight(), { type: 'damage', combatantId: idOf(fight(), 'Orc'), amount: 1 });
    expect(names(e)).toEqual(['Stunned']);
    expect(orc(e).conditions[0]?.effects).toEqual([{ kind: 'check', amount: -2 }]);
  });

  it('ends Stunned put on outside the orc\'s turn at the end of its next turn', () => {
    let e = run(fight(), { type: 'damage', combatantId: idOf(fight(), 'Orc'), amount: 1 });
    expect(acting(e)).toBe('Ann');
    e = next(e);
    expect(acting(e)).toBe('Orc');
    expect(names(e)).toEqual(['Stunned']);
    e = next(e);
    expect(names(e)).toEqual([]);
  });

  it('keeps Stunned put on during the orc\'s own turn until the end of its next one', () => {
    let e = next(fight());
    expect(acting(e)).toBe('Orc');
    e = run(e, { type: 'damage', combatantId: idOf(e, 'Orc'), amount: 1 });
    e = next(e, 2);
    expect(e.state.round).toBe(2);
    expect(acting(e)).toBe('Orc');
    expect(names(e)).toEqual(['Stunned']);
    e = next(e);
    expect(names(e)).toEqual([]);
  });

  it('ends Hurt at the end of the round after this one, or (as set) at the end of their next turn', () => {
    let e = run(fight(), { type: 'damage', combatantId: idOf(fight(), 'Orc'), amount: 2 });
    expect(names(e)).toEqual(['Hurt']);
    e = next(e, 3);
    expect([e.state.round, acting(e), names(e)]).toEqual([2, 'Orc', ['Hurt']]);
    e = next(e);
    expect([e.state.round, names(e)]).toEqual([3, []]);
    let turnly = run(fight({ nextRound: 'their-turn' }), { type: 'damage', combatantId: idOf(fight(), 'Orc'), amount: 2 });
    turnly = next(turnly);
    expect(names(turnly)).toEqual(['Hurt']);
    expect(names(next(turnly))).toEqual([]);
  });

  it('adds ranks on the track: Stunned and two more make Wounded, −1D to Dexterity checks until the fight ends', () => {
    let e = run(fight(), { type: 'damage', combatantId: idOf(fight(), 'Orc'), amount: 1 }, { type: 'damage', combatantId: idOf(fight(), 'Orc'), amount: 2 });
    expect(names(e)).toEqual(['Wounded']);
    expect(orc(e).conditions[0]?.effects).toEqual([{ kind: 'check-dice', dice: -1, on: 'dexterity' }]);
    e = next(e, 10);
    expect(names(e)).toEqual(['Wounded']);
    expect(names(run(e, { type: 'end-combat' }))).toEqual([]);
  });

  it('keeps each beside the others when so set', () => {
    const e = run(fight({ cumulative: 'separate' }), { type: 'damage', combatantId: idOf(fight(), 'Orc'), amount: 1 }, { type: 'damage', combatantId: idOf(fight(), 'Orc'), amount: 2 });
    expect(names(e)).toEqual(['Stunned', 'Hurt']);
  });

  it('takes the orc out of action at rank 5 on any track, and no further', () => {
    expect(refuse(fight(), { type: 'ranks/inflict', combatantId: orc(fight()).id, track: 'composure', ranks: 6 }).code).toBe('input/range');
    const e = land(land(fight(), 'composure', 3), 'composure', 4);
    expect(highestRank(orc(e), 'composure')).toBe(5);
    expect(findRuleset('ranks')?.health.status(orc(e))).toMatchObject({ level: 'out', why: 'out of action (composure)' });
  });

  it('forbids the bonus action while Winded (to the end of the next round) and Discouraged (the encounter)', () => {
    let e = land(fight(), 'fatigue', 2);
    expect(names(e)).toEqual(['Winded']);
    expect(blockedSlots(orc(e)).get('bonus')).toBe('Winded');
    e = next(e);
    expect(refuse(e, { type: 'use-action', combatantId: idOf(e, 'Orc'), actionId: 'interact' }).message).toMatch(/Winded/);
    const discouraged = land(fight(), 'composure', 3);
    expect(blockedSlots(orc(discouraged)).get('bonus')).toBe('Discouraged');
  });

  it('lowers every fixed value by 2 while Tired, until the fight ends', () => {
    const e = land(fight(), 'fatigue', 3);
    expect(statOf(orc(e), 'awareness')).toBe(6);
    expect(statOf(orc(e), 'strength')).toBe(8);
    expect(skillOf(orc(e), 'deflect', 6).fixed).toBe(1);
    expect(names(run(e, { type: 'end-combat' }))).toEqual([]);
  });

  it('keeps Exhausted and Demoralized past the fight, to the end of the scene, for the party entry', () => {
    const e = run(land(land(fight(), 'fatigue', 4), 'composure', 4), { type: 'end-combat' });
    expect(names(e)).toEqual(['Exhausted', 'Demoralized']);
    expect(aftermathOf(e.state, findRuleset('ranks')!, orc(e).id)?.conditions.map((k) => k.name)).toEqual(['Exhausted', 'Demoralized']);
  });

  it('leaves Incapacitated (disadvantage on every check) with no timer, kept past the fight until recovered', () => {
    const e = land(fight(), 'damage', 4);
    expect(orc(e).conditions[0]).toMatchObject({ name: 'Incapacitated', timer: null, effects: [{ kind: 'edge', edge: 'disadvantage' }] });
    const after = run(e, { type: 'end-combat' });
    // Kept as lasting until recovered (the recovery table's "requiring intentional recovery"), not to the scene's end.
    expect(aftermathOf(after.state, findRuleset('ranks')!, orc(after).id)?.conditions).toEqual([{ name: 'Incapacitated', effects: [{ kind: 'edge', edge: 'disadvantage' }], rank: { track: 'damage', value: 4 }, lasts: 'until-recovered' }]);
  });
});
