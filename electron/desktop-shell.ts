/**
 * The part of Electron's `dialog` and `shell` the handlers use, as an interface, so the handlers
 * are tested with fakes (no Electron). main.ts implements it with the real `dialog` (each dialog
 * parented to the window that sent the request) and `shell.showItemInFolder`.
 *
 * The option and answer types are the subset of Electron's that the app passes and reads;
 * Electron's own types accept them as they are.
 */
import type { IpcEventLike } from './ipc';

/** A file type in a dialog: `{ name: 'GM Screen campaign export', extensions: ['json'] }`. */
export interface DialogFileFilter {
  readonly name: string;
  readonly extensions: string[];
}

export interface SaveDialogRequest {
  readonly title?: string;
  /** A file name, or a full path (a folder plus the proposed file name). */
  readonly defaultPath?: string;
  readonly buttonLabel?: string;
  readonly filters?: DialogFileFilter[];
  readonly properties?: ('createDirectory' | 'showOverwriteConfirmation')[];
}

export interface OpenDialogRequest {
  readonly title?: string;
  readonly defaultPath?: string;
  readonly buttonLabel?: string;
  readonly filters?: DialogFileFilter[];
  readonly properties: ('openFile' | 'openDirectory' | 'createDirectory')[];
}

/** Electron's `SaveDialogReturnValue`: `filePath` is empty or absent when cancelled. */
export interface SaveDialogAnswer {
  readonly canceled: boolean;
  readonly filePath?: string | undefined;
}

/** Electron's `OpenDialogReturnValue`. */
export interface OpenDialogAnswer {
  readonly canceled: boolean;
  readonly filePaths: readonly string[];
}

/** Dialogs and the file manager, for the window that sent `event`. */
export interface DesktopShell<E extends IpcEventLike = IpcEventLike> {
  showSaveDialog(event: E, options: SaveDialogRequest): Promise<SaveDialogAnswer>;
  showOpenDialog(event: E, options: OpenDialogRequest): Promise<OpenDialogAnswer>;
  /** Shows `fullPath` selected in the system's file manager. */
  showItemInFolder(fullPath: string): void;
}
