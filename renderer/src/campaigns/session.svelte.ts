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
 * - Adding, opening and closing encounters is session-encounters.ts's; this class holds the
 *   campaign itself (opening, saving, the start-up questions) and the party. The encounters and
 *   the party's checks load when a campaign opens (campaign-parts.ts), so the campaign list, which
 *   builds this session, downloads none of the engine's rules (issue 43).
 */
import { liveQuery, type Subscription } from 'dexie';
import type { Encounter, SpaceStart } from '../../../engine/index';
import { defaultSettings, findRuleset, loadOnce } from '../../../engine/listing';
import { openRuleset } from '../rulesets/open-ruleset';
import type { EncounterStore } from '../store/encounter-store.svelte';
import type { Campaign, CampaignBackend, CampaignItem, EncounterEntry, Result } from './backend';
import type { CampaignDatabase, WorkingRow } from './campaign-db';
import type { DamagedFight } from './damaged-fight';
import type { FightLog } from './import-log';
import type { CampaignOutbox, OutboxConflict } from './outbox.svelte';
import { plainData } from './plain-data';
import type { SessionEncounters } from './session-encounters';

type CampaignParts = typeof import('./campaign-parts');

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
  /** The parts loaded with the first campaign (campaign-parts.ts); null until then. */
  #parts: CampaignParts | null = null;
  // Loaded once, with the first campaign this session opens; tried again after a failed download.
  readonly #loadingParts = loadOnce(() => import('./campaign-parts').then((parts) => (this.#parts = parts)));
  /** Adding, opening and closing the campaign's encounters (session-encounters.ts), built with the parts. */
  #encounters: SessionEncounters | null = null;

  constructor(deps: SessionDeps) {
    this.deps = deps;
  }

  /** The parts a campaign needs, loaded once; a failed load is tried again at the next call. */
  #loadParts(): Promise<CampaignParts> {
    return this.#loadingParts('campaign parts');
  }

  /** The campaign's encounters, their module loaded first if need be. */
  async #ready(): Promise<SessionEncounters> {
    const { SessionEncounters } = await this.#loadParts();
    if (this.#encounters) return this.#encounters;
    // The host's getters read this session's fields as they are at each call.
    const session = this;
    const deps = this.deps;
    this.#encounters = new SessionEncounters({
      get folder() {
        return session.folder;
      },
      get campaign() {
        return session.campaign;
      },
      get ruleset() {
        return session.ruleset;
      },
      deps,
      get now() {
        return session.#now;
      },
      get saving() {
        return session.#saves;
      },
      get message() {
        return session.message;
      },
      set message(message) {
        session.message = message;
      },
      get damaged() {
        return session.damaged;
      },
      set damaged(damaged) {
        session.damaged = damaged;
      },
      edit: (change) => session.edit(change),
    });
    return this.#encounters;
  }

  /** The check of the fight opened last from a snapshot, under way or done: tests wait for it. */
  get checked(): Promise<void> {
    return this.#encounters?.checked ?? Promise.resolve();
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
    // The campaign's ruleset (its engine, rules and panels) loads before the campaign shows; one
    // this version lacks leaves the campaign closed, with a sentence saying so.
    const unloaded = await Promise.all([openRuleset(opened.value.campaign.rulesetId), this.#ready()]).then(
      () => null,
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    if (unloaded !== null) {
      await this.deps.backend.close({ folder });
      this.message = unloaded;
      return false;
    }
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

  // --- encounters (session-encounters.ts) --------------------------------------------------------

  /**
   * Adds an encounter and opens it. `fromSetup` names a planned encounter whose setup (factions,
   * combatants, zones, settings) the new one starts with; the planned one stays as it was.
   */
  async newEncounter(name: string, options: { fromSetup?: string; seed?: number } = {}): Promise<boolean> {
    return (await this.#ready()).newEncounter(name, options);
  }

  /** Opens an encounter where it stopped. */
  async openEncounter(id: string): Promise<boolean> {
    return (await this.#ready()).openEncounter(id);
  }

  /** Opens the damaged fight up to its last good step, read-only. */
  async openDamagedReadOnly(): Promise<boolean> {
    return (await this.#ready()).openDamagedReadOnly();
  }

  /** Copies the damaged fight up to its last good step into a new fight of the campaign, and opens the copy. */
  async copyDamaged(): Promise<boolean> {
    return (await this.#ready()).copyDamaged();
  }

  /** Leaves the damaged fight as it is. */
  dismissDamaged(): void {
    // A damaged fight is only ever found by the encounters, so they are loaded when there is one.
    this.#encounters?.dismissDamaged();
  }

  /** Adds a fight's checked log to the campaign as a new encounter, not opened. */
  async importFight(log: FightLog): Promise<Result<EncounterEntry>> {
    return (await this.#ready()).importFight(log);
  }

  /** An encounter of the open campaign as stored, without opening it (to export its log). */
  async loadEncounter(id: string): Promise<Result<Encounter>> {
    return (await this.#ready()).loadEncounter(id);
  }

  /** Back to the campaign: the encounter's steps are handed over and its entry marked as played now. */
  async closeEncounter(): Promise<boolean> {
    return (await this.#ready()).closeEncounter();
  }

  // --- party and bestiary ----------------------------------------------------------------------

  /**
   * Adds a party member or bestiary entry to the open encounter: `quantity` numbered copies in
   * one step. False (with the reason shown) when the entry cannot be read or the engine refuses.
   */
  addToEncounter(item: CampaignItem, options: { quantity: number; factionId: string; start?: SpaceStart }): boolean {
    const ruleset = this.deps.store.ruleset;
    // A fight is open, so its campaign's parts are loaded.
    const parts = this.#parts;
    if (!ruleset || !parts) return false;
    const template = parts.readTemplate(item, ruleset);
    if (!template.ok) {
      this.deps.store.message = template.message;
      return false;
    }
    return this.deps.store.dispatch(parts.addCommandFor(item, template.value, { ...options, ruleset }));
  }

  /** What a rest gives back beside uses, by the ruleset and the campaign's settings ("1 HP each, 2 for the Resilient"), or null. */
  get restGives(): string | null {
    const ruleset = this.ruleset;
    return ruleset?.between?.rest ? ruleset.between.rest.says({ ...defaultSettings(ruleset), ...(this.campaign?.settings ?? {}) }) : null;
  }

  /**
   * The scene ends for the party (the engine's rule): conditions lasting until then are gone from
   * every party member; those lasting until someone recovers them stay.
   */
  sceneEnds(): void {
    const ruleset = this.ruleset;
    const parts = this.#parts;
    if (!ruleset || !parts) return;
    this.edit((campaign) => parts.afterSceneEnds(campaign, ruleset));
  }

  /** The party rests (the engine's rule): every use back, the tracks what the ruleset's rest gives, and the scene over. */
  partyRests(): void {
    const ruleset = this.ruleset;
    const parts = this.#parts;
    if (!ruleset || !parts) return;
    this.edit((campaign) => parts.afterPartyRests(campaign, ruleset));
  }

  // --- inside ----------------------------------------------------------------------------------

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
}
