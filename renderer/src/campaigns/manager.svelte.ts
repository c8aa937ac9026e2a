/**
 * The campaign manager's list and the operations on whole campaigns: new, duplicate, archive,
 * delete, export, import, reveal. Opening and everything inside a campaign is the session's
 * (session.svelte.ts). Every operation answers a sentence for the GM: what happened, or what
 * went wrong and what to do.
 */
import type { CampaignProblem, CampaignSummary, Failure, Result, TornLog } from './backend';
import type { DexieCampaignBackend } from './dexie-backend';
import type { IpcCampaignBackend } from './ipc-backend';
import { exportFileName } from './campaign-export';

/** How the browser build hands a file to the GM (a download); injected so tests need no DOM. */
export type SaveFile = (fileName: string, text: string) => void;

export class CampaignManager {
  campaigns = $state.raw<CampaignSummary[]>([]);
  problems = $state.raw<CampaignProblem[]>([]);
  /** Archived campaigns (browser build: they stay in this browser's storage). */
  archived = $state.raw<CampaignSummary[]>([]);
  loaded = $state(false);
  /** What the last operation did or why it failed. */
  notice = $state<{ readonly text: string; readonly error: boolean } | null>(null);

  readonly #backend: IpcCampaignBackend | DexieCampaignBackend;
  readonly #saveFile: SaveFile;

  constructor(backend: IpcCampaignBackend | DexieCampaignBackend, saveFile: SaveFile) {
    this.#backend = backend;
    this.#saveFile = saveFile;
  }

  get kind(): 'disk' | 'browser' {
    return this.#backend.kind;
  }

  async refresh(): Promise<void> {
    const listed = await this.#backend.list();
    if (!listed.ok) {
      this.#say(listed);
      return;
    }
    this.campaigns = listed.value.campaigns;
    this.problems = listed.value.problems;
    if (this.#backend.kind === 'browser') {
      const archived = await this.#backend.listArchived();
      if (archived.ok) this.archived = archived.value.campaigns;
    }
    this.loaded = true;
  }

  /** Creates a campaign; answers its folder to open, or null. */
  async create(name: string, rulesetId: string): Promise<string | null> {
    const created = await this.#backend.create({ name: name.trim(), rulesetId });
    if (!created.ok) return this.#fail(created);
    await this.refresh();
    return created.value.folder;
  }

  async duplicate(folder: string): Promise<void> {
    const copied = await this.#backend.duplicate({ folder });
    if (!copied.ok) return void this.#fail(copied);
    this.#say(`Copied as "${copied.value.campaign.name}".`);
    await this.refresh();
  }

  async archive(summary: CampaignSummary): Promise<void> {
    const archived = await this.#backend.archive({ folder: summary.folder });
    if (!archived.ok) return void this.#fail(archived);
    this.#say(
      this.#backend.kind === 'disk'
        ? `"${summary.name}" was moved to the archive folder inside the campaigns folder.`
        : `"${summary.name}" was archived; bring it back from "Archived campaigns" below.`,
    );
    await this.refresh();
  }

  async unarchive(summary: CampaignSummary): Promise<void> {
    if (this.#backend.kind !== 'browser') return;
    const back = await this.#backend.unarchive(summary.folder);
    if (!back.ok) return void this.#fail(back);
    this.#say(`"${summary.name}" is back in the list.`);
    await this.refresh();
  }

  async delete(summary: CampaignSummary): Promise<void> {
    const deleted = await this.#backend.delete({ folder: summary.folder });
    if (!deleted.ok) return void this.#fail(deleted);
    this.#say(this.#backend.kind === 'disk' ? `"${summary.name}" was moved to the trash.` : `"${summary.name}" was deleted.`);
    await this.refresh();
  }

  /** Exports a campaign with all its encounter logs as one JSON file. */
  async exportCampaign(summary: CampaignSummary): Promise<void> {
    if (this.#backend.kind === 'browser') {
      const text = await this.#backend.exportCampaign(summary.folder);
      if (!text.ok) return void this.#fail(text);
      const fileName = exportFileName({ name: summary.name });
      this.#saveFile(fileName, text.value);
      this.#say(`"${summary.name}" was exported as ${fileName} (look in your downloads).`);
      return;
    }
    const exported = await this.#backend.exportCampaign(summary.folder);
    if (!exported.ok) return void this.#fail(exported);
    if ('cancelled' in exported.value) return;
    this.#say(`"${summary.name}" was exported as ${exported.value.fileName}.${tornNote(exported.value.torn)}`);
  }

  /**
   * Imports a campaign: in a browser from the text of a file the GM picked, on disk from a file
   * or folder picked in the system dialog. Answers the new campaign's folder, or null.
   */
  async importCampaign(source: { readonly text: string } | { readonly from: 'file' | 'folder' }): Promise<string | null> {
    let imported: Result<{ folder: string; campaign: { name: string }; renamedId?: boolean; torn?: readonly TornLog[] } | { cancelled: true }>;
    if ('text' in source) {
      if (this.#backend.kind !== 'browser') return null;
      imported = await this.#backend.importCampaign(source.text);
    } else {
      if (this.#backend.kind !== 'disk') return null;
      imported = await this.#backend.importCampaign(source.from);
    }
    if (!imported.ok) return this.#fail(imported);
    if ('cancelled' in imported.value) return null;
    const copy = imported.value.renamedId ? ' It already existed here, so the import is a separate copy.' : '';
    this.#say(`Imported "${imported.value.campaign.name}".${copy}${tornNote(imported.value.torn ?? [])}`);
    await this.refresh();
    return imported.value.folder;
  }

  /** Shows the campaign's folder in the system's file manager (desktop only). */
  async reveal(summary: CampaignSummary): Promise<void> {
    if (this.#backend.kind !== 'disk') return;
    const shown = await this.#backend.reveal(summary.folder);
    if (!shown.ok) this.#fail(shown);
  }

  #fail(failed: Failure): null {
    this.#say(failed);
    return null;
  }

  #say(what: string | Failure): void {
    this.notice = typeof what === 'string' ? { text: what, error: false } : { text: what.message, error: true };
  }
}

/** Encounter logs whose cut-off last line (a crash while writing) was left out, in a sentence. */
function tornNote(torn: readonly TornLog[]): string {
  return torn.length === 0 ? '' : ` ${torn.map((t) => t.message).join(' ')}`;
}
