import { describe, expect, it } from 'vitest';
import { dispatch, replay, SNAPSHOT_EVERY, type Command, type Encounter, type JournalLine, type SnapshotLine, BUILTIN_RULESETS } from '../../../engine/index';
import { playedFight } from '../../../engine/testing/journals';
import { goblinFight } from '../campaigns/test-support';
import type { JournalSink } from '../campaigns/journal-sink';
import { EncounterStore } from './encounter-store.svelte';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A sink that records where each batch went; `failing` refuses appends (a full disk). */
function recordingSink(tag: string, calls: [string, number, number][], state = { failing: false }): JournalSink {
  return {
    async append(_id: string, fromLine: number, lines: readonly JournalLine[]) {
      await sleep(5);
      if (state.failing) return { ok: false, code: 'io/no-space', message: 'The disk is full.' };
      calls.push([tag, fromLine, lines.length]);
      return { ok: true, value: { status: 'saved', appended: lines.length } };
    },
  };
}

describe('EncounterStore writing the journal', () => {
  it('writes each step where the previous one ended, and says Saved once it is written', async () => {
    const calls: [string, number, number][] = [];
    const store = new EncounterStore();
    await store.load({ encounter: goblinFight('a').encounter, journalLength: 20, sink: recordingSink('A', calls) });
    store.dispatch({ type: 'next-turn' });
    store.undo();
    store.redo();
    expect(store.saved).toBe(false);
    await store.flush();
    expect(store.saved).toBe(true);
    expect(calls).toEqual([['A', 20, 2], ['A', 22, 1], ['A', 23, 1]]);
  });

  it('sends a step made while another encounter loads to the encounter it was made in', async () => {
    const calls: [string, number, number][] = [];
    const store = new EncounterStore();
    await store.load({ encounter: goblinFight('a').encounter, journalLength: 100, sink: recordingSink('A', calls) });
    store.dispatch({ type: 'next-turn' });
    const loading = store.load({ encounter: goblinFight('b').encounter, journalLength: 50, sink: recordingSink('B', calls) });
    store.dispatch({ type: 'next-turn' });
    await loading;
    store.dispatch({ type: 'next-turn' });
    await store.flush();
    expect(calls).toEqual([['A', 100, 2], ['A', 102, 2], ['B', 50, 2]]);
  });

  it('keeps a fight open while its steps could not be saved, and sends them again before closing', async () => {
    const calls: [string, number, number][] = [];
    const disk = { failing: true };
    const store = new EncounterStore();
    await store.load({ encounter: goblinFight('a').encounter, journalLength: 10, sink: recordingSink('A', calls, disk) });
    store.dispatch({ type: 'next-turn' });
    await store.flush();
    expect(store.message).toMatch(/Not saved: The disk is full/);

    expect(await store.close()).toBe(false);
    expect(store.state).not.toBeNull();
    expect(store.message).toMatch(/could not be saved yet, so it stays open/);
    expect(await store.load({ encounter: goblinFight('b').encounter, journalLength: 0, sink: recordingSink('B', calls) })).toBe(false);
    expect(store.state?.id).toBe('a');

    disk.failing = false;
    expect(await store.close()).toBe(true);
    expect(calls).toEqual([['A', 10, 2]]);
  });
});

describe('EncounterStore looking back', () => {
  it('shows the fight as it was after an earlier entry, refuses changes meanwhile, and comes back to now', async () => {
    const calls: [string, number, number][] = [];
    const store = new EncounterStore();
    const fight = goblinFight('a').encounter;
    await store.load({ encounter: fight, journalLength: 0, sink: recordingSink('A', calls) });
    const now = store.state;
    const firstHp = (id: string) => store.state?.combatants.find((c) => c.id === id)?.tracks['hp']?.value;
    const hurt = fight.state.combatants.find((c) => (c.tracks['hp']?.value ?? 0) < (c.tracks['hp']?.max ?? 0));
    expect(hurt).toBeDefined();

    // Before the damage step (the last two steps are the damage and a roll).
    store.lookBack(fight.steps.at(-3) ?? 1);
    expect(firstHp(hurt?.id ?? '')).toBe(hurt?.tracks['hp']?.max);
    expect(store.dispatch({ type: 'next-turn' })).toBe(false);
    expect(store.message).toMatch(/Back to now/);
    store.undo();
    expect(store.encounter).toBe(fight);

    store.lookBack(null);
    expect(store.state).toEqual(now);
    expect(store.dispatch({ type: 'next-turn' })).toBe(true);
    await store.flush();
    expect(calls).toHaveLength(1);
  });
});

/** A sink that keeps every line it is sent. */
function keepingSink(kept: JournalLine[]): JournalSink {
  return {
    async append(_id, _from, lines) {
      kept.push(...lines);
      return { ok: true, value: { status: 'saved', appended: lines.length } };
    },
  };
}

describe('EncounterStore writing snapshots', () => {
  /** The goblin fight grown by dice rolls (one event each) to `events` events. */
  function grown(events: number): Encounter {
    let encounter = goblinFight('a').encounter;
    while (encounter.events.length < events) {
      const rolled = dispatch(encounter, { type: 'roll', notation: 'd6' });
      if (!rolled.ok) throw new Error(rolled.message);
      encounter = rolled.encounter;
    }
    return encounter;
  }

  const types = (lines: readonly JournalLine[]) => lines.map((line) => line.type);

  it('writes one after the step that takes the history SNAPSHOT_EVERY events past the newest, and an undo below it takes it out', async () => {
    const kept: JournalLine[] = [];
    const store = new EncounterStore();
    await store.load({ encounter: grown(SNAPSHOT_EVERY - 1), journalLength: 2_000, sink: keepingSink(kept) });
    store.dispatch({ type: 'roll', notation: 'd6' });
    store.dispatch({ type: 'roll', notation: 'd6' });
    await store.flush();
    expect(types(kept)).toEqual(['journal/step', 'dice-rolled', 'journal/snapshot', 'journal/step', 'dice-rolled']);
    const snapshot = kept[2] as SnapshotLine;
    expect(snapshot.at).toBe(SNAPSHOT_EVERY);
    expect(snapshot.state).toEqual(replay(store.encounter?.events.slice(0, SNAPSHOT_EVERY) ?? [], BUILTIN_RULESETS));

    // Undone below the snapshot, the history no longer holds it: the redo writes it again.
    kept.length = 0;
    store.undo();
    store.undo();
    store.redo();
    await store.flush();
    expect(types(kept)).toEqual(['journal/undo', 'journal/undo', 'journal/redo', 'journal/snapshot']);
  });

  it('counts from the newest snapshot the journal already holds', async () => {
    const kept: JournalLine[] = [];
    const store = new EncounterStore();
    await store.load({ encounter: grown(SNAPSHOT_EVERY + 10), journalLength: 2_100, lastSnapshot: 500, sink: keepingSink(kept) });
    store.dispatch({ type: 'roll', notation: 'd6' });
    await store.flush();
    expect(types(kept)).toEqual(['journal/step', 'dice-rolled']);
    for (let i = 0; i < 490; i++) store.dispatch({ type: 'roll', notation: 'd6' });
    await store.flush();
    expect(types(kept).filter((t) => t === 'journal/snapshot')).toHaveLength(1);
    expect((kept.find((line) => line.type === 'journal/snapshot') as SnapshotLine).at).toBe(500 + SNAPSHOT_EVERY);
  });
});

describe('EncounterStore: the GM overrules the rule text', () => {
  /** A running Zones fight: Brannock in mail, and a bandit. */
  const armouredFight = () =>
    playedFight({ id: 'armour', rulesetId: 'zones' }, [
      { type: 'add-combatant', name: 'Brannock', factionId: 'f1', rules: { gear: [{ name: 'Mail', kind: 'armour', protection: 2 }] } },
      { type: 'add-combatant', name: 'Bandit', factionId: 'f2' },
      { type: 'start-combat', initiativeFactionId: 'f1' },
    ]);

  it('offers a refusal the GM may overrule while it is the message shown, and sends it again as the GM\'s ruling', async () => {
    const kept: JournalLine[] = [];
    const store = new EncounterStore();
    await store.load({ encounter: armouredFight(), journalLength: 10, sink: keepingSink(kept) });
    const brannock = store.state?.combatants.find((c) => c.name === 'Brannock')?.id ?? '';
    const takeOff = { type: 'zones/set-gear', combatantId: brannock, gear: [] } as unknown as Command;

    expect(store.dispatch(takeOff)).toBe(false);
    expect(store.message).toMatch(/^Armour can't be changed during a fight/);
    expect(store.canOverrule).toBe(true);
    // Another message in its place: the offer goes with the refusal it belonged to.
    store.message = 'Type how much damage first.';
    expect(store.canOverrule).toBe(false);
    expect(store.overrule()).toBe(false);

    expect(store.dispatch(takeOff)).toBe(false);
    expect(store.overrule()).toBe(true);
    expect(store.message).toBeNull();
    expect(store.canOverrule).toBe(false);
    await store.flush();
    expect(kept.filter((line) => line.type === 'zones/gear-set')).toEqual([expect.objectContaining({ ruling: true, gear: [] })]);

    // A refusal the GM can't overrule offers nothing.
    expect(store.dispatch({ type: 'damage', combatantId: 'nobody', amount: 1 })).toBe(false);
    expect(store.canOverrule).toBe(false);
  });

  it('puts a message away when the GM dismisses it, and with it the offer to overrule', async () => {
    const store = new EncounterStore();
    await store.load({ encounter: armouredFight(), journalLength: 10, sink: keepingSink([]) });
    const brannock = store.state?.combatants.find((c) => c.name === 'Brannock')?.id ?? '';
    expect(store.dispatch({ type: 'zones/set-gear', combatantId: brannock, gear: [] } as unknown as Command)).toBe(false);
    store.dismissMessage();
    expect(store.message).toBeNull();
    expect(store.canOverrule).toBe(false);
    expect(store.overrule()).toBe(false);
  });
});

describe('EncounterStore redoing', () => {
  // Issue 40: Redo applied an undone step unchecked and saved it, and the fight opened as damaged.
  it('refuses a forged undone step with what is wrong, writes nothing and keeps the step undone', async () => {
    const calls: [string, number, number][] = [];
    const store = new EncounterStore();
    const fight = goblinFight('a').encounter;
    const forged: Encounter = { ...fight, redoable: [[{ type: 'turn-advanced', round: 1, activeId: 'nobody', expired: [] } as unknown as Encounter['events'][number]]] };
    await store.load({ encounter: forged, journalLength: 20, sink: recordingSink('A', calls) });
    store.redo();
    expect(store.message).toMatch(/^The undone step can't be redone: in its event 1 \("turn-advanced"\), the acting character is "nobody", who is not in the encounter\.$/);
    expect(store.encounter).toBe(forged);
    expect(store.canRedo).toBe(true);
    await store.flush();
    expect(calls).toEqual([]);
  });
});

describe('EncounterStore: whom a form aims at', () => {
  it('holds the aim a form shows until that form takes it back, not one opened after it, and forgets it with the fight', async () => {
    const calls: [string, number, number][] = [];
    const store = new EncounterStore();
    await store.load({ encounter: goblinFight('a').encounter, journalLength: 20, sink: recordingSink('A', calls) });
    expect(store.aim).toBeNull();
    const first = store.aimAt({ attackerId: 'c1', targetIds: ['c2'] });
    expect(store.aim).toEqual({ attackerId: 'c1', targetIds: ['c2'] });
    // A second form opens before the first closes: the first taking its aim back leaves the second's.
    const second = store.aimAt({ attackerId: 'c1', targetIds: ['c3'] });
    first();
    expect(store.aim).toEqual({ attackerId: 'c1', targetIds: ['c3'] });
    second();
    expect(store.aim).toBeNull();
    // No target chosen yet: aimed at nobody.
    store.aimAt({ attackerId: 'c1', targetIds: [] });
    expect(store.aim).toBeNull();
    store.aimAt({ attackerId: 'c1', targetIds: ['c2'] });
    await store.close();
    expect(store.aim).toBeNull();
  });
});

describe('EncounterStore showing a long fight\'s end while its history is read', () => {
  it('refuses every change and writes nothing until the history replaces it', async () => {
    const calls: [string, number, number][] = [];
    const store = new EncounterStore();
    const { encounter } = goblinFight();
    expect(await store.load({ encounter, journalLength: 0, sink: recordingSink('end', calls), preview: true })).toBe(true);
    expect(store.previewing).toBe(true);
    expect(store.canUndo).toBe(false);
    expect(store.dispatch({ type: 'roll', notation: 'd6' })).toBe(false);
    expect(store.message).toMatch(/still being read/);
    store.undo();
    store.lookBack(1);
    expect(store.viewing).toBeNull();
    expect(store.encounter).toBe(encounter);
    await store.flush();
    expect(calls).toEqual([]);

    expect(await store.load({ encounter, journalLength: 10, sink: recordingSink('whole', calls) })).toBe(true);
    expect(store.previewing).toBe(false);
    expect(store.dispatch({ type: 'roll', notation: 'd6' })).toBe(true);
    await store.flush();
    expect(calls).toEqual([['whole', 10, 2]]);
  });

  it('replaces the end shown only while it is still on screen, keeping whom the GM picked meanwhile', async () => {
    const store = new EncounterStore();
    const calls: [string, number, number][] = [];
    const { encounter: end } = goblinFight();
    const whole = { ...end };
    const goblin = end.state.combatants[0]?.id ?? '';
    expect(await store.load({ encounter: end, journalLength: 0, sink: recordingSink('end', calls), preview: true })).toBe(true);
    store.select(goblin);
    expect(await store.load({ encounter: whole, journalLength: 10, sink: recordingSink('whole', calls), replaces: end })).toBe(true);
    expect(store.encounter).toBe(whole);
    expect(store.selectedId).toBe(goblin);

    // The GM left the fight while its history was read: the history does not bring it back.
    expect(await store.load({ encounter: end, journalLength: 0, sink: recordingSink('end', calls), preview: true })).toBe(true);
    await store.close();
    expect(await store.load({ encounter: whole, journalLength: 10, sink: recordingSink('whole', calls), replaces: end })).toBe(false);
    expect(store.encounter).toBeNull();
  });
});
