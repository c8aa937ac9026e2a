/**
 * One operation at a time per file, within this process. Electron runs IPC handlers concurrently,
 * so two appends to the same log (or two saves of the same campaign.json) can overlap; an append
 * writes at the end it measured, and a save rotates backups, so overlapping ones would clobber
 * each other. The lock file keeps other processes out; this keeps our own calls in line.
 */
import path from 'node:path';
import { KeyedQueue } from '../../engine/campaign/index';

/** Every file this process writes or reads in turn, keyed by its absolute path. */
const files = new KeyedQueue();

/** Runs `task` after every earlier task for the same `file` has settled. */
export function exclusive<T>(file: string, task: () => Promise<T>): Promise<T> {
  return files.run(path.resolve(file), task);
}
