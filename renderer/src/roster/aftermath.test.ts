import { describe, expect, it } from 'vitest';
import { createEncounter, dispatch, type Aftermath, BUILTIN_RULESETS } from '../../../engine/index';
import { keptAfterFight } from './aftermath';
import { ranks } from '../../../engine/rulesets/ranks/index';
import { keyStats, newTemplate, ownOf, templateData, templateItem, type Template } from './template';
import { validateTemplate } from './template-check';
import { addCommandFor, afterRest, afterScene } from './template-fight';
import { zonesEntry } from '../rulesets/zones/gear-input';
import { zones } from './test-support';
import { gearWornAfterFight } from '../rulesets/zones/entry-after-fight';

// A party entry between fights: where its tracks stand, the conditions that last until the scene
// ends or until recovered, and what a fight's aftermath changes in it.

const nothing: Aftermath = { tracks: {}, restUses: {}, conditions: [], stats: {} };
const ann: Template = { ...newTemplate(zones), tracks: { health: 10 }, gear: [{ name: 'Sword', kind: 'weapon', damage: 'd8' }] };

describe('an entry between fights', () => {
  it('keeps health below its maximum and scene-long conditions, and nothing when all is well', () => {
    const checked = validateTemplate({ ...templateData(ann), current: { health: 6 }, conditions: [{ name: 'Shaken' }] }, zones);
    expect(checked.ok && checked.value).toMatchObject({ current: { health: 6 }, conditions: [{ name: 'Shaken' }] });
    // At or above the maximum is full: nothing to keep.
    const full = validateTemplate({ ...templateData(ann), current: { health: 10 } }, zones);
    expect(full.ok && full.value.current).toBeUndefined();
    expect(templateData(ann)).not.toHaveProperty('current');
  });

  it('refuses what it cannot keep, in words', () => {
    const bad = (data: object) => {
      const checked = validateTemplate({ ...templateData(ann), ...data }, zones);
      return checked.ok ? [] : checked.problems;
    };
    expect(bad({ current: { health: -1 } }).join(' ')).toMatch(/Health now -1 is below the minimum 0/);
    expect(bad({ current: { mana: 3 } }).length).toBeGreaterThan(0);
    expect(bad({ conditions: [{ name: 'Odd', rank: { track: 'damage', value: 1 } }] }).join(' ')).toMatch(/Zones & Factions keeps no condition tracks/);
    expect(bad({ conditions: 'Shaken' }).length).toBeGreaterThan(0);
  });

  it('goes into the next fight hurt and with its conditions, and shows where it stands', () => {
    const hurt: Template = { ...ann, current: { health: 6 }, conditions: [{ name: 'Shaken', lasts: 'scene' }] };
    const command = addCommandFor(templateItem('Ann', hurt), hurt, { factionId: 'f1', quantity: 1, ruleset: zones });
    expect(command).toMatchObject({ current: { health: 6 }, conditions: [{ name: 'Shaken' }] });
    const created = createEncounter({ id: 'e', name: 'Next', rulesetId: 'zones', seed: 1 }, BUILTIN_RULESETS);
    if (!created.ok) throw new Error(created.message);
    const added = dispatch(created.encounter, command);
    expect(added.ok && added.encounter.state.combatants[0]?.tracks.health).toEqual({ value: 6, max: 10 });
    expect(keyStats(hurt, zones)).toBe('STR 10 · AGI 10 · WIT 10 · HP 6/10');
    // A rest ends the scene; health is left for the GM to restore.
    expect(afterRest(hurt)).toMatchObject({ current: { health: 6 } });
    expect(afterRest(hurt).conditions).toBeUndefined();
  });
});

describe('a fight’s aftermath on an entry', () => {
  it('sets health, rest uses, scene conditions and lasting stats, and the ruleset’s own part', () => {
    const withLuck: Template = { ...ann, resources: [{ name: 'Luck', max: 2, used: 0, reset: 'rest' }], conditions: [{ name: 'Old news', lasts: 'scene' }] };
    const after = keptAfterFight(
      withLuck,
      { tracks: { health: 3 }, restUses: { luck: 2 }, conditions: [{ name: 'Shaken', lasts: 'scene' }], stats: { wit: 12 }, rules: [{ name: 'Sword', wear: 'broken' }] },
      gearWornAfterFight,
    );
    expect(after).toMatchObject({ current: { health: 3 }, resources: [{ name: 'Luck', used: 2 }], conditions: [{ name: 'Shaken' }], stats: { str: 10, wit: 12 } });
    expect(zonesEntry(ownOf(after)).gear[0]?.wear).toBe('broken');
    // Back to full health: nothing kept; without the ruleset's part, the gear stays.
    const healed = keptAfterFight(after, { ...nothing, tracks: { health: 10 } });
    expect(healed.current).toBeUndefined();
    expect(healed.conditions).toBeUndefined();
    expect(zonesEntry(ownOf(healed)).gear[0]?.wear).toBe('broken');
  });
});

describe('conditions that outlive the fight, on an entry', () => {
  const ann2: Template = { ...newTemplate(ranks), conditions: undefined };
  const kept = [
    { name: 'Exhausted', rank: { track: 'fatigue', value: 4 }, lasts: 'scene' },
    // Written before kept conditions said how long they last: read by the catalogue's Incapacitated (untimed).
    { name: 'Incapacitated', rank: { track: 'damage', value: 4 } },
  ];

  it('keeps how long each lasts, and the end of the scene or a rest ends only the scene-long ones (the engine\'s rule)', () => {
    const checked = validateTemplate({ ...templateData(ann2), conditions: kept }, ranks);
    if (!checked.ok) throw new Error(checked.problems.join('; '));
    expect(checked.value.conditions?.map((k) => [k.name, k.lasts])).toEqual([['Exhausted', 'scene'], ['Incapacitated', 'until-recovered']]);
    expect(afterScene(checked.value).conditions?.map((k) => k.name)).toEqual(['Incapacitated']);
    expect(afterRest(checked.value).conditions?.map((k) => k.name)).toEqual(['Incapacitated']);
    // Into the next fight: Exhausted to the scene's end, Incapacitated until someone recovers it.
    const created = createEncounter({ id: 'e', name: 'Next', rulesetId: 'ranks', seed: 1 }, BUILTIN_RULESETS);
    if (!created.ok) throw new Error(created.message);
    const added = dispatch(created.encounter, addCommandFor(templateItem('Ann', checked.value), checked.value, { factionId: 'f1', quantity: 1, ruleset: ranks }));
    expect(added.ok && added.encounter.state.combatants[0]?.conditions.map((k) => [k.name, k.timer])).toEqual([['Exhausted', { remaining: 1, endsOn: 'scene-end' }], ['Incapacitated', null]]);
    expect(validateTemplate({ ...templateData(ann2), conditions: [{ name: 'Odd', lasts: 'a while' }] }, ranks)).toMatchObject({ ok: false, problems: [expect.stringContaining('Odd lasts until the scene ends ("scene") or until someone recovers it')] });
  });
});
