import { describe, expect, it } from 'vitest';
import { openPrompt, restoreEncounter, type Command, type Encounter, type EncounterEvent, BUILTIN_RULESETS } from '../../index';
import { logEntries } from '../../log/entries';
import type { Reaction } from './attack';
import { isZonesEvent, ruledReactionWhy, zonesFight } from './index';
import { addZ, combatantNamed, ENEMIES, eventsOfType, gearNamed, healthOf, HEROES, idOf, newZonesEncounter, refuse, run, step, stepWithDice } from '../../test-support';

// Issue 39, item E2. Two places the rule text says what "normally" happens, which a skill may
// change: "It isn't normally possible to react to an opportunity attack, since the target is
// already spending the turn to act, but some skills might give an opportunity to do so." and, of
// a guard, "Since they have spent their reaction to guard, they can't normally counter or dodge."
// The attack waits for such a target; the engine refuses their reaction with a sentence the GM
// may overrule (`gmRuling`), and otherwise they take the blow.

const ZONES = [
  { id: 'yard', name: 'Yard', neighbours: ['hall'] },
  { id: 'hall', name: 'Hall', neighbours: ['yard'] },
];
const SWORD = { name: 'Sword', kind: 'weapon' as const, damage: 'd8' };
const AXE = { name: 'Axe', kind: 'weapon' as const, damage: 'd6' };

/** Ann (a sword) and Bo beside Bandit 1 and Bandit 2 (axes) in the yard; it is Ann's turn. */
function yard(): Encounter {
  const enc = run(
    newZonesEncounter(4),
    { type: 'set-zones', zones: ZONES },
    addZ('Ann', { zoneId: 'yard', gear: [SWORD] }),
    addZ('Bo', { zoneId: 'yard' }),
    addZ('Bandit', { factionId: ENEMIES, zoneId: 'yard', quantity: 2, gear: [AXE] }),
    { type: 'start-combat', initiativeFactionId: HEROES },
  );
  return run(enc, { type: 'take-turn', combatantId: idOf(enc, 'Ann') });
}

/** Ann moves away to the hall, and Bandit 1 strikes at her as she goes. */
function struckLeaving(): Encounter {
  let enc = yard();
  enc = run(enc, { type: 'move', combatantId: idOf(enc, 'Ann'), zoneId: 'hall' });
  return run(enc, { type: 'zones/declare-attack', attackerId: idOf(enc, 'Bandit 1'), weaponId: gearNamed(enc, 'Bandit 1', 'Axe').id, targetIds: [idOf(enc, 'Ann')] });
}

/** Ann strikes Bandit 1, and Bandit 2 steps in to guard him. */
function guarded(): Encounter {
  let enc = yard();
  enc = run(enc, { type: 'zones/declare-attack', attackerId: idOf(enc, 'Ann'), weaponId: gearNamed(enc, 'Ann', 'Sword').id, targetIds: [idOf(enc, 'Bandit 1')] });
  return run(enc, react(enc, 'Bandit 2', { kind: 'guard', guardId: idOf(enc, 'Bandit 2') }, 'Bandit 1'));
}

function react(enc: Encounter, who: string, reaction: Reaction, target = who, gmRuling = false): Command {
  return { type: 'zones/react-to-attack', reactorId: idOf(enc, who), targetId: idOf(enc, target), reaction, ...(gmRuling ? { gmRuling: true } : {}) };
}

const gmLines = (enc: Encounter) => logEntries(enc).map((e) => e.text);

describe('Zones & Factions: reacting to an opportunity attack', () => {
  it('waits for the target, and refuses their reaction with a sentence the GM may overrule', () => {
    const enc = struckLeaving();
    expect(zonesFight(enc.state).pendingAttack).toMatchObject({ awaiting: [idOf(enc, 'Ann')], selfReact: [], noReaction: [{ targetId: idOf(enc, 'Ann'), reason: 'opportunity' }] });
    const sentence =
      "Ann is struck by an opportunity attack while already spending their turn to act, so normally can't dodge, counter or hide behind someone. A skill may allow it: as GM you may rule a reaction anyway.";
    for (const reaction of [{ kind: 'dodge' }, { kind: 'counter', weaponId: null }, { kind: 'hide-behind', helperId: idOf(enc, 'Bo') }] as Reaction[]) {
      expect(refuse(enc, react(enc, 'Ann', reaction)), reaction.kind).toMatchObject({ code: 'react/opportunity', overridable: true, message: sentence });
    }
    // The reaction panel shows the same sentence.
    expect(ruledReactionWhy(enc.state, combatantNamed(enc, 'Ann'))).toMatchObject({ code: 'react/opportunity', message: sentence });
  });

  it('lets the GM rule a dodge (an AGI save of 5 passes: no blow) or a counter (sword 5 against axe 3)', () => {
    const enc = struckLeaving();
    const dodged = stepWithDice(enc, [5], react(enc, 'Ann', { kind: 'dodge' }, 'Ann', true));
    expect(eventsOfType(dodged.events, 'zones/reaction-chosen')[0]).toMatchObject({ ruling: true, save: { passed: true } });
    expect(healthOf(dodged.encounter, 'Ann')).toBe(10);
    expect(gmLines(dodged.encounter)).toContain("Ann (by the GM's ruling) tries to dodge.");
    // The attack is over; her move still waits for the GM: "their turn resumes".
    expect(zonesFight(dodged.encounter.state).pendingAttack).toBeNull();
    expect(openPrompt(dodged.encounter.state, dodged.encounter.ruleset)?.kind).toBe('zones/leaving');

    const countered = stepWithDice(enc, [5, 3], react(enc, 'Ann', { kind: 'counter', weaponId: gearNamed(enc, 'Ann', 'Sword').id }, 'Ann', true));
    expect(eventsOfType(countered.events, 'zones/reaction-chosen')[0]).toMatchObject({ ruling: true });
    expect(healthOf(countered.encounter, 'Bandit 1')).toBe(5);
    expect(healthOf(countered.encounter, 'Ann')).toBe(7);
  });

  it('normally has the target take the blow (axe 4)', () => {
    const enc = struckLeaving();
    const taken = stepWithDice(enc, [4], react(enc, 'Ann', { kind: 'none' }));
    expect(eventsOfType(taken.events, 'zones/reaction-chosen')[0]).not.toHaveProperty('ruling');
    expect(healthOf(taken.encounter, 'Ann')).toBe(6);
  });

  it('refuses a guard against it too, unless the GM rules it; the guard then takes the blow', () => {
    const enc = struckLeaving();
    const guard = react(enc, 'Bo', { kind: 'guard', guardId: idOf(enc, 'Bo') }, 'Ann');
    expect(refuse(enc, guard)).toMatchObject({ code: 'react/opportunity', overridable: true, message: expect.stringMatching(/^Ann is struck by an opportunity attack, which normally allows no reaction/) });
    const ruled = step(enc, { ...guard, gmRuling: true } as Command);
    expect(eventsOfType(ruled.events, 'zones/reaction-chosen')[0]).toMatchObject({ ruling: true, guardAsked: true });
    const taken = stepWithDice(ruled.encounter, [4], react(ruled.encounter, 'Bo', { kind: 'none' }));
    expect(healthOf(taken.encounter, 'Bo')).toBe(6);
    expect(healthOf(taken.encounter, 'Ann')).toBe(10);
  });

  it('still resolves at once when the target is taken by surprise: no skill makes up for that', () => {
    let enc = yard();
    enc = run(enc, { type: 'move', combatantId: idOf(enc, 'Ann'), zoneId: 'hall' });
    const struck = stepWithDice(enc, [4], {
      type: 'zones/declare-attack',
      attackerId: idOf(enc, 'Bandit 1'),
      weaponId: gearNamed(enc, 'Bandit 1', 'Axe').id,
      targetIds: [idOf(enc, 'Ann')],
      situation: { targetsAware: false },
    });
    expect(eventsOfType(struck.events, 'zones/attack-declared')[0]?.attack).toMatchObject({ awaiting: [], noReaction: [{ reason: 'surprised' }] });
    expect(healthOf(struck.encounter, 'Ann')).toBe(6);
  });
});

describe('Zones & Factions: a guard struck in the target\'s place', () => {
  it('is asked in turn, and refused a dodge, counter or hiding with a sentence the GM may overrule', () => {
    const enc = guarded();
    expect(zonesFight(enc.state).pendingAttack).toMatchObject({ targets: [idOf(enc, 'Bandit 2')], awaiting: [idOf(enc, 'Bandit 2')], noReaction: [{ targetId: idOf(enc, 'Bandit 2'), reason: 'guarded' }] });
    const sentence = "Bandit 2 spent their reaction guarding, so normally can't dodge, counter or hide behind someone; they take the blow. A skill may allow it: as GM you may rule a reaction anyway.";
    for (const reaction of [{ kind: 'dodge' }, { kind: 'counter', weaponId: null }] as Reaction[]) {
      expect(refuse(enc, react(enc, 'Bandit 2', reaction)), reaction.kind).toMatchObject({ code: 'react/guarded', overridable: true, message: sentence });
    }
    expect(ruledReactionWhy(enc.state, combatantNamed(enc, 'Bandit 2'))?.code).toBe('react/guarded');
  });

  it('lets the GM rule the guard\'s counter (axe 4 against sword 6)', () => {
    const enc = guarded();
    const countered = stepWithDice(enc, [4, 6], react(enc, 'Bandit 2', { kind: 'counter', weaponId: gearNamed(enc, 'Bandit 2', 'Axe').id }, 'Bandit 2', true));
    expect(eventsOfType(countered.events, 'zones/reaction-chosen')[0]).toMatchObject({ ruling: true });
    expect(gmLines(countered.encounter)).toContain("Bandit 2 (by the GM's ruling) counters.");
    expect(healthOf(countered.encounter, 'Ann')).toBe(6);
    expect(healthOf(countered.encounter, 'Bandit 2')).toBe(4);
  });

  it('normally takes the blow (sword 6)', () => {
    const enc = guarded();
    const taken = stepWithDice(enc, [6], react(enc, 'Bandit 2', { kind: 'none' }));
    expect(healthOf(taken.encounter, 'Bandit 2')).toBe(4);
    expect(healthOf(taken.encounter, 'Bandit 1')).toBe(10);
  });

  it('replays a log from before the guard was asked: the blow landed at once', () => {
    const enc = guarded();
    const taken = stepWithDice(enc, [6], react(enc, 'Bandit 2', { kind: 'none' }));
    // Then the guard's event had no `guardAsked`, and the blow followed in the same step.
    const guardEvents = enc.events.slice(enc.steps[enc.steps.length - 2]).map((e): EncounterEvent => {
      if (!isZonesEvent(e, 'zones/reaction-chosen')) return e;
      const { guardAsked: _asked, ...old } = e;
      return old;
    });
    const resolved = taken.events.filter((e) => e.type === 'zones/attack-resolved');
    const events = [...enc.events.slice(0, enc.steps[enc.steps.length - 2]), ...guardEvents, ...resolved];
    const restored = restoreEncounter({ events, steps: [...enc.steps.slice(0, -1), events.length] }, BUILTIN_RULESETS);
    if (!restored.ok) throw new Error(restored.message);
    expect(zonesFight(restored.value.state).pendingAttack).toBeNull();
    expect(healthOf(restored.value, 'Bandit 2')).toBe(4);
  });
});
