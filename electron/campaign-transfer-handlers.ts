/**
 * The `campaigns:*` channels that go through the desktop's dialogs and file manager: exporting a
 * campaign to a file the GM chooses, importing one from a file or folder, showing one in its folder.
 * Paths the GM chose never come back: an export answers its file name, failures name files by base
 * name, and an unexpected exception's message gets the chosen folder cut out.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import {
  campaignPaths,
  exportText,
  importCampaign,
  readCampaignContent,
  readCampaignFolder,
  readExportFile,
  realFolder,
  writeExportFile,
  type CampaignContent,
} from './campaigns/index';
import { exportFileName, failure, type Result } from '../engine/campaign/index';
import type { DesktopShell, DialogFileFilter } from './desktop-shell';
import type { IpcEventLike } from './ipc';
import type { Cancelled, ExportedCampaign, ImportedCampaign, IpcPayload } from './ipc-contract';

/** What these handlers take from the campaign handlers around them. */
export interface TransferContext<E extends IpcEventLike> {
  /** The campaigns root in use now (it can change between calls). */
  readonly root: () => string;
  /** Runs `task` after every earlier call on `key` (a folder name, or the imports' own key). */
  readonly inTurn: <T>(key: string, task: () => Promise<T>) => Promise<T>;
  /** The campaign of `folder` as messages name it. */
  readonly label: (folder: string) => string;
  /** Dialogs and the file manager; without them these channels answer a failure. */
  readonly desktop?: DesktopShell<E>;
  /** The folder the export dialog starts in; the dialog's own choice without it. */
  readonly exportFolder?: () => string;
}

/** The export, import and reveal handlers, unguarded (the caller wraps them like every handler). */
export interface TransferHandlers<E extends IpcEventLike> {
  readonly exportCampaign: (payload: IpcPayload<'campaigns:export'>, event: E) => Promise<Result<ExportedCampaign | Cancelled>>;
  readonly importCampaign: (payload: IpcPayload<'campaigns:import'>, event: E) => Promise<Result<ImportedCampaign | Cancelled>>;
  readonly revealCampaign: (payload: IpcPayload<'campaigns:reveal'>) => Promise<Result<void>>;
}

/** The queue key of imports (a colon never appears in a folder name). */
const IMPORTS = ':import';

/** The export dialog's file type. */
const EXPORT_FILTERS: DialogFileFilter[] = [{ name: 'GM Screen campaign export', extensions: ['json'] }];

export function createTransferHandlers<E extends IpcEventLike>(context: TransferContext<E>): TransferHandlers<E> {
  /** The dialogs and file manager, or a refusal saying this build has none. */
  function needDesktop(doing: string): Result<DesktopShell<E>> {
    if (context.desktop) return { ok: true, value: context.desktop };
    return failure('app/no-dialogs', `GM Screen cannot show a dialog here, so ${doing} is not available.`);
  }

  const exportTo: TransferHandlers<E>['exportCampaign'] = async ({ folder }, event) => {
    const desktop = needDesktop('exporting a campaign');
    if (!desktop.ok) return desktop;
    const here = context.root();
    // Read after the calls already queued for the folder (a save, appends), then let it go:
    // the dialog may stay open for minutes and must not hold up the table's saves.
    const content = await context.inTurn(folder, () => readCampaignContent({ root: here, folder }));
    if (!content.ok) return content;
    const { campaign } = content.value.data;
    const text = exportText(content.value.data, context.label(folder));
    if (!text.ok) return text;
    const fileName = exportFileName(campaign);
    const chosen = await desktop.value.showSaveDialog(event, {
      title: `Export "${campaign.name}"`,
      defaultPath: context.exportFolder ? path.join(context.exportFolder(), fileName) : fileName,
      buttonLabel: 'Export',
      filters: EXPORT_FILTERS,
      properties: ['createDirectory', 'showOverwriteConfirmation'],
    });
    if (chosen.canceled || !chosen.filePath) return { ok: true, value: { cancelled: true } };
    const target = path.resolve(chosen.filePath);
    return hidingPath(target, async () => {
      if (isInside(here, target)) {
        return failure(
          'export/inside-campaigns-folder',
          'An export cannot be saved inside the campaigns folder (it could take the place of a campaign\'s own files). Choose another place, such as your documents or a USB stick. Nothing was written.',
        );
      }
      const written = await writeExportFile(target, text.value);
      if (!written.ok) return written;
      return { ok: true, value: { fileName: path.basename(target), torn: content.value.torn } };
    });
  };

  const importFromDialog: TransferHandlers<E>['importCampaign'] = async ({ from }, event) => {
    const desktop = needDesktop('importing a campaign');
    if (!desktop.ok) return desktop;
    const chosen = await desktop.value.showOpenDialog(
      event,
      from === 'file'
        ? { title: 'Import a campaign export', buttonLabel: 'Import', filters: [...EXPORT_FILTERS, { name: 'All files', extensions: ['*'] }], properties: ['openFile'] }
        : { title: 'Import a campaign folder', buttonLabel: 'Import', properties: ['openDirectory'] },
    );
    const source = chosen.filePaths[0];
    if (chosen.canceled || source === undefined) return { ok: true, value: { cancelled: true } };
    const here = context.root();
    // Imports run one at a time, so two imports of one file cannot both keep its id.
    return context.inTurn(IMPORTS, () => hidingPath(path.resolve(source), () => importFrom(here, from, source)));
  };

  const reveal: TransferHandlers<E>['revealCampaign'] = async ({ folder }) => {
    const desktop = needDesktop('showing a campaign in its folder');
    if (!desktop.ok) return desktop;
    const paths = campaignPaths({ root: context.root(), folder });
    if (!paths.ok) return paths;
    const found = await realFolder(paths.value.dir, paths.value.label);
    if (!found.ok) return found;
    // A damaged campaign may have lost its campaign.json: show the folder then.
    const hasFile = await stat(paths.value.file).then((info) => info.isFile(), () => false);
    desktop.value.showItemInFolder(hasFile ? paths.value.file : paths.value.dir);
    return { ok: true, value: undefined };
  };

  return { exportCampaign: exportTo, importCampaign: importFromDialog, revealCampaign: reveal };
}

/** Reads what the GM chose (an export file or a campaign folder) and writes it into `root` as a new campaign. */
async function importFrom(root: string, from: 'file' | 'folder', source: string): Promise<Result<ImportedCampaign>> {
  let read: Result<CampaignContent>;
  if (from === 'file') {
    const file = await readExportFile(source);
    read = file.ok ? { ok: true, value: { data: file.value, torn: [] } } : file;
  } else {
    read = await readCampaignFolder(source);
  }
  if (!read.ok) return read;
  const imported = await importCampaign(root, read.value.data);
  if (!imported.ok) return imported;
  const { folder, campaign, renamedId } = imported.value;
  return { ok: true, value: { folder, campaign, renamedId, torn: read.value.torn } };
}

/** True when `target` is `dir` or inside it. */
function isInside(dir: string, target: string): boolean {
  const relative = path.relative(dir, target);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/**
 * Runs `task` on a path the GM chose in a dialog. The store's messages already name it by base
 * name; an unexpected exception's message (which may quote the path) gets the folder cut out too.
 */
async function hidingPath<T>(chosen: string, task: () => Promise<T>): Promise<T> {
  try {
    return await task();
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    const folder = path.dirname(chosen);
    const withSep = folder.endsWith(path.sep) ? folder : folder + path.sep;
    const hidden = new Error(error.message.split(withSep).join('').split(folder).join('the chosen folder'), { cause: error });
    throw hidden;
  }
}
