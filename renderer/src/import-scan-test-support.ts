// Finding a source file's imports, for the tests that hold app code to the project's import rules
// (electron-imports.test.ts, engine-entries.test.ts).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** `import … from 'x'`, `export … from 'x'` (group 1: `type`; group 2: the module), across lines. */
const FROM = /\b(?:import|export)\s+(type\s+)?(?:[\w*$]+\s*,?\s*)?(?:\{[^}]*\}|\*(?:\s+as\s+[\w$]+)?|[\w$]+)?\s*from\s*['"]([^'"]+)['"]/g;
/** `import 'x'` (side effects) and `import('x')`. */
const BARE = /\bimport\s*\(?\s*['"]([^'"]+)['"]/g;

/** Blanks out comments, keeping line breaks so reported line numbers stay right. */
function withoutComments(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, (block) => block.replace(/[^\n]/g, ' '))
    .replace(/<!--[\s\S]*?-->/g, (block) => block.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/** One import of a file: its line, whether it is type-only (`import type` / `export type`), the specifier. */
export interface FoundImport {
  readonly line: number;
  readonly typeOnly: boolean;
  readonly module: string;
}

/**
 * Every import and re-export in `source`, in order, comments ignored. Only `import type` and
 * `export type` count as type-only: under `verbatimModuleSyntax`, `import { type A } from '…'`
 * still loads the module at run time.
 */
export function importsOf(source: string): FoundImport[] {
  const text = withoutComments(source);
  const lineOf = (index: number) => text.slice(0, index).split('\n').length;
  return [
    ...[...text.matchAll(FROM)].map((m) => ({ at: m.index, typeOnly: m[1] !== undefined, module: m[2] ?? '' })),
    ...[...text.matchAll(BARE)].map((m) => ({ at: m.index, typeOnly: false, module: m[1] ?? '' })),
  ]
    .sort((a, b) => a.at - b.at)
    .map(({ at, typeOnly, module }) => ({ line: lineOf(at), typeOnly, module }));
}

/** A test or test support, by file name or by import specifier (which may leave out `.ts`). */
export function isTestCode(file: string): boolean {
  return /(?:\.test|test-support)(?:\.ts)?$/.test(file);
}

/** The app files under `dir`: .ts and .svelte, without tests and test support. */
export function appSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return appSources(path);
    return /\.(?:ts|svelte)$/.test(entry.name) && !isTestCode(entry.name) ? [path] : [];
  });
}
