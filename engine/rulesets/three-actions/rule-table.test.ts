import { describe, expect, it } from 'vitest';
import type { Encounter } from '../../encounter/encounter';
import { projectPlayerView } from '../../index';
import { sideLeftStanding } from '../../core/health';
import { findRuleset } from '../../core/registry';
import { combatantNamed, ENEMIES, HEROES, idOf, refuse, run } from '../../test-support';
import { addTA, newThreeActions, turnOf } from './testing';

// Rules of the text the README's rule table found without a test of their own, each shown through
// `dispatch`.

/** Ada (the players) against an orc; Ada's turn first. */
function duel(): Encounter {
  return run(newThreeActions(), addTA('Ada'), addTA('Orc', { factionId: ENEMIES }), { type: 'start-combat', initiativeFactionId: HEROES });
}

const use = (e: Encounter, name: string, actionId: string) => ({ type: 'use-action' as const, combatantId: idOf(e, name), actionId });
const conditions = (e: Encounter, who: string) => combatantNamed(e, who).conditions.map((k) => k.name);
const elapsed = (e: Encounter) => {
  const v = projectPlayerView(e.state);
  return v.status === 'waiting' ? null : v.elapsed;
};

describe('Three Actions: what the rule table found untested', () => {
  // "Each round represents about six seconds, meaning there are about ten rounds in one minute."
  it('counts six seconds a round: round 2 begins at 0:06, round 11 a minute in', () => {
    let e = duel();
    expect(elapsed(e)).toBe('0:00');
    e = turnOf(turnOf(e, 'Ada'), 'Orc');
    expect(e.state.round).toBe(2);
    expect(elapsed(e)).toBe('0:06');
    for (let round = 2; round < 11; round++) e = turnOf(turnOf(e, 'Ada'), 'Orc');
    expect(e.state.round).toBe(11);
    expect(elapsed(e)).toBe('1:00');
  });

  // "Teams and their members will take turns performing actions until one team remains …"
  it('names the one team still standing once every foe is unconscious or dead', () => {
    const ruleset = findRuleset('three-actions');
    let e = run(newThreeActions(), addTA('Ada'), addTA('Orc', { factionId: ENEMIES, quantity: 2 }), { type: 'start-combat', initiativeFactionId: HEROES });
    expect(sideLeftStanding(e.state, ruleset)).toBeNull();
    // One orc knocked to 0 health (unconscious): the other still fights.
    e = run(e, { type: 'damage', combatantId: idOf(e, 'Orc 1'), amount: 24 });
    expect(sideLeftStanding(e.state, ruleset)).toBeNull();
    e = run(e, { type: 'set-mark', combatantId: idOf(e, 'Orc 2'), mark: 'dead', on: true });
    expect(sideLeftStanding(e.state, ruleset)).toBe(HEROES);
  });

  // "Wait | End your turn but gain an extra reaction until next turn"
  it('ends the turn with Wait as with Guard: nothing more may be taken', () => {
    const e = run(duel(), { type: 'take-turn', combatantId: idOf(duel(), 'Ada') });
    const waited = run(e, use(e, 'Ada', 'wait'));
    expect(refuse(waited, use(e, 'Ada', 'interact'))).toMatchObject({ code: 'action/turn-ended', message: 'Ada took wait, which ends the turn; end it.' });
  });

  // "Seek Cover | … until next turn"; "Wait | … an extra reaction until next turn"
  it('lifts cover and the extra reaction at the start of the next turn', () => {
    let e = run(duel(), { type: 'take-turn', combatantId: idOf(duel(), 'Ada') });
    e = run(e, use(e, 'Ada', 'seek-cover'), use(e, 'Ada', 'wait'));
    expect(conditions(e, 'Ada')).toEqual(['Behind cover', 'Waiting']);
    // Through the orc's turn both stand.
    e = run(e, { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(e, 'Orc') });
    expect(conditions(e, 'Ada')).toEqual(['Behind cover', 'Waiting']);
    // Ada's next turn: both gone, and one reaction again, not two.
    e = run(e, { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(e, 'Ada') });
    expect(conditions(e, 'Ada')).toEqual([]);
    e = run(e, use(e, 'Ada', 'dodge'));
    expect(refuse(e, use(e, 'Ada', 'dodge')).code).toBe('action/spent');
  });
});
