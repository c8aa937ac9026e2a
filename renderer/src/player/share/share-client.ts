/**
 * The GM window's side of sharing with phones (issue 44): the desktop bridge's `share:*` calls,
 * each answering a `Result` (a call the main process refused becomes a failure with its reason),
 * and the QR code's modules as one SVG path. Only in the desktop app: a browser has no server to
 * share from.
 */
import type { GmScreenApi, QrModules, Result, ShareStatus } from '../../../../electron/ipc-contract';
import { refusalReason } from '../../platform/ipc-refusal';

export type ShareApi = Pick<
  GmScreenApi,
  'shareStatus' | 'startSharing' | 'resumeSharing' | 'stopSharing' | 'newShareCode' | 'allowPick' | 'onShareStatus' | 'onOpenShareDialog'
>;

/** The desktop bridge's share calls, or null in a browser. */
export function shareApi(): ShareApi | null {
  return typeof window !== 'undefined' && window.gmScreen ? window.gmScreen : null;
}

/** One call, never rejecting: a refusal (Electron wraps it in "…refused: <reason>") is a failure. */
export async function ask(call: () => Promise<Result<ShareStatus>>): Promise<Result<ShareStatus>> {
  try {
    return await call();
  } catch (error) {
    return { ok: false, code: 'share/refused', message: refusalReason(error) };
  }
}

/** The dark modules as one SVG path in module units (one node however large the code). */
export function qrPath(modules: QrModules): string {
  let path = '';
  for (let row = 0; row < modules.size; row += 1) {
    let column = 0;
    while (column < modules.size) {
      if (modules.dark[row * modules.size + column] !== '1') {
        column += 1;
        continue;
      }
      // A run of dark modules on a row is one rectangle.
      const start = column;
      while (column < modules.size && modules.dark[row * modules.size + column] === '1') column += 1;
      path += `M${start} ${row}h${column - start}v1h${start - column}z`;
    }
  }
  return path;
}

/** "3 phones watching", "No phone watching yet". */
export function watchingWords(count: number): string {
  if (count === 0) return 'No phone watching yet';
  return `${count} ${count === 1 ? 'phone' : 'phones'} watching`;
}
