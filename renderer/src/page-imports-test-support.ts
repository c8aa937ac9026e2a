// What a page loads before any `import()`, for the tests that keep a page from loading the GM
// screen (players-page-imports.test.ts, phone-page-imports.test.ts). It follows a file's static
// imports (run-time ones: `import type` is erased, `import()` is a chunk of its own loaded only
// when called) and lists what they reach.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SRC = resolve(dirname(fileURLToPath(import.meta.url)));
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
export function staticGraph(entry: string): { files: Set<string>; packages: Set<string>; dynamic: Set<string> } {
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

/**
 * The GM screen's modules among `files`: the campaign database, the stores, the GM's panels and
 * their platform, the GM side of the players' screen, the whole engine, the campaign formats but
 * the players' screen's own types, and the main process.
 */
export function gmSide(files: Iterable<string>): string[] {
  return [...files].filter((file) =>
    /^renderer\/src\/(?:campaigns|store|manager|roster|tracker|log|dice|platform)\/|^renderer\/src\/App\.svelte$|^renderer\/src\/player\/(?:publisher\.svelte|transport|PlayerControls)|^engine\/index\.ts$|^engine\/campaign\/(?!player-screen\.ts$)|^electron\//.test(file),
  );
}
