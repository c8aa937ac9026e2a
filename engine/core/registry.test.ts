import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allRulesets, findRuleset, registerRuleset } from '../index';
import type { Ruleset } from './ruleset';

const ENGINE = join(dirname(fileURLToPath(import.meta.url)), '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the ruleset registry', () => {
  it('offers the built-in rulesets, Zones & Factions first (the default for new campaigns)', () => {
    expect(allRulesets().map((r) => r.id).slice(0, 2)).toEqual(['zones', 'freeform']);
    expect(findRuleset('zones')?.name).toBe('Zones & Factions');
    expect(findRuleset('no-such-ruleset')).toBeUndefined();
  });

  it('refuses a second ruleset under an id already taken, and keeps the first', () => {
    const zones = findRuleset('zones') as Ruleset;
    expect(() => registerRuleset({ ...zones, name: 'Impostor' })).toThrow(/Two rulesets have the id "zones"/);
    expect(findRuleset('zones')).toBe(zones);
    expect(() => registerRuleset(zones)).not.toThrow();
  });

  it('refuses a ruleset whose actions cost what its economy does not name, or whose slots take the movement fields', () => {
    const zones = findRuleset('zones') as Ruleset;
    const economy = zones.economy;
    if (!economy) throw new Error('Zones & Factions declares its action economy');
    const dearer = { ...zones, id: 'dearer', commands: {}, events: {}, prompts: {}, actions: [{ ...(zones.actions[0] as Ruleset['actions'][number]), spends: 'three-main' }] };
    expect(() => registerRuleset(dearer)).toThrow('The ruleset "dearer" has an action "attack" costing "three-main", which its economy doesn\'t name.');
    const clash = { ...zones, id: 'clash', commands: {}, events: {}, prompts: {}, economy: { ...economy, slots: [{ id: 'moved', perTurn: 1, label: 'moved' }] } };
    expect(() => registerRuleset(clash)).toThrow(/can't call an action slot "moved"/);
    expect(findRuleset('dearer')).toBeUndefined();
  });

  it('refuses an action giving a condition its catalogue lacks, or one lasting a roll of the dice', () => {
    const base = findRuleset('three-actions') as Ruleset;
    const guard = base.actions.find((a) => a.id === 'guard') as Ruleset['actions'][number];
    const stray = { ...base, id: 'stray', commands: {}, events: {}, prompts: {}, actions: [{ ...guard, gives: 'flying' }] };
    expect(() => registerRuleset(stray)).toThrow('The ruleset "stray" has an action "guard" naming a condition "flying" its catalogue doesn\'t have.');
    const rolled = { ...stray, id: 'rolled', actions: [guard], conditionCatalogue: [{ id: 'guarding', name: 'Guarding', effects: [], duration: { rounds: '1d4', endsOn: 'round-end' as const } }] };
    expect(() => registerRuleset(rolled)).toThrow('The condition "guarding" that "guard" gives must last a fixed number of rounds, not dice.');
  });

  it('is the only way the engine core reaches a ruleset: no core module imports a ruleset folder', () => {
    // The core may use the interface (ruleset.ts, namespaced.ts, health.ts, fields.ts: declared
    // values), the registry and the shared track helpers; a ruleset's own folder is reached only
    // through the registry. index.ts
    // (the public surface) and the test helpers (test-support.ts, testing/) register the built-ins.
    const allowed = /rulesets\/(ruleset|registry|tracks|health|namespaced|fields)['"]/;
    const offenders = sources(ENGINE)
      .filter((path) => !relative(ENGINE, path).startsWith('rulesets/'))
      .filter((path) => !['index.ts', 'test-support.ts'].includes(relative(ENGINE, path)) && !relative(ENGINE, path).startsWith('testing/'))
      .flatMap((path) =>
        readFileSync(path, 'utf8')
          .split('\n')
          .filter((line) => /^\s*(import|export)\b.*rulesets\//.test(line) && !allowed.test(line))
          .map((line) => `${relative(ENGINE, path)}: ${line.trim()}`),
      );
    expect(offenders).toEqual([]);
  });
});
