import { describe, expect, it } from 'vitest';
import { createEncounter, dispatch, BUILTIN_RULESETS } from '../../../../engine/index';
import { zonesEntryRules } from './entry-part';

// A Zones & Factions party or bestiary entry's gear is refused on saving by the same rules the
// engine adds characters by: a ranged weapon that reaches no further than its own zone never
// reaches the campaign, so "Add the whole party" never meets it.

const bow = (reach: string, range?: number) => ({ gear: [{ name: 'Bow', kind: 'weapon', damage: 'd6', reach, ...(range === undefined ? {} : { range }) }] });

describe("a Zones & Factions entry's gear", () => {
  it("refuses a ranged or indirect weapon's range below 1 zone with the engine's sentence, naming the piece", () => {
    const read = zonesEntryRules.read(bow('ranged', 0));
    expect(read).toEqual({ ok: false, problems: ['Gear 1 ("Bow"): Bow is a ranged weapon: give it a range of at least 1 zone'] });
    expect(zonesEntryRules.read(bow('indirect', 0)).ok).toBe(false);

    const created = createEncounter({ id: 'e', name: 'E', rulesetId: 'zones', seed: 1 }, BUILTIN_RULESETS);
    if (!created.ok) throw new Error(created.message);
    const refused = dispatch(created.encounter, { type: 'add-combatant', name: 'Cyra', factionId: 'f1', rules: bow('ranged', 0) });
    expect(refused.ok).toBe(false);
    expect(!refused.ok && `Gear 1 ("Bow"): ${refused.message}`).toBe(`${read.ok ? '' : read.problems[0]}.`);
  });

  it('keeps a ranged weapon reaching 1 zone or more (1 when left out), and a melee one at range 0', () => {
    expect(zonesEntryRules.read(bow('ranged', 1)).ok).toBe(true);
    expect(zonesEntryRules.read(bow('ranged', 20)).ok).toBe(true);
    expect(zonesEntryRules.read(bow('ranged')).ok).toBe(true);
    expect(zonesEntryRules.read(bow('melee', 0))).toEqual({ ok: true, value: { gear: [{ name: 'Bow', kind: 'weapon', damage: 'd6', reach: 'melee', range: 0 }], fearless: false } });
  });
});

describe("a Zones & Factions entry in the party list", () => {
  it('shows fearless and the gear that is worn, each wording once', () => {
    const gear = [
      { name: 'Sword', kind: 'weapon' as const, damage: 'd8', wear: 'damaged' as const },
      { name: 'Dagger', kind: 'weapon' as const, damage: 'd4', wear: 'broken' as const },
      { name: 'Dagger', kind: 'weapon' as const, damage: 'd4', wear: 'broken' as const },
      { name: 'Shield', kind: 'shield' as const, protection: 1, wear: 'sound' as const },
      { name: 'Armour', kind: 'armour' as const, protection: 2 },
    ];
    expect(zonesEntryRules.tags?.({ fearless: true, gear })).toEqual(['Fearless', 'Sword damaged', 'Dagger broken']);
    expect(zonesEntryRules.tags?.({ fearless: false, gear: [] })).toEqual([]);
  });
});
