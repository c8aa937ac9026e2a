import { describe, expect, it } from 'vitest';
import type { Encounter, EncounterState } from '../../index';
import { addZ, ENEMIES, HEROES, idOf, newZonesEncounter, refuse, run, stepWithDice } from '../../test-support';
import { zonesFight } from './index';
import { gearOf } from './index';

// The rule text's example of fast and slow activation, step by step: Balthasar (WIT 12), Sybilla
// (WIT 6) and Theobald (WIT 9) against two bandits (WIT 8) and their leader (WIT 10); the players
// hold the initiative and the threshold die shows 9.

const names = (enc: Encounter, ids: readonly string[]) => ids.map((id) => enc.state.combatants.find((c) => c.id === id)?.name);
const goOf = (s: EncounterState) => s.factions.find((f) => f.id === s.turn?.factionId)?.name ?? null;

function setUp(): Encounter {
  return run(
    newZonesEncounter(7),
    { type: 'set-setting', key: 'fastSlow', value: true },
    addZ('Balthasar', { wit: 12 }),
    addZ('Sybilla', { wit: 6 }),
    addZ('Theobald', { wit: 9, gear: [{ name: 'Sword', kind: 'weapon', damage: 'd8' }] }),
    addZ('Bandit', { factionId: ENEMIES, wit: 8, quantity: 2 }),
    addZ('Bandit leader', { factionId: ENEMIES, wit: 10 }),
  );
}

describe('the worked example of fast and slow activation', () => {
  it('runs the fast phase and the slow phase exactly as the text tells it', () => {
    // The GM rolls the threshold openly: 9.
    let enc = stepWithDice(setUp(), [9], { type: 'start-combat', initiativeFactionId: HEROES }).encounter;
    expect(enc.state.turn).toMatchObject({ phase: 'fast', gate: 9 });
    expect(enc.state.round).toBe(1);
    expect(goOf(enc.state)).toBe('Heroes');

    // Only Balthasar, Theobald and the leader may act in the fast phase.
    const mayActFast = enc.state.combatants.filter((c) => !refuseTakeTurnReason(enc, c.id)).map((c) => c.name);
    expect(mayActFast).toEqual(['Balthasar', 'Theobald', 'Bandit leader']);
    expect(refuse(enc, { type: 'take-turn', combatantId: idOf(enc, 'Sybilla') }).message).toMatch(/WIT 6 is below the fast action threshold 9/);

    // Theobald goes first and attacks a bandit, who dodges although it can't act in this phase.
    enc = run(enc, { type: 'take-turn', combatantId: idOf(enc, 'Theobald') });
    const sword = gearOf(enc.state.combatants.find((c) => c.name === 'Theobald') ?? {})[0]?.id;
    enc = run(enc, { type: 'zones/declare-attack', attackerId: idOf(enc, 'Theobald'), weaponId: sword, targetIds: [idOf(enc, 'Bandit 1')] });
    expect(zonesFight(enc.state).pendingAttack?.awaiting).toEqual([idOf(enc, 'Bandit 1')]);
    const dodged = stepWithDice(enc, [4], { type: 'zones/react-to-attack', reactorId: idOf(enc, 'Bandit 1'), targetId: idOf(enc, 'Bandit 1'), reaction: { kind: 'dodge' } });
    enc = dodged.encounter;
    expect(dodged.events.find((e) => e.type === 'zones/attack-resolved')).toMatchObject({ blows: [{ effect: 'dodged', damage: 0 }] });
    expect(enc.state.combatants.find((c) => c.name === 'Bandit 1')?.tracks.health?.value).toBe(10);

    // Then the bandit leader.
    enc = run(enc, { type: 'end-turn' });
    expect(goOf(enc.state)).toBe('Enemies');
    enc = run(enc, { type: 'take-turn', combatantId: idOf(enc, 'Bandit leader') }, { type: 'end-turn' });

    // Balthasar could act, but the players pass; the bandits have nobody left who may act in the
    // fast phase, so they pass too and the slow phase begins.
    expect(goOf(enc.state)).toBe('Heroes');
    enc = run(enc, { type: 'pass' });
    expect(enc.state.turn).toMatchObject({ phase: 'slow', gate: 9 });
    expect(enc.state.round).toBe(1);

    // Slow phase: Balthasar, Sybilla and the bandit who didn't dodge; the players start again.
    const mayActSlow = enc.state.combatants.filter((c) => !refuseTakeTurnReason(enc, c.id)).map((c) => c.name);
    expect(mayActSlow).toEqual(['Balthasar', 'Sybilla', 'Bandit 2']);
    expect(goOf(enc.state)).toBe('Heroes');
    expect(refuse(enc, { type: 'take-turn', combatantId: idOf(enc, 'Bandit 1') }).message).toMatch(/already used their turn/);

    enc = run(enc, { type: 'take-turn', combatantId: idOf(enc, 'Sybilla') }, { type: 'end-turn' });
    expect(goOf(enc.state)).toBe('Enemies');
    enc = run(enc, { type: 'take-turn', combatantId: idOf(enc, 'Bandit 2') }, { type: 'end-turn' });
    // The bandits are spent, so the go comes straight back to the players for Balthasar.
    expect(goOf(enc.state)).toBe('Heroes');
    const last = stepWithDice(run(enc, { type: 'take-turn', combatantId: idOf(enc, 'Balthasar') }), [10], { type: 'end-turn' });
    enc = last.encounter;
    expect(names(enc, enc.state.turn?.spent ?? [])).toEqual([]);

    // Everyone has acted: both factions pass by themselves, and round 2 opens with a new threshold.
    expect(enc.state.round).toBe(2);
    expect(enc.state.turn).toMatchObject({ phase: 'fast', gate: 10 });
    expect(last.events.map((e) => e.type)).toEqual(['turn-ended', 'go-moved', 'phase-started']);
    expect(last.events[1]).toMatchObject({ factionId: null, skipped: [ENEMIES, HEROES] });
  });
});

// Whether the engine would let this character take a turn now, whose go it is aside.
function refuseTakeTurnReason(enc: Encounter, id: string): string | null {
  const turn = enc.state.turn;
  const c = enc.state.combatants.find((x) => x.id === id);
  if (!turn || !c) return 'no turn';
  const asTheirGo = { ...enc, state: { ...enc.state, turn: { ...turn, factionId: c.factionId } } };
  const result = stepOrNull(asTheirGo, id);
  return result;
}

function stepOrNull(enc: Encounter, id: string): string | null {
  try {
    run(enc, { type: 'take-turn', combatantId: id });
    return null;
  } catch (error) {
    return String(error);
  }
}
