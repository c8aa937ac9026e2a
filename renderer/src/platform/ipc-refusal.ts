/**
 * What the GM can read of a rejected IPC call. The main process refuses a payload its contract
 * does not take with `<channel> refused: <reason>`, and Electron wraps that ("Error invoking
 * remote method 'logs:save': IpcRefusedError: logs:save refused: content is 70 MB, over the 64 MB
 * limit; …"): the reason is kept. Anything else is told as it is.
 */
export function refusalReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return /refused: (.*)$/s.exec(message)?.[1] ?? message;
}
