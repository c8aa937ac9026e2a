/** Makes a named pipe (POSIX only): a file the server must neither list nor wait on. */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

export async function mkfifo(file: string): Promise<void> {
  await promisify(execFile)('mkfifo', [file]);
}
