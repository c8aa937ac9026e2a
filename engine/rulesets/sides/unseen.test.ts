import { describe, expect, it } from 'vitest';
import type { Command } from '../../core/commands';
import type { Encounter } from '../../encounter/encounter';
import { logEntries } from '../../log/entries';
import { drawnMap } from '../../testing/grids';
import { ENEMIES, idOf, refuse, run, stepWithDice } from '../../test-support';
import { addS, lastEvent, newSides, startWith, takeTurn, weaponId } from './testing';
import type { SidesCommand } from './commands';

// "You are shooting at a target you can't see but you know where they are. -4" and "You are
// shooting at a target you can't see and don't know their exact position. N/A".

const BOW = { name: 'Bow', kind: 'weapon', damage: '1d6', attribute: 'dex', skill: 'shoot', use: 'ranged-two', range: 50, longRange: 100 };

// x: 0 1 2 3 4 — a wall at x 2 from top to bottom: Ann at (0, 1) can't see the Orc at (4, 1).
function behindWall(fogged: boolean, who: 'Ann' | 'Orc' = 'Ann'): Encounter {
  let e = run(newSides(), addS('Ann', { gear: [BOW] }), addS('Orc', { factionId: ENEMIES, gear: [BOW] }), { type: 'set-grid', mapId: 'm', name: 'Map', map: drawnMap(['..#..', '..#..', '..#..']) });
  e = run(e, { type: 'place-on-grid', combatantId: idOf(e, 'Ann'), x: 0, y: 1 }, { type: 'place-on-grid', combatantId: idOf(e, 'Orc'), x: 4, y: 1 });
  // The Orc's side of the wall is hidden from the players: the party doesn't know where it stands.
  if (fogged) e = run(e, { type: 'set-fog', cells: [{ x: 3, y: 0 }, { x: 4, y: 0 }, { x: 3, y: 1 }, { x: 4, y: 1 }, { x: 3, y: 2 }, { x: 4, y: 2 }], hidden: true } as Command);
  // Ann's side first (8 to 1), or the Orc's.
  return takeTurn(startWith(e, who === 'Ann' ? [8, 1] : [1, 8]), who);
}

const shoot = (e: Encounter, who: string, target: string, more: object = {}): Command =>
  ({ type: 'sides/attack', attackerId: idOf(e, who), targetId: idOf(e, target), weaponId: weaponId(e, who, 'Bow'), dice: { attack: 15, damage: [3] }, ...more }) satisfies SidesCommand;
const attacked = (e: Encounter) => lastEvent(e, 'sides/attacked');

describe('an unseen target', () => {
  it('is refused when the attacker can\'t see it and the map hides its place from the party, unless the GM rules it', () => {
    const e = behindWall(true);
    const refused = refuse(e, shoot(e, 'Ann', 'Orc'));
    expect(refused.code).toBe('sides/unseen-unplaced');
    expect(refused.message).toBe("Ann can't see Orc and doesn't know where they are: no attack can be aimed at them. If Ann knows the place, say so (−4 for the unseen target), or rule it.");
    // The GM rules it anyway: the shot goes at −4, and the log notes the ruling.
    const ruled = stepWithDice(e, [], shoot(e, 'Ann', 'Orc', { gmRuling: true })).encounter;
    expect(attacked(ruled)).toMatchObject({ total: 11, hit: true, ruling: true, modifiers: [{ label: "Can't see the target, knows where it is", amount: -4 }] });
    // Joining a swarm on it asks only for range: the swarm's strike is what its unknown place refuses.
    const joined = run(e, { type: 'sides/join-swarm', combatantId: idOf(e, 'Ann'), targetId: idOf(e, 'Orc') } as Command);
    expect(joined.events.at(-1)?.type).toBe('sides/swarm-joined');
  });

  it('is shot at −4 where the attacker knows its place: shown on the players\' map, or said on the attack (the GM\'s ruling)', () => {
    // No fog: the party's map shows where the Orc stands, behind the wall.
    const shown = behindWall(false);
    const plain = stepWithDice(shown, [], shoot(shown, 'Ann', 'Orc')).encounter;
    expect(attacked(plain)).toMatchObject({ total: 11, modifiers: [{ label: "Can't see the target, knows where it is", amount: -4 }] });
    expect(attacked(plain).ruling).toBeUndefined();
    // In the fog, but the GM says Ann heard where it is: against the map's reading, so the log marks it the GM's ruling.
    const fogged = behindWall(true);
    const told = stepWithDice(fogged, [], shoot(fogged, 'Ann', 'Orc', { placeKnown: true })).encounter;
    expect(attacked(told)).toMatchObject({ total: 11, hit: true, ruling: true });
    expect(logEntries(told).map((x) => x.text).find((t) => t.startsWith('Ann attacks Orc'))).toContain("(the GM's ruling)");
  });

  it('reads a character concealed or hidden from the players until its turn as not placed by the party, and asks the GM for an NPC\'s knowledge', () => {
    let e = behindWall(false);
    e = run(e, { type: 'hide-until-turn', combatantId: idOf(e, 'Orc'), hidden: true });
    expect(refuse(e, shoot(e, 'Ann', 'Orc')).code).toBe('sides/unseen-unplaced');
    // A concealed token, the same.
    const open = behindWall(false);
    const concealed = run(open, { type: 'set-concealed', combatantId: idOf(open, 'Orc'), concealed: true });
    expect(refuse(concealed, shoot(concealed, 'Ann', 'Orc')).code).toBe('sides/unseen-unplaced');
    // The Orc shooting at Ann: the map can't tell what an NPC knows, so the place counts as known unless the GM says not.
    const orc = behindWall(true, 'Orc');
    expect(attacked(stepWithDice(orc, [], shoot(orc, 'Orc', 'Ann')).encounter)).toMatchObject({ total: 11, hit: true });
    const lost = refuse(orc, shoot(orc, 'Orc', 'Ann', { placeKnown: false }));
    expect(lost.code).toBe('sides/unseen-unplaced');
    expect(refuse(orc, shoot(orc, 'Orc', 'Ann', { placeKnown: 'yes' })).code).toBe('sides/place-known');
  });
});
