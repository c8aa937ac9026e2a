import { describe, expect, it } from 'vitest';
import type { Command, Encounter } from '../../index';
import { logEntries } from '../../log/entries';
import { playerLog } from '../../log/player-log';
import type { GearInput } from './gear';
import { zonesFight } from './index';
import { borderId, type ZoneMap } from '../../core/maps/zone-map';
import { addZ, ENEMIES, eventsOfType, gearNamed, healthOf, idOf, mapZone, newZonesEncounter, rectPoints, refuse, run, step, stepWithDice } from '../../test-support';

// Issue 15, item 4. The rule text: "Counter. Perform a suitable attack against the attacker." A
// counter is checked like any attack the counterer could make at the attacker: "Melee attacks.
// Target a nearby character."; ranged ones "a visible character within the indicated range", with
// a WIT save "beyond half range"; indirect ones "only target beyond half range". The GM may rule
// a counter the text forbids, which the log records.

/** Three zones in a row: the yard, the hall, and a loft hidden from view beyond it. */
const HOUSE: ZoneMap = {
  width: 300,
  height: 100,
  background: null,
  zones: [mapZone('yard', rectPoints(0, 0, 100), { name: 'Yard' }), mapZone('hall', rectPoints(100, 0, 100), { name: 'Hall' }), mapZone('loft', rectPoints(200, 0, 100), { name: 'Loft', hidden: true })],
  links: [],
  barriers: [],
  grid: 10,
};
const SWORD: GearInput = { name: 'Sword', kind: 'weapon', damage: 'd8' };
const BOW: GearInput = { name: 'Bow', kind: 'weapon', reach: 'ranged', range: 4, damage: 'd6' };
/** Reaches one zone: the hall is beyond half of it. */
const SLING: GearInput = { name: 'Sling', kind: 'weapon', reach: 'ranged', range: 1, damage: 'd4' };
const MORTAR: GearInput = { name: 'Mortar', kind: 'weapon', reach: 'indirect', range: 6, damage: 'd8' };

/** Ann (WIT 10) in the yard with a sword, a bow, a sling and a mortar; the archer shoots her from `from`. */
function shotAt(from: 'hall' | 'loft' | 'yard' = 'hall'): Encounter {
  let enc = run(
    newZonesEncounter(6),
    { type: 'set-map', mapId: 'house', name: 'House', map: HOUSE },
    addZ('Ann', { zoneId: 'yard', wit: 10, gear: [SWORD, BOW, SLING, MORTAR] }),
    addZ('Archer', { factionId: ENEMIES, zoneId: from, gear: [{ ...BOW, range: 6 }] }),
    { type: 'start-combat', initiativeFactionId: ENEMIES },
  );
  enc = run(enc, { type: 'take-turn', combatantId: idOf(enc, 'Archer') });
  return run(enc, { type: 'zones/declare-attack', attackerId: idOf(enc, 'Archer'), weaponId: gearNamed(enc, 'Archer', 'Bow').id, targetIds: [idOf(enc, 'Ann')] });
}

function counter(enc: Encounter, weapon: string | null, gmRuling = false): Command {
  const ann = idOf(enc, 'Ann');
  const weaponId = weapon === null ? null : gearNamed(enc, 'Ann', weapon).id;
  return { type: 'zones/react-to-attack', reactorId: ann, targetId: ann, reaction: { kind: 'counter', weaponId }, ...(gmRuling ? { gmRuling: true } : {}) } as Command;
}

const chosen = (events: ReturnType<typeof step>['events']) => eventsOfType(events, 'zones/reaction-chosen')[0];

describe('Zones & Factions: a counter is an attack the counterer could make', () => {
  it('refuses a melee or bare-handed counter at an archer in another zone, and says the GM may rule otherwise', () => {
    const enc = shotAt('hall');
    const refusal = {
      code: 'react/out-of-range',
      overridable: true,
      message: "Out of range: a melee attack reaches only a nearby target, and Archer is not in Ann's zone. A counter is an attack at the attacker; as GM you may rule otherwise.",
    };
    expect(refuse(enc, counter(enc, 'Sword'))).toMatchObject(refusal);
    expect(refuse(enc, counter(enc, null))).toMatchObject(refusal);
    // Refused: the attack still waits for Ann.
    expect(zonesFight(refuse(enc, counter(enc, 'Sword')).encounter.state).pendingAttack?.awaiting).toEqual([idOf(enc, 'Ann')]);
  });

  it('takes a counter with a weapon that reaches, and a melee one at an attacker beside her', () => {
    const enc = shotAt('hall');
    // Within half the bow's range: no save; both blows land.
    const shot = stepWithDice(enc, [3, 2], counter(enc, 'Bow'));
    expect(chosen(shot.events)).toMatchObject({ save: null });
    expect(chosen(shot.events)).not.toHaveProperty('ruling');
    expect(eventsOfType(shot.events, 'zones/attack-resolved')[0]?.blows.map((b) => [b.attackerId, b.damage])).toEqual([
      [idOf(enc, 'Ann'), 3],
      [idOf(enc, 'Archer'), 2],
    ]);
    const close = shotAt('yard');
    expect(chosen(stepWithDice(close, [4, 4], counter(close, 'Sword')).events)).toMatchObject({ save: null });
  });

  it('asks the WIT save to hit beyond half range: a miss deals nothing, and the attack still lands', () => {
    const enc = shotAt('hall');
    const missed = stepWithDice(enc, [15, 5], counter(enc, 'Sling'));
    expect(chosen(missed.events)).toMatchObject({ save: { score: 10, passed: false } });
    expect(eventsOfType(missed.events, 'zones/attack-resolved')[0]?.blows.map((b) => b.attackerId)).toEqual([idOf(enc, 'Archer')]);
    expect(healthOf(missed.encounter, 'Archer')).toBe(10);
    expect(healthOf(missed.encounter, 'Ann')).toBe(5);
    expect(gearNamed(missed.encounter, 'Ann', 'Sling').used).toBe(true);
    const told = logEntries(missed.encounter).map((e) => e.text);
    expect(told).toContain('Ann counters and misses.');

    const hit = stepWithDice(enc, [4, 3, 2], counter(enc, 'Sling'));
    expect(chosen(hit.events)).toMatchObject({ save: { passed: true } });
    expect(healthOf(hit.encounter, 'Archer')).toBe(7);
  });

  it('refuses a ranged counter at an attacker out of sight, or an indirect one within half range', () => {
    const hidden = shotAt('loft');
    expect(refuse(hidden, counter(hidden, 'Bow'))).toMatchObject({
      code: 'react/impossible',
      overridable: true,
      message: 'Not possible: a ranged attack needs a visible target. A counter is an attack at the attacker; as GM you may rule otherwise.',
    });
    const enc = shotAt('hall');
    expect(refuse(enc, counter(enc, 'Mortar'))).toMatchObject({ code: 'react/impossible', message: expect.stringMatching(/^Not possible: indirect fire only reaches targets beyond half range/) });
  });

  it('takes one the GM rules, with the WIT save where the text would have ruled it out, and the log says so to the GM only', () => {
    const enc = shotAt('hall');
    const ruled = stepWithDice(enc, [4, 3], counter(enc, 'Sword', true));
    expect(chosen(ruled.events)).toMatchObject({ ruling: true, save: null });
    expect(logEntries(ruled.encounter).map((e) => e.text)).toContain("Ann (by the GM's ruling) counters.");
    expect(playerLog(ruled.encounter).some((e) => e.text.includes('ruling'))).toBe(false);

    const hidden = shotAt('loft');
    const tried = stepWithDice(hidden, [12, 5], counter(hidden, 'Bow', true));
    expect(chosen(tried.events)).toMatchObject({ ruling: true, save: { passed: false } });
  });

  it('checks a blast weapon\'s reach at the attacker too, and stops a counter at an attacker behind a barrier who wasn\'t peeking', () => {
    let enc = run(
      newZonesEncounter(6),
      { type: 'set-map', mapId: 'house', name: 'House', map: HOUSE },
      addZ('Ann', { zoneId: 'yard', gear: [{ name: 'Whirl', kind: 'weapon', damage: 'd6', blast: true }, { name: 'Pot', kind: 'weapon', reach: 'ranged', range: 1, damage: 'd6', blast: true }] }),
      addZ('Archer', { factionId: ENEMIES, zoneId: 'loft', gear: [{ ...BOW, range: 6 }] }),
      { type: 'start-combat', initiativeFactionId: ENEMIES },
    );
    enc = run(enc, { type: 'take-turn', combatantId: idOf(enc, 'Archer') });
    enc = run(enc, { type: 'zones/declare-attack', attackerId: idOf(enc, 'Archer'), weaponId: gearNamed(enc, 'Archer', 'Bow').id, targetIds: [idOf(enc, 'Ann')] });
    expect(refuse(enc, counter(enc, 'Whirl')).code).toBe('react/out-of-range');
    expect(refuse(enc, counter(enc, 'Pot')).code).toBe('react/out-of-range');

    // Across a barrier: "Barriers completely block attacks", unless the attacker "peaks behind cover to attack".
    const walled: ZoneMap = { ...HOUSE, barriers: [borderId('hall', 'yard')] };
    // Issue 39: peeking out is read from the map (the Archer stands on the barrier's border); an
    // attack through the barrier without peeking is only made by the GM's ruling.
    const shot = (peeking: boolean) => {
      let e = run(
        newZonesEncounter(6),
        { type: 'set-map', mapId: 'house', name: 'House', map: walled },
        addZ('Ann', { zoneId: 'yard', gear: [BOW] }),
        addZ('Archer', { factionId: ENEMIES, zoneId: 'hall', gear: [BOW] }),
      );
      if (peeking) e = run(e, { type: 'set-zone', combatantId: idOf(e, 'Archer'), zoneId: 'hall', borderId: borderId('hall', 'yard') });
      e = run(e, { type: 'start-combat', initiativeFactionId: ENEMIES });
      e = run(e, { type: 'take-turn', combatantId: idOf(e, 'Archer') });
      return run(e, { type: 'zones/declare-attack', attackerId: idOf(e, 'Archer'), weaponId: gearNamed(e, 'Archer', 'Bow').id, targetIds: [idOf(e, 'Ann')], ...(peeking ? {} : { gmRuling: true }) });
    };
    expect(refuse(shot(false), counter(shot(false), 'Bow'))).toMatchObject({ code: 'react/barrier', message: expect.stringMatching(/^A barrier blocks the attack completely\./) });
    expect(chosen(step(shot(true), counter(shot(true), 'Bow')).events)).toMatchObject({ reaction: { kind: 'counter' } });
  });
});
