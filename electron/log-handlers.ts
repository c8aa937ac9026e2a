/**
 * The handlers of the `logs:*` channels: saving an encounter log the renderer built. The renderer
 * sends a suggested file name and the file's content (or HTML to print as PDF); the main process
 * asks the GM where to save it (a save dialog parented to the sender's window, starting in their
 * documents) and writes it atomically. Plain Node; the dialog and the PDF printer are passed in,
 * so it is tested with fakes and without Electron.
 *
 * - "Never overwrite without asking": the native save dialog asks before replacing a file. On
 *   Windows Electron always sets FOS_OVERWRITEPROMPT; macOS's save panel always asks; on Linux
 *   (GTK) it asks when `showOverwriteConfirmation` is set, which these dialogs do (Electron's
 *   dialog docs: `showOverwriteConfirmation` _Linux_; `createDirectory` _macOS_). What the GM
 *   confirmed is then replaced atomically: the old file stays whole until the new one is on disk.
 *   The name is never changed after the dialog (no extension added), so what is written is
 *   exactly what the GM saw and confirmed.
 * - Nothing is saved inside the campaigns folder (a `.json` log must not take the place of a
 *   campaign's own files), as for a campaign export.
 * - Answers carry the chosen file's base name only; failures name the file by base name and say
 *   what to do. An unexpected exception (a bug) is reported through `onUnexpected` and answered as
 *   a failure, without its message (it could quote a path).
 */
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from './campaigns/atomic-file';
import { failure, ok, preview, safeFileName, type Failure, type Result } from '../engine/campaign/index';
import type { DesktopShell, DialogFileFilter } from './desktop-shell';
import type { AreaHandlers, IpcEventLike } from './ipc';
import { fileExtension, type Cancelled, type ChannelsOf, type SavedFile } from './ipc-contract';

/** Every `logs:*` channel. */
export type LogChannel = ChannelsOf<'logs'>;

export interface LogHandlerDeps<E extends IpcEventLike = IpcEventLike> {
  /** The save dialog; without it (tests, harnesses) the channels answer a failure. */
  readonly desktop?: DesktopShell<E>;
  /** The folder the dialog starts in (Electron: the GM's documents); the dialog's own choice without it. */
  readonly saveFolder?: () => string;
  /** The campaigns folder in use: nothing is saved inside it. */
  readonly campaignsRoot?: () => string;
  /** Prints HTML to PDF bytes (pdf-printer.ts); without it `logs:save-pdf` answers a failure. */
  readonly printPdf?: (html: string) => Promise<Result<Uint8Array>>;
  /** Told about an unexpected exception (a bug) before it is answered as a failure. */
  readonly onUnexpected?: (error: unknown, channel: LogChannel) => void;
}

/** The stem a suggested name falls back to when nothing of it is left (`.md`). */
const FALLBACK_STEM = 'encounter-log';

/** The dialog's file type for each extension the channels accept. */
const FILTERS: Readonly<Record<string, DialogFileFilter>> = {
  md: { name: 'Markdown', extensions: ['md'] },
  html: { name: 'Web page (HTML)', extensions: ['html'] },
  json: { name: 'JSON', extensions: ['json'] },
  csv: { name: 'CSV (spreadsheet)', extensions: ['csv'] },
  pdf: { name: 'PDF', extensions: ['pdf'] },
};

/** Why the file system refused, by the failure code `writeFileAtomic` answers. */
const REASONS: Readonly<Record<string, string>> = {
  'io/permission': 'you may not write to that folder',
  'io/read-only': 'the drive is read-only',
  'io/no-space': 'the disk is full',
  'io/busy': 'another program is using the file',
  'io/not-found': 'that folder no longer exists',
  'io/name-too-long': 'the name, or the folder path, is too long',
  'io/device': 'the drive reported a write error',
};

/** The save dialog's request for `fileName` (already made safe). Exported for tests. */
export function saveDialogRequest(fileName: string, folder: string | undefined, pdf: boolean) {
  const filter = FILTERS[fileExtension(fileName)];
  return {
    title: pdf ? 'Save the encounter log as PDF' : 'Save the encounter log',
    defaultPath: folder === undefined ? fileName : path.join(folder, fileName),
    buttonLabel: 'Save',
    filters: filter ? [filter] : [],
    properties: ['createDirectory', 'showOverwriteConfirmation'] as ('createDirectory' | 'showOverwriteConfirmation')[],
  };
}

export function createLogHandlers<E extends IpcEventLike = IpcEventLike>(deps: LogHandlerDeps<E> = {}): AreaHandlers<'logs', E> {
  function guarded<P>(
    channel: LogChannel,
    run: (payload: P, event: E) => Promise<Result<SavedFile | Cancelled>>,
  ): (payload: P, event: E) => Promise<Result<SavedFile | Cancelled>> {
    return async (payload, event) => {
      try {
        return await run(payload, event);
      } catch (error) {
        deps.onUnexpected?.(error, channel);
        return failure(
          'app/unexpected',
          'Something unexpected went wrong while saving the log; it may not have been saved. Try again; if it keeps happening, restart GM Screen.',
        );
      }
    };
  }

  function noDialogs(): Failure {
    return failure('app/no-dialogs', 'GM Screen cannot show a save dialog here, so the log cannot be saved.');
  }

  /**
   * Asks where to save `suggested` (made safe), then writes `data` there atomically. `data` is
   * produced before the dialog opens: a PDF that cannot be made is reported without asking.
   */
  async function saveAs(event: E, suggested: string, data: string | Uint8Array, pdf: boolean): Promise<Result<SavedFile | Cancelled>> {
    const desktop = deps.desktop;
    if (!desktop) return noDialogs();
    const fileName = safeFileName(suggested, FALLBACK_STEM);
    const chosen = await desktop.showSaveDialog(event, saveDialogRequest(fileName, deps.saveFolder?.(), pdf));
    if (chosen.canceled || !chosen.filePath) return ok({ cancelled: true });
    const target = path.resolve(chosen.filePath);
    const name = path.basename(target);
    const root = deps.campaignsRoot?.();
    if (root !== undefined && (await isInsideReal(path.resolve(root), target))) {
      return failure(
        'logs/inside-campaigns-folder',
        `"${preview(name)}" was not saved: a log cannot be saved inside the campaigns folder (it could take the place of a campaign's own files). Choose another place, such as your documents. Nothing was written.`,
      );
    }
    const written = await writeFileAtomic(target, data, { label: `"${preview(name)}"` });
    if (!written.ok) {
      const reason = REASONS[written.code];
      if (reason === undefined) return written;
      return failure(written.code, `Could not save "${preview(name)}": ${reason}. Nothing was changed there; choose another folder or name and try again.`);
    }
    return ok({ fileName: name });
  }

  return {
    'logs:save': guarded('logs:save', ({ fileName, content }: { fileName: string; content: string }, event) =>
      saveAs(event, fileName, content, false),
    ),
    'logs:save-pdf': guarded('logs:save-pdf', async ({ fileName, html }: { fileName: string; html: string }, event) => {
      if (!deps.desktop) return noDialogs();
      if (!deps.printPdf) return failure('app/no-pdf', 'GM Screen cannot make a PDF here; save the log as HTML and print that instead.');
      const pdf = await deps.printPdf(html);
      if (!pdf.ok) return pdf;
      return saveAs(event, fileName, pdf.value, true);
    }),
  };
}

/** True when `target` is in `dir`, also through a link (a folder that does not exist is itself). */
async function isInsideReal(dir: string, target: string): Promise<boolean> {
  if (isInside(dir, target)) return true;
  const real = (p: string) => realpath(p).catch(() => p);
  return isInside(await real(dir), path.join(await real(path.dirname(target)), path.basename(target)));
}

/** True when `target` is `dir` or inside it. */
function isInside(dir: string, target: string): boolean {
  const relative = path.relative(dir, target);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}
