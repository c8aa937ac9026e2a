import { describe, expect, it } from 'vitest';
import type { Encounter } from '../../encounter/encounter';
import type { JsonValue } from '../../json';
import { openPrompt } from '../../encounter/prompts';
import { findRuleset } from '../builtin';
import { ENEMIES, HEROES, idOf, nameOf, refuse, run, stepWithDice } from '../../test-support';
import { personOf } from './person';
import { addT, firstEvent, newTwoDice } from './testing';

// "When a player is reduced to 0 HP in combat, they fall unconscious, and are permitted two
// chances to stabilize (one attempt in each of the two rounds that immediately follow). The first
// is a normal test, and the second is at disadvantage. If they succeed at either of their tests,
// their HP is restored to 1, though they remain unconscious for the remainder of the encounter. If
// they fail both tests, they die."

/** Orc (12), Bo (7), Ann (2): Orc drops Ann to 0 HP on the first turn of round 1. */
function dropped(settings: Record<string, string | number | boolean> = {}, ann: { traits?: string[]; factionId?: string } = {}): Encounter {
  const setUp = run(
    newTwoDice(),
    addT('Ann', { hp: 2, traits: ann.traits, factionId: ann.factionId ?? HEROES }),
    addT('Bo', { traits: ['medic'] }),
    addT('Orc', { factionId: ENEMIES }),
    ...Object.entries(settings).map(([key, value]) => ({ type: 'set-setting' as const, key, value })),
  );
  const started = stepWithDice(setUp, [1, 1, 3, 4, 6, 6], { type: 'start-combat' }).encounter;
  return run(started, { type: 'damage', combatantId: idOf(started, 'Ann'), amount: 2 });
}

const next = (e: Encounter) => run(e, { type: 'next-turn' });
const prompt = (e: Encounter) => openPrompt(e.state, e.ruleset);

function roll(e: Encounter, dice: number[], answer: JsonValue = 'roll') {
  const open = prompt(e);
  if (!open) throw new Error('no prompt open');
  const done = stepWithDice(e, dice, { type: 'answer-prompt', promptId: open.id, answer });
  return { encounter: done.encounter, event: firstEvent(done.events, 'two-dice/stabilisation-rolled') };
}

const status = (e: Encounter, name: string) => findRuleset('two-dice')!.health.status(e.state.combatants.find((c) => c.name === name)!);

describe('2d6 & Vigilant: falling and stabilising', () => {
  it('asks for no test in the round of the fall, the first in the next round as Ann\'s place comes round, and holds the fight meanwhile', () => {
    let e = dropped();
    expect(status(e, 'Ann')).toMatchObject({ level: 'down' });
    e = next(next(e)); // Bo, then Ann's place in round 1: passed over, no test yet
    expect(prompt(e)).toBeNull();
    expect(e.state.round).toBe(2);
    expect(nameOf(e, e.state.activeId)).toBe('Orc');
    e = next(e);
    expect(nameOf(e, e.state.activeId)).toBe('Bo');
    e = next(e);
    // Passing over Ann stops at her place: her test is due.
    expect(nameOf(e, e.state.activeId)).toBe('Ann');
    expect(prompt(e)?.kind).toBe('two-dice/stabilise');
    expect(prompt(e)?.message).toContain('first stabilisation test');
    expect(refuse(e, { type: 'next-turn' }).code).toBe('two-dice/stabilise-first');
  });

  it('dies after failing both: the first a normal 2d6, the second at disadvantage', () => {
    let e = next(next(next(next(dropped()))));
    const first = roll(e, [2, 3]);
    expect(first.event.roll.notation).toBe('2d6');
    expect(first.event.success).toBe(false);
    expect(first.event.dies).toBe(false);
    e = first.encounter;
    expect(prompt(e)).toBeNull();
    // Answered, the turn goes on past her as Next turn would: round 3's Orc.
    expect(e.state.round).toBe(3);
    expect(nameOf(e, e.state.activeId)).toBe('Orc');
    e = next(next(e)); // Bo, then Ann's place
    expect(e.state.round).toBe(3);
    const second = roll(e, [6, 6, 1]);
    expect(second.event.attempt).toBe(2);
    expect(second.event.roll.notation).toBe('3d6kl2');
    expect(second.event.roll.total).toBe(7);
    expect(second.event.dies).toBe(true);
    expect(status(second.encounter, 'Ann')).toMatchObject({ level: 'out', how: 'dead' });
    // No third test.
    expect(nameOf(second.encounter, second.encounter.state.activeId)).toBe('Orc');
    const round4 = next(next(second.encounter));
    expect(round4.state.round).toBe(5);
    expect(prompt(round4)).toBeNull();
  });

  it('stabilises at 1 HP on a success, stays unconscious, and is asked nothing more', () => {
    const e = next(next(next(next(dropped()))));
    const first = roll(e, [4, 4]);
    expect(first.event.success).toBe(true);
    const ann = first.encounter.state.combatants.find((c) => c.name === 'Ann')!;
    expect(ann.tracks.hp?.value).toBe(1);
    expect(personOf(ann).stable).toBe(true);
    expect(status(first.encounter, 'Ann')).toMatchObject({ level: 'down', why: 'unconscious, stable' });
    // Round 3 passes her over (unconscious even at 1 HP) with no test asked.
    const round3 = next(next(first.encounter));
    expect(round3.state.round).toBe(4);
    expect(prompt(round3)).toBeNull();
    expect(nameOf(round3, round3.state.activeId)).toBe('Orc');
    const ruledTurn = run(round3, { type: 'set-setting', key: 'passOverDown', value: false }, { type: 'next-turn' }, { type: 'next-turn' });
    expect(nameOf(ruledTurn, ruledTurn.state.activeId)).toBe('Ann');
    expect(refuse(ruledTurn, { type: 'two-dice/attack', attackerId: idOf(ruledTurn, 'Ann'), targetId: idOf(ruledTurn, 'Orc') }).code).toBe('two-dice/unconscious');
  });

  it('asks at the end of her place instead, when the setting says so', () => {
    let e = dropped({ stabiliseAt: 'end' });
    e = next(next(next(e))); // Bo, (Ann passed) Orc, Bo of round 2
    expect(prompt(e)).toBeNull();
    e = next(e); // Ann's place in round 2, passed over, and on to round 3's Orc: the test is asked as it ends
    expect(prompt(e)?.kind).toBe('two-dice/stabilise');
    expect(e.state.round).toBe(3);
    expect(nameOf(e, e.state.activeId)).toBe('Orc');
  });

  it('adds Robust\'s and a medic\'s bonuses, as the settings give them', () => {
    const e = next(next(next(next(dropped({}, { traits: ['robust'] })))));
    const bo = idOf(e, 'Bo');
    expect(prompt(e)?.choices.map((c) => c.label)).toEqual(['Roll the test', 'Roll, tended by Bo']);
    const tended = roll(e, [3, 2], { medicId: bo });
    expect(tended.event.bonus).toBe(2);
    expect(tended.event.roll.total).toBe(7);
    expect(tended.event.reasons).toEqual(['+1 Robust', '+1 tended by Bo']);
    expect(refuse(e, { type: 'answer-prompt', promptId: prompt(e)!.id, answer: { medicId: idOf(e, 'Orc') } }).code).toBe('two-dice/no-medic');
  });

  // "The situation is slightly improved for those with the Robust trait, even better for those with the Hard to Kill trait".
  it('adds more for Hard to Kill than for Robust (2 and 1 by default)', () => {
    const hardy = next(next(next(next(dropped({}, { traits: ['hardToKill'] })))));
    const rolled = roll(hardy, [3, 3]);
    expect(rolled.event).toMatchObject({ bonus: 2, reasons: ['+2 Hard to Kill'], success: true });
    expect(rolled.event.roll.total).toBe(8);
  });

  it('gives others no tests unless the setting says so', () => {
    const orcDown = (settings: Record<string, boolean>) => {
      const setUp = run(newTwoDice(), addT('Ann'), addT('Orc', { factionId: ENEMIES, hp: 1 }), ...Object.entries(settings).map(([key, value]) => ({ type: 'set-setting' as const, key, value })));
      const started = stepWithDice(setUp, [6, 6, 1, 1], { type: 'start-combat' }).encounter;
      return next(next(run(started, { type: 'damage', combatantId: idOf(started, 'Orc'), amount: 1 })));
    };
    expect(prompt(orcDown({}))).toBeNull();
    expect(prompt(orcDown({ npcsStabilise: true }))?.kind).toBe('two-dice/stabilise');
  });

  it('lets the GM let a test go, which is not asked again that round and counts as no failure', () => {
    let e = next(next(next(next(dropped()))));
    e = run(e, { type: 'call-off-prompt', promptId: prompt(e)!.id });
    expect(prompt(e)).toBeNull();
    e = next(next(e));
    const second = roll(e, [1, 1, 1]);
    expect(second.event.success).toBe(false);
    expect(second.event.dies).toBe(false);
  });

  it('is healed out of falling: back above 0 HP before a test, none is asked', () => {
    let e = dropped();
    e = run(e, { type: 'heal', combatantId: idOf(e, 'Ann'), amount: 1 });
    expect(personOf(e.state.combatants.find((c) => c.name === 'Ann')!).fallen).toBeNull();
    e = next(next(next(next(next(e)))));
    expect(prompt(e)).toBeNull();
    expect(e.state.round).toBe(2);
    expect(nameOf(e, e.state.activeId)).toBe('Ann');
  });

  it('lets go of a test asked of someone healed meanwhile, and their HP stays as healed', () => {
    let e = next(next(next(next(dropped()))));
    expect(prompt(e)?.kind).toBe('two-dice/stabilise');
    e = run(e, { type: 'heal', combatantId: idOf(e, 'Ann'), amount: 2 });
    expect(prompt(e)).toBeNull();
    const ann = e.state.combatants.find((c) => c.name === 'Ann')!;
    expect(ann.tracks.hp?.value).toBe(2);
    expect(personOf(ann)).toMatchObject({ fallen: null, stable: false });
  });

  it('starts the two chances afresh for someone stabilised and knocked to 0 again', () => {
    const e = next(next(next(next(dropped()))));
    const stable = roll(e, [4, 4]).encounter;
    const hitAgain = run(stable, { type: 'damage', combatantId: idOf(stable, 'Ann'), amount: 1 });
    const ann = hitAgain.state.combatants.find((c) => c.name === 'Ann')!;
    expect(personOf(ann)).toMatchObject({ stable: false, fallen: { round: 3, tests: [] } });
    // Round 4: her first test again.
    const round4 = next(next(next(next(hitAgain))));
    expect(round4.state.round).toBe(4);
    expect(prompt(round4)?.message).toContain('first stabilisation test');
  });

  it('starts a new fight with nobody fallen or stable', () => {
    const e = next(next(next(next(dropped()))));
    const stable = roll(e, [4, 4]).encounter;
    const again = stepWithDice(run(stable, { type: 'end-combat' }), [6, 6, 1, 1, 3, 3], { type: 'start-combat' }).encounter;
    const ann = again.state.combatants.find((c) => c.name === 'Ann')!;
    expect(personOf(ann)).toMatchObject({ stable: false, fallen: null });
    expect(status(again, 'Ann').level).toBe('badly-hurt');
  });

  it('holds attacks, tests and advancing while a test is waiting', () => {
    const e = next(next(next(next(next(dropped({ stabiliseAt: 'end', passOverDown: false }))))));
    // Without passing over, Ann's own turn comes round; her test is asked as it ends, on round 3's Orc.
    expect(nameOf(e, e.state.activeId)).toBe('Ann');
    expect(e.state.round).toBe(2);
    const waiting = next(e);
    expect(prompt(waiting)?.kind).toBe('two-dice/stabilise');
    expect(nameOf(waiting, waiting.state.activeId)).toBe('Orc');
    const orc = idOf(waiting, 'Orc');
    expect(refuse(waiting, { type: 'two-dice/attack', attackerId: orc, targetId: idOf(waiting, 'Bo') }).code).toBe('two-dice/stabilise-first');
    expect(refuse(waiting, { type: 'two-dice/test', combatantId: orc, test: 'evade' }).code).toBe('two-dice/stabilise-first');
    expect(refuse(waiting, { type: 'two-dice/advance', combatantId: orc, distance: 10 }).code).toBe('two-dice/stabilise-first');
  });
});
