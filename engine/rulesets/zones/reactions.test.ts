import { describe, expect, it } from 'vitest';
import type { Command, Encounter } from '../../index';
import { logEntries } from '../../log/entries';
import { playerLog } from '../../log/player-log';
import type { Reaction } from './attack';
import type { GearInput } from './gear';
import { addZ, combatantNamed, ENEMIES, eventsOfType, gearNamed, healthOf, HEROES, idOf, newZonesEncounter, refuse, run, step, stepWithDice } from '../../test-support';
import { hideBehindChoices, zonesFight, zonesPerson } from './index';

// Issue 39: the rule text's answers to an attack that the engine decides from the fight.

const SWORD: GearInput = { name: 'Sword', kind: 'weapon', damage: 'd8' };

/** Ann and her friend Bo against Bandit 1 and Bandit 2, all in the yard. It is Ann's turn. */
function yard(): Encounter {
  const enc = run(
    newZonesEncounter(6),
    { type: 'set-zones', zones: [{ id: 'yard', name: 'Yard', neighbours: [] }] },
    addZ('Ann', { zoneId: 'yard', gear: [SWORD] }),
    addZ('Bo', { zoneId: 'yard' }),
    addZ('Bandit', { factionId: ENEMIES, zoneId: 'yard', quantity: 2 }),
    { type: 'start-combat', initiativeFactionId: HEROES },
  );
  return run(enc, { type: 'take-turn', combatantId: idOf(enc, 'Ann') });
}

function attack(enc: Encounter, at: string[], more: Partial<Record<'intent' | 'stunt', string>> = {}): Command {
  return { type: 'zones/declare-attack', attackerId: idOf(enc, 'Ann'), weaponId: gearNamed(enc, 'Ann', 'Sword').id, targetIds: at.map((n) => idOf(enc, n)), ...more } as Command;
}

function reactTo(enc: Encounter, reactor: string, reaction: Reaction, target = reactor, gmRuling = false): Command {
  return { type: 'zones/react-to-attack', reactorId: idOf(enc, reactor), targetId: idOf(enc, target), reaction, ...(gmRuling ? { gmRuling: true } : {}) } as Command;
}

const behind = (enc: Encounter, helper: string): Reaction => ({ kind: 'hide-behind', helperId: idOf(enc, helper) });

describe('Zones & Factions: hiding behind someone who agrees', () => {
  it('refuses to hide a bandit behind one of the heroes, who would not agree, and the GM may rule it', () => {
    // "Choose a nearby character, who must agree with the action."
    const enc = run(yard(), attack(yard(), ['Bandit 1']));
    const refused = refuse(enc, reactTo(enc, 'Bandit 1', behind(enc, 'Bo')));
    expect(refused).toMatchObject({
      code: 'react/unwilling',
      overridable: true,
      message: "Bo is not on Bandit 1's side and won't agree to be hidden behind; only a friend, or someone Bandit 1 holds, can be. As GM you may rule otherwise.",
    });
    expect(refused.encounter).toBe(enc);
    // The GM rules that Bo goes along with it: Bo is the target now, and the log says whose word it was.
    const ruled = step(enc, reactTo(enc, 'Bandit 1', behind(enc, 'Bo'), 'Bandit 1', true));
    expect(eventsOfType(ruled.events, 'zones/reaction-chosen')[0]).toMatchObject({ ruling: true });
    expect(zonesFight(ruled.encounter.state).pendingAttack?.targets).toEqual([idOf(enc, 'Bo')]);
    expect(logEntries(ruled.encounter).map((e) => e.text)).toContain("Bandit 1 (by the GM's ruling) hides behind Bo.");
    expect(playerLog(ruled.encounter).map((e) => e.text).join('\n')).not.toMatch(/ruling/i);
  });

  it('hides a bandit behind the other bandit without a word from the GM', () => {
    const enc = run(yard(), attack(yard(), ['Bandit 1']));
    const hid = step(enc, reactTo(enc, 'Bandit 1', behind(enc, 'Bandit 2')));
    expect(eventsOfType(hid.events, 'zones/reaction-chosen')[0]?.ruling).toBeUndefined();
    expect(zonesFight(hid.encounter.state).pendingAttack?.targets).toEqual([idOf(enc, 'Bandit 2')]);
  });

  it('hides a grabber behind the one they hold, who has no say, keeps the hold, and the blow lands on the one held', () => {
    // "They can hide behind the grabbed character as a reaction to an attack. The grabbed
    // character has no option but become the new target of the attack."
    let enc = yard();
    enc = run(enc, { type: 'zones/set-grabbed', combatantId: idOf(enc, 'Bo'), grabbedBy: idOf(enc, 'Bandit 1') }, attack(enc, ['Bandit 1']));
    expect(hideBehindChoices(enc.state, combatantNamed(enc, 'Bandit 1')).map((c) => c.name)).toEqual(['Bo', 'Bandit 2']);
    const hid = step(enc, reactTo(enc, 'Bandit 1', behind(enc, 'Bo')));
    expect(eventsOfType(hid.events, 'zones/reaction-chosen')[0]?.ruling).toBeUndefined();
    expect(zonesFight(hid.encounter.state).pendingAttack?.targets).toEqual([idOf(enc, 'Bo')]);
    expect(zonesPerson(combatantNamed(hid.encounter, 'Bo')).grabbedBy).toBe(idOf(enc, 'Bandit 1'));
    const landed = stepWithDice(hid.encounter, [6], reactTo(hid.encounter, 'Bo', { kind: 'none' }));
    expect(healthOf(landed.encounter, 'Bo')).toBe(4);
    expect(healthOf(landed.encounter, 'Bandit 1')).toBe(10);
  });
});

describe('Zones & Factions: an accepted stunt', () => {
  it('is the target\'s whole answer: no dodge or counter after it', () => {
    // "It isn't possible to react if the effect is accepted."
    let enc = yard();
    enc = run(enc, attack(enc, ['Bandit 1', 'Bandit 2'], { intent: 'stunt', stunt: 'knocks their hats off' }));
    enc = run(enc, reactTo(enc, 'Bandit 1', { kind: 'accept-stunt' }));
    expect(zonesFight(enc.state).pendingAttack?.awaiting).toEqual([idOf(enc, 'Bandit 2')]);
    for (const reaction of [{ kind: 'dodge' }, { kind: 'counter', weaponId: null }, behind(enc, 'Bandit 2')] as Reaction[]) {
      expect(refuse(enc, reactTo(enc, 'Bandit 1', reaction))).toMatchObject({ code: 'react/not-awaiting', message: 'Bandit 1 is not waiting to react to this attack.' });
    }
    // The other target may still refuse it and dodge.
    const dodged = stepWithDice(enc, [3], reactTo(enc, 'Bandit 2', { kind: 'dodge' }));
    expect(eventsOfType(dodged.events, 'zones/attack-resolved')[0]?.blows.map((b) => b.effect)).toEqual(['accepted: knocks their hats off', 'dodged']);
  });
});
