import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 14: the players' page is loaded on its own (renderer/src/main.ts imports it dynamically)
// and stays small; in the desktop app it must not load the campaign database or anything of the
// GM screen. This follows its static imports from PlayerApp.svelte (run-time ones: `import type`
// is erased, `import()` is a chunk of its own loaded only when called) and checks what they reach.
// The browser's IndexedDB source (indexeddb-source.ts, with Dexie) is reached only by `import()`.

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = resolve(SRC, '../..');

/** `import … from 'x'` and `export … from 'x'` (group 1: `type`; group 2: the module), across lines. */
const FROM = /\b(?:import|export)\s+(type\s+)?(?:[\w*$]+\s*,?\s*)?(?:\{[^}]*\}|\*(?:\s+as\s+[\w$]+)?|[\w$]+)?\s*from\s*['"]([^'"]+)['"]/g;
/** `import 'x'` for its side effects (not `import('x')`). */
const BARE = /\bimport\s+['"]([^'"]+)['"]/g;
/** `import('x')`. */
const DYNAMIC = /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

function withoutComments(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

function resolveModule(from: string, specifier: string): string {
  const base = resolve(dirname(from), specifier);
  const found = [base, `${base}.ts`, `${base}.svelte`, join(base, 'index.ts')].find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
  if (!found) throw new Error(`${relative(ROOT, from)} imports ${specifier}, which is not there`);
  return found;
}

/** What `entry` loads at run time before any `import()`: files (relative to the project) and packages. */
function staticGraph(entry: string): { files: Set<string>; packages: Set<string>; dynamic: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const dynamic = new Set<string>();
  const visit = (file: string) => {
    const name = relative(ROOT, file);
    if (files.has(name)) return;
    files.add(name);
    const text = withoutComments(readFileSync(file, 'utf8'));
    const specifiers = [
      ...[...text.matchAll(FROM)].filter((m) => m[1] === undefined).map((m) => m[2]!),
      ...[...text.matchAll(BARE)].map((m) => m[1]!),
    ];
    for (const specifier of specifiers) {
      if (specifier.startsWith('.')) visit(resolveModule(file, specifier));
      else packages.add(specifier);
    }
    for (const m of text.matchAll(DYNAMIC)) if (m[1]!.startsWith('.')) dynamic.add(relative(ROOT, resolveModule(file, m[1]!)));
  };
  visit(entry);
  return { files, packages, dynamic };
}

describe('the players\' page', () => {
  const graph = staticGraph(join(SRC, 'player', 'PlayerApp.svelte'));

  it('loads the screen source and the reader, and the IndexedDB source only on demand', () => {
    expect(graph.files).toContain('renderer/src/player/screen-source.ts');
    expect(graph.files).toContain('renderer/src/player/screen.ts');
    expect(graph.files).not.toContain('renderer/src/player/indexeddb-source.ts');
    expect(graph.dynamic).toContain('renderer/src/player/indexeddb-source.ts');
  });

  it('loads neither the campaign database, nor Dexie, nor the GM screen\'s modules', () => {
    // Of the formats both sides share (engine/campaign/), only the players' screen's own types.
    const gmSide = [...graph.files].filter((file) =>
      /^renderer\/src\/(?:campaigns|store|manager|roster|tracker|log|dice|platform)\/|^renderer\/src\/App\.svelte$|^renderer\/src\/player\/(?:publisher\.svelte|transport|PlayerControls)|^engine\/index\.ts$|^engine\/campaign\/(?!player-screen\.ts$)|^electron\//.test(file),
    );
    expect(gmSide).toEqual([]);
    expect([...graph.packages].filter((name) => /^dexie|^papaparse|^pure-rand/.test(name))).toEqual([]);
  });
});
