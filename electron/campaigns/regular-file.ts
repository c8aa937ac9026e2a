/**
 * Reading a file only when it is a regular file of a size we accept. Node's readFile on a FIFO
 * (or a device) named like a campaign file waits for a writer forever, holding one of the four
 * threads every file operation shares: the type and size are checked with a stat, which never
 * blocks, before the file is opened.
 */
import { readFile, stat } from 'node:fs/promises';

/** A file's bytes, or why it was not read (errors of the file system itself are thrown). */
export type RegularRead = { kind: 'bytes'; bytes: Buffer } | { kind: 'not-file' } | { kind: 'too-large'; size: number };

/** Reads `file` if it is a regular file of at most `maxBytes` bytes. */
export async function readRegularFile(file: string, maxBytes: number): Promise<RegularRead> {
  const info = await stat(file);
  if (!info.isFile()) return { kind: 'not-file' };
  // Refused before it is read into memory.
  if (info.size > maxBytes) return { kind: 'too-large', size: info.size };
  return { kind: 'bytes', bytes: await readFile(file) };
}

/** Whether `file` is a regular file (a stat: never blocks, unlike opening a FIFO). */
export async function isRegularFile(file: string): Promise<boolean> {
  return (await stat(file)).isFile();
}
