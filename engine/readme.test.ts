import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The script shown at the top of engine/README.md, run as it is written there (its import
// pointed at this engine): what a reader copies must work.

const README = fileURLToPath(new URL('./README.md', import.meta.url));
const ENGINE = fileURLToPath(new URL('./index.ts', import.meta.url));

function snippet(): string {
  const text = readFileSync(README, 'utf8');
  const block = /```ts\n([\s\S]*?)```/.exec(text)?.[1];
  if (!block) throw new Error('engine/README.md has no ts code block');
  return block;
}

describe("engine/README.md's script", () => {
  let dir: string | null = null;
  afterEach(() => {
    vi.restoreAllMocks();
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = null;
  });

  it('runs as written: a fight started from the seed, a refusal as data, undo and replay', async () => {
    const code = snippet();
    expect(code).toContain("from './engine/index'");
    dir = mkdtempSync(join(tmpdir(), 'readme-'));
    const file = join(dir, 'script.ts');
    writeFileSync(file, code.replace("from './engine/index'", `from ${JSON.stringify(ENGINE.replace(/\.ts$/, ''))}`));
    const logged: unknown[][] = [];
    vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void logged.push(args));
    await import(/* @vite-ignore */ file);
    // Round 1 with someone acting and the log so far; after undo, the replayed state.
    const [first, second] = logged;
    expect(first?.[0]).toBe(1);
    expect(typeof first?.[1]).toBe('string');
    expect(first?.[2]).toBeGreaterThan(4);
    expect(second?.[0]).toMatchObject({ status: 'running', round: 1, rulesetId: 'freeform' });
  });
});
