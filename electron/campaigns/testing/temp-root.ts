/**
 * Test helper: a fresh campaigns root in the system temp folder per test, removed afterwards.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import type { Result } from '../../../engine/campaign/index';

/** Registers cleanup and returns a function that makes a new temp folder (absolute). */
export function useTempRoots(): () => Promise<string> {
  const made: string[] = [];
  afterEach(async () => {
    await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });
  return async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'gm-campaigns-'));
    made.push(dir);
    return dir;
  };
}

/** The value of an ok result; fails the test with the message otherwise. */
export function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.code}: ${result.message}`);
  return result.value;
}

/** The failure of a result; fails the test when it is ok. */
export function failed<T>(result: Result<T>): { code: string; message: string } {
  if (result.ok) throw new Error(`expected a failure, got ok: ${JSON.stringify(result.value)?.slice(0, 200)}`);
  return result;
}
