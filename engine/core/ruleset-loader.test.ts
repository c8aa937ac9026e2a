import { describe, expect, it } from 'vitest';
import { BUILTIN_RULESET_ENTRIES, createEncounter, rulesetLoader, RulesetNotLoadedError, type Ruleset, type RulesetEntry } from '../index';
import { BUILTIN_RULESETS } from '../all-rulesets';

// A loader of its own (the app's is loaded whole by the tests' setup), over the built-in rulesets,
// counting how often each entry's load runs.
function countingLoader(): { loader: ReturnType<typeof rulesetLoader>; loads: Map<string, number> } {
  const loads = new Map<string, number>();
  const entries: RulesetEntry[] = BUILTIN_RULESET_ENTRIES.map((entry) => ({
    ...entry,
    load: async () => {
      loads.set(entry.id, (loads.get(entry.id) ?? 0) + 1);
      return BUILTIN_RULESETS.find(entry.id) as Ruleset;
    },
  }));
  return { loader: rulesetLoader(entries), loads };
}

describe('the ruleset loader', () => {
  it('lists every ruleset with its name and summary before any is loaded', () => {
    const { loader, loads } = countingLoader();
    expect(loader.entries.map((e) => e.id)).toEqual(['zones', 'freeform', 'two-dice', 'three-actions', 'ranks', 'sides']);
    expect(loader.entry('sides')?.name).toBe('Sides & Shock');
    expect(loader.catalogue.all).toEqual([]);
    expect(loads.size).toBe(0);
  });

  it('loads a ruleset once however often it is asked for, at the same time or later', async () => {
    const { loader, loads } = countingLoader();
    const [a, b] = await Promise.all([loader.load('zones'), loader.load('zones')]);
    const c = await loader.load('zones');
    expect(a).toBe(b);
    expect(c).toBe(a);
    expect(loads.get('zones')).toBe(1);
    expect([...loads.keys()]).toEqual(['zones']);
    expect(loader.find('zones')).toBe(a);
    expect(loader.catalogue.find('zones')).toBe(a);
  });

  it('refuses an id no ruleset has with a sentence saying what to do', async () => {
    const { loader, loads } = countingLoader();
    await expect(loader.load('chess')).rejects.toThrow('This version of GM Screen has no ruleset "chess". Update GM Screen to open a campaign of it.');
    expect(loader.find('chess')).toBeUndefined();
    expect(loads.size).toBe(0);
  });

  it('says so when a listed ruleset is read before it was loaded, instead of opening it as another', async () => {
    const { loader } = countingLoader();
    expect(() => loader.find('sides')).toThrow(RulesetNotLoadedError);
    expect(() => loader.find('sides')).toThrow('The ruleset "sides" is listed but not loaded yet');
    // Reading a log of it is refused as for any ruleset the catalogue lacks, not a crash.
    expect(loader.catalogue.find('sides')).toBeUndefined();
    const refused = createEncounter({ id: 'e1', name: 'A fight', rulesetId: 'sides', seed: 1 }, loader.catalogue);
    expect(refused.ok).toBe(false);
    await loader.load('sides');
    expect(loader.find('sides')?.name).toBe('Sides & Shock');
  });

  it('keeps the list order in its catalogue whatever order they load in', async () => {
    const { loader } = countingLoader();
    await loader.load('sides');
    await loader.load('zones');
    expect(loader.catalogue.all.map((r) => r.id)).toEqual(['zones', 'sides']);
    await loader.loadAll();
    expect(loader.catalogue.all.map((r) => r.id)).toEqual(loader.entries.map((e) => e.id));
  });

  it('loads again after a failed load (a download that failed may succeed the next time)', async () => {
    let fail = true;
    const zones = BUILTIN_RULESETS.find('zones') as Ruleset;
    const loader = rulesetLoader([{ id: 'zones', name: zones.name, summary: zones.summary, load: async () => (fail ? Promise.reject(new Error('offline')) : zones) }]);
    await expect(loader.load('zones')).rejects.toThrow('The ruleset "Zones & Factions" could not be loaded (Error: offline); reload the app and try again.');
    fail = false;
    await expect(loader.load('zones')).resolves.toBe(zones);
  });

  it('opens an encounter of each built-in ruleset once that ruleset is loaded', async () => {
    const { loader } = countingLoader();
    for (const entry of loader.entries) {
      const ruleset = await loader.load(entry.id);
      const created = createEncounter({ id: 'e1', name: 'A fight', rulesetId: entry.id, seed: 1 }, loader.catalogue);
      expect(created.ok, entry.id).toBe(true);
      expect(ruleset.id).toBe(entry.id);
    }
  });
});

describe('the built-in list', () => {
  it('is loaded whole by all-rulesets.ts, which Node code and the tests import: none left out', () => {
    expect(BUILTIN_RULESETS.all.map((r) => r.id)).toEqual(BUILTIN_RULESET_ENTRIES.map((entry) => entry.id));
  });

  it("shows each ruleset under its own name and summary, and each line's load brings in that ruleset", async () => {
    for (const entry of BUILTIN_RULESET_ENTRIES) {
      const ruleset = await entry.load();
      expect(ruleset.id).toBe(entry.id);
      expect({ name: entry.name, summary: entry.summary }).toEqual({ name: ruleset.name, summary: ruleset.summary });
    }
  });
});
