import {
  canRedo,
  canUndo,
  createEncounter,
  dispatch,
  eligibleOf,
  findRuleset,
  redo,
  restoreEncounter,
  undo,
  type Command,
  type Encounter,
} from '../../../engine/index';
import type { GmDatabase } from './db';
import { deleteEncounter, loadHistory, saveEncounter } from './persistence';

const LAST_OPEN = 'lastEncounterId';

function newSeed(): number {
  return crypto.getRandomValues(new Int32Array(1))[0] ?? 1;
}

/**
 * The open encounter as the screen sees it. Components read the derived values and call the
 * methods; the rules stay in the engine, storage in Dexie. Every change is written through, in
 * order, and `saved` tells when the last write reached the database.
 */
export class EncounterStore {
  encounter = $state.raw<Encounter | null>(null);
  /** The last refusal or storage problem, in words for the GM; cleared by the next success. */
  message = $state<string | null>(null);
  saved = $state(true);
  /** The combatant the GM picked as target for damage, healing and conditions. */
  selectedId = $state<string | null>(null);

  state = $derived(this.encounter?.state ?? null);
  ruleset = $derived(this.state ? (findRuleset(this.state.rulesetId) ?? null) : null);
  ordered = $derived.by(() => {
    const s = this.state;
    if (!s) return [];
    const placed = s.order.map((id) => s.combatants.find((c) => c.id === id)).filter((c) => c !== undefined);
    return [...placed, ...s.combatants.filter((c) => !s.order.includes(c.id))];
  });
  active = $derived(this.state?.combatants.find((c) => c.id === this.state?.activeId) ?? null);
  selected = $derived(this.state?.combatants.find((c) => c.id === this.selectedId) ?? null);
  /** The procedure when factions alternate (zones), or null for a fixed initiative order. */
  alternating = $derived(this.ruleset?.turns.kind === 'alternating' ? this.ruleset.turns : null);
  /** Characters of the faction whose go it is who may take a turn now, in list order. */
  mayActNow = $derived.by(() => {
    const s = this.state;
    const proc = this.alternating;
    if (!s || !proc || !s.turn?.factionId || s.activeId || s.pendingAttack) return [];
    return eligibleOf(proc, s, s.turn.factionId);
  });
  canUndo = $derived(this.encounter ? canUndo(this.encounter) : false);
  canRedo = $derived(this.encounter ? canRedo(this.encounter) : false);

  #db: GmDatabase;
  #writes: Promise<void> = Promise.resolve();

  constructor(db: GmDatabase) {
    this.#db = db;
  }

  /** Reopens the encounter that was open when the app last closed, if it still exists. */
  async resume(): Promise<void> {
    const last = await this.#db.meta.get(LAST_OPEN);
    if (last) await this.open(last.value);
  }

  /** Creates an encounter; a given seed replays the same dice as another fight with that seed. */
  async create(name: string, rulesetId: string, seed: number = newSeed()): Promise<boolean> {
    const created = createEncounter({ id: crypto.randomUUID(), name, rulesetId, seed });
    if (!created.ok) {
      this.message = created.message;
      return false;
    }
    this.#commit(null, created.encounter);
    await this.#writes;
    return true;
  }

  async open(id: string): Promise<void> {
    let stored: Awaited<ReturnType<typeof loadHistory>>;
    try {
      stored = await loadHistory(this.#db, id);
    } catch (error) {
      this.message = `The browser's storage could not be read (${String(error)}). Nothing was changed; try reloading.`;
      return;
    }
    if (!stored) {
      this.message = 'That encounter is no longer stored; pick another or create a new one.';
      return;
    }
    const restored = restoreEncounter({ events: stored.events, steps: stored.row.steps, redoable: stored.row.redoable });
    if (!restored.ok) {
      this.message = `"${stored.row.name}" could not be opened: ${restored.message}`;
      return;
    }
    this.encounter = restored.value;
    this.selectedId = null;
    this.message = null;
    await this.#db.meta.put({ key: LAST_OPEN, value: id });
  }

  async remove(id: string): Promise<void> {
    await this.#writes;
    await deleteEncounter(this.#db, id);
    if (this.encounter?.state.id === id) {
      this.encounter = null;
      await this.#db.meta.delete(LAST_OPEN);
    }
  }

  /** Sends a command to the engine; a refusal shows its message and changes nothing. */
  dispatch(command: Command): boolean {
    const before = this.encounter;
    if (!before) return false;
    const result = dispatch(before, command);
    if (!result.ok) {
      this.message = result.message;
      return false;
    }
    this.#commit(before, result.encounter);
    return true;
  }

  undo(): void {
    if (this.encounter && canUndo(this.encounter)) this.#commit(this.encounter, undo(this.encounter));
  }

  redo(): void {
    if (this.encounter && canRedo(this.encounter)) this.#commit(this.encounter, redo(this.encounter));
  }

  /** Back to the list of encounters; everything is already saved. */
  close(): void {
    this.encounter = null;
    this.selectedId = null;
    this.message = null;
  }

  select(id: string | null): void {
    this.selectedId = id;
  }

  /** Waits for every write so far; tests and the close handler use it. */
  flush(): Promise<void> {
    return this.#writes;
  }

  #commit(before: Encounter | null, after: Encounter): void {
    this.encounter = after;
    this.message = null;
    if (this.selectedId && !after.state.combatants.some((c) => c.id === this.selectedId)) this.selectedId = null;
    this.saved = false;
    const db = this.#db;
    // Writes are chained so they land in the order the GM made them.
    this.#writes = this.#writes
      .then(() => saveEncounter(db, before, after, Date.now()))
      .then(() => db.meta.put({ key: LAST_OPEN, value: after.state.id }))
      .then(
        () => {
          if (this.encounter === after) this.saved = true;
        },
        (error: unknown) => {
          this.message = `Could not save to the browser's storage: ${String(error)}. Keep this window open and export the log.`;
        },
      );
  }
}
