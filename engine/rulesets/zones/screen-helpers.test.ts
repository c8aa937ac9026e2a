import { describe, expect, it } from 'vitest';
import type { Command, Encounter } from '../../index';
import type { GearInput } from './gear';
import type { AlternatingProcedure } from '../../core/turn-procedure';
import { eligibleOf, whoMayTakeTurn } from '../../turns/alternating';
import { addZ, combatantNamed, ENEMIES, gearNamed, HEROES, idOf, newZonesEncounter, run, step, stepWithDice } from '../../test-support';
import { findRuleset } from '../builtin';
import { isImpaired } from './damage';
import { guardChoices, hideBehindChoices, impairedReasons, mayReactOutOfTurn, opportunityFor, pendingDeclaration, pendingDeviation, strikersLeft, zonesFight } from './index';

// What the GM screen shows before the GM commits: who may take a turn or answer out of turn, who
// may strike someone moving away, why a blow is impaired, and where a missed blast went.

const ZONES = [
  { id: 'yard', name: 'Yard', neighbours: ['hall', 'gate'] },
  { id: 'hall', name: 'Hall', neighbours: ['yard'] },
  { id: 'gate', name: 'Gate', neighbours: ['yard'] },
];
const AXE: GearInput = { name: 'Axe', kind: 'weapon', damage: 'd6' };
const GRENADE: GearInput = { name: 'Grenade', kind: 'weapon', reach: 'ranged', range: 3, damage: 'd6', blast: true };

/** The turn procedure of Zones & Factions: factions alternate. */
function zonesProcedure(): AlternatingProcedure {
  const turns = findRuleset('zones')?.turn.order;
  if (turns?.kind !== 'alternating') throw new Error('Zones & Factions should alternate by faction');
  return turns;
}
const PROC = zonesProcedure();

/** Ann and Bo (heroes) in the yard with two bandits; a third bandit waits in the hall. Nobody acts yet. */
function arena(): Encounter {
  return run(
    newZonesEncounter(5),
    { type: 'set-zones', zones: ZONES },
    addZ('Ann', { zoneId: 'yard', gear: [GRENADE, AXE] }),
    addZ('Bo', { zoneId: 'yard' }),
    addZ('Bandit', { factionId: ENEMIES, zoneId: 'yard', quantity: 2, gear: [AXE] }),
    addZ('Bandit 3', { factionId: ENEMIES, zoneId: 'hall', gear: [AXE] }),
    { type: 'start-combat', initiativeFactionId: HEROES },
  );
}

function annActs(): Encounter {
  const enc = arena();
  return run(enc, { type: 'take-turn', combatantId: idOf(enc, 'Ann') });
}

// Throwing while moving costs a WIT save to hit, so a forced die can make the grenade miss.
function throwAt(enc: Encounter, zoneId: string): Command {
  return { type: 'zones/declare-attack', attackerId: idOf(enc, 'Ann'), weaponId: gearNamed(enc, 'Ann', 'Grenade').id, zoneId, situation: { attackerMoving: true } };
}

const names = (list: readonly { name: string }[]) => list.map((c) => c.name);

describe('whoMayTakeTurn', () => {
  it('lists who may act for the faction whose go it is, as eligibleOf does', () => {
    const enc = arena();
    expect(names(whoMayTakeTurn(PROC, enc.state))).toEqual(['Ann', 'Bo']);
    expect(whoMayTakeTurn(PROC, enc.state)).toEqual(eligibleOf(PROC, enc.state, HEROES));
  });

  it('lists nobody while a turn is under way or an attack waits for reactions', () => {
    const enc = annActs();
    expect(whoMayTakeTurn(PROC, enc.state)).toEqual([]);
    const thrown = stepWithDice(enc, [1], throwAt(enc, 'yard')).encounter;
    expect(zonesFight(thrown.state).pendingAttack).not.toBeNull();
    const ended = { ...thrown.state, activeId: null };
    expect(whoMayTakeTurn(PROC, ended)).toEqual([]);
  });

  it('lists nobody before the fight starts', () => {
    const enc = run(newZonesEncounter(5), addZ('Ann'));
    expect(whoMayTakeTurn(PROC, enc.state)).toEqual([]);
  });
});

describe('mayReactOutOfTurn', () => {
  it('lets anyone but the one acting answer, while their turn is unspent', () => {
    const enc = annActs();
    const proc = PROC;
    expect(mayReactOutOfTurn(proc, enc.state, combatantNamed(enc, 'Bandit 1'))).toBe(true);
    expect(mayReactOutOfTurn(proc, enc.state, combatantNamed(enc, 'Bo'))).toBe(true);
    expect(mayReactOutOfTurn(proc, enc.state, combatantNamed(enc, 'Ann'))).toBe(false);
    const reacted = run(enc, { type: 'react', combatantId: idOf(enc, 'Bandit 1'), what: 'a shout' });
    expect(mayReactOutOfTurn(proc, reacted.state, combatantNamed(reacted, 'Bandit 1'))).toBe(false);
  });

  it('lets nobody answer while an attack waits for reactions, or before the fight', () => {
    const enc = annActs();
    const thrown = stepWithDice(enc, [1], throwAt(enc, 'yard')).encounter;
    expect(mayReactOutOfTurn(PROC, thrown.state, combatantNamed(thrown, 'Bandit 3'))).toBe(false);
    const planned = run(newZonesEncounter(5), addZ('Ann'));
    expect(mayReactOutOfTurn(PROC, planned.state, combatantNamed(planned, 'Ann'))).toBe(false);
  });

  it('lets only the concealed answer during the ambush, and nobody in the morale phase', () => {
    const enc = annActs();
    const bandit = combatantNamed(enc, 'Bandit 1');
    const turn = enc.state.turn;
    if (!turn) throw new Error('no turn');
    const ambush = { ...enc.state, turn: { ...turn, phase: 'ambush' as const } };
    expect(mayReactOutOfTurn(PROC, ambush, bandit)).toBe(false);
    expect(mayReactOutOfTurn(PROC, ambush, { ...bandit, concealed: true })).toBe(true);
    const morale = { ...enc.state, turn: { ...turn, phase: 'morale' as const } };
    expect(mayReactOutOfTurn(PROC, morale, bandit)).toBe(false);
  });

  it('lets nobody out of the fight answer', () => {
    const enc = annActs();
    const down = { ...combatantNamed(enc, 'Bandit 1'), marks: ['dead' as const] };
    expect(mayReactOutOfTurn(PROC, enc.state, down)).toBe(false);
  });
});

describe('opportunityFor', () => {
  // "Characters can make an opportunity attack as a reaction against nearby enemies moving away."
  it('is the enemy moving away from the reactor, while their move waits; not a friend, not someone far off', () => {
    const enc = run(annActs(), { type: 'move', combatantId: idOf(annActs(), 'Ann'), zoneId: 'gate' });
    expect(opportunityFor(enc.state, combatantNamed(enc, 'Bandit 1'))?.name).toBe('Ann');
    expect(opportunityFor(enc.state, combatantNamed(enc, 'Bo'))).toBeNull();
    expect(opportunityFor(enc.state, combatantNamed(enc, 'Bandit 3'))).toBeNull();
  });

  it('is nobody while nobody moves away, even beside the acting enemy', () => {
    expect(opportunityFor(annActs().state, combatantNamed(annActs(), 'Bandit 1'))).toBeNull();
    expect(opportunityFor(arena().state, combatantNamed(arena(), 'Bandit 1'))).toBeNull();
  });

  it('is the acting enemy where the map can\'t tell (either stands in no zone): the GM says who moves away', () => {
    const enc = run(annActs(), { type: 'set-zone', combatantId: idOf(annActs(), 'Bandit 1'), zoneId: null });
    expect(opportunityFor(enc.state, combatantNamed(enc, 'Bandit 1'))?.name).toBe('Ann');
    expect(opportunityFor(enc.state, combatantNamed(enc, 'Bo'))).toBeNull();
  });
});

describe('strikersLeft', () => {
  it('lists the enemies in the mover\'s zone who still have their turn, while the move waits', () => {
    const enc = annActs();
    const toGate = (e: Encounter) => run(e, { type: 'move', combatantId: idOf(e, 'Ann'), zoneId: 'gate' });
    expect(names(strikersLeft(toGate(enc).state))).toEqual(['Bandit 1', 'Bandit 2']);
    const reacted = run(enc, { type: 'react', combatantId: idOf(enc, 'Bandit 1'), what: 'a shout' });
    expect(names(strikersLeft(toGate(reacted).state))).toEqual(['Bandit 2']);
    expect(strikersLeft(enc.state)).toEqual([]);
  });
});

describe('the reaction form\'s choices', () => {
  it('offers as helpers and guards only whom the rules take: nearby, in the fight, not aimed at, turn unspent to guard', () => {
    let enc = annActs();
    // Ann strikes Bandit 1 with her axe; Bandit 1 may hide behind Bandit 2 (nearby), not Bandit 3 (in the hall).
    enc = run(enc, { type: 'zones/declare-attack', attackerId: idOf(enc, 'Ann'), weaponId: gearNamed(enc, 'Ann', 'Axe').id, targetIds: [idOf(enc, 'Bandit 1')], situation: { targetsAware: true } });
    const target = combatantNamed(enc, 'Bandit 1');
    // Never the attacker's own side (issue 16): a helper "must agree", and a guard steps in for a friend.
    expect(names(hideBehindChoices(enc.state, target))).toEqual(['Bandit 2']);
    expect(names(guardChoices(enc.state, target))).toEqual(['Bandit 2']);
    // Ann's own turn is spent on the attack, and she is the attacker: never a guard.
    expect(names(guardChoices(enc.state, combatantNamed(enc, 'Bandit 1')))).not.toContain('Ann');
    // Each one offered is one the engine takes.
    const hidden = run(enc, { type: 'zones/react-to-attack', reactorId: target.id, targetId: target.id, reaction: { kind: 'hide-behind', helperId: idOf(enc, 'Bandit 2') } });
    expect(zonesFight(hidden.state).pendingAttack?.targets).toEqual([idOf(enc, 'Bandit 2')]);
    expect(hideBehindChoices(annActs().state, target)).toEqual([]);
  });

  it('offers someone the target holds to hide behind, whose side they are on: "The grabbed character has no option"', () => {
    let enc = annActs();
    enc = run(enc, { type: 'zones/set-grabbed', combatantId: idOf(enc, 'Bo'), grabbedBy: idOf(enc, 'Bandit 1') });
    enc = run(enc, { type: 'zones/declare-attack', attackerId: idOf(enc, 'Ann'), weaponId: gearNamed(enc, 'Ann', 'Axe').id, targetIds: [idOf(enc, 'Bandit 1')] });
    expect(names(hideBehindChoices(enc.state, combatantNamed(enc, 'Bandit 1')))).toEqual(['Bo', 'Bandit 2']);
  });
});

describe('impairedReasons', () => {
  it('names every reason in order, and agrees with the damage rule in every case', () => {
    expect(impairedReasons({ unarmed: true, holdBack: true, concealment: true })).toEqual(['unarmed', 'holding back', 'target partly hidden']);
    expect(impairedReasons({ unarmed: false, holdBack: true, concealment: false })).toEqual(['holding back']);
    expect(impairedReasons({ unarmed: false, holdBack: false, concealment: false })).toEqual([]);
    for (const unarmed of [false, true]) {
      for (const holdBack of [false, true]) {
        for (const concealment of [false, true]) {
          const o = { unarmed, holdBack, concealment };
          expect(impairedReasons(o).length > 0).toBe(isImpaired(o));
        }
      }
    }
  });
});

describe('pendingDeclaration and pendingDeviation', () => {
  it('give the missed blast\'s deviation while its targets are still to react', () => {
    let enc = annActs();
    enc = run(enc, { type: 'set-zone', combatantId: idOf(enc, 'Ann'), zoneId: 'gate' });
    // The save to hit fails (20); the d2 over the yard's neighbours (hall, gate) shows 1: the hall.
    const off = stepWithDice(enc, [20, 1], throwAt(enc, 'yard')).encounter;
    expect(zonesFight(off.state).pendingAttack?.awaiting).toEqual([idOf(enc, 'Bandit 3')]);
    expect(pendingDeviation(off.state, off.events)).toMatchObject({ from: 'yard', to: 'hall', numbered: ['hall', 'gate'] });
    expect(pendingDeclaration(off.state, off.events)?.hitSave?.passed).toBe(false);
  });

  it('give no deviation for a blast that landed, and nothing once the attack is settled', () => {
    const enc = annActs();
    const landed = stepWithDice(enc, [1], throwAt(enc, 'hall')).encounter;
    expect(pendingDeclaration(landed.state, landed.events)?.attack.zoneId).toBe('hall');
    expect(pendingDeviation(landed.state, landed.events)).toBeNull();
    const cancelled = step(landed, { type: 'zones/cancel-attack' }).encounter;
    expect(pendingDeclaration(cancelled.state, cancelled.events)).toBeNull();
    expect(pendingDeviation(cancelled.state, cancelled.events)).toBeNull();
  });
});
