import { describe, expect, it } from 'vitest';
import { createEncounter, MAX_COMBATANTS, MAX_QUANTITY, type JournalLine, BUILTIN_RULESETS } from '../../../engine/index';
import type { JournalSink } from '../campaigns/journal-sink';
import { newTemplate, templateItem } from '../roster/template';
import { zones } from '../roster/test-support';
import { EncounterStore } from '../store/encounter-store.svelte';
import { addAllToEncounter } from './add-party';

// "Add the whole party": every member joins, or none does and the GM is told which one can't and why.

const sink: JournalSink = {
  async append(_id: string, _from: number, lines: readonly JournalLine[]) {
    return { ok: true, value: { status: 'saved', appended: lines.length } };
  },
};

async function openFight(): Promise<EncounterStore> {
  const created = createEncounter({ id: 'ford', name: 'Ford', rulesetId: 'zones', seed: 1 }, BUILTIN_RULESETS);
  if (!created.ok) throw new Error(created.message);
  const store = new EncounterStore();
  await store.load({ encounter: created.encounter, journalLength: 0, sink });
  return store;
}

const ann = templateItem('Ann', { ...newTemplate(zones), gear: [{ name: 'Sword', kind: 'weapon', damage: 'd8' }] });
const bren = templateItem('Bren', { ...newTemplate(zones), gear: [{ name: 'Sling', kind: 'weapon', damage: 'd4', reach: 'ranged', range: 2 }] });
// Saved before the party editor refused it: a bow that reaches no further than its own zone.
const cyra = templateItem('Cyra', { ...newTemplate(zones), gear: [{ name: 'Bow', kind: 'weapon', damage: 'd6', reach: 'ranged', range: 0 }] });

const names = (store: EncounterStore) => store.state?.combatants.map((c) => c.name) ?? [];

describe('adding the whole party', () => {
  it('adds every member, in order, to the faction given', async () => {
    const store = await openFight();
    expect(addAllToEncounter(store, [ann, bren], { factionId: 'f1' })).toBe(true);
    expect(store.state?.combatants.map((c) => [c.name, c.factionId, c.templateId])).toEqual([
      ['Ann', 'f1', ann.id],
      ['Bren', 'f1', bren.id],
    ]);
    expect(store.message).toBeNull();
  });

  it('adds nobody when a later member cannot join, and names that member and why', async () => {
    const store = await openFight();
    expect(addAllToEncounter(store, [ann, cyra, bren], { factionId: 'f1' })).toBe(false);
    expect(names(store)).toEqual([]);
    expect(store.canUndo).toBe(false);
    expect(store.message).toMatch(/^Nobody was added: "Cyra" .*Bow is a ranged weapon: give it a range of at least 1 zone/);
    // Asking again gives the same answer, not the next member.
    expect(addAllToEncounter(store, [ann, cyra, bren], { factionId: 'f1' })).toBe(false);
    expect(names(store)).toEqual([]);
  });

  it('checks each member against the fight with the ones before them in it: the one past the most is named', async () => {
    const store = await openFight();
    for (let left = MAX_COMBATANTS - 1; left > 0; left -= MAX_QUANTITY) {
      expect(store.dispatch({ type: 'add-combatant', name: 'Rat', factionId: 'f2', quantity: Math.min(MAX_QUANTITY, left) })).toBe(true);
    }
    expect(names(store)).toHaveLength(MAX_COMBATANTS - 1);
    expect(addAllToEncounter(store, [ann, bren], { factionId: 'f1' })).toBe(false);
    expect(names(store)).toHaveLength(MAX_COMBATANTS - 1);
    expect(names(store)).not.toContain('Ann');
    expect(store.message).toBe(`Nobody was added: "Bren" cannot join the fight: An encounter holds at most ${MAX_COMBATANTS} combatants. Edit the entry or add the others one by one.`);
  });
});
