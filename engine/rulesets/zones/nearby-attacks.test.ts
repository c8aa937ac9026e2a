import { describe, expect, it } from 'vitest';
import type { Command, Encounter } from '../../index';
import { logEntries } from '../../log/entries';
import { playerLog } from '../../log/player-log';
import type { AttackIntent, AttackSituation } from './attack';
import type { GearInput } from './gear';
import { attackCheck, intentCheck } from './attack-check';
import { fullSituation } from './declare-attack';
import { addZ, ENEMIES, gearNamed, HEROES, idOf, newZonesEncounter, refuse, run, step } from '../../test-support';

// Issue 15, items 2 and 3. The rule text: "Disarm. A nearby target must pass a STR save or drop a
// weapon chosen by the attacker." "Grapple. A nearby target must pass a STR save or be grabbed by
// the attacker." "If the target is nearby and incapacitated, the attacker may choose to deliver a
// final blow and kill them." "Barriers completely block attacks." The GM may rule a target
// nearby: a deliberate second step, logged as the GM's ruling.

const ZONES = [
  { id: 'yard', name: 'Yard', neighbours: ['hall'] },
  { id: 'hall', name: 'Hall', neighbours: ['yard'] },
];
const BOW: GearInput = { name: 'Bow', kind: 'weapon', reach: 'ranged', range: 4, damage: 'd6' };
const AXE: GearInput = { name: 'Axe', kind: 'weapon', damage: 'd6' };

/** Ann with a bow, and a bandit beside her in the yard; Bandit 2 in the hall (`map` false: no map at all). It is Ann's turn. */
function yard(map = true): Encounter {
  const enc = run(
    newZonesEncounter(3),
    ...(map ? [{ type: 'set-zones', zones: ZONES } as Command] : []),
    addZ('Ann', { zoneId: map ? 'yard' : undefined, gear: [BOW] }),
    addZ('Bandit', { factionId: ENEMIES, zoneId: map ? 'yard' : undefined, gear: [AXE] }),
    addZ('Bandit 2', { factionId: ENEMIES, zoneId: map ? 'hall' : undefined, gear: [AXE] }),
    { type: 'start-combat', initiativeFactionId: HEROES },
  );
  return run(enc, { type: 'take-turn', combatantId: idOf(enc, 'Ann') });
}

function shot(enc: Encounter, at: string, intent: AttackIntent, more: { gmRuling?: boolean; situation?: Partial<AttackSituation> } = {}): Command {
  return {
    type: 'zones/declare-attack',
    attackerId: idOf(enc, 'Ann'),
    weaponId: gearNamed(enc, 'Ann', 'Bow').id,
    targetIds: [idOf(enc, at)],
    intent,
    ...more,
  } as Command;
}

/** The named bandit brought down to 0 health (by the GM). */
const downed = (enc: Encounter, who: string) => run(enc, { type: 'damage', combatantId: idOf(enc, who), amount: 10 });

describe('Zones & Factions: what needs a nearby target', () => {
  it('refuses a disarm, a grapple or a final blow at someone in another zone, and says the GM may rule otherwise', () => {
    const enc = yard();
    expect(refuse(enc, shot(enc, 'Bandit 2', 'disarm'))).toMatchObject({
      code: 'attack/not-nearby',
      overridable: true,
      message: "A disarm needs a nearby target: Bandit 2 is not in Ann's zone. As GM you may rule otherwise.",
    });
    expect(refuse(enc, shot(enc, 'Bandit 2', 'grapple'))).toMatchObject({ code: 'attack/not-nearby', message: expect.stringMatching(/^A grapple needs a nearby target/) });
    const down = downed(enc, 'Bandit 2');
    expect(refuse(down, shot(down, 'Bandit 2', 'final-blow'))).toMatchObject({ code: 'attack/not-nearby', message: expect.stringMatching(/^A final blow needs a nearby target/) });
  });

  it('lets them at a nearby target, and a plain shot at one further off', () => {
    const enc = yard();
    expect(step(enc, shot(enc, 'Bandit', 'disarm')).events[0]).toEqual(expect.not.objectContaining({ ruling: true }));
    expect(step(enc, shot(enc, 'Bandit 2', 'damage')).events[0]?.type).toBe('zones/attack-declared');
    const down = downed(enc, 'Bandit');
    expect(step(down, shot(down, 'Bandit', 'final-blow')).events.some((e) => e.type === 'zones/attack-resolved')).toBe(true);
  });

  it('takes one the GM rules possible, and the log says so to the GM only', () => {
    const enc = yard();
    const ruled = step(enc, shot(enc, 'Bandit 2', 'grapple', { gmRuling: true }));
    expect(ruled.events[0]).toEqual(expect.objectContaining({ type: 'zones/attack-declared', ruling: true }));
    const told = logEntries(ruled.encounter).filter((e) => e.kind === 'attack').map((e) => e.text);
    expect(told[0]).toMatch(/^Ann \(by the GM's ruling\) attacks Bandit 2/);
    const players = playerLog(ruled.encounter).map((e) => e.text);
    // The players know the bandit by the name the GM lets them see.
    expect(players).toContain('Ann attacks Enemies 2.');
    expect(players.some((text) => text.includes('ruling'))).toBe(false);
  });

  it('leaves it to the GM where the map can\'t tell (no zones)', () => {
    const enc = yard(false);
    expect(step(enc, shot(enc, 'Bandit 2', 'disarm')).events[0]?.type).toBe('zones/attack-declared');
  });

  it('tells the attack form the same: a final blow needs no roll, but no blow goes through a barrier', () => {
    const bow = { reach: 'ranged' as const, blast: false };
    const open = fullSituation(undefined, false);
    expect(intentCheck('final-blow', bow, open)).toEqual({ kind: 'auto', reason: 'A final blow needs no roll.' });
    expect(intentCheck('final-blow', bow, { ...open, barrier: true })).toEqual({ kind: 'impossible', reason: 'A barrier blocks the attack completely.' });
    expect(intentCheck('damage', bow, open)).toEqual(attackCheck('ranged', false, open));
  });

  it('stops a final blow behind a barrier, as every attack', () => {
    // "Barriers completely block attacks": where the map can't tell (no zones), the GM says there is
    // one, and the refusal is the barrier's, which the GM may overrule (issue 39).
    const down = downed(yard(false), 'Bandit');
    expect(refuse(down, shot(down, 'Bandit', 'final-blow', { situation: { barrier: true } }))).toMatchObject({
      code: 'attack/barrier',
      overridable: true,
      message: expect.stringMatching(/^A barrier blocks the attack completely: /),
    });
  });
});
