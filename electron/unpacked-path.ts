/**
 * Where a file packed with the app lives on disk. electron-builder keeps the phone page
 * (`dist/phone`, electron-builder.yml's `asarUnpack`) out of app.asar, beside it in
 * app.asar.unpacked: the phones' server reads those files with the file system's own checks
 * (regular files only, links not followed: electron/phone-share/page-files.ts), which Electron's
 * view into an asar archive does not offer. Unpacked, outside an archive, a path stays as it is.
 */
import path from 'node:path';

export function unpackedPath(packed: string): string {
  const parts = packed.split(path.sep);
  const archive = parts.lastIndexOf('app.asar');
  if (archive === -1) return packed;
  parts[archive] = 'app.asar.unpacked';
  return parts.join(path.sep);
}
