/**
 * The browser build's campaigns: IndexedDB (its own `gm-screen-campaigns` database, see
 * campaign-db.ts) is the store of record, behaving like the disk store wherever the campaign
 * manager can tell:
 *
 * - the same checks with the same codes and messages: names, ids, the campaign schema before
 *   every write, the JSON guard, event shape and size;
 * - writing (save, rename, add an encounter, append events) needs the campaign open in this
 *   backend; archive and delete need it closed. "Open" is per backend instance (per tab): the
 *   browser has no lock files, so two tabs can both open one campaign, and `takeOver` is ignored;
 * - a campaign's folder name is its handle; an event log exists once its encounter was created;
 * - archived campaigns leave `list()`; `listArchived()` and `unarchive()` reach them;
 * - `delete` removes a campaign and its events for good (there is no trash in a browser: the
 *   campaign manager asks first, and can offer `exportCampaign` before);
 * - a log's lines are stored in packs of many lines plus single rows (log-packs.ts), so a long
 *   fight opens fast; a damaged pack is an `events/damaged-log` failure naming the log.
 *
 * Every write is one IndexedDB transaction: all of it lands or none of it. Nothing throws: a
 * storage error (full quota, a blocked database) is a `storage/failed` failure.
 */
import {
  CAMPAIGN_VERSION,
  checkDisplayName,
  checkId,
  copyName,
  emptyCampaign,
  failure,
  folderNameFor,
  newId,
  ok,
  summaryOf,
} from '../../../engine/campaign/index';
import type {
  AppendReport,
  BackendAnswer,
  BackendRequest,
  Campaign,
  CampaignBackend,
  CampaignInFolder,
  CampaignList,
  CampaignProblem,
  CampaignSummary,
  EncounterEntry,
  Failure,
  Result,
  StoredEvent,
} from './backend';
import { loadAllRulesets } from '../../../engine/listing';
import { campaignLabel, checkCampaignForSave, checkEvents, logLabel, restoreCampaignValue } from './campaign-check';
import type { CampaignDatabase, CampaignRow, LogRow } from './campaign-db';
import { serializeExport, type CampaignExport } from './campaign-export';
import { trustSnapshot } from './snapshot-trust';
import { appendLogLines, deleteLogLines, readLogEnd, readLogLines, writeNewLog } from './log-packs';

/** Options of {@link DexieCampaignBackend}. */
export interface DexieBackendOptions {
  /** The clock (tests). */
  readonly now?: () => Date;
  /** Largest import accepted, in bytes (tests); `MAX_IMPORT_BYTES` by default. */
  readonly maxImportBytes?: number;
}

/** How a stored campaign is named when it turns out damaged (it is not a file here). */
const UNCHANGED = ' Nothing was changed.';

export class DexieCampaignBackend implements CampaignBackend {
  readonly kind = 'browser' as const;
  readonly #db: CampaignDatabase;
  readonly #now: () => Date;
  readonly #maxImportBytes: number | undefined;
  /** Folders open in this backend, with the campaign's name (for messages). */
  readonly #open = new Map<string, string>();
  /** Per open folder: releases its lock between tabs. */
  readonly #tabLocks = new Map<string, () => void>();

  constructor(db: CampaignDatabase, options: DexieBackendOptions = {}) {
    this.#db = db;
    this.#now = options.now ?? (() => new Date());
    this.#maxImportBytes = options.maxImportBytes;
  }

  /** Folder names of the campaigns open in this backend. */
  openFolders(): string[] {
    return [...this.#open.keys()];
  }

  list(): BackendAnswer<'campaigns:list'> {
    return this.#guard('listing the campaigns', () => this.#list(0));
  }

  /** The archived campaigns, as `list()` gives the others. */
  listArchived(): Promise<Result<CampaignList>> {
    return this.#guard('listing the archived campaigns', () => this.#list(1));
  }

  create({ name, rulesetId }: BackendRequest<'campaigns:create'>): BackendAnswer<'campaigns:create'> {
    return this.#guard('creating the campaign', async () => {
      const checked = checkDisplayName(name, 'campaign name');
      if (!checked.ok) return checked;
      const at = this.#stamp();
      const campaign = emptyCampaign({ id: newId(), name: checked.value, rulesetId, at });
      return this.#addCampaign(campaign, {});
    });
  }

  open({ folder }: BackendRequest<'campaigns:open'>): BackendAnswer<'campaigns:open'> {
    return this.#guard('opening the campaign', async () => {
      const found = await this.#load(folder);
      if (!found.ok) return found;
      if (!this.#open.has(folder)) {
        const held = await holdTabLock(folder);
        if (held === 'taken') {
          return failure('lock/held', `"${found.value.name}" is already open in another tab or window of this browser. Close it there first.`);
        }
        this.#tabLocks.set(folder, held);
      }
      this.#open.set(folder, found.value.name);
      return ok({ folder, campaign: found.value, migratedFrom: null, originalKeptAs: null });
    });
  }

  async close({ folder }: BackendRequest<'campaigns:close'>): BackendAnswer<'campaigns:close'> {
    this.#open.delete(folder);
    this.#tabLocks.get(folder)?.();
    this.#tabLocks.delete(folder);
    return ok(undefined);
  }

  save({ folder, campaign }: BackendRequest<'campaigns:save'>): BackendAnswer<'campaigns:save'> {
    return this.#guard('saving the campaign', async () => {
      const open = this.#needOpen(folder, 'saving it');
      if (open) return open;
      return this.#db.transaction('rw', this.#db.campaigns, async () => {
        const row = await this.#db.campaigns.get(folder);
        if (!row || row.archived) return notFound(folder);
        return this.#save(row, campaign);
      });
    });
  }

  rename({ folder, name }: BackendRequest<'campaigns:rename'>): BackendAnswer<'campaigns:rename'> {
    return this.#guard('renaming the campaign', async () => {
      const open = this.#needOpen(folder, 'renaming it');
      if (open) return open;
      const checked = checkDisplayName(name, 'campaign name');
      if (!checked.ok) return checked;
      return this.#db.transaction('rw', this.#db.campaigns, async () => {
        const row = await this.#db.campaigns.get(folder);
        if (!row || row.archived) return notFound(folder);
        return this.#save(row, { ...row.campaign, name: checked.value });
      });
    });
  }

  duplicate({ folder, name }: BackendRequest<'campaigns:duplicate'>): BackendAnswer<'campaigns:duplicate'> {
    return this.#guard('duplicating the campaign', async () => {
      const db = this.#db;
      return db.transaction('rw', db.campaigns, db.logs, db.packs, db.events, async () => {
        const source = await this.#load(folder);
        if (!source.ok) return source;
        const checked = checkDisplayName(name ?? copyName(source.value.name), 'campaign name');
        if (!checked.ok) return checked;
        const at = this.#stamp();
        const campaign: Campaign = { ...source.value, id: newId(), name: checked.value, createdAt: at, updatedAt: at };
        const logs: Record<string, StoredEvent[]> = {};
        for (const { id } of source.value.encounters) {
          const read = await this.#readLog(folder, id);
          if (!read) continue; // no log there either; the copy matches
          if (!read.ok) return read;
          logs[id] = read.value;
        }
        return this.#addCampaign(campaign, logs);
      });
    });
  }

  archive({ folder }: BackendRequest<'campaigns:archive'>): BackendAnswer<'campaigns:archive'> {
    return this.#guard('archiving the campaign', () => this.#setArchived(folder, 'archiving it', 0, 1));
  }

  /** Brings an archived campaign back into the list. */
  unarchive(folder: string): Promise<Result<void>> {
    return this.#guard('bringing the campaign back from the archive', () => this.#setArchived(folder, 'unarchiving it', 1, 0));
  }

  delete({ folder }: BackendRequest<'campaigns:delete'>): BackendAnswer<'campaigns:delete'> {
    return this.#guard('deleting the campaign', async () => {
      const refused = this.#needClosed(folder, 'deleting it');
      if (refused) return refused;
      const db = this.#db;
      return db.transaction('rw', db.campaigns, db.logs, db.packs, db.events, async () => {
        const row = await db.campaigns.get(folder);
        if (!row || row.archived) return notFound(folder);
        await deleteLogLines(db, folder);
        await db.logs.where('folder').equals(folder).delete();
        await db.campaigns.delete(folder);
        return ok(undefined);
      });
    });
  }

  createEncounter({ folder, name }: BackendRequest<'campaigns:create-encounter'>): BackendAnswer<'campaigns:create-encounter'> {
    return this.#guard('adding the encounter', async () => {
      const open = this.#needOpen(folder, 'adding an encounter');
      if (open) return open;
      const checked = checkDisplayName(name, 'encounter name');
      if (!checked.ok) return checked;
      const db = this.#db;
      return db.transaction('rw', db.campaigns, db.logs, async () => {
        const row = await db.campaigns.get(folder);
        if (!row || row.archived) return notFound(folder);
        const at = this.#stamp();
        const encounter: EncounterEntry = { id: newId(), name: checked.value, status: 'planned', createdAt: at, updatedAt: at };
        const saved = await this.#save(row, { ...row.campaign, encounters: [...row.campaign.encounters, encounter] });
        if (!saved.ok) return saved;
        await db.logs.add({ folder, encounterId: encounter.id, length: 0 });
        return ok({ campaign: saved.value, encounter });
      });
    });
  }

  appendEvents({ folder, encounterId, events }: BackendRequest<'campaigns:append-events'>): BackendAnswer<'campaigns:append-events'> {
    return this.#guard('saving the events', async () => {
      const open = this.#needOpen(folder, 'saving events to it');
      if (open) return open;
      const id = checkId(encounterId, 'encounter id');
      if (!id.ok) return id;
      const label = logLabel(folder, encounterId);
      const checked = checkEvents(events, label);
      if (!checked.ok) return checked;
      const db = this.#db;
      return db.transaction('rw', db.logs, db.packs, db.events, async (): Promise<Result<AppendReport>> => {
        const log = await db.logs.get([folder, encounterId]);
        if (!log) return failure('events/no-log', `The event log ${label} does not exist; create the encounter first (or refresh the campaign).`);
        if (checked.value.length === 0) return ok({ appended: 0, repaired: null });
        const appended = await appendLogLines(db, folder, encounterId, log.length, checked.value);
        if (!appended.ok) return appended;
        await db.logs.put({ ...log, length: log.length + checked.value.length });
        return ok({ appended: checked.value.length, repaired: null });
      });
    });
  }

  readEventsEnd({ folder, encounterId }: BackendRequest<'campaigns:read-events'>, packs: number): Promise<Result<{ first: number; lines: StoredEvent[] }>> {
    return this.#readOpenLog(folder, encounterId, (log) => readLogEnd(this.#db, log, packs));
  }

  readEvents({ folder, encounterId }: BackendRequest<'campaigns:read-events'>): BackendAnswer<'campaigns:read-events'> {
    return this.#readOpenLog(folder, encounterId, async (log) => {
      const read = await readLogLines(this.#db, log);
      return read.ok ? ok({ events: read.value, torn: null }) : read;
    });
  }

  /** Reads an encounter's log of an open campaign with `read` (in one transaction), or says why it can't. */
  #readOpenLog<T>(folder: string, encounterId: string, read: (log: LogRow) => Promise<Result<T>>): Promise<Result<T>> {
    return this.#guard('reading the events', async () => {
      const db = this.#db;
      return db.transaction('r', db.campaigns, db.logs, db.packs, db.events, async () => {
        const row = await db.campaigns.get(folder);
        if (!row || row.archived) return notFound(folder);
        const id = checkId(encounterId, 'encounter id');
        if (!id.ok) return id;
        const log = await db.logs.get([folder, encounterId]);
        if (!log) return failure('events/no-log', `The event log ${logLabel(folder, encounterId)} does not exist.`);
        return read(log);
      });
    });
  }

  /**
   * The campaign in `folder` (archived or not) with the logs of its encounters, as the text of
   * one export file (see campaign-export.ts).
   */
  exportCampaign(folder: string): Promise<Result<string>> {
    return this.#guard('exporting the campaign', async () => {
      const db = this.#db;
      return db.transaction('r', db.campaigns, db.logs, db.packs, db.events, async () => {
        const row = await db.campaigns.get(folder);
        if (!row) return notFound(folder);
        const campaign = restoreCampaignValue(row.campaign, campaignLabel(folder), UNCHANGED);
        if (!campaign.ok) return campaign;
        const encounters: Record<string, StoredEvent[]> = {};
        for (const { id } of campaign.value.encounters) {
          const read = await this.#readLog(folder, id);
          if (!read) continue;
          if (!read.ok) return read;
          encounters[id] = read.value;
        }
        const data: CampaignExport = { campaign: campaign.value, encounters };
        return ok(serializeExport(data));
      });
    });
  }

  /**
   * Adds the campaign of an export file as a new campaign (closed) in a new folder; never
   * replaces one. It keeps its id unless a stored campaign already has that id (an earlier import
   * of the same file), then it gets a new one, as a duplicate would.
   */
  importCampaign(text: string): Promise<Result<CampaignInFolder>> {
    return this.#guard('importing the campaign', async () => {
      // Its fights are replayed under their ruleset, which may be any: every one loads first, with
      // the reader of the file (parse-export.ts, which the campaign list does not load otherwise).
      const [{ parseExport }] = await Promise.all([import('./parse-export'), loadAllRulesets()]);
      const parsed = parseExport(text, this.#maxImportBytes);
      if (!parsed.ok) return parsed;
      const db = this.#db;
      const added = await db.transaction('rw', db.campaigns, db.logs, db.packs, db.events, async () => {
        const { campaign, encounters } = parsed.value;
        const taken = (await db.campaigns.where('id').equals(campaign.id).count()) > 0;
        return this.#addCampaign(taken ? { ...campaign, id: newId() } : campaign, encounters);
      });
      // The import replayed every fight, every event checked: the snapshots that replay reached
      // with the same state are trusted in the new folder, so a long fight's first opening starts
      // there (snapshot-trust.ts). Not kept (a storage error): it replays everything, as before.
      if (added.ok) {
        for (const [encounterId, digest] of Object.entries(parsed.value.vouched)) await trustSnapshot(db, added.value.folder, encounterId, digest);
      }
      return added;
    });
  }

  // --- inside ----------------------------------------------------------------------------------

  async #list(archived: 0 | 1): Promise<Result<CampaignList>> {
    const rows = await this.#db.campaigns.where('archived').equals(archived).toArray();
    const campaigns: CampaignSummary[] = [];
    const problems: CampaignProblem[] = [];
    for (const row of rows) {
      const restored = restoreCampaignValue(row.campaign, campaignLabel(row.folder), UNCHANGED);
      if (!restored.ok) {
        problems.push({ folder: row.folder, code: restored.code, message: restored.message });
        continue;
      }
      const campaign = restored.value;
      campaigns.push(summaryOf(row.folder, campaign, { fileVersion: CAMPAIGN_VERSION, lock: null }));
    }
    campaigns.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || a.name.localeCompare(b.name));
    problems.sort((a, b) => a.folder.localeCompare(b.folder));
    return ok({ campaigns, problems });
  }

  /** The (not archived) campaign of `folder`, checked. */
  async #load(folder: string): Promise<Result<Campaign>> {
    const row = await this.#db.campaigns.get(folder);
    if (!row || row.archived) return notFound(folder);
    return restoreCampaignValue(row.campaign, campaignLabel(folder), UNCHANGED);
  }

  /** The lines of an encounter's log (inside a transaction over `logs`, `packs` and `events`); null when it has no log. */
  async #readLog(folder: string, encounterId: string): Promise<Result<StoredEvent[]> | null> {
    const log = await this.#db.logs.get([folder, encounterId]);
    return log ? readLogLines(this.#db, log) : null;
  }

  /** Saves `campaign` over `row` (inside a transaction) with `updatedAt` set to now. */
  async #save(row: CampaignRow, campaign: Campaign): Promise<Result<Campaign>> {
    const label = campaignLabel(row.folder);
    if (campaign.id !== row.id) return failure('campaign/wrong-id', `${label} holds campaign ${row.id}, not ${campaign.id}; nothing was saved.`);
    const checked = checkCampaignForSave({ ...campaign, updatedAt: this.#stamp() }, label);
    if (!checked.ok) return checked;
    await this.#db.campaigns.put({ ...row, campaign: checked.value });
    this.#open.set(row.folder, checked.value.name);
    return checked;
  }

  /** Stores a new campaign in a new folder with the given logs (inside a transaction or not). */
  async #addCampaign(campaign: Campaign, logs: Readonly<Record<string, readonly StoredEvent[]>>): Promise<Result<CampaignInFolder>> {
    const db = this.#db;
    return db.transaction('rw', db.campaigns, db.logs, db.packs, db.events, async () => {
      let folder = folderNameFor(campaign.name);
      // The random suffix makes a clash unlikely; never replace a campaign when it happens.
      for (let tries = 1; await db.campaigns.get(folder); tries++) {
        if (tries >= 5) return failure('io/exists', `${campaignLabel(folder)} already exists; try again.`);
        folder = folderNameFor(campaign.name);
      }
      const checked = checkCampaignForSave(campaign, campaignLabel(folder));
      if (!checked.ok) return checked;
      await db.campaigns.add({ folder, id: checked.value.id, archived: 0, campaign: checked.value });
      for (const [encounterId, events] of Object.entries(logs)) {
        await db.logs.add({ folder, encounterId, length: events.length });
        await writeNewLog(db, folder, encounterId, events);
      }
      return ok({ folder, campaign: checked.value });
    });
  }

  async #setArchived(folder: string, doing: string, from: 0 | 1, to: 0 | 1): Promise<Result<void>> {
    const refused = this.#needClosed(folder, doing);
    if (refused) return refused;
    return this.#db.transaction('rw', this.#db.campaigns, async () => {
      const row = await this.#db.campaigns.get(folder);
      if (!row || row.archived !== from) return from === 1 ? failure('campaign/not-found', `There is no archived campaign in folder "${folder}". Refresh the list.`) : notFound(folder);
      await this.#db.campaigns.put({ ...row, archived: to });
      return ok(undefined);
    });
  }

  #needOpen(folder: string, doing: string): Failure | null {
    if (this.#open.has(folder)) return null;
    return failure('campaign/not-open', `${campaignLabel(folder)} is not open in GM Screen; open it before ${doing}.`);
  }

  #needClosed(folder: string, doing: string): Failure | null {
    const name = this.#open.get(folder);
    if (name === undefined) return null;
    return failure('campaign/open', `"${name}" is open in GM Screen; close it before ${doing}.`);
  }

  #stamp(): string {
    return this.#now().toISOString();
  }

  /** Runs `task`; a storage exception becomes a failure (IndexedDB rolled the transaction back). */
  async #guard<T>(doing: string, task: () => Promise<Result<T>>): Promise<Result<T>> {
    try {
      return await task();
    } catch (error) {
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      return failure(
        'storage/failed',
        `The browser's storage failed while ${doing} (${reason}). Nothing was changed. Try again; if it keeps happening, export your campaigns and reload the page.`,
      );
    }
  }
}

function notFound(folder: string): Failure {
  return failure('campaign/not-found', `${campaignLabel(folder)} does not exist. Refresh the campaign list.`);
}

/**
 * Takes the browser's lock on a campaign for this tab (Web Locks: released by the browser when
 * the tab goes away), so two tabs never write one campaign. Answers how to release it, or
 * 'taken' when another tab holds it. Where the browser has no Web Locks, nothing is locked.
 */
async function holdTabLock(folder: string): Promise<(() => void) | 'taken'> {
  const locks = globalThis.navigator?.locks;
  if (!locks) return () => {};
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return new Promise((answer) => {
    void locks.request(`gm-screen-campaign:${folder}`, { ifAvailable: true }, async (lock) => {
      if (!lock) return answer('taken');
      answer(release);
      // Held until `release` is called (or the tab closes).
      await released;
    });
  });
}
