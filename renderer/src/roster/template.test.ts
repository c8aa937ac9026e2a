import { describe, expect, it } from 'vitest';
import { createEncounter, dispatch, type Ruleset, BUILTIN_RULESETS } from '../../../engine/index';
import { keyStats, newTemplate, resourceLong, resourceShort, templateItem, withTemplate, type Template } from './template';
import { draftTemplate, readTemplate, validateTemplate } from './template-check';
import { addCommandFor, afterRest, restAll, withRestUses } from './template-fight';
import { checkTemplateName, copyNameFor, duplicateItem, numberedName } from './template-names';
import { writeBackAfterFight } from './aftermath';
import { freeform, zones } from './test-support';


const ID = /^[0-9a-f-]{36}$/;

function ok(data: unknown, r: Ruleset = zones): Template {
  const checked = validateTemplate(data, r);
  if (!checked.ok) throw new Error(checked.problems.join('; '));
  return checked.value;
}
function problems(data: unknown, r: Ruleset = zones): string[] {
  const checked = validateTemplate(data, r);
  if (checked.ok) throw new Error('expected problems');
  return checked.problems;
}

describe('validateTemplate', () => {
  it('fills every missing field with the defaults of the ruleset', () => {
    expect(ok({})).toEqual({ stats: { str: 10, agi: 10, wit: 10 }, tracks: { health: 10 }, notes: '', gear: [], fearless: false, resources: [] });
    expect(ok({ stats: { str: 14 } }).stats).toEqual({ str: 14, agi: 10, wit: 10 });
    expect(ok({}, freeform)).toEqual(newTemplate(freeform));
    expect(ok({ resources: [{ name: ' Rage ', max: 2 }] }).resources).toEqual([{ name: 'Rage', max: 2, used: 0, reset: 'encounter' }]);
  });

  it('refuses numbers outside the ruleset, naming the stat and the value', () => {
    expect(problems({ stats: { str: 25, agi: 0 } })).toEqual(['STR 25 is above the maximum 20', 'AGI 0 is below the minimum 1']);
    expect(problems({ stats: { wit: 'ten' } })).toEqual(['WIT should be a number, not "ten"']);
    expect(problems({ tracks: { health: 2.5 } })).toEqual(['Health 2.5 is not a whole number']);
  });

  it('refuses unknown stat and track keys in one sentence that names them', () => {
    expect(problems({ stats: { cha: 3, int: 9, str: 8 } })).toEqual([
      'Zones & Factions has no stats called "cha", "int" (its stats: STR, AGI, WIT)',
    ]);
    expect(problems({ tracks: { hp: 4 } })[0]).toBe('Zones & Factions has no track called "hp" (its tracks: Health)');
  });

  it('names the resource or gear at fault', () => {
    expect(problems({ resources: [{ name: 'Rage', max: 2, used: 3, reset: 'rest' }] })).toEqual(['Resource 1 ("Rage"): used 3 is more than its 2 uses']);
    expect(problems({ resources: [{ name: 'Rage', max: 0, reset: 'daily' }] })).toEqual([
      'Resource 1 ("Rage"): uses 0 is below the minimum 1',
      'Resource 1 ("Rage"): comes back "daily"; use round, encounter or rest',
    ]);
    expect(problems({ gear: [{ name: 'Axe', kind: 'weapon' }] })).toEqual(['Gear 1 ("Axe"): is a weapon without damage dice; give it some, for example d8']);
    expect(problems({ gear: [{ name: 'Axe', kind: 'weapon', damage: 'lots' }] })[0]).toMatch(/^Gear 1 \("Axe"\): damage "lots": /);
  });

  it('refuses wrong types without throwing', () => {
    for (const garbage of [null, 7, 'x', [], { stats: [] }, { stats: null }, { resources: 'Rage' }, { gear: {} }, { notes: 4 }, { fearless: 'yes' }]) {
      expect(validateTemplate(garbage, zones).ok).toBe(false);
    }
    expect(problems({ notes: 4 })).toEqual(['Notes should be text, not 4']);
  });

  it("names the ruleset's own problems after the rest of the entry's", () => {
    expect(problems({ stats: { str: 25 }, fearless: 'yes', gear: [{ name: 'Axe', kind: 'weapon' }] })).toEqual([
      'STR 25 is above the maximum 20',
      'Gear 1 ("Axe"): is a weapon without damage dice; give it some, for example d8',
      'Fearless should be yes or no, not "yes"',
    ]);
  });

  it("keeps only the ruleset's own part: a Freeform entry has no gear or fearless to carry", () => {
    const t = ok({ gear: [{ name: 'Axe', kind: 'weapon', damage: 'd8' }], fearless: true }, freeform);
    expect(t).toEqual(newTemplate(freeform));
    expect(addCommandFor(templateItem('Bo', t), t, { factionId: 'f1', quantity: 1, ruleset: freeform })).not.toHaveProperty('marks');
  });

  it('keeps gear as plain JSON: no undefined fields, ids or use marks', () => {
    const t = ok({ gear: [{ id: 'g1', name: 'Bow', kind: 'weapon', damage: ' d6 ', reach: 'ranged', range: 2, used: true }] });
    expect(t.gear).toEqual([{ name: 'Bow', kind: 'weapon', damage: 'd6', reach: 'ranged', range: 2 }]);
  });
});

describe('entries', () => {
  it('reads an entry, or says which entry is damaged and what to do', () => {
    const item = templateItem('Goblin', { ...newTemplate(zones), notes: 'Sneaky' });
    expect(item.id).toMatch(ID);
    expect(readTemplate(item, zones)).toEqual({ ok: true, value: { ...newTemplate(zones), notes: 'Sneaky' } });
    const damaged = { id: 'x1', name: 'Ogre', data: { stats: { str: 40 } } };
    const read = readTemplate(damaged, zones);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.message).toBe('"Ogre" cannot be used as it is: STR 40 is above the maximum 20. Edit the entry to fix it.');
    // A bestiary written for Zones is refused by Freeform, not silently emptied.
    const other = readTemplate(item, freeform);
    expect(!other.ok && other.message).toContain('Freeform has no stats called "str", "agi", "wit"');
  });

  it('keeps the id when an entry is edited', () => {
    const item = templateItem('Goblin', newTemplate(zones));
    const edited = withTemplate(item, ' Goblin boss ', { ...newTemplate(zones), fearless: true });
    expect(edited).toMatchObject({ id: item.id, name: 'Goblin boss', data: { fearless: true } });
  });

  it('duplicates with a fresh id, a free name and its own copy of the data', () => {
    const item = templateItem('Goblin', { ...newTemplate(zones), resources: [{ name: 'Rage', max: 1, used: 0, reset: 'encounter' }] });
    const copy = duplicateItem(item, ['Goblin']);
    expect(copy.id).not.toBe(item.id);
    expect(copy.name).toBe('Goblin (copy)');
    expect(copy.data).toEqual(item.data);
    (copy.data.resources as { used: number }[])[0]!.used = 1;
    expect((item.data.resources as { used: number }[])[0]!.used).toBe(0);
    expect(duplicateItem(item, ['Goblin', 'goblin (copy)']).name).toBe('Goblin (copy 2)');
    expect(copyNameFor('x'.repeat(60), []).length).toBe(60);
    // Entries from a Svelte store are proxies, which structuredClone refuses.
    const proxied = { ...item, data: new Proxy(item.data, {}) };
    expect(duplicateItem(proxied, []).data).toEqual(item.data);
  });

  it('names: numbered when taken, checked for length and clashes', () => {
    expect(numberedName('Goblin', ['Orc'])).toBe('Goblin');
    expect(numberedName('Goblin', ['GOBLIN', 'Goblin (2)'])).toBe('Goblin (3)');
    expect(checkTemplateName('  Goblin ')).toEqual({ ok: true, value: 'Goblin' });
    expect(checkTemplateName('')).toMatchObject({ ok: false, message: 'The name must not be empty.' });
    expect(checkTemplateName('g'.repeat(61))).toMatchObject({ ok: false, message: 'The name must be at most 60 characters (it has 61).' });
    expect(checkTemplateName('goblin', ['Goblin'])).toMatchObject({ ok: false, code: 'name/taken' });
  });

  it('shows resources as uses left', () => {
    const rage = { name: 'Rage', max: 2, used: 1, reset: 'encounter' as const };
    expect(resourceShort(rage)).toBe('Rage 1/2');
    expect(resourceLong(rage)).toBe('Rage: 1 of 2 uses left, per encounter');
  });
});

describe('into a fight and back', () => {
  const aria: Template = {
    ...newTemplate(zones),
    stats: { str: 12, agi: 14, wit: 11 },
    tracks: { health: 9 },
    notes: 'Knight',
    gear: [{ name: 'Sword', kind: 'weapon', damage: 'd8' }],
    fearless: true,
    resources: [
      { name: 'Second wind', max: 1, used: 1, reset: 'rest' },
      { name: 'Riposte', max: 1, used: 1, reset: 'round' },
      { name: 'Rally', max: 2, used: 2, reset: 'encounter' },
    ],
  };

  it('builds the add-combatant command: copies, unspent per-round/encounter uses, fear-immune, template id', () => {
    const item = templateItem('Aria', aria);
    const command = addCommandFor(item, aria, { factionId: 'f1', quantity: 3, start: { zoneId: 'z1' }, ruleset: zones });
    expect(command).toEqual({
      type: 'add-combatant',
      name: 'Aria',
      factionId: 'f1',
      quantity: 3,
      stats: { str: 12, agi: 14, wit: 11 },
      tracks: { health: 9 },
      notes: 'Knight',
      zoneId: 'z1',
      rules: { gear: [{ name: 'Sword', kind: 'weapon', damage: 'd8' }] },
      marks: ['fear-immune'],
      resources: [
        { name: 'Second wind', max: 1, used: 1, reset: 'rest' },
        { name: 'Riposte', max: 1, used: 0, reset: 'round' },
        { name: 'Rally', max: 2, used: 0, reset: 'encounter' },
      ],
      templateId: item.id,
    });
  });

  it('leaves gear and fearless out where the ruleset has no use for them', () => {
    const item = templateItem('Aria', aria);
    const command = addCommandFor(item, aria, { factionId: 'f1', quantity: 1, ruleset: freeform });
    expect(command.rules).toBeUndefined();
    expect(command.marks).toBeUndefined();
  });

  it('is a command the engine accepts', () => {
    const created = createEncounter({ id: 'roster', name: 'Roster', rulesetId: 'zones', seed: 1 }, BUILTIN_RULESETS);
    if (!created.ok) throw new Error(created.message);
    const item = templateItem('Goblin', ok({ stats: { str: 8 }, tracks: { health: 5 }, resources: [{ name: 'Rage', max: 1, reset: 'encounter' }] }));
    const result = dispatch(created.encounter, addCommandFor(item, ok(item.data), { factionId: 'f2', quantity: 2, ruleset: zones }));
    if (!result.ok) throw new Error(result.message);
    expect(result.encounter.state.combatants.map((c) => [c.name, c.stats.str, c.tracks.health?.max])).toEqual([
      ['Goblin 1', 8, 5],
      ['Goblin 2', 8, 5],
    ]);
  });

  it('a rest gives every use back', () => {
    expect(afterRest(aria).resources.map((r) => r.used)).toEqual([0, 0, 0]);
    expect(aria.resources[0]?.used).toBe(1);
  });

  it('writes back what a fight spent of per-rest resources only, matched by name', () => {
    const before: Template = { ...aria, resources: [{ name: 'Spell slot', max: 3, used: 0, reset: 'rest' }, { name: 'Rage', max: 2, used: 0, reset: 'encounter' }, { name: 'Potion', max: 1, used: 0, reset: 'rest' }] };
    const after = withRestUses(before, [
      ['spell slot ', 2],
      ['Rage', 2],
      ['Lucky', 1],
    ]);
    expect(after.resources.map((r) => r.used)).toEqual([2, 0, 0]);
    // Out-of-range counts from an edited encounter are kept within the entry's uses.
    expect(withRestUses(before, [['Spell slot', 9]]).resources[0]?.used).toBe(3);
  });
});

describe('editor and party helpers', () => {
  it('shows key stats short', () => {
    expect(keyStats(ok({ stats: { str: 8 }, tracks: { health: 5 } }), zones)).toBe('STR 8 · AGI 10 · WIT 10 · HP 5');
    expect(keyStats(newTemplate(freeform), freeform)).toBe('Initiative modifier 0 · Armour class 10 · HP 10');
  });

  it('drafts what it can of a damaged entry, so the editor can fix it', () => {
    const draft = draftTemplate({ stats: { str: 40, cha: 3, agi: 'x' }, notes: 5, resources: [{ name: 'Rage', max: 'two', reset: 'often' }, 'junk'], gear: 'Sword' }, zones);
    expect(draft).toEqual({
      stats: { str: 40, agi: 10, wit: 10 },
      tracks: { health: 10 },
      notes: '',
      gear: [],
      fearless: false,
      resources: [
        { name: 'Rage', max: 1, used: 0, reset: 'encounter' },
        { name: '', max: 1, used: 0, reset: 'encounter' },
      ],
    });
    expect(draftTemplate(null, zones)).toEqual(newTemplate(zones));
  });

  it('rests the whole party and writes a fight back by template id', () => {
    const slot = { name: 'Spell slot', max: 3, used: 1, reset: 'rest' as const };
    const mage = templateItem('Mage', { ...newTemplate(zones), resources: [slot] });
    const damaged = { id: 'd1', name: 'Broken', data: { stats: { str: 99 } } };
    const rested = restAll([mage, damaged], zones);
    expect(rested[0]?.data.resources).toEqual([{ ...slot, used: 0 }]);
    expect(rested[1]).toBe(damaged);
    const spent = { tracks: {}, conditions: [], stats: {} };
    const fought = writeBackAfterFight(rested, [{ templateId: mage.id, aftermath: { ...spent, restUses: { [slot.name]: 3 } } }, { templateId: null, aftermath: { ...spent, restUses: {} } }], zones);
    expect(fought[0]?.data.resources).toEqual([{ ...slot, used: 3 }]);
    expect(fought[0]?.id).toBe(mage.id);
  });
});
