import { describe, expect, it } from 'vitest';
import type { Command } from '../../core/commands';
import type { Encounter } from '../../encounter/encounter';
import { ENEMIES, idOf, refuse, run } from '../../test-support';
import { fightOf } from './fight';
import { addS, newSides, startWith, SWORD, takeTurn } from './testing';
import type { SidesCommand } from './commands';
import type { Size } from './maneuver';

// "An attacker can grapple only one target at a time … If they lose, the defender breaks free.
// … Grappling or shoving significantly larger but still humanoid targets is done at a -2 penalty
// on all skill checks by the attacker. Doing so to creatures only barely plausible for such
// manhandling is done at a -4 skill check penalty."

const grapple = (e: Encounter, target: string, dice: object, more: Record<string, unknown> = {}): Command => ({ type: 'sides/grapple', attackerId: idOf(e, 'Ann'), targetId: idOf(e, target), dice, ...more }) satisfies SidesCommand;
const grappled = (e: Encounter) => fightOf(e.state).grapples.map((g) => [g.by, g.target]);

/** Ann (no STR or Brawl) against an Orc and a Gob, her turn. */
function brawl(): Encounter {
  const e = run(newSides(), addS('Ann', { gear: [SWORD] }), addS('Orc', { factionId: ENEMIES, hp: 20 }), addS('Gob', { factionId: ENEMIES }));
  return takeTurn(startWith(e, [8, 1]), 'Ann');
}

describe('grappling one at a time, and manhandling the larger', () => {
  it('holds one target at a time', () => {
    let e = brawl();
    e = run(e, grapple(e, 'Orc', { attack: 15, attacker: [4, 4], defender: [2, 2] }));
    expect(grappled(e)).toEqual([[idOf(e, 'Ann'), idOf(e, 'Orc')]]);
    // Round 2: a second target while holding the first is refused.
    e = run(e, { type: 'end-turn' });
    e = run(takeTurn(e, 'Orc'), { type: 'end-turn' });
    e = run(takeTurn(e, 'Gob'), { type: 'end-turn' });
    e = takeTurn(e, 'Ann');
    const refused = refuse(e, grapple(e, 'Gob', { attack: 15, attacker: [4, 4], defender: [2, 2] }));
    expect([refused.code, refused.message]).toEqual(['sides/grapple-one', 'Ann already grapples Orc: one target at a time.']);
  });

  it('lets the grappled go free when a drag is lost', () => {
    let e = brawl();
    e = run(e, grapple(e, 'Orc', { attack: 15, attacker: [4, 4], defender: [2, 2] }), { type: 'end-turn' });
    e = run(takeTurn(e, 'Orc'), { type: 'end-turn' });
    e = run(takeTurn(e, 'Gob'), { type: 'end-turn' });
    e = takeTurn(e, 'Ann');
    // 2 against 8: Ann loses, and the Orc breaks free.
    e = run(e, { type: 'sides/drag', combatantId: idOf(e, 'Ann'), how: 'move', dice: { attacker: [1, 1], defender: [4, 4] } } satisfies SidesCommand);
    expect(grappled(e)).toEqual([]);
  });

  it('takes 2 off the grappler\'s check against a much larger humanoid, 4 against one barely manhandled', () => {
    const e = brawl();
    // 7 against 6 wins at the same size; 7 − 2 = 5 loses against a larger one.
    expect(grappled(run(e, grapple(e, 'Orc', { attack: 15, attacker: [4, 3], defender: [3, 3] })))).toHaveLength(1);
    expect(grappled(run(e, grapple(e, 'Orc', { attack: 15, attacker: [4, 3], defender: [3, 3] }, { size: 'larger' })))).toEqual([]);
    // 10 against 7 wins against a larger one (10 − 2); 10 − 4 = 6 loses against a huge one.
    expect(grappled(run(e, grapple(e, 'Orc', { attack: 15, attacker: [5, 5], defender: [3, 4] }, { size: 'larger' })))).toHaveLength(1);
    expect(grappled(run(e, grapple(e, 'Orc', { attack: 15, attacker: [5, 5], defender: [3, 4] }, { size: 'huge' })))).toEqual([]);
    // A shove the same: 7 − 2 = 5 against 6 leaves the Orc standing.
    const shove = (size: Size) => ({ type: 'sides/shove', attackerId: idOf(e, 'Ann'), targetId: idOf(e, 'Orc'), outcome: 'prone', size, dice: { attack: 15, attacker: [4, 3], defender: [3, 3] } }) satisfies SidesCommand;
    const prone = (x: Encounter) => x.state.combatants.find((c) => c.name === 'Orc')?.conditions.some((k) => k.name === 'Prone');
    expect([prone(run(e, shove('same'))), prone(run(e, shove('larger')))]).toEqual([true, false]);
  });
});
