import { describe, expect, it } from 'vitest';
import type { Command } from '../../core/commands';
import type { Encounter } from '../../encounter/encounter';
import { statOf } from '../../core/effects';
import { openPrompt } from '../../encounter/prompts';
import { combatantNamed, ENEMIES, idOf, refuse, run, stepWithDice } from '../../test-support';
import { fightOf } from './fight';
import { addS, firstEvent, lastEvent, newSides, startWith, SWORD, takeTurn, weaponId } from './testing';
import type { SidesCommand } from './commands';
import type { AttackCommand } from './attack';

// How long the lasting actions last, by the text's words. Total defence: "Your AC increases by 2
// and you become immune to Shock until the start of your next turn." Screen an ally: "until the
// start of your next turn". Charge: "a -2 penalty to your AC until the end of the round".

const ac = (e: Encounter, name: string) => statOf(combatantNamed(e, name), 'ac');
const attack = (e: Encounter, who: string, target: string, d20: number): AttackCommand =>
  ({ type: 'sides/attack', attackerId: idOf(e, who), targetId: idOf(e, target), weaponId: weaponId(e, who, 'Sword'), dice: { attack: d20, damage: [1] } }) satisfies SidesCommand;
const answer = (e: Encounter, respond: string): Command => ({ type: 'answer-prompt', promptId: openPrompt(e.state)?.id ?? '', answer: { respond } }) as Command;

describe('how long total defence, a screen and a charge last', () => {
  it("keeps total defence taken on one's own turn through the foes' turn, until one's next turn in the next round", () => {
    let e = run(newSides(), addS('Ann', { gear: [SWORD] }), addS('Orc', { factionId: ENEMIES, gear: [SWORD] }));
    e = takeTurn(startWith(e, [8, 1]), 'Ann');
    e = run(e, { type: 'use-action', combatantId: idOf(e, 'Ann'), actionId: 'total-defence' }, { type: 'end-turn' });
    e = takeTurn(e, 'Orc');
    expect(ac(e, 'Ann')).toBe(12);
    // 11 against AC 12 misses; the sword's Shock (2/AC 13) is stopped: Ann is immune to Shock.
    e = run(e, attack(e, 'Orc', 'Ann', 11), { type: 'end-turn' });
    expect(combatantNamed(e, 'Ann').tracks.hp?.value).toBe(10);
    e = takeTurn(e, 'Ann');
    expect([e.state.round, ac(e, 'Ann')]).toEqual([2, 10]);
  });

  it('refuses total defence once the Main action is spent this round', () => {
    // "You cannot take this action if you have already spent your Main Action for the round."
    let e = run(newSides(), addS('Ann', { gear: [SWORD] }), addS('Orc', { factionId: ENEMIES, gear: [SWORD] }));
    e = takeTurn(startWith(e, [8, 1]), 'Ann');
    e = run(e, attack(e, 'Ann', 'Orc', 1));
    if (openPrompt(e.state)) e = run(e, answer(e, 'land'));
    const refused = refuse(e, { type: 'use-action', combatantId: idOf(e, 'Ann'), actionId: 'total-defence' });
    expect([refused.code, refused.message]).toEqual(['action/spent', "Ann can't total defence now: no Main action left (the Move action left)."]);
  });

  it("ends total defence taken out of turn as the defender's own turn begins, in the same round", () => {
    // The Orcs' side acts first (the party's 1 + its best DEX modifier, 0, against 8); Ann answers the Orc's hit with total defence.
    let e = run(newSides(), addS('Ann', { gear: [SWORD] }), addS('Orc', { factionId: ENEMIES, gear: [SWORD] }));
    e = takeTurn(startWith(e, [1, 8]), 'Orc');
    e = run(e, attack(e, 'Orc', 'Ann', 11));
    e = run(e, answer(e, 'total-defence'), { type: 'end-turn' });
    expect(ac(e, 'Ann')).toBe(12);
    e = takeTurn(e, 'Ann');
    expect([e.state.round, ac(e, 'Ann')]).toEqual([1, 10]);
  });

  it('carries total defence and a screen made in the surprise round into round 1, until the maker\'s turn there begins', () => {
    // The Orcs surprise the party; in the surprise round the Orc takes total defence and Gob screens it.
    let e = run(newSides(), addS('Ann', { gear: [SWORD] }), addS('Orc', { factionId: ENEMIES, gear: [SWORD] }), addS('Gob', { factionId: ENEMIES, stab: 1, gear: [SWORD] }), { type: 'sides/set-surprise', factionIds: [ENEMIES] } satisfies SidesCommand, { type: 'start-combat' });
    e = run(takeTurn(e, 'Orc'), { type: 'use-action', combatantId: idOf(e, 'Orc'), actionId: 'total-defence' }, { type: 'end-turn' });
    e = run(takeTurn(e, 'Gob'), { type: 'sides/screen', screenerId: idOf(e, 'Gob'), wardId: idOf(e, 'Orc') } satisfies SidesCommand);
    // Initiative: the party 8, the Orcs 1; round 1 begins with Ann.
    e = stepWithDice(e, [8, 1], { type: 'end-turn' }).encounter;
    e = takeTurn(e, 'Ann');
    expect([e.state.round, ac(e, 'Orc')]).toEqual([1, 12]);
    expect(fightOf(e.state).screens.map((s) => s.screenerId)).toEqual([idOf(e, 'Gob')]);
    // Ann's attack on the Orc meets Gob's screen: 2d6 each, Ann 2 + 0 against Gob 6 + 1; Gob takes it.
    e = stepWithDice(e, [1, 1, 3, 3], attack(e, 'Ann', 'Orc', 1)).encounter;
    expect(firstEvent(e, 'sides/screened').takenBy).toBe(idOf(e, 'Gob'));
    if (openPrompt(e.state)) e = run(e, answer(e, 'land'));
    e = run(e, { type: 'end-turn' });
    // The Orc's turn ends its total defence; Gob's, the screen.
    e = takeTurn(e, 'Orc');
    expect(ac(e, 'Orc')).toBe(10);
    expect(fightOf(e.state).screens).toHaveLength(1);
    e = takeTurn(run(e, { type: 'end-turn' }), 'Gob');
    expect(fightOf(e.state).screens).toEqual([]);
  });

  it('keeps a charge made early in the round on the charger\'s AC through the foes\' turn, and ends it with the round', () => {
    let e = run(newSides(), addS('Ann', { gear: [SWORD] }), addS('Orc', { factionId: ENEMIES, gear: [SWORD] }));
    e = takeTurn(startWith(e, [8, 1]), 'Ann');
    e = run(e, { ...attack(e, 'Ann', 'Orc', 1), way: 'charge' } satisfies SidesCommand);
    if (openPrompt(e.state)) e = run(e, answer(e, 'land'));
    e = takeTurn(run(e, { type: 'end-turn' }), 'Orc');
    expect(ac(e, 'Ann')).toBe(8);
    // 8 against AC 8 hits, where it would miss AC 10.
    e = run(e, attack(e, 'Orc', 'Ann', 8));
    expect(lastEvent(e, 'sides/attacked').hit).toBe(true);
    if (openPrompt(e.state)) e = run(e, answer(e, 'land'));
    e = run(e, { type: 'end-turn' });
    expect([e.state.round, ac(e, 'Ann')]).toEqual([2, 10]);
  });
});
