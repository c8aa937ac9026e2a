import { describe, expect, it } from 'vitest';
import type { Command, Encounter } from '../../index';
import { logEntries } from '../../log/entries';
import { playerLog } from '../../log/player-log';
import type { AttackSituation } from './attack';
import type { GearInput } from './gear';
import { addZ, ENEMIES, eventsOfType, gearNamed, HEROES, idOf, newZonesEncounter, refuse, run, step, stepWithDice } from '../../test-support';

// Issue 15, item 1. The rule text: "Melee attacks. Target a nearby character." and ranged attacks
// need the target in range, with a WIT save "beyond half range". The engine reads both from the
// zones the fight holds; the GM overrules the map only by a ruling, which the log records.

const ZONES = [
  { id: 'yard', name: 'Yard', neighbours: ['hall'] },
  { id: 'hall', name: 'Hall', neighbours: ['cellar'] },
  { id: 'cellar', name: 'Cellar', neighbours: [] },
];
const SWORD: GearInput = { name: 'Sword', kind: 'weapon', damage: 'd8' };
/** Reaches two zones: the hall within half range, the cellar beyond it. */
const BOW: GearInput = { name: 'Bow', kind: 'weapon', reach: 'ranged', range: 2, damage: 'd6' };
/** Reaches one zone: the cellar is out of its range. */
const BOMB: GearInput = { name: 'Bomb', kind: 'weapon', reach: 'ranged', range: 1, damage: 'd6', blast: true };

/** Ann (WIT 10) in the yard, a bandit beside her, one in the hall and one in the cellar. It is Ann's turn. */
function house(): Encounter {
  const enc = run(
    newZonesEncounter(4),
    { type: 'set-zones', zones: ZONES },
    addZ('Ann', { zoneId: 'yard', wit: 10, gear: [SWORD, BOW, BOMB] }),
    addZ('Near', { factionId: ENEMIES, zoneId: 'yard' }),
    addZ('Hall', { factionId: ENEMIES, zoneId: 'hall' }),
    addZ('Cellar', { factionId: ENEMIES, zoneId: 'cellar' }),
    { type: 'start-combat', initiativeFactionId: HEROES },
  );
  return run(enc, { type: 'take-turn', combatantId: idOf(enc, 'Ann') });
}

type More = { gmRuling?: boolean; situation?: Partial<AttackSituation>; zoneId?: string };

function attack(enc: Encounter, weapon: string, at: string | null, more: More = {}): Command {
  return {
    type: 'zones/declare-attack',
    attackerId: idOf(enc, 'Ann'),
    weaponId: gearNamed(enc, 'Ann', weapon).id,
    ...(at ? { targetIds: [idOf(enc, at)] } : {}),
    ...more,
  } as Command;
}

const declared = (events: ReturnType<typeof step>['events']) => eventsOfType(events, 'zones/attack-declared')[0];

describe('Zones & Factions: reach read from the map', () => {
  it('refuses a melee attack at someone in another zone, whatever the caller says about range', () => {
    const enc = house();
    const far = { code: 'attack/out-of-range', overridable: true, message: "Out of range: a melee attack reaches only a nearby target, and Hall is not in Ann's zone. As GM you may rule otherwise." };
    expect(refuse(enc, attack(enc, 'Sword', 'Hall'))).toMatchObject(far);
    expect(refuse(enc, attack(enc, 'Sword', 'Hall', { situation: { outOfRange: false } }))).toMatchObject(far);
    expect(declared(step(enc, attack(enc, 'Sword', 'Near')).events)?.attack.situation).toMatchObject({ outOfRange: false, beyondHalfRange: false });
  });

  it('refuses a shot or a blast past the weapon\'s full range', () => {
    const enc = house();
    // The bow reaches the cellar, two zones off, at the end of its range.
    expect(declared(step(enc, attack(enc, 'Bow', 'Cellar')).events)?.attack.situation).toMatchObject({ outOfRange: false, beyondHalfRange: true });
    expect(refuse(enc, attack(enc, 'Bomb', null, { zoneId: 'cellar' }))).toMatchObject({
      code: 'attack/out-of-range',
      overridable: true,
      message: "Out of range: Cellar is beyond the full range of Ann's Bomb. As GM you may rule otherwise.",
    });
  });

  it('asks a WIT save beyond half range and none within it, as the map has it', () => {
    const enc = house();
    // The hall is within half the bow's range: no save, even if the caller says otherwise.
    expect(declared(step(enc, attack(enc, 'Bow', 'Hall', { situation: { beyondHalfRange: true } })).events)).toMatchObject({
      hitSave: null,
      attack: { situation: { beyondHalfRange: false } },
    });
    expect(declared(step(enc, attack(enc, 'Bow', 'Hall')).events)).not.toHaveProperty('ruling');
    // The cellar is beyond it: a save, even if the caller says it isn't.
    const missed = stepWithDice(enc, [15], attack(enc, 'Bow', 'Cellar', { situation: { beyondHalfRange: false } }));
    expect(declared(missed.events)).toMatchObject({ missed: true, hitSave: { score: 10, passed: false }, attack: { situation: { beyondHalfRange: true } } });
  });

  it('takes the GM\'s ruling past the map, and the log says so to the GM only', () => {
    const enc = house();
    const reached = step(enc, attack(enc, 'Sword', 'Hall', { gmRuling: true }));
    expect(declared(reached.events)).toMatchObject({ ruling: true, attack: { situation: { outOfRange: false } } });
    expect(logEntries(reached.encounter).filter((e) => e.kind === 'attack')[0]?.text).toMatch(/^Ann \(by the GM's ruling\) attacks Hall/);
    expect(playerLog(reached.encounter).some((e) => e.text.includes('ruling'))).toBe(false);

    // Ruled within half range: no save. Ruled with the map's half range: the save as the map asks.
    const close = step(enc, attack(enc, 'Bow', 'Cellar', { gmRuling: true, situation: { beyondHalfRange: false } }));
    expect(declared(close.events)).toMatchObject({ ruling: true, hitSave: null });
    const asMapped = stepWithDice(enc, [3], attack(enc, 'Bow', 'Cellar', { gmRuling: true }));
    expect(declared(asMapped.events)).toMatchObject({ hitSave: { passed: true } });
    expect(declared(asMapped.events)).not.toHaveProperty('ruling');

    // A blast the GM rules in range lands where it was aimed.
    const bombed = step(enc, attack(enc, 'Bomb', null, { zoneId: 'cellar', gmRuling: true, situation: { beyondHalfRange: false } }));
    expect(declared(bombed.events)).toMatchObject({ ruling: true, attack: { zoneId: 'cellar', targets: [idOf(enc, 'Cellar')] } });
  });

  it('leaves range to the GM where the map can\'t tell: a target standing in no zone', () => {
    let enc = house();
    enc = run(enc, { type: 'set-zone', combatantId: idOf(enc, 'Hall'), zoneId: null });
    expect(declared(step(enc, attack(enc, 'Sword', 'Hall')).events)).not.toHaveProperty('ruling');
    expect(refuse(enc, attack(enc, 'Bow', 'Hall', { situation: { outOfRange: true } }))).toMatchObject({ code: 'attack/impossible', message: expect.stringMatching(/^Out of range: /) });
    const saved = stepWithDice(enc, [3], attack(enc, 'Bow', 'Hall', { situation: { beyondHalfRange: true } }));
    expect(declared(saved.events)).toMatchObject({ hitSave: { passed: true } });
  });
});
