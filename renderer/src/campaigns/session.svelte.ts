/**
 * The open campaign and the encounter being run in it: what the campaign screen and the tracker
 * read, and every change the GM makes to them.
 *
 * - The campaign is read from its working copy in IndexedDB (`working` table) through a live
 *   query. A change is written there first, then sent to the campaign's store (the disk through
 *   the main process, or IndexedDB in a browser); the row stays `dirty` until the store
 *   confirmed it, so the next start finds a change that never arrived.
 * - Encounters are event journals (engine/encounter/journal.ts). Opening one folds its journal
 *   into the engine's history and hands it to the encounter store, which writes each step back
 *   through a sink: the outbox in the desktop app, IndexedDB directly in a browser.
 * - The encounter's entry in the campaign follows its status (planned, running, finished) and
 *   when it was last played.
 */
import { liveQuery, type Subscription } from 'dexie';
import { defaultSettings, findRuleset, historyLines, type Encounter, type SpaceStart } from '../../../engine/index';
import { withTemplate, type Template } from '../roster/template';
import { readTemplate } from '../roster/template-check';
import { addCommandFor, afterRest, afterScene } from '../roster/template-fight';
import { foughtEntries, writeBackAfterFight } from '../roster/aftermath';
import { rulesFor } from '../rulesets/rules';
import type { EncounterStore } from '../store/encounter-store.svelte';
import type { Campaign, CampaignBackend, CampaignItem, EncounterEntry, EncounterStatus, Failure, Result, StoredEvent } from './backend';
import type { CampaignDatabase, WorkingRow } from './campaign-db';
import { checkOpened } from './check-opened';
import { copiedFight, copyName, damagedFightOf, type DamagedFight } from './damaged-fight';
import { directSink, outboxSink, type JournalSink } from './journal-sink';
import { fightUnder, type FightLog } from './import-log';
import { freshEncounter, fromSetup, randomSeed } from './new-encounters';
import { OPEN_MEASURE } from './open-measure';
import type { CampaignOutbox, OutboxConflict } from './outbox.svelte';
import { readEncounter, type ReadEncounter } from './read-encounter';
import { forgetSnapshots, trustingSink } from './snapshot-trust';

const LAST_CAMPAIGN = 'lastCampaign';
const LAST_ENCOUNTER = 'lastEncounter';

/** Something the GM must decide before going on. */
export type SessionPrompt =
  /** The campaign was left locked by an app that is no longer running. */
  | { readonly kind: 'stale-lock'; readonly folder: string; readonly message: string }
  /** Changes to a campaign that were never confirmed by the disk (the app closed first). */
  | { readonly kind: 'unsaved-campaign'; readonly folder: string; readonly name: string; readonly message: string };

export interface SessionDeps {
  readonly backend: CampaignBackend;
  readonly db: CampaignDatabase;
  readonly store: EncounterStore;
  /** The desktop app's outbox; null in a browser, where IndexedDB is the store itself. */
  readonly outbox: CampaignOutbox | null;
  readonly now?: () => Date;
  readonly newSeed?: () => number;
}

/** Where an encounter entry stands, from the engine's status. */
export function entryStatus(encounter: Encounter): EncounterStatus {
  const status = encounter.state.status;
  return status === 'setup' ? 'planned' : status === 'running' ? 'running' : 'finished';
}

export class CampaignSession {
  folder = $state<string | null>(null);
  campaign = $state.raw<Campaign | null>(null);
  /** The campaign's last change is confirmed by its store. */
  campaignSaved = $state(true);
  /** The last problem, in words for the GM. */
  message = $state<string | null>(null);
  /** A fight that could not be opened because its log is damaged part way, while the GM decides. */
  damaged = $state.raw<DamagedFight | null>(null);
  prompt = $state.raw<SessionPrompt | null>(null);
  ruleset = $derived(this.campaign ? (findRuleset(this.campaign.rulesetId) ?? null) : null);
  /** The entry of the encounter open in the store, if any. */
  encounterEntry = $derived.by(() => {
    const id = this.deps.store.state?.id;
    return this.campaign?.encounters.find((e) => e.id === id) ?? null;
  });

  readonly deps: SessionDeps;
  #subscription: Subscription | null = null;
  /** Saves to the campaign's store, one at a time, in order. */
  #saves: Promise<unknown> = Promise.resolve();
  /** Writes of the working copy, one at a time, in order. */
  #working: Promise<unknown> = Promise.resolve();
  /** Saves queued or under way. */
  #inFlight = 0;
  /** Counts changes, so only the newest confirmation clears `dirty`. */
  #version = 0;
  #opening: Promise<boolean> | null = null;
  /** An encounter is being opened or created. */
  #busy = false;
  /** The fight just opened from a snapshot, whose whole history is still to be replayed. */
  #unchecked: Encounter | null = null;
  /** Its replay, under way or done. */
  #checked: Promise<void> = Promise.resolve();

  constructor(deps: SessionDeps) {
    this.deps = deps;
  }

  /** The check of the fight opened last from a snapshot, under way or done: tests wait for it. */
  get checked(): Promise<void> {
    return this.#checked;
  }

  /** Steps kept in this window that no longer fit their file on disk (desktop); the GM decides. */
  get conflicts(): readonly OutboxConflict[] {
    return this.deps.outbox?.conflicts ?? [];
  }

  get #now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /**
   * At start: puts steps that never reached the disk there (desktop), asks about changes that
   * did not, and reopens the campaign and encounter that were open when the app last closed.
   */
  async start(): Promise<void> {
    const { outbox, db } = this.deps;
    // Steps that no longer fit their file show as `conflicts`; the GM settles them before going on.
    if (outbox && (await outbox.recover()).conflicts.length > 0) return;
    if (await this.#askAboutUnsaved()) return;
    const last = await db.meta.get(LAST_CAMPAIGN).catch(() => undefined);
    if (!last || !(await this.openCampaign(last.value))) return;
    const encounter = await db.meta.get(LAST_ENCOUNTER).catch(() => undefined);
    if (encounter) await this.openEncounter(encounter.value);
  }

  /** Shows the first campaign whose changes never reached its store, if any; true when it asked. */
  async #askAboutUnsaved(): Promise<boolean> {
    const dirty = (await this.deps.db.working.toArray().catch(() => [])).find((row) => row.dirty === 1 && row.folder !== this.folder);
    if (!dirty) return false;
    this.prompt = {
      kind: 'unsaved-campaign',
      folder: dirty.folder,
      name: dirty.campaign.name,
      message: `The last changes to "${dirty.campaign.name}" (party, bestiary, maps or encounter list) did not reach ${this.deps.backend.kind === 'disk' ? 'the disk' : 'storage'} before the app closed.`,
    };
    return true;
  }

  /**
   * The GM's answer to an unsaved-campaign prompt: open the campaign with the kept changes (which
   * are then saved), or drop them. The next unsaved campaign, if any, is asked about after.
   */
  async settleUnsaved(write: boolean): Promise<void> {
    const prompt = this.prompt;
    if (prompt?.kind !== 'unsaved-campaign') return;
    this.prompt = null;
    if (write) {
      if (await this.openCampaign(prompt.folder)) await this.#saves;
    } else {
      await this.deps.db.working.delete(prompt.folder);
    }
    if (!this.prompt) await this.#askAboutUnsaved();
  }

  /**
   * The GM's answer to a conflict: keep the disk's log (this window's waiting steps are dropped).
   * An open encounter it concerns is opened again from the disk, so it goes on from there.
   */
  async keepDisk(conflict: OutboxConflict): Promise<void> {
    const open = this.folder === conflict.folder && this.deps.store.state?.id === conflict.encounterId;
    if (open && !(await this.deps.store.close())) return;
    await this.deps.outbox?.discard(conflict.folder, conflict.encounterId);
    if (open) await this.openEncounter(conflict.encounterId);
    if (this.conflicts.length === 0 && !this.prompt) await this.#askAboutUnsaved();
  }

  /**
   * Opens a campaign for writing; a stale lock asks the GM first. True when it is open. Changes
   * of this campaign that never reached its store are kept and saved now, not replaced by the
   * stored campaign. One open at a time: a second call while one runs gets the same answer.
   */
  openCampaign(folder: string, takeOver = false): Promise<boolean> {
    this.#opening ??= this.#open(folder, takeOver).finally(() => {
      this.#opening = null;
    });
    return this.#opening;
  }

  async #open(folder: string, takeOver: boolean): Promise<boolean> {
    if (this.folder === folder) return true;
    if (this.folder && !(await this.closeCampaign())) return false;
    const opened = await this.deps.backend.open({ folder, takeOver });
    if (!opened.ok) {
      if (opened.code === 'lock/stale') this.prompt = { kind: 'stale-lock', folder, message: opened.message };
      else this.message = opened.message;
      return false;
    }
    if (this.prompt?.kind === 'stale-lock') this.prompt = null;
    const { db } = this.deps;
    const kept = await db.working.get(folder).catch(() => undefined);
    this.folder = folder;
    this.message = opened.value.migratedFrom === null ? null : `"${opened.value.campaign.name}" was upgraded from an older version; the original file was kept as ${opened.value.originalKeptAs ?? 'a backup'}.`;
    if (kept?.dirty === 1) {
      this.campaign = kept.campaign;
      this.#save(kept.campaign);
    } else {
      await db.working.put({ folder, campaign: opened.value.campaign, dirty: 0 });
      this.campaign = opened.value.campaign;
      this.campaignSaved = true;
    }
    this.#subscription = liveQuery(() => db.working.get(folder)).subscribe({
      next: (row) => {
        // While changes are on their way, memory is newer than any row: taking the row would undo them.
        if (row && this.folder === folder && this.#inFlight === 0) this.campaign = row.campaign;
      },
      error: (error: unknown) => {
        this.message = `This window's storage stopped answering (${String(error)}); reload the app.`;
      },
    });
    await db.meta.put({ key: LAST_CAMPAIGN, value: folder });
    return true;
  }

  /**
   * Leaves the campaign: its encounter is closed, everything waits until saved, the lock is
   * released. False (nothing closed) when the encounter has steps that could not be saved.
   */
  async closeCampaign(): Promise<boolean> {
    const folder = this.folder;
    if (!folder) return true;
    if (!(await this.closeEncounter())) return false;
    await this.#saves;
    await this.#working;
    this.#subscription?.unsubscribe();
    this.#subscription = null;
    const closed = await this.deps.backend.close({ folder });
    if (!closed.ok) this.message = closed.message;
    // A change the store refused stays in the working copy, marked, for the next start to offer.
    if (this.campaignSaved) await this.deps.db.working.delete(folder);
    await this.deps.db.meta.delete(LAST_CAMPAIGN);
    this.folder = null;
    this.campaign = null;
    return true;
  }

  /** Changes the open campaign (roster, bestiary, settings, name) and saves it. */
  edit(change: (campaign: Campaign) => Campaign): void {
    const current = this.campaign;
    if (!current) return;
    this.#save(change(current));
  }

  /** Waits for every change so far to be saved or refused. */
  async flush(): Promise<void> {
    await this.#saves;
    await this.#working;
    await this.deps.store.flush();
  }

  // --- encounters ------------------------------------------------------------------------------

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
    const folder = this.folder;
    const campaign = this.campaign;
    if (!folder || !campaign) return false;
    let setup: Encounter | null = null;
    if (options.fromSetup) {
      const source = await this.#readEncounter(options.fromSetup);
      if (!source.ok) return this.#fail(source);
      setup = source.value.encounter;
    }
    await this.#saves;
    const created = await this.deps.backend.createEncounter({ folder, name });
    if (!created.ok) return this.#fail(created);
    const entry = created.value.encounter;
    const seed = options.seed ?? this.deps.newSeed?.() ?? randomSeed();
    const encounter = options.copyOf ? copiedFight(options.copyOf, entry) : setup ? fromSetup(setup, entry, seed) : freshEncounter(entry, campaign, seed);
    if (!encounter.ok) return this.#fail(encounter);
    // The store added the entry to the campaign as it last saved it; add it to the campaign as it is now.
    this.edit((current) => ({ ...current, encounters: [...current.encounters.filter((e) => e.id !== entry.id), entry] }));
    const loaded = await this.deps.store.load({
      encounter: encounter.value,
      journalLength: 0,
      unwritten: historyLines(encounter.value),
      sink: this.#sink(folder),
      onChange: this.#follower(entry.id, encounter.value),
    });
    if (!loaded) return false;
    await this.deps.db.meta.put({ key: LAST_ENCOUNTER, value: entry.id });
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
    const folder = this.folder;
    if (!folder) return false;
    if (this.deps.outbox?.conflicts.some((c) => c.folder === folder && c.encounterId === id)) {
      this.message = 'This fight has steps kept in this window that no longer fit its file; settle that at the top of the screen first.';
      return false;
    }
    const started = performance.now();
    const read = await this.#readEncounter(id, fromSnapshot);
    if (!read.ok) {
      const entry = this.campaign?.encounters.find((e) => e.id === id);
      // A damaged log opens nothing by itself: the GM is told where and what, and chooses.
      const damaged = entry ? damagedFightOf(entry, read) : null;
      if (damaged) {
        this.damaged = damaged;
        this.message = null;
        return false;
      }
      return this.#fail(read);
    }
    this.damaged = null;
    // Read and folded: what follows hands the fight to the tracker, which draws it.
    performance.measure(OPEN_MEASURE, { start: started, detail: { events: read.value.encounter.events.length, startedFrom: read.value.startedFrom } });
    const loaded = await this.deps.store.load({
      encounter: read.value.encounter,
      journalLength: read.value.length,
      lastSnapshot: read.value.lastSnapshot,
      sink: this.#sink(folder),
      onChange: this.#follower(id, read.value.encounter),
    });
    if (!loaded) return false;
    this.message = read.value.notes.length > 0 ? read.value.notes.join(' ') : null;
    if (read.value.startedFrom > 0) this.#unchecked = read.value.encounter;
    await this.deps.db.meta.put({ key: LAST_ENCOUNTER, value: id });
    return true;
  }

  /**
   * The events before the snapshot a fight was opened from, replayed once it is on screen: a
   * damaged one closes the fight and shows where, and a history that gives another state than the
   * snapshot wins (the fight is opened again from its events alone).
   */
  async #checkOpened(id: string, opened: Encounter): Promise<void> {
    const folder = this.folder;
    const entry = this.campaign?.encounters.find((e) => e.id === id);
    if (!entry || !folder) return;
    const check = await checkOpened(opened, `the log of "${entry.name}"`);
    if (check.status === 'agrees') return;
    // The snapshots of this fight are trusted no more: the next opening replays everything.
    await forgetSnapshots(this.deps.db, folder, id);
    while (this.#busy) await new Promise((resolve) => setTimeout(resolve, 20));
    // The fight opened then is still on screen (the same history: its first event is the same
    // object); closed, or opened again, there is nothing on screen to correct.
    if (this.deps.store.encounter?.events[0] !== opened.events[0]) return;
    this.#busy = true;
    try {
      if (!(await this.deps.store.close())) return;
      if (check.status === 'damaged') {
        this.damaged = damagedFightOf(entry, check.failure);
        this.message = this.damaged ? null : check.failure.message;
        return;
      }
      if (await this.#openEncounter(id, false)) {
        this.message = `The saved shortcut in the log of "${entry.name}" did not match its steps, so the fight was opened again from its steps alone.`;
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
    const damaged = this.damaged;
    const folder = this.folder;
    if (!damaged?.readable || !folder || this.#busy) return false;
    const loaded = await this.deps.store.load({ encounter: damaged.readable, journalLength: 0, sink: this.#sink(folder), readOnly: true });
    if (loaded) this.damaged = null;
    return loaded;
  }

  /** Copies the damaged fight up to its last good step into a new fight of the campaign, and opens the copy. */
  async copyDamaged(): Promise<boolean> {
    const damaged = this.damaged;
    if (!damaged?.readable || this.#busy) return false;
    this.#busy = true;
    try {
      const opened = await this.#newEncounter(copyName(damaged), { copyOf: damaged.readable });
      if (opened) this.damaged = null;
      return opened;
    } finally {
      this.#busy = false;
    }
  }

  /** Leaves the damaged fight as it is. */
  dismissDamaged(): void {
    this.damaged = null;
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
    const folder = this.folder;
    const campaign = this.campaign;
    if (!folder || !campaign) return { ok: false, code: 'campaign/not-open', message: 'Open the campaign first, then import the log.' };
    // A preview is checked against the campaign open when it was made.
    if (log.encounter.state.rulesetId !== campaign.rulesetId) {
      return { ok: false, code: 'log/other-ruleset', message: 'That log was checked for another campaign; choose the file again.' };
    }
    await this.#saves;
    const created = await this.deps.backend.createEncounter({ folder, name: log.preview.name });
    if (!created.ok) return created;
    const entry = created.value.encounter;
    const fight = fightUnder(log.encounter, entry);
    const stored = fight.ok ? await this.#writeHistory(folder, fight.value) : fight;
    if (!stored.ok) {
      // The store listed the entry as it made it; this campaign's next save leaves it out again.
      this.edit((current) => ({ ...current, encounters: current.encounters.filter((e) => e.id !== entry.id) }));
      return { ...stored, message: `The fight was not added: ${stored.message}` };
    }
    const added: EncounterEntry = { ...entry, status: entryStatus(stored.value), updatedAt: this.#now.toISOString() };
    this.edit((current) => ({ ...current, encounters: [...current.encounters.filter((e) => e.id !== entry.id), added] }));
    return { ok: true, value: added };
  }

  /** Writes a whole history into an encounter's empty journal; the encounter once it is stored. */
  async #writeHistory(folder: string, encounter: Encounter): Promise<Result<Encounter>> {
    // Plain data: the log may come from a component's `$state` (proxies), which the desktop app's IPC cannot clone.
    const lines = plainData(historyLines(encounter)).map((line) => line as StoredEvent);
    const written = await this.deps.backend.appendEvents({ folder, encounterId: encounter.state.id, events: lines });
    return written.ok ? { ok: true, value: encounter } : written;
  }

  /** An encounter of the open campaign as stored, without opening it (to export its log). */
  async loadEncounter(id: string): Promise<Result<Encounter>> {
    const read = await this.#readEncounter(id);
    return read.ok ? { ok: true, value: read.value.encounter } : read;
  }

  /** Back to the campaign: the encounter's steps are handed over and its entry marked as played now. */
  async closeEncounter(): Promise<boolean> {
    const id = this.deps.store.state?.id;
    // A damaged fight shown read-only leaves its entry as it was, as it does its log.
    const readOnly = this.deps.store.readOnly;
    if (!(await this.deps.store.close())) return false;
    await this.deps.db.meta.delete(LAST_ENCOUNTER);
    if (id && !readOnly) this.#touch(id, null);
    return true;
  }

  // --- party and bestiary ----------------------------------------------------------------------

  /**
   * Adds a party member or bestiary entry to the open encounter: `quantity` numbered copies in
   * one step. False (with the reason shown) when the entry cannot be read or the engine refuses.
   */
  addToEncounter(item: CampaignItem, options: { quantity: number; factionId: string; start?: SpaceStart }): boolean {
    const ruleset = this.deps.store.ruleset;
    if (!ruleset) return false;
    const template = readTemplate(item, ruleset);
    if (!template.ok) {
      this.deps.store.message = template.message;
      return false;
    }
    return this.deps.store.dispatch(addCommandFor(item, template.value, { ...options, ruleset }));
  }

  /** What a rest gives back beside uses, by the ruleset and the campaign's settings ("1 HP each, 2 for the Resilient"), or null. */
  get restGives(): string | null {
    const ruleset = this.ruleset;
    return ruleset?.rest ? ruleset.rest.says({ ...defaultSettings(ruleset), ...(this.campaign?.settings ?? {}) }) : null;
  }

  /**
   * The scene ends for the party (the engine's rule): conditions lasting until then are gone from
   * every party member; those lasting until someone recovers them stay.
   */
  sceneEnds(): void {
    const ruleset = this.ruleset;
    if (!ruleset) return;
    this.edit((campaign) => ({ ...campaign, roster: campaign.roster.map((item) => mapTemplate(item, ruleset, afterScene)) }));
  }

  /** The party rests (the engine's rule): every use back, the tracks what the ruleset's rest gives, and the scene over. */
  partyRests(): void {
    const ruleset = this.ruleset;
    if (!ruleset) return;
    // What the rest gives back (HP per night, in some rulesets) reads the campaign's settings.
    this.edit((campaign) => ({ ...campaign, roster: campaign.roster.map((item) => mapTemplate(item, ruleset, (t) => afterRest(t, ruleset.rest, { ...defaultSettings(ruleset), ...campaign.settings }))) }));
  }

  // --- inside ----------------------------------------------------------------------------------

  #sink(folder: string): JournalSink {
    const { outbox, backend, db } = this.deps;
    // Snapshots this window writes are trusted as they are written (snapshot-trust.ts).
    return trustingSink(outbox ? outboxSink(outbox, folder) : directSink(backend, folder), db, folder);
  }

  /** Reads and folds an encounter of the open campaign (see read-encounter.ts). */
  async #readEncounter(id: string, fromSnapshot = false): Promise<Result<ReadEncounter>> {
    const folder = this.folder;
    const entry = this.campaign?.encounters.find((e) => e.id === id);
    if (!folder || !entry) return { ok: false, code: 'encounter/unknown', message: 'That encounter is not in this campaign any more; pick another from the list.' };
    return readEncounter(this.deps, folder, entry, fromSnapshot);
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
    const entry = this.campaign?.encounters.find((e) => e.id === id);
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
    const ruleset = this.ruleset;
    if (!ruleset) return;
    const keptBy = (fight: Encounter) => foughtEntries(fight.state, ruleset).filter((f) => f.templateId !== null);
    const fought = keptBy(encounter);
    if (!ending && JSON.stringify(keptBy(before)) === JSON.stringify(fought)) return;
    const keepOwn = rulesFor(ruleset.id).entry?.afterFight;
    this.edit((campaign) => ({ ...campaign, roster: writeBackAfterFight(campaign.roster, fought, ruleset, keepOwn) }));
  }

  /** Marks an encounter as played now, with a new status if given. */
  #touch(id: string, status: EncounterStatus | null): void {
    const at = this.#now.toISOString();
    this.edit((campaign) => ({
      ...campaign,
      encounters: campaign.encounters.map((e): EncounterEntry => (e.id === id ? { ...e, status: status ?? e.status, updatedAt: at } : e)),
    }));
  }

  /**
   * Shows the change, writes it to the working copy at once (marked dirty), then saves it to the
   * store; saves run one at a time, in order, and only the newest one's answer clears the mark.
   */
  #save(change: Campaign): void {
    const folder = this.folder;
    if (!folder) return;
    // Plain data: a change may hold a component's `$state` proxies (imported bestiary rows), which IndexedDB cannot clone (DataCloneError).
    const next = plainData(change);
    const version = ++this.#version;
    this.campaign = next;
    this.campaignSaved = false;
    this.#inFlight++;
    this.#keep({ folder, campaign: next, dirty: 1 });
    const { backend } = this.deps;
    this.#saves = this.#saves.then(async () => {
      try {
        const saved = await backend.save({ folder, campaign: next });
        if (!saved.ok) {
          this.message = `Not saved: ${saved.message} The change is kept in this window and offered again at the next start.`;
          return;
        }
        if (version !== this.#version || this.folder !== folder) return;
        this.campaign = saved.value;
        this.campaignSaved = true;
        this.#keep({ folder, campaign: saved.value, dirty: 0 });
      } finally {
        this.#inFlight--;
      }
    });
  }

  /** Queues a write of the working copy. */
  #keep(row: WorkingRow): void {
    this.#working = this.#working
      .then(() => this.deps.db.working.put(row))
      .catch((error: unknown) => {
        this.message = `This window's storage could not keep the change (${String(error)}); it is still being saved to the campaign.`;
      });
  }

  #fail(failed: Failure): false {
    this.message = failed.message;
    return false;
  }
}

/**
 * A deep copy of lists and plain objects, everything else as it is: what a Svelte `$state` proxy
 * holds, without the proxy. Not `$state.snapshot`, which the unit tests' server build compiles
 * away, nor a JSON copy, which would turn values the store refuses (NaN) into ones it accepts.
 */
function plainData<T>(value: T): T {
  if (Array.isArray(value)) return value.map(plainData) as T;
  if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, plainData(inner)])) as T;
  }
  return value;
}

/** The item with its template changed; an entry that cannot be read is left as it is. */
function mapTemplate(item: CampaignItem, ruleset: NonNullable<ReturnType<typeof findRuleset>>, change: (t: Template) => Template): CampaignItem {
  const template = readTemplate(item, ruleset);
  return template.ok ? withTemplate(item, item.name, change(template.value)) : item;
}
