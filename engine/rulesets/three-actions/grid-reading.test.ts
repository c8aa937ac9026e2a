import { describe, expect, it } from 'vitest';
import type { Encounter } from '../../encounter/encounter';
import { drawnMap } from '../../testing/grids';
import { replay } from '../../encounter/encounter';
import { storedEventProblem } from '../../encounter/event-checks/index';
import type { EncounterEvent } from '../../core/events';
import { threeActions } from './index';
import { logEntries } from '../../log/entries';
import { ENEMIES, HEROES, idOf, refuse, run, stepWithDice } from '../../test-support';
import { planAttack, type AttackPlan } from './attack';
import { flankersOnGrid, nextTo } from './grid-reading';
import { personOf } from './person';
import { eventOf, firstEvent, isEvent, newThreeActions } from './testing';

// On a grid of 1 m squares: "Agnessa attacks an enemy with her shortbow who has two of her allies
// nearby them, one on each side. Because the enemy is surrounded, she gets advantage … as a
// flanking attack." And a stray shot lands on someone within 1 m of the target. Where the map
// can tell, the squares say both; the GM's word against them is a ruling; where it can't, the GM's.

const SHORTBOW = { name: 'Shortbow', kind: 'weapon', test: 'd6+d6', damage: 3, critDamage: 6, critOn: 20, damageType: 'physical', delivery: 'projectile' };

/**
 * Agnessa on A1 with a shortbow; Ann and Bo (her allies) and an orc on the squares given (Bo off the
 * map: null), on a 5 × 5 map of 1 m squares. Nobody has stamina to dodge or step in (a reaction
 * for 1 stamina each), so a hit lands with the shot.
 */
function yard(ann: [number, number], bo: [number, number] | null): Encounter {
  let e = run(
    newThreeActions(),
    { type: 'add-combatant', name: 'Agnessa', factionId: HEROES, tracks: { endurance: 12, health: 12, stamina: 0 }, rules: { gear: [SHORTBOW] } },
    { type: 'add-combatant', name: 'Ann', factionId: HEROES, tracks: { endurance: 12, health: 12, stamina: 0 } },
    { type: 'add-combatant', name: 'Bo', factionId: HEROES, tracks: { endurance: 12, health: 12, stamina: 0 } },
    { type: 'add-combatant', name: 'Orc', factionId: ENEMIES, stats: { evasion: 6, deflection: 0 }, tracks: { endurance: 12, health: 12, stamina: 0 } },
    { type: 'set-grid', mapId: 'yard', name: 'Yard', map: drawnMap(['.....', '.....', '.....', '.....', '.....'], { cellSize: 1, unit: 'm' }) },
  );
  for (const [name, at] of [['Agnessa', [0, 0]], ['Ann', ann], ['Bo', bo], ['Orc', [2, 2]]] as const) if (at) e = run(e, { type: 'place-on-grid', combatantId: idOf(e, name), x: at[0], y: at[1] });
  e = run(e, { type: 'start-combat', initiativeFactionId: HEROES });
  return run(e, { type: 'take-turn', combatantId: idOf(e, 'Agnessa') });
}

const orc = (e: Encounter) => e.state.combatants.find((c) => c.name === 'Orc')!;
const agnessa = (e: Encounter) => e.state.combatants.find((c) => c.name === 'Agnessa')!;
/** Agnessa's shot at the orc, with what the GM says. */
const shot = (e: Encounter, said: Record<string, unknown> = {}) => ({ type: 'three-actions/attack', attackerId: agnessa(e).id, targetId: idOf(e, 'Orc'), weaponId: personOf(agnessa(e)).gear[0]!.id, ...said }) as never;
const shoot = (e: Encounter, dice: number[], said: Record<string, unknown> = {}) => {
  const step = stepWithDice(e, dice, shot(e, said));
  return { event: firstEvent(step.events, 'three-actions/attacked'), line: logEntries(step.encounter).find((l) => l.text.startsWith("Agnessa's Shortbow"))?.text };
};
const plan = (e: Encounter, said: Record<string, unknown> = {}) => planAttack(e.state, { attackerId: agnessa(e).id, targetId: idOf(e, 'Orc'), weaponId: personOf(agnessa(e)).gear[0]!.id, ...said }) as AttackPlan;

describe('Three Actions on the grid', () => {
  it('reads a flank from two foes on opposite sides of the target, straight or across a corner', () => {
    expect(flankersOnGrid(yard([1, 2], [3, 2]).state, orc(yard([1, 2], [3, 2])))).toHaveLength(2);
    expect(flankersOnGrid(yard([1, 1], [3, 3]).state, orc(yard([1, 1], [3, 3])))).toHaveLength(2);
    expect(flankersOnGrid(yard([1, 2], [2, 1]).state, orc(yard([1, 2], [2, 1])))).toHaveLength(0);
    expect(flankersOnGrid(yard([0, 2], [3, 2]).state, orc(yard([0, 2], [3, 2])))).toHaveLength(0);
  });

  it('gives Agnessa\'s shot at the flanked orc advantage without being told, and says it was read from the map', () => {
    const e = yard([1, 2], [3, 2]);
    // The plan the form shows before rolling: flanked, by whom, from the map.
    expect(plan(e).surroundings).toMatchObject({ flank: true, flankFrom: 'map', map: { flank: true, flankers: [idOf(e, 'Ann'), idOf(e, 'Bo')] }, offMap: null });
    const { event, line } = shoot(e, [10, 1, 1, 5, 5]);
    expect(event.tests).toHaveLength(2);
    expect(event.result).toBe(10);
    expect(event).toMatchObject({ flank: true, flankFrom: 'map', near: [idOf(e, 'Ann'), idOf(e, 'Bo')], nearFrom: 'map' });
    expect(line).toBe("Agnessa's Shortbow hits Orc (10 against evasion 6; flanked, read from the map, luck 10): 13 damage, 13 taken (0 endurance, 11 health left).");
  });

  it('refuses the GM\'s word against the squares unless ruled, and logs the ruling', () => {
    const e = yard([1, 2], [3, 2]);
    // The squares show Ann and Bo on opposite sides: "not flanked" is the GM's ruling or nothing.
    expect(refuse(e, shot(e, { flank: false }))).toMatchObject({
      code: 'three-actions/map-shows',
      message: 'The map shows Orc flanked (Ann and Bo on opposite sides); move the tokens, or rule it otherwise.',
      overridable: true,
    });
    const { event, line } = shoot(e, [10, 1, 1], { flank: false, gmRuling: true });
    expect(event.tests).toHaveLength(1);
    expect(event).toMatchObject({ flank: false, flankFrom: 'ruling', nearFrom: 'map' });
    expect(line).toBe("Agnessa's Shortbow misses Orc (2 against evasion 6; not flanked by the GM's ruling against the map).");
    // Saying what the squares say is no ruling.
    expect(shoot(e, [10, 1, 1, 5, 5], { flank: true }).event.flankFrom).toBe('map');
    // Nor is who stands within 1 m the GM's to change without one.
    expect(refuse(e, shot(e, { nearTarget: [idOf(e, 'Ann')] })).message).toBe('The map shows Ann and Bo within 1 m of Orc; move the tokens, or rule it otherwise.');
  });

  it('tells an attack stored before it said where the flank came from as it was told then', () => {
    const e = yard([1, 2], [3, 2]);
    const step = stepWithDice(e, [10, 1, 1, 5, 5], shot(e));
    const older = step.encounter.events.map((x) => (isEvent(x, 'three-actions/attacked') ? (({ flank: _f, flankFrom: _ff, near: _n, nearFrom: _nf, ...rest }) => rest)(x) : x)) as typeof step.encounter.events;
    // Both shapes are taken as stored: the new fields checked, the old event without them.
    const attacked = eventOf(step.encounter.events, 'three-actions/attacked');
    expect(storedEventProblem(e.state, threeActions, attacked)).toBeNull();
    expect(storedEventProblem(e.state, threeActions, older.find((x) => x.type === 'three-actions/attacked') as EncounterEvent)).toBeNull();
    expect(storedEventProblem(e.state, threeActions, { ...attacked, flankFrom: 'dice' })).toMatch(/flankFrom/);
    const replayed = { ...step.encounter, events: older, state: replay(older) };
    expect(replayed.state.combatants).toEqual(step.encounter.state.combatants);
    expect(logEntries(replayed).find((l) => l.text.startsWith("Agnessa's Shortbow"))?.text).toBe("Agnessa's Shortbow hits Orc (10 against evasion 6, luck 10): 13 damage, 13 taken (0 endurance, 11 health left).");
  });

  it('leaves both to the GM where the map can\'t tell: no grid, or someone not on it', () => {
    // Bo isn't on the map: he might stand anywhere, so the squares can't say who flanks the orc.
    const e = yard([1, 2], null);
    expect(plan(e).surroundings).toMatchObject({ flank: false, flankFrom: 'gm', map: null, offMap: "Bo isn't on the map" });
    const { event, line } = shoot(e, [10, 1, 1, 5, 5], { flank: true, nearTarget: [idOf(e, 'Bo')] });
    expect(event).toMatchObject({ flank: true, flankFrom: 'gm', near: [idOf(e, 'Bo')], nearFrom: 'gm' });
    expect(line).toBe("Agnessa's Shortbow hits Orc (10 against evasion 6; flanked as the GM said, luck 10): 13 damage, 13 taken (0 endurance, 11 health left).");
    expect(shoot(e, [10, 1, 1]).event).toMatchObject({ flank: false, flankFrom: 'gm', tests: [expect.anything()] });
    const cleared = run(e, { type: 'clear-grid' });
    expect(plan(cleared).surroundings.offMap).toBe('no grid map is laid out');
  });

  it('lands a stray shot on luck 1 on the one placed within 1 m of the target, read from the squares', () => {
    const e = yard([1, 2], [4, 4]);
    expect(nextTo(e.state, orc(e), [])?.map((c) => c.name)).toEqual(['Ann']);
    const { event, line } = shoot(e, [1, 4, 4]);
    expect(event).toMatchObject({ targetId: idOf(e, 'Ann'), near: [idOf(e, 'Ann')], nearFrom: 'map' });
    expect(line).toBe("Agnessa's Shortbow, aimed at Orc, goes astray onto Ann (within 1 m on the map) hits Ann (8 against evasion 6, luck 1): 11 damage, 11 taken (1 endurance left).");
    // Nobody within 1 m: the shot flies on at the orc, and the log says why.
    const alone = yard([4, 0], [4, 4]);
    expect(shoot(alone, [1, 4, 4]).line).toBe("Agnessa's Shortbow hits Orc (8 against evasion 6; nobody within 1 m on the map to stray onto, luck 1): 11 damage, 11 taken (1 endurance left).");
  });
});
