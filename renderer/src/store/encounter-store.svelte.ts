import type { Command, Encounter, Id, JournalLine } from '../../../engine/index';
import type { JournalSink } from '../campaigns/journal-sink';
import { fightEngine, loadFightEngine } from './fight-engine';

/** An encounter the screen works on: its history, where its journal is written, and how long it is. */
export interface LoadedEncounter {
  readonly encounter: Encounter;
  /** Lines already in its journal (0 for a new encounter whose first step is still to write). */
  readonly journalLength: number;
  /** Where the newest snapshot in its journal stands (events before it), 0 or absent when none. */
  readonly lastSnapshot?: number;
  readonly sink: JournalSink;
  /** Lines to write first: the creation step of a new encounter. */
  readonly unwritten?: readonly JournalLine[];
  /** Told after every change, with the encounter as it is now (the campaign keeps its status). */
  readonly onChange?: (encounter: Encounter) => void;
  /** Shown only: every change is refused and nothing is written (the readable part of a damaged fight). */
  readonly readOnly?: boolean;
  /**
   * Shown while its history is read: a long fight's end (engine/encounter/journal-end.ts), which
   * the history replaces a moment later. Every change is refused meanwhile and nothing is written.
   */
  readonly preview?: boolean;
  /**
   * The fight shown while this was read (its end, `preview`): this replaces it only if it is still
   * the one on screen (the GM may have left it meanwhile), and keeps who the GM picked and aimed at.
   */
  readonly replaces?: Encounter;
}

/** Whom a form on the screen aims at (a form with its target chosen: an attack, a grapple, a ward to screen), for the map to mark. */
export interface Aim {
  readonly attackerId: Id;
  readonly targetIds: readonly Id[];
}

/**
 * The open encounter as the screen sees it. Components read the derived values and call the
 * methods; the rules stay in the engine. Every GM step is written to the encounter's journal (one
 * step, undo or redo at a time, in order), and `saved` tells when the last one is safe: on disk
 * in the desktop app, in IndexedDB in a browser.
 */
export class EncounterStore {
  encounter = $state.raw<Encounter | null>(null);
  /** The last refusal or storage problem, in words for the GM; cleared by the next success. */
  message = $state<string | null>(null);
  /**
   * The command the rule text refused and the GM may overrule (see `Failure.overridable`): the
   * message offers it while it is still the one shown, `overrule()` sends it again as the GM's ruling.
   */
  #refused = $state.raw<{ command: Command; message: string } | null>(null);
  /** The message shown is a refusal the GM may overrule. */
  canOverrule = $derived(this.#refused !== null && this.#refused.message === this.message);
  saved = $state(true);
  /** The combatant the GM picked as target for damage, healing and conditions. */
  selectedId = $state<string | null>(null);
  /** Whom the form open now aims at (see `aimAt`); the maps mark them. Null while no form aims. */
  aim = $state.raw<Aim | null>(null);

  /**
   * While the GM looks back at the fight: how many of its events are shown (the state right
   * after the entry they picked in the log). Null shows the fight as it is now. Looking back is
   * read-only: every change is refused until the GM comes back to now.
   */
  viewing = $state<number | null>(null);
  /** The fight is shown read-only (the readable part of a damaged log): every change is refused. */
  readOnly = $state(false);
  /** The fight shown is a long fight's end while its history is read (`LoadedEncounter.preview`): every change is refused. */
  previewing = $state(false);
  state = $derived.by(() => {
    const encounter = this.encounter;
    if (!encounter) return null;
    const at = this.viewing;
    return at === null || at >= encounter.events.length ? encounter.state : fightEngine().replayUnder(encounter.ruleset, encounter.events.slice(0, Math.max(1, at)));
  });
  ruleset = $derived(this.encounter?.ruleset ?? null);
  ordered = $derived.by(() => {
    const s = this.state;
    if (!s) return [];
    // By id through a map: the list is built on every step, and a search per row would grow with the square of the table.
    const byId = new Map(s.combatants.map((c) => [c.id, c]));
    const placed = s.order.map((id) => byId.get(id)).filter((c) => c !== undefined);
    if (placed.length === s.combatants.length) return placed;
    const inOrder = new Set(s.order);
    return [...placed, ...s.combatants.filter((c) => !inOrder.has(c.id))];
  });
  active = $derived(this.state?.combatants.find((c) => c.id === this.state?.activeId) ?? null);
  selected = $derived(this.state?.combatants.find((c) => c.id === this.selectedId) ?? null);
  /** The procedure when factions alternate (zones), or null for a fixed initiative order. */
  alternating = $derived(this.ruleset?.turn.order.kind === 'alternating' ? this.ruleset.turn.order : null);
  /** Characters of the faction whose go it is who may take a turn now, in list order. */
  mayActNow = $derived.by(() => {
    const s = this.state;
    const proc = this.alternating;
    return s && proc ? fightEngine().whoMayTakeTurn(proc, s) : [];
  });
  /** The ids of {@link mayActNow}, for a row to ask about itself without a search. */
  mayActIds = $derived(new Set(this.mayActNow.map((c) => c.id)));
  // A read-only fight (the readable part of a damaged log) has nothing to undo or redo.
  canUndo = $derived(this.encounter && !this.readOnly && !this.previewing ? fightEngine().canUndo(this.encounter) : false);
  canRedo = $derived(this.encounter && !this.readOnly && !this.previewing ? fightEngine().canRedo(this.encounter) : false);

  /** Where the open encounter's journal goes; null when none is open. */
  #journal: Journal | null = null;
  #onChange: ((encounter: Encounter) => void) | undefined;
  #writes: Promise<void> = Promise.resolve();

  /**
   * Shows `loaded` and writes its steps from now on. Refused (false, with the reason shown) while
   * the open encounter still has steps that could not be saved: they would be lost.
   */
  async load(loaded: LoadedEncounter): Promise<boolean> {
    // The engine's fight functions come in with the first fight (fight-engine.ts).
    await loadFightEngine();
    if (!(await this.#settle())) return false;
    const replacing = loaded.replaces !== undefined;
    if (replacing && this.encounter !== loaded.replaces) return false;
    const snapshots = loaded.lastSnapshot ? [loaded.lastSnapshot] : [];
    this.#journal = { encounterId: loaded.encounter.state.id, sink: loaded.sink, length: loaded.journalLength, unsent: [], snapshots };
    this.#onChange = loaded.onChange;
    this.encounter = loaded.encounter;
    this.readOnly = loaded.readOnly === true;
    this.previewing = loaded.preview === true;
    this.viewing = null;
    if (!replacing) {
      this.selectedId = null;
      this.aim = null;
    }
    this.message = null;
    this.#refused = null;
    this.saved = true;
    if (loaded.unwritten?.length) {
      this.#write(loaded.encounter, [...loaded.unwritten]);
      await this.#writes;
    }
    return true;
  }

  /** Shows the fight as it was after its first `events` events (from the log), or as it is now (null). */
  lookBack(events: number | null): void {
    // A preview's events are counted from its snapshot: there is nothing before them to look back on.
    if (this.previewing) return;
    this.viewing = events;
    this.selectedId = null;
  }

  /** Sends a command to the engine; a refusal shows its message and changes nothing. */
  dispatch(command: Command): boolean {
    const before = this.encounter;
    if (!before) return false;
    if (this.#changesRefused()) return false;
    const result = fightEngine().dispatch(before, command);
    if (!result.ok) {
      this.message = result.message;
      this.#refused = result.overridable ? { command, message: result.message } : null;
      return false;
    }
    // A command that changed nothing makes no step.
    if (result.events.length > 0) this.#commit(result.encounter, fightEngine().stepLines(result.events));
    return true;
  }

  /** Puts the message away (× or Esc): read, and nothing left to do about it. */
  dismissMessage(): void {
    this.message = null;
    this.#refused = null;
  }

  /** Sends the refused command again as the GM's ruling: logged as such, undoable like any step. */
  overrule(): boolean {
    const refused = this.#refused;
    if (!refused || !this.canOverrule) return false;
    this.#refused = null;
    return this.dispatch({ ...refused.command, gmRuling: true } as Command);
  }

  undo(): void {
    if (this.#changesRefused() || !this.encounter) return;
    const engine = fightEngine();
    if (engine.canUndo(this.encounter)) this.#commit(engine.undo(this.encounter), [engine.UNDO_LINE]);
  }

  redo(): void {
    if (this.#changesRefused() || !this.encounter) return;
    const engine = fightEngine();
    if (!engine.canRedo(this.encounter)) return;
    const result = engine.redo(this.encounter);
    if (!result.ok) {
      // An undone step that fails the checks stays undone; the GM reads why.
      this.message = result.message;
      this.#refused = null;
      return;
    }
    this.#commit(result.encounter, [engine.REDO_LINE]);
  }

  /** Refuses changes while the GM looks at the past or at a read-only fight, saying what to do. */
  #changesRefused(): boolean {
    if (this.readOnly) {
      this.message = 'This fight is open read-only, up to the step its damaged log can be read to; go back to the campaign and open it as a copy to play on.';
      return true;
    }
    if (this.previewing) {
      this.message = "The fight's earlier steps are still being read (a moment for a long fight); nothing was changed, try again.";
      return true;
    }
    if (this.viewing === null) return false;
    this.message = 'You are looking at the fight as it was earlier; press "Back to now" to change anything.';
    return true;
  }

  /**
   * Leaves the encounter once every step is saved (or kept by the outbox). Refused (false, with
   * the reason shown) while some steps could not be saved anywhere: closing would lose them.
   */
  async close(): Promise<boolean> {
    if (!(await this.#settle())) return false;
    this.encounter = null;
    this.readOnly = false;
    this.previewing = false;
    this.viewing = null;
    this.selectedId = null;
    this.aim = null;
    this.message = null;
    this.#refused = null;
    this.#journal = null;
    return true;
  }

  select(id: string | null): void {
    this.selectedId = id;
  }

  /**
   * A form shows whom it aims at (null or no targets: at nobody yet). Returns how the form takes
   * it back as it closes: only its own aim, so a form opening as another closes keeps its aim.
   */
  aimAt(aim: Aim | null): () => void {
    const shown = aim && aim.targetIds.length > 0 ? aim : null;
    this.aim = shown;
    return () => {
      if (this.aim === shown) this.aim = null;
    };
  }

  /** Waits for every write so far; tests and the close handler use it. */
  flush(): Promise<void> {
    return this.#writes;
  }

  #commit(after: Encounter, lines: JournalLine[]): void {
    this.encounter = after;
    this.message = null;
    this.#refused = null;
    if (this.selectedId && !after.state.combatants.some((c) => c.id === this.selectedId)) this.selectedId = null;
    // Every SNAPSHOT_EVERY events a snapshot follows the step, so opening folds only the tail.
    this.#write(after, this.#journal ? fightEngine().withSnapshot(after, lines, this.#journal.snapshots) : lines);
    this.#onChange?.(after);
  }

  /**
   * Waits until no write is queued (steps made while waiting included) and sends again what could
   * not be saved. True when nothing is left unsaved in this window.
   */
  async #settle(): Promise<boolean> {
    let seen: Promise<void> | null = null;
    while (seen !== this.#writes) {
      seen = this.#writes;
      await seen;
    }
    const journal = this.#journal;
    if (!journal || journal.unsent.length === 0) return true;
    if (this.encounter) this.#write(this.encounter, []);
    await this.#writes;
    if (journal.unsent.length === 0) return true;
    this.message = `${journal.unsent.length} entries of this fight could not be saved yet, so it stays open: ${this.message ?? ''}`.trim();
    return false;
  }

  #write(after: Encounter, lines: JournalLine[]): void {
    // The journal is taken now: a step always goes to the encounter it was made in.
    const journal = this.#journal;
    if (!journal) return;
    this.saved = false;
    // Writes are chained so the journal gets the steps in the order the GM made them.
    this.#writes = this.#writes.then(async () => {
      const batch = [...journal.unsent, ...lines];
      if (batch.length === 0) return;
      const fromLine = journal.length;
      const result = await journal.sink.append(journal.encounterId, fromLine, batch).catch((error: unknown) => ({
        ok: false as const,
        code: 'storage/failed',
        message: `Saving failed unexpectedly (${String(error)}).`,
      }));
      if (!result.ok) {
        journal.unsent = batch;
        this.message = `Not saved: ${result.message} The step is kept in this window and sent again with the next one; do not reload until "Saved" shows.`;
        return;
      }
      journal.unsent = [];
      journal.length = fromLine + batch.length;
      if (result.value.status === 'pending') {
        this.message = `Kept in this window, not yet on disk: ${result.value.failure.message}`;
        return;
      }
      if (this.encounter === after) this.saved = true;
    });
  }
}

/** One open encounter's journal: where its lines go and how many are there. */
interface Journal {
  readonly encounterId: string;
  readonly sink: JournalSink;
  /** Lines written or handed to the sink so far. */
  length: number;
  /** Lines whose write failed outright (nothing kept them): sent again before the next step's. */
  unsent: JournalLine[];
  /** Where the snapshots written (or found) still in the history stand, oldest first. */
  snapshots: number[];
}
