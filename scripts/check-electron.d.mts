// Types of check-electron.mjs (plain Node, run before anything is built) for its test.

export declare const NO_ELECTRON: string;

/** The file system and download a check uses; a test passes its own. */
export interface ElectronCheckIo {
  env: Record<string, string | undefined>;
  exists(file: string): boolean;
  read(file: string): string;
  /** Downloads the binary into the electron package's folder; true when it worked. */
  download(electronDir: string): boolean;
}

export declare function electronBinary(electronDir: string | null, io?: Partial<ElectronCheckIo>): string | null;

export declare function ensureElectron(electronDir: string | null, io?: Partial<ElectronCheckIo>): { ok: true; binary: string } | { ok: false; message: string };
