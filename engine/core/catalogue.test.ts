import { describe, expect, it } from 'vitest';
import { BUILTIN_RULESET_ENTRIES, BUILTIN_RULESETS, createEncounter, findRuleset, onlyRuleset, rulesetCatalogue } from '../index';
import type { Ruleset } from './ruleset';

describe('a catalogue of rulesets', () => {
  it('offers the built-in rulesets, Zones & Factions first (the default for new campaigns)', () => {
    expect(BUILTIN_RULESET_ENTRIES.map((r) => r.id).slice(0, 2)).toEqual(['zones', 'freeform']);
    expect(BUILTIN_RULESETS.all.map((r) => r.id)).toEqual(BUILTIN_RULESET_ENTRIES.map((r) => r.id));
    expect(findRuleset('zones')?.name).toBe('Zones & Factions');
    expect(findRuleset('no-such-ruleset')).toBeUndefined();
  });

  it('refuses a second ruleset under an id already taken, and takes the same one listed twice once', () => {
    const zones = findRuleset('zones') as Ruleset;
    expect(() => rulesetCatalogue([zones, { ...zones, name: 'Impostor' }])).toThrow(/Two rulesets have the id "zones"/);
    const twice = rulesetCatalogue([zones, zones]);
    expect(twice.find('zones')).toBe(zones);
    expect(twice.all).toEqual([zones]);
  });

  it('opens an encounter only of a ruleset it holds', () => {
    const created = createEncounter({ id: 'e', name: 'Ford', rulesetId: 'freeform', seed: 1 }, onlyRuleset(findRuleset('zones') as Ruleset));
    expect(created).toMatchObject({ ok: false, code: 'ruleset/unknown' });
  });

  it('refuses a ruleset whose actions cost what its economy does not name, or whose slots take the movement fields', () => {
    const zones = findRuleset('zones') as Ruleset;
    const economy = zones.turn.economy;
    if (!economy) throw new Error('Zones & Factions declares its action economy');
    const dearer = { ...zones, id: 'dearer', own: { ...zones.own, commands: {}, events: {}, prompts: {} }, turn: { ...zones.turn, actions: [{ ...(zones.turn.actions[0] as Ruleset['turn']['actions'][number]), spends: 'three-main' }] } };
    expect(() => rulesetCatalogue([dearer])).toThrow('The ruleset "dearer" has an action "attack" costing "three-main", which its economy doesn\'t name.');
    const clash = { ...zones, id: 'clash', own: { ...zones.own, commands: {}, events: {}, prompts: {} }, turn: { ...zones.turn, economy: { ...economy, slots: [{ id: 'moved', perTurn: 1, label: 'moved' }] } } };
    expect(() => rulesetCatalogue([clash])).toThrow(/can't call an action slot "moved"/);
  });

  it('refuses an action giving a condition its catalogue lacks, or one lasting a roll of the dice', () => {
    const base = findRuleset('three-actions') as Ruleset;
    const guard = base.turn.actions.find((a) => a.id === 'guard') as Ruleset['turn']['actions'][number];
    const stray = { ...base, id: 'stray', own: { ...base.own, commands: {}, events: {}, prompts: {} }, turn: { ...base.turn, actions: [{ ...guard, gives: 'flying' }] } };
    expect(() => rulesetCatalogue([stray])).toThrow('The ruleset "stray" has an action "guard" naming a condition "flying" its catalogue doesn\'t have.');
    const rolled = { ...stray, id: 'rolled', turn: { ...stray.turn, actions: [guard] }, character: { ...stray.character, conditionCatalogue: [{ id: 'guarding', name: 'Guarding', effects: [], duration: { rounds: '1d4', endsOn: 'round-end' as const } }] } };
    expect(() => rulesetCatalogue([rolled])).toThrow('The condition "guarding" that "guard" gives must last a fixed number of rounds, not dice.');
  });
});
