import { describe, expect, it } from 'vitest';
import { findRuleset, logEntries, marksOf, playerLog, restoreEncounter, type Encounter } from '../index';
import { add, addZ, ENEMIES, HEROES, idOf, newEncounter, newZonesEncounter, refuse, run } from '../test-support';

const texts = (enc: Encounter) => logEntries(enc).map((e) => e.text);

describe('the rule states a ruleset lets the GM set', () => {
  it('are the ways out of a fight everywhere, and a ruleset\'s own beside them', () => {
    expect(marksOf(findRuleset('freeform')).map((m) => m.id)).toEqual(['dead', 'surrendered', 'retreated']);
    expect(marksOf(findRuleset('zones')).map((m) => m.id)).toEqual(['dead', 'surrendered', 'retreated', 'morale-immune', 'fear-immune']);
  });

  it("refuses a mark the encounter's ruleset doesn't have, naming the ones it does", () => {
    const enc = run(newEncounter(), add('Ann'));
    const refused = refuse(enc, { type: 'set-mark', combatantId: idOf(enc, 'Ann'), mark: 'fear-immune', on: true });
    expect(refused.message).toBe('The mark must be one of: dead, surrendered, retreated.');
    expect(refuse(enc, { ...add('Bo'), marks: ['fear-immune'] }).message).toBe('Unknown mark "fear-immune"; use one of: dead, surrendered, retreated.');
    expect(run(enc, { type: 'set-mark', combatantId: idOf(enc, 'Ann'), mark: 'surrendered', on: true }).state.combatants[0]?.marks).toEqual(['surrendered']);
  });

  it("tells a ruleset's own mark in its words, to the GM alone when it says so", () => {
    let enc = run(newZonesEncounter(), addZ('Ann'), addZ('Bandit', { factionId: ENEMIES }), { type: 'start-combat', initiativeFactionId: HEROES });
    enc = run(enc, { type: 'set-mark', combatantId: idOf(enc, 'Ann'), mark: 'fear-immune', on: true }, { type: 'set-mark', combatantId: idOf(enc, 'Ann'), mark: 'retreated', on: true });
    expect(texts(enc)).toEqual(expect.arrayContaining(['Ann is fearless.', 'Ann retreats.']));
    expect(playerLog(enc).map((e) => e.text)).toContain('Ann retreats.');
    expect(playerLog(enc).map((e) => e.text).join(' ')).not.toMatch(/fearless/);
  });

  it('tells a mark this version does not know by its id, to the GM only, and loses nothing', () => {
    const enc = run(newEncounter(), add('Ann'));
    const events = [...enc.events, { type: 'mark-set' as const, combatantId: idOf(enc, 'Ann'), mark: 'blessed', on: true }];
    const restored = restoreEncounter({ events, steps: [...enc.steps, events.length] });
    if (!restored.ok) throw new Error(restored.message);
    expect(restored.value.state.combatants[0]?.marks).toEqual(['blessed']);
    expect(texts(restored.value)).toContain('Ann is marked blessed.');
    expect(playerLog(restored.value).map((e) => e.text).join(' ')).not.toMatch(/blessed/);
  });
});
