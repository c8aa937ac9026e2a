import { describe, expect, it } from 'vitest';
import { findRuleset } from '../index';
import { upgradeEvent } from './upgrade';

const zones = findRuleset('zones');
const freeform = findRuleset('freeform');
const oldCombatant = { id: 'c2', name: 'Ann', factionId: 'f1', marks: [], grabbedBy: 'c7', resources: [] };

describe('reading an event written by an older version', () => {
  it("reads a ruleset's event under its old bare name as the namespaced one", () => {
    expect(upgradeEvent({ type: 'grab-set', combatantId: 'c2', grabbedBy: null }, zones)).toEqual({ type: 'zones/grab-set', combatantId: 'c2', grabbedBy: null });
  });

  it("moves what a combatant kept on itself into the ruleset's part, keeping everything else", () => {
    const upgraded = upgradeEvent({ type: 'combatant-added', combatant: oldCombatant, order: [] }, zones);
    expect(upgraded).toEqual({
      type: 'combatant-added',
      combatant: { id: 'c2', name: 'Ann', factionId: 'f1', marks: [], resources: [], rules: { grabbedBy: 'c7' } },
      order: [],
    });
  });

  it("moves a combatant's gear into Zones' part beside who holds them, whether or not the part already existed", () => {
    const sword = { id: 'g3', name: 'Sword', kind: 'weapon', damage: 'd8' };
    const older = { id: 'c2', name: 'Ann', marks: [], grabbedBy: null, gear: [sword] };
    expect(upgradeEvent({ type: 'combatant-added', combatant: older, order: [] }, zones)).toEqual({
      type: 'combatant-added',
      combatant: { id: 'c2', name: 'Ann', marks: [], rules: { grabbedBy: null, gear: [sword] } },
      order: [],
    });
    const lastWeeks = { id: 'c2', name: 'Ann', marks: [], gear: [sword], rules: { grabbedBy: 'c7' } };
    expect(upgradeEvent({ type: 'combatant-added', combatant: lastWeeks, order: [] }, zones)).toEqual({
      type: 'combatant-added',
      combatant: { id: 'c2', name: 'Ann', marks: [], rules: { grabbedBy: 'c7', gear: [sword] } },
      order: [],
    });
  });

  it('reads the gate die of a phase stored under its old name, in its place', () => {
    const die = { notation: 'd20', dice: [{ sides: 20, value: 9 }], modifier: 0, total: 9, manual: true };
    const old = { type: 'phase-started', round: 1, phase: 'fast', threshold: die, rng: null, factionId: null, skipped: [] };
    const upgraded = upgradeEvent(old, undefined);
    expect(upgraded).toEqual({ type: 'phase-started', round: 1, phase: 'fast', gate: die, rng: null, factionId: null, skipped: [] });
    expect(Object.keys(upgraded)).toEqual(['type', 'round', 'phase', 'gate', 'rng', 'factionId', 'skipped']);
    const current = { type: 'phase-started', round: 1, phase: 'main', gate: null, rng: null, factionId: null, skipped: [] };
    expect(upgradeEvent(current, zones)).toBe(current);
  });

  it('leaves events already in the current shape, core events and rulesets without a slice as they are', () => {
    const current = { type: 'combatant-added', combatant: { id: 'c2', rules: { grabbedBy: null } }, order: [] };
    expect(upgradeEvent(current, zones)).toBe(current);
    const core = { type: 'turn-set', round: 2, activeId: null };
    expect(upgradeEvent(core, zones)).toBe(core);
    const plain = { type: 'combatant-added', combatant: oldCombatant, order: [] };
    expect(upgradeEvent(plain, freeform)).toBe(plain);
  });
});
