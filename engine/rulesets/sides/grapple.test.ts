import { describe, expect, it } from 'vitest';
import type { Command } from '../../core/commands';
import type { Encounter } from '../../encounter/encounter';
import { logEntries } from '../../log/entries';
import { combatantNamed, ENEMIES, idOf, refuse, run, stepWithDice } from '../../test-support';
import { isUnder, PRONE } from './conditions';
import { fightOf } from './fight';
import { heldInGrapple } from './grapple';
import { addS, newSides, startWith, SWORD, takeTurn, weaponId } from './testing';
import type { SidesCommand } from './commands';

// "To grapple a foe, the attacker must first hit with an unarmed attack Attack Roll. In lieu of
// damage, make an opposed STR/Brawl check. … While grappling, neither attackers or defenders can
// move from their current location, nor can they fight with anything but unarmed attacks. At the
// end of each round in which a defender remains grappled, they suffer damage from each attacker
// as if hit with an unarmed attack from each foe grappling them."

const hp = (e: Encounter, name: string) => combatantNamed(e, name).tracks.hp?.value;
const grapple = (e: Encounter, who: string, target: string, dice: object): Command => ({ type: 'sides/grapple', attackerId: idOf(e, who), targetId: idOf(e, target), dice }) satisfies SidesCommand;

/** Ann (STR +1, Brawl 1) and Bo grapple an Orc (20 HP) in round 1; the party acts first. */
function grappled(): Encounter {
  let e = run(newSides(), addS('Ann', { str: 1, gear: [SWORD] }), addS('Bo'), addS('Orc', { factionId: ENEMIES, hp: 20, gear: [SWORD] }));
  e = run(e, { type: 'set-stat', combatantId: idOf(e, 'Ann'), stat: 'brawl', value: 1 });
  e = takeTurn(startWith(e, [8, 1]), 'Ann');
  // Unarmed: 12 + 1 (STR) + 1 (Brawl) = 14 hits AC 10; the check 2d6: 8 + 2 against 5 + 0.
  e = run(e, grapple(e, 'Ann', 'Orc', { attack: 12, attacker: [4, 4], defender: [2, 3] }), { type: 'end-turn' });
  e = takeTurn(e, 'Bo');
  return run(e, grapple(e, 'Bo', 'Orc', { attack: 15, attacker: [6, 6], defender: [1, 1] }), { type: 'end-turn' });
}

describe('grappling', () => {
  it('takes an unarmed hit and a won STR/Brawl check, and several may hold one target', () => {
    const e = grappled();
    expect(fightOf(e.state).grapples).toEqual([{ by: idOf(e, 'Ann'), target: idOf(e, 'Orc') }, { by: idOf(e, 'Bo'), target: idOf(e, 'Orc') }]);
    expect(logEntries(e).map((x) => x.text)).toContain('Ann gets hold of Orc (14 against AC 10) and grapples them (STR/Brawl 8 + 2 = 10 against 5).');
  });

  it('lets neither side move, nor fight with anything but bare hands', () => {
    let e = run(grappled(), { type: 'take-turn', combatantId: idOf(grappled(), 'Orc') });
    expect(heldInGrapple(e.state, combatantNamed(e, 'Orc'))).toBe('Orc is grappled by Ann: break free first (a Main action and a check).');
    expect(heldInGrapple(e.state, combatantNamed(e, 'Bo'))).toBe('Bo is grappling Orc: let go first, or drag them with a Main action.');
    expect(refuse(e, { type: 'sides/attack', attackerId: idOf(e, 'Orc'), targetId: idOf(e, 'Ann'), weaponId: weaponId(e, 'Orc', 'Sword') }).message).toBe('Orc is in a grapple: only unarmed attacks, until it ends.');
    e = run(e, { type: 'end-turn' });
    expect(e.state.round).toBe(2);
  });

  it('hurts the grappled at the end of each round, as an unarmed hit from each grappler', () => {
    let e = run(grappled(), { type: 'take-turn', combatantId: idOf(grappled(), 'Orc') });
    // Round 1 ends: Ann's 1d2 shows 2, + STR 1 + Brawl 1 = 4; Bo's shows 1.
    e = stepWithDice(e, [2, 1], { type: 'end-turn' }).encounter;
    expect(hp(e, 'Orc')).toBe(15);
    expect(logEntries(e).map((x) => x.text)).toContain("As the round ends, Ann's grip hurts Orc: 4 damage (16 hit points left).");
  });

  it('hurts with the better of STR and DEX, as an unarmed hit does', () => {
    // An unarmed hit "inflicts HP damage by rolling the weapon's damage die plus the weapon's
    // relevant Attribute Modifier" (bare hands take STR or DEX) "… add your Brawl".
    let e = run(newSides(), addS('Ann', { dex: 2 }), addS('Orc', { factionId: ENEMIES, hp: 20 }));
    e = takeTurn(startWith(e, [8, 1]), 'Ann');
    // 12 + 2 (DEX) hits AC 10; the check 8 against 5.
    e = run(e, grapple(e, 'Ann', 'Orc', { attack: 12, attacker: [4, 4], defender: [2, 3] }), { type: 'end-turn' });
    e = takeTurn(e, 'Orc');
    // Round 1 ends: the 1d2 shows 2, + DEX 2 = 4.
    e = stepWithDice(e, [2], { type: 'end-turn' }).encounter;
    expect(hp(e, 'Orc')).toBe(16);
  });

  it('lets the grappled break free of those their one roll beats, with a Main action', () => {
    let e = run(grappled(), { type: 'take-turn', combatantId: idOf(grappled(), 'Orc') });
    // The Orc's one roll, 9, against each grappler's 8: Ann's + 2 = 10 holds on; Bo's 8 doesn't.
    e = run(e, { type: 'sides/break-free', combatantId: idOf(e, 'Orc'), dice: { attacker: [4, 5], defender: [4, 4] } } satisfies SidesCommand);
    expect(fightOf(e.state).grapples.map((g) => g.by)).toEqual([idOf(e, 'Ann')]);
    expect(logEntries(e).at(-1)?.text).toBe('Orc breaks free of Bo (Ann: 9 against 8 + 2 = 10; Bo: 9 against 8).');
  });

  it('throws the grappled 5 ft prone and lets go, on a won check', () => {
    let e = grappled();
    // Round 2 needs the Orc's turn and the round's end first.
    e = stepWithDice(run(e, { type: 'take-turn', combatantId: idOf(e, 'Orc') }), [1, 1], { type: 'end-turn' }).encounter;
    e = takeTurn(e, 'Ann');
    e = run(e, { type: 'sides/drag', combatantId: idOf(e, 'Ann'), how: 'throw', dice: { attacker: [6, 6], defender: [1, 1] } } satisfies SidesCommand);
    expect(isUnder(combatantNamed(e, 'Orc'), PRONE)).toBe(true);
    expect(fightOf(e.state).grapples.map((g) => g.by)).toEqual([idOf(e, 'Bo')]);
  });
});
