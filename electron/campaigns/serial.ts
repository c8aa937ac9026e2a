/**
 * One operation at a time per file, within this process. Electron runs IPC handlers concurrently,
 * so two appends to the same log (or two saves of the same campaign.json) can overlap; an append
 * writes at the end it measured, and a save rotates backups, so overlapping ones would clobber
 * each other. The lock file keeps other processes out; this keeps our own calls in line.
 */
import path from 'node:path';

const queues = new Map<string, Promise<void>>();

/** Runs `task` after every earlier task for the same `file` has settled. */
export function exclusive<T>(file: string, task: () => Promise<T>): Promise<T> {
  const key = path.resolve(file);
  const before = queues.get(key) ?? Promise.resolve();
  const run = before.then(task);
  const settled = run.then(
    () => {},
    () => {},
  );
  queues.set(key, settled);
  // Forget the queue once it is idle, so the map does not grow with every file ever touched.
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return run;
}
