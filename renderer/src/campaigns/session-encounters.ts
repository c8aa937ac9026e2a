/**
 * The encounters of the open campaign, for the campaign session (session.svelte.ts): adding one
 * (new, from a planned setup, a copy of a damaged fight, an imported log), opening one where it
 * stopped (from its last snapshot, its earlier steps checked once it is on screen), the damaged
 * fight the GM decides about, and closing one. Each opened fight's entry in the campaign follows
 * its status, and a finished fight's party members keep what it left them.
 */
import { historyLines, type Encounter, type Ruleset } from '../../../engine/index';
import { foughtEntries, writeBackAfterFight } from '../roster/aftermath';
import { entryRulesOf } from '../rulesets/rules';
import type { Campaign, EncounterEntry, EncounterStatus, Failure, Result, StoredEvent } from './backend';
import { afterNextPaint, checkOpened } from './check-opened';
import { copiedFight, copyName, damagedFightOf, type DamagedFight } from './damaged-fight';
import { entryStatus } from './entry-status';
import { directSink, outboxSink, type JournalSink } from './journal-sink';
import { fightUnder, type FightLog } from './import-log';
import { freshEncounter, fromSetup, randomSeed } from './new-encounters';
import { OPEN_HISTORY_MEASURE, OPEN_MEASURE } from './open-measure';
import { plainData } from './plain-data';
import { readEncounter, readEncounterEnd, type ReadEncounter, type ReadEnd } from './read-encounter';
import type { SessionDeps } from './session.svelte';
import { forgetSnapshots, trustingSink } from './snapshot-trust';

/** What the encounters take from the campaign session that holds them. */
export interface EncounterHost {
  readonly folder: string | null;
  readonly campaign: Campaign | null;
  readonly ruleset: Ruleset | null;
  readonly deps: SessionDeps;
  /** The session's clock. */
  readonly now: Date;
  /** Settles once the campaign's saves so far have been answered. */
  readonly saving: Promise<unknown>;
  message: string | null;
  damaged: DamagedFight | null;
  /** Changes the open campaign and saves it. */
  edit(change: (campaign: Campaign) => Campaign): void;
}

const LAST_ENCOUNTER = 'lastEncounter';

export class SessionEncounters {
  readonly #host: EncounterHost;
  /** An encounter is being opened or created. */
  #busy = false;
  /** The fight just opened from a snapshot, whose whole history is still to be replayed. */
  #unchecked: Encounter | null = null;
  /** Its replay, under way or done. */
  #checked: Promise<void> = Promise.resolve();

  constructor(host: EncounterHost) {
    this.#host = host;
  }

  /** The check of the fight opened last from a snapshot, under way or done: tests wait for it. */
  get checked(): Promise<void> {
    return this.#checked;
  }

  /**
   * Adds an encounter and opens it. `fromSetup` names a planned encounter whose setup (factions,
   * combatants, zones, settings) the new one starts with; the planned one stays as it was.
   */
  async newEncounter(name: string, options: { fromSetup?: string; seed?: number } = {}): Promise<boolean> {
    if (this.#busy) return false;
    this.#busy = true;
    try {
      return await this.#newEncounter(name, options);
    } finally {
      this.#busy = false;
    }
  }

  async #newEncounter(name: string, options: { fromSetup?: string; seed?: number; copyOf?: Encounter }): Promise<boolean> {
    const folder = this.#host.folder;
    const campaign = this.#host.campaign;
    if (!folder || !campaign) return false;
    let setup: Encounter | null = null;
    if (options.fromSetup) {
      const source = await this.#readEncounter(options.fromSetup);
      if (!source.ok) return this.#fail(source);
      setup = source.value.encounter;
    }
    await this.#host.saving;
    const created = await this.#host.deps.backend.createEncounter({ folder, name });
    if (!created.ok) return this.#fail(created);
    const entry = created.value.encounter;
    const seed = options.seed ?? this.#host.deps.newSeed?.() ?? randomSeed();
    const encounter = options.copyOf ? copiedFight(options.copyOf, entry) : setup ? fromSetup(setup, entry, seed) : freshEncounter(entry, campaign, seed);
    if (!encounter.ok) return this.#fail(encounter);
    // The store added the entry to the campaign as it last saved it; add it to the campaign as it is now.
    this.#host.edit((current) => ({ ...current, encounters: [...current.encounters.filter((e) => e.id !== entry.id), entry] }));
    const loaded = await this.#host.deps.store.load({
      encounter: encounter.value,
      journalLength: 0,
      unwritten: historyLines(encounter.value),
      sink: this.#sink(folder),
      onChange: this.#follower(entry.id, encounter.value),
    });
    if (!loaded) return false;
    await this.#host.deps.db.meta.put({ key: LAST_ENCOUNTER, value: entry.id });
    return true;
  }

  /** Opens an encounter where it stopped. */
  async openEncounter(id: string): Promise<boolean> {
    if (this.#busy) return false;
    this.#busy = true;
    try {
      return await this.#openEncounter(id);
    } finally {
      this.#busy = false;
      // Checked once the opening is over, so that the check can open the fight again if need be.
      const unchecked = this.#unchecked;
      this.#unchecked = null;
      if (unchecked) this.#checked = this.#checkOpened(id, unchecked);
    }
  }

  async #openEncounter(id: string, fromSnapshot = true): Promise<boolean> {
    const folder = this.#host.folder;
    if (!folder) return false;
    if (this.#host.deps.outbox?.conflicts.some((c) => c.folder === folder && c.encounterId === id)) {
      this.#host.message = 'This fight has steps kept in this window that no longer fit its file; settle that at the top of the screen first.';
      return false;
    }
    const started = performance.now();
    // A long fight's end shows first, read from its newest trusted snapshot (the last few packs of
    // its log); the whole journal is read and folded right after, and replaces it.
    const preview = fromSnapshot ? await this.#showEnd(id, folder) : null;
    if (preview) {
      const { events, startedFrom, linesRead } = preview;
      performance.measure(OPEN_MEASURE, { start: started, detail: { events, startedFrom, linesRead, replayed: preview.encounter.events.length, preview: true } });
      await afterNextPaint();
    }
    const read = await this.#readEncounter(id, fromSnapshot);
    const { store } = this.#host.deps;
    // The GM went back to the campaign while the rest was read: nothing to open any more.
    if (preview && store.encounter !== preview.encounter) return false;
    if (!read.ok) {
      if (preview) await store.close();
      const entry = this.#host.campaign?.encounters.find((e) => e.id === id);
      // A damaged log opens nothing by itself: the GM is told where and what, and chooses.
      const damaged = entry ? damagedFightOf(entry, read) : null;
      if (damaged) {
        this.#host.damaged = damaged;
        this.#host.message = null;
        return false;
      }
      return this.#fail(read);
    }
    this.#host.damaged = null;
    // Read and folded: what follows hands the fight to the tracker, which draws it.
    const { startedFrom, linesRead } = read.value;
    const events = read.value.encounter.events.length;
    performance.measure(preview ? OPEN_HISTORY_MEASURE : OPEN_MEASURE, { start: started, detail: { events, startedFrom, linesRead, replayed: events - Math.max(1, startedFrom) } });
    // The end shown and the history agree (the same snapshot and steps): the history keeps the
    // state drawn, so the screen has nothing to draw again.
    const shown = preview?.encounter.state;
    const encounter = shown && JSON.stringify(shown) === JSON.stringify(read.value.encounter.state) ? { ...read.value.encounter, state: shown } : read.value.encounter;
    const loaded = await store.load({
      encounter,
      journalLength: read.value.length,
      lastSnapshot: read.value.lastSnapshot,
      sink: this.#sink(folder),
      onChange: this.#follower(id, encounter),
      ...(preview ? { replaces: preview.encounter } : {}),
    });
    if (!loaded) return false;
    this.#host.message = read.value.notes.length > 0 ? read.value.notes.join(' ') : null;
    if (startedFrom > 0) this.#unchecked = encounter;
    await this.#host.deps.db.meta.put({ key: LAST_ENCOUNTER, value: id });
    return true;
  }

  /**
   * Shows a long fight's end (read-encounter.ts, `readEncounterEnd`) while its whole journal is
   * read: nothing is written and every change is refused until the history replaces it. Null
   * when there is none to show.
   */
  async #showEnd(id: string, folder: string): Promise<ReadEnd | null> {
    const entry = this.#host.campaign?.encounters.find((e) => e.id === id);
    const end = entry ? await readEncounterEnd(this.#host.deps, folder, entry) : null;
    if (!end) return null;
    const shown = await this.#host.deps.store.load({ encounter: end.encounter, journalLength: 0, sink: this.#sink(folder), preview: true });
    if (!shown) return null;
    this.#host.damaged = null;
    return end;
  }

  /**
   * The events before the snapshot a fight was opened from, replayed once it is on screen: a
   * damaged one closes the fight and shows where, and a history that gives another state than the
   * snapshot wins (the fight is opened again from its events alone).
   */
  async #checkOpened(id: string, opened: Encounter): Promise<void> {
    const folder = this.#host.folder;
    const entry = this.#host.campaign?.encounters.find((e) => e.id === id);
    if (!entry || !folder) return;
    const check = await checkOpened(opened, `the log of "${entry.name}"`);
    if (check.status === 'agrees') return;
    // The snapshots of this fight are trusted no more: the next opening replays everything.
    await forgetSnapshots(this.#host.deps.db, folder, id);
    while (this.#busy) await new Promise((resolve) => setTimeout(resolve, 20));
    // The fight opened then is still on screen (the same history: its first event is the same
    // object); closed, or opened again, there is nothing on screen to correct.
    if (this.#host.deps.store.encounter?.events[0] !== opened.events[0]) return;
    this.#busy = true;
    try {
      if (!(await this.#host.deps.store.close())) return;
      if (check.status === 'damaged') {
        this.#host.damaged = damagedFightOf(entry, check.failure);
        this.#host.message = this.#host.damaged ? null : check.failure.message;
        return;
      }
      if (await this.#openEncounter(id, false)) {
        this.#host.message = `The saved shortcut in the log of "${entry.name}" did not match its steps, so the fight was opened again from its steps alone.`;
      }
    } finally {
      this.#busy = false;
    }
  }

  /**
   * Opens the damaged fight up to its last good step, read-only: nothing is written, and its log
   * stays as it is on disk.
   */
  async openDamagedReadOnly(): Promise<boolean> {
    const damaged = this.#host.damaged;
    const folder = this.#host.folder;
    if (!damaged?.readable || !folder || this.#busy) return false;
    const loaded = await this.#host.deps.store.load({ encounter: damaged.readable, journalLength: 0, sink: this.#sink(folder), readOnly: true });
    if (loaded) this.#host.damaged = null;
    return loaded;
  }

  /** Copies the damaged fight up to its last good step into a new fight of the campaign, and opens the copy. */
  async copyDamaged(): Promise<boolean> {
    const damaged = this.#host.damaged;
    if (!damaged?.readable || this.#busy) return false;
    this.#busy = true;
    try {
      const opened = await this.#newEncounter(copyName(damaged), { copyOf: damaged.readable });
      if (opened) this.#host.damaged = null;
      return opened;
    } finally {
      this.#busy = false;
    }
  }

  /** Leaves the damaged fight as it is. */
  dismissDamaged(): void {
    this.#host.damaged = null;
  }

  /**
   * Adds a fight's log checked by `checkFightLog` (import-log.ts) to the campaign as a new
   * encounter, under the id the campaign's store gives it (so it never replaces one), with its
   * whole history: every step, and the undone steps redo brings back. It is not opened, and
   * nothing else in the campaign changes (a finished fight's aftermath stays with it).
   */
  async importFight(log: FightLog): Promise<Result<EncounterEntry>> {
    if (this.#busy) return { ok: false, code: 'encounter/busy', message: 'Another fight is being opened or added; try again in a moment.' };
    this.#busy = true;
    try {
      return await this.#importFight(log);
    } finally {
      this.#busy = false;
    }
  }

  async #importFight(log: FightLog): Promise<Result<EncounterEntry>> {
    const folder = this.#host.folder;
    const campaign = this.#host.campaign;
    if (!folder || !campaign) return { ok: false, code: 'campaign/not-open', message: 'Open the campaign first, then import the log.' };
    // A preview is checked against the campaign open when it was made.
    if (log.encounter.state.rulesetId !== campaign.rulesetId) {
      return { ok: false, code: 'log/other-ruleset', message: 'That log was checked for another campaign; choose the file again.' };
    }
    await this.#host.saving;
    const created = await this.#host.deps.backend.createEncounter({ folder, name: log.preview.name });
    if (!created.ok) return created;
    const entry = created.value.encounter;
    const fight = fightUnder(log.encounter, entry);
    const stored = fight.ok ? await this.#writeHistory(folder, fight.value) : fight;
    if (!stored.ok) {
      // The store listed the entry as it made it; this campaign's next save leaves it out again.
      this.#host.edit((current) => ({ ...current, encounters: current.encounters.filter((e) => e.id !== entry.id) }));
      return { ...stored, message: `The fight was not added: ${stored.message}` };
    }
    const added: EncounterEntry = { ...entry, status: entryStatus(stored.value), updatedAt: this.#host.now.toISOString() };
    this.#host.edit((current) => ({ ...current, encounters: [...current.encounters.filter((e) => e.id !== entry.id), added] }));
    return { ok: true, value: added };
  }

  /** Writes a whole history into an encounter's empty journal; the encounter once it is stored. */
  async #writeHistory(folder: string, encounter: Encounter): Promise<Result<Encounter>> {
    // Plain data: the log may come from a component's `$state` (proxies), which the desktop app's IPC cannot clone.
    const lines = plainData(historyLines(encounter)).map((line) => line as StoredEvent);
    const written = await this.#host.deps.backend.appendEvents({ folder, encounterId: encounter.state.id, events: lines });
    return written.ok ? { ok: true, value: encounter } : written;
  }

  /** An encounter of the open campaign as stored, without opening it (to export its log). */
  async loadEncounter(id: string): Promise<Result<Encounter>> {
    const read = await this.#readEncounter(id);
    return read.ok ? { ok: true, value: read.value.encounter } : read;
  }

  /** Back to the campaign: the encounter's steps are handed over and its entry marked as played now. */
  async closeEncounter(): Promise<boolean> {
    const id = this.#host.deps.store.state?.id;
    // A damaged fight shown read-only leaves its entry as it was, as it does its log.
    const readOnly = this.#host.deps.store.readOnly;
    if (!(await this.#host.deps.store.close())) return false;
    await this.#host.deps.db.meta.delete(LAST_ENCOUNTER);
    if (id && !readOnly) this.#touch(id, null);
    return true;
  }

  // --- inside ----------------------------------------------------------------------------------

  #sink(folder: string): JournalSink {
    const { outbox, backend, db } = this.#host.deps;
    // Snapshots this window writes are trusted as they are written (snapshot-trust.ts).
    return trustingSink(outbox ? outboxSink(outbox, folder) : directSink(backend, folder), db, folder);
  }

  /** Reads and folds an encounter of the open campaign (see read-encounter.ts). */
  async #readEncounter(id: string, fromSnapshot = false): Promise<Result<ReadEncounter>> {
    const folder = this.#host.folder;
    const entry = this.#host.campaign?.encounters.find((e) => e.id === id);
    if (!folder || !entry) return { ok: false, code: 'encounter/unknown', message: 'That encounter is not in this campaign any more; pick another from the list.' };
    return readEncounter(this.#host.deps, folder, entry, fromSnapshot);
  }

  /**
   * What the store calls with each change of the fight it was handed (`opened`): every change is
   * followed against the fight as it stood just before it, whether a step, an undo or a redo.
   */
  #follower(id: string, opened: Encounter): (changed: Encounter) => void {
    let before = opened;
    return (changed) => {
      this.#follow(id, before, changed);
      before = changed;
    };
  }

  /** Keeps the encounter's entry in step with its status, and the party with what a finished fight left them. */
  #follow(id: string, before: Encounter, encounter: Encounter): void {
    const status = entryStatus(encounter);
    const entry = this.#host.campaign?.encounters.find((e) => e.id === id);
    if (!entry) return;
    if (entry.status !== status) this.#touch(id, status);
    if (status === 'finished') this.#writeBack(before, encounter, entry.status !== status || entryStatus(before) !== 'finished');
  }

  /**
   * After a fight, party members keep what it left them: health, per-rest uses spent, conditions
   * lasting until the scene ends, lasting stats and what the ruleset keeps of its own (worn gear).
   * Written as the fight ends, and again whenever a change in the finished fight changes any of it
   * (gear worn after the fight, that roll undone or redone, someone healed), so the party ends with
   * what the fight ends with; a change that leaves all of it as it was (a rename in an old fight)
   * leaves the party as it is now.
   */
  #writeBack(before: Encounter, encounter: Encounter, ending: boolean): void {
    const ruleset = this.#host.ruleset;
    if (!ruleset) return;
    const keptBy = (fight: Encounter) => foughtEntries(fight.state, ruleset).filter((f) => f.templateId !== null);
    const fought = keptBy(encounter);
    if (!ending && JSON.stringify(keptBy(before)) === JSON.stringify(fought)) return;
    const keepOwn = entryRulesOf(ruleset)?.afterFight;
    this.#host.edit((campaign) => ({ ...campaign, roster: writeBackAfterFight(campaign.roster, fought, ruleset, keepOwn) }));
  }

  /** Marks an encounter as played now, with a new status if given. */
  #touch(id: string, status: EncounterStatus | null): void {
    const at = this.#host.now.toISOString();
    this.#host.edit((campaign) => ({
      ...campaign,
      encounters: campaign.encounters.map((e): EncounterEntry => (e.id === id ? { ...e, status: status ?? e.status, updatedAt: at } : e)),
    }));
  }

  #fail(failed: Failure): false {
    this.#host.message = failed.message;
    return false;
  }
}
