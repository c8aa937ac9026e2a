import { describe, expect, it } from 'vitest';
import type { Command } from '../../core/commands';
import type { Encounter } from '../../encounter/encounter';
import { openPrompt } from '../../encounter/prompts';
import { drawnMap } from '../../testing/grids';
import { combatantNamed, ENEMIES, idOf, refuse, run, stepWithDice } from '../../test-support';
import { isUnder, PRONE } from './conditions';
import { addS, newSides, startWith, SWORD, takeTurn, weaponId } from './testing';
import type { SidesCommand } from './commands';

// "Many actions (like Run and Stand Up) allow any adjacent foes armed with a melee weapon to make a
// free Attack of Opportunity. To avoid this, either do not be in melee range or use the Disengage
// action first." Run: "When you leave a melee combatant's range (usually 5', though can be longer
// for … Long weapons), they get an Attack of Opportunity." Charge: "If you start your movement
// adjacent to an armed melee combatant, they get an Attack of Opportunity."

const SPEAR_10 = { ...SWORD, name: 'Long spear', reach: 10 };
const hp = (e: Encounter, name: string) => combatantNamed(e, name).tracks.hp?.value;
const answer = (e: Encounter, a: Record<string, unknown>): Command => ({ type: 'answer-prompt', promptId: openPrompt(e.state)?.id ?? '', answer: a }) as Command;

/** Ann at A1, an Orc with a sword beside her at B1, an unarmed Goblin at B2, a Pikeman with a 10-ft spear at D1; Ann's side acts. */
function yard(): Encounter {
  let e = run(
    newSides(),
    addS('Ann', { gear: [SWORD] }),
    addS('Orc', { factionId: ENEMIES, gear: [SWORD] }),
    addS('Goblin', { factionId: ENEMIES }),
    addS('Pikeman', { factionId: ENEMIES, gear: [SPEAR_10] }),
    { type: 'set-grid', mapId: 'yard', name: 'Yard', map: drawnMap(['..........', '..........', '..........', '..........']) },
  );
  e = run(
    e,
    { type: 'place-on-grid', combatantId: idOf(e, 'Ann'), x: 0, y: 0 },
    { type: 'place-on-grid', combatantId: idOf(e, 'Orc'), x: 1, y: 0 },
    { type: 'place-on-grid', combatantId: idOf(e, 'Goblin'), x: 1, y: 1 },
    { type: 'place-on-grid', combatantId: idOf(e, 'Pikeman'), x: 3, y: 0 },
  );
  return takeTurn(startWith(e, [8, 1]), 'Ann');
}

describe('attacks of opportunity', () => {
  it('lets the armed foe beside someone standing up strike first, not the unarmed one', () => {
    let e = yard();
    e = run(e, { type: 'use-action', combatantId: idOf(e, 'Ann'), actionId: 'prone' });
    expect(openPrompt(e.state)).toBeNull();
    e = run(e, { type: 'use-action', combatantId: idOf(e, 'Ann'), actionId: 'stand-up' });
    expect(isUnder(combatantNamed(e, 'Ann'), PRONE)).toBe(false);
    expect(openPrompt(e.state)?.message).toBe('Ann stands up: Orc may strike first (a free attack of opportunity).');
    expect(openPrompt(e.state)?.choices.map((c) => c.label)).toEqual(['Orc strikes Ann', 'Let it go']);
    // The Orc's free attack: 12 against AC 10 hits; Ann, her Main unspent, may still take total defence or snap back.
    e = stepWithDice(e, [12], answer(e, { strike: idOf(e, 'Orc') })).encounter;
    expect(openPrompt(e.state)?.choices.map((c) => c.label)).toEqual(['Let it land', 'Ann: total defence (+2 AC, no Shock)', 'Ann snap-attacks Orc with Sword (−4)']);
    // It lands (the d8 shows 3); then the question comes back, nobody left to strike.
    e = stepWithDice(e, [3], answer(e, { respond: 'land' })).encounter;
    expect(hp(e, 'Ann')).toBe(7);
    expect(openPrompt(e.state)?.choices.map((c) => c.label)).toEqual(['Ann goes on']);
    e = run(e, answer(e, { respond: 'none' }));
    expect(openPrompt(e.state)).toBeNull();
  });

  it('asks nothing of someone who disengaged first', () => {
    let e = yard();
    e = run(e, { type: 'use-action', combatantId: idOf(e, 'Ann'), actionId: 'disengage' });
    e = run(e, { type: 'use-action', combatantId: idOf(e, 'Ann'), actionId: 'run' });
    e = run(e, { type: 'walk', combatantId: idOf(e, 'Ann'), x: 0, y: 3 } as Command);
    expect(openPrompt(e.state)).toBeNull();
    expect(combatantNamed(e, 'Ann').square).toMatchObject({ x: 0, y: 3 });
  });

  it("holds a walk out of a foe's reach until the foe strikes or lets it go; a 10-ft reach counts", () => {
    let e = yard();
    e = run(e, { type: 'use-action', combatantId: idOf(e, 'Ann'), actionId: 'run' });
    // Ann runs from A1 to A4: out of the Orc's reach. The Pikeman's 10-ft spear never reached A1 (15 ft).
    e = run(e, { type: 'walk', combatantId: idOf(e, 'Ann'), x: 0, y: 3 } as Command);
    expect(combatantNamed(e, 'Ann').square).toMatchObject({ x: 0, y: 0 });
    expect(openPrompt(e.state)?.message).toBe('Ann moves out of reach: Orc may strike first (a free attack of opportunity).');
    e = run(e, answer(e, { respond: 'none' }));
    expect(combatantNamed(e, 'Ann').square).toMatchObject({ x: 0, y: 3 });
  });

  it('has a run that starts within a long weapon\'s reach provoke its wielder too', () => {
    let e = yard();
    e = run(e, { type: 'place-on-grid', combatantId: idOf(e, 'Pikeman'), x: 2, y: 0 }, { type: 'use-action', combatantId: idOf(e, 'Ann'), actionId: 'run' });
    e = run(e, { type: 'walk', combatantId: idOf(e, 'Ann'), x: 0, y: 3 } as Command);
    expect(openPrompt(e.state)?.choices.map((c) => c.label)).toEqual(['Orc strikes Ann', 'Pikeman strikes Ann', 'Nobody else strikes']);
    // The two drop her before she goes: she stays where she fell.
    e = stepWithDice(e, [20], answer(e, { strike: idOf(e, 'Orc') })).encounter;
    e = stepWithDice(e, [8], answer(e, { respond: 'land' })).encounter;
    e = stepWithDice(e, [20], answer(e, { strike: idOf(e, 'Pikeman') })).encounter;
    e = stepWithDice(e, [8], answer(e, { respond: 'land' })).encounter;
    expect(hp(e, 'Ann')).toBe(0);
    e = run(e, answer(e, { respond: 'none' }));
    expect(openPrompt(e.state)).toBeNull();
    expect(combatantNamed(e, 'Ann').square).toMatchObject({ x: 0, y: 0 });
  });

  it('lets foes beside a charger strike as the charge sets off, then runs it in a straight line and attacks', () => {
    let e = yard();
    e = run(e, { type: 'place-on-grid', combatantId: idOf(e, 'Pikeman'), x: 0, y: 3 });
    const charge = { type: 'sides/attack', attackerId: idOf(e, 'Ann'), targetId: idOf(e, 'Pikeman'), weaponId: weaponId(e, 'Ann', 'Sword'), way: 'charge', to: { x: 0, y: 2 }, dice: { attack: 10, damage: [4] } } satisfies SidesCommand;
    // A bending way is no charge.
    expect(refuse(e, { ...charge, to: { x: 1, y: 2 } } satisfies SidesCommand).message).toBe("A charge runs in a straight line; that square isn't in line with Ann (along a row, a column or a diagonal). Pick one that is, or move first.");
    e = run(e, charge);
    expect(openPrompt(e.state)?.message).toBe('Ann charges: Orc may strike first (a free attack of opportunity).');
    e = run(e, answer(e, { respond: 'none' }));
    // The run ends at A3, beside the Pikeman: 10 + 2 = 12 against AC 10, 4 damage. The Pikeman's answer waits (total defence).
    expect(combatantNamed(e, 'Ann').square).toMatchObject({ x: 0, y: 2 });
    e = run(e, answer(e, { respond: 'land' }));
    expect(hp(e, 'Pikeman')).toBe(6);
  });

  it('joins a swarm only within range of a weapon, unless the GM rules it', () => {
    const e = yard();
    const far = { type: 'sides/join-swarm', combatantId: idOf(e, 'Ann'), targetId: idOf(e, 'Pikeman') } satisfies SidesCommand;
    expect(refuse(e, far).message).toBe("Pikeman is out of reach and range of Ann's weapons: a swarm is joined within range.");
    expect(run(e, { ...far, gmRuling: true } as Command).events.at(-1)?.type).toBe('sides/swarm-joined');
    expect(run(e, { ...far, targetId: idOf(e, 'Orc') } as Command).events.at(-1)?.type).toBe('sides/swarm-joined');
  });
});
