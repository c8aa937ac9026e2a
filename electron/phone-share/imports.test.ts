import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every module specifier in a source file: `from '…'`, `import '…'`, `import('…')`, `require('…')`. */
function specifiersOf(text: string): string[] {
  return [...text.matchAll(/(?:\bfrom\s+|^\s*import\s+|\bimport\s*\(\s*|\brequire\s*\(\s*)['"]([^'"]+)['"]/gm)].map((match) => match[1] ?? '');
}

/** The source file a relative specifier names (`./x` → `x.ts` or `x/index.ts`). */
function resolve(from: string, specifier: string): string {
  const base = path.resolve(path.dirname(from), specifier);
  return [`${base}.ts`, path.join(base, 'index.ts'), base].find((file) => existsSync(file) && file.endsWith('.ts')) ?? base;
}

describe('the phone server\'s modules', () => {
  // So it runs, and is tested, in plain Node; and the main process can start it before any window.
  it('never import electron, all the way down, nor does the server\'s process', () => {
    const seen = new Set<string>();
    const outside = new Set<string>();
    const walk = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const specifier of specifiersOf(readFileSync(file, 'utf8'))) {
        if (specifier.startsWith('.')) walk(resolve(file, specifier));
        else outside.add(specifier);
      }
    };
    walk(path.join(import.meta.dirname, 'index.ts'));
    // The server's own process runs Node only: it must not need Electron either.
    walk(path.join(import.meta.dirname, '..', 'phone-server-process.ts'));
    expect(seen.size).toBeGreaterThan(10);
    expect([...outside].filter((specifier) => specifier === 'electron' || specifier.startsWith('electron/'))).toEqual([]);
    // The server's own modules use Node's built-ins and one library, which makes the patches
    // between screens (the engine's types come along, erased).
    const libraries = [...seen].filter((file) => file.startsWith(import.meta.dirname)).flatMap((file) => specifiersOf(readFileSync(file, 'utf8')).filter((s) => !s.startsWith('.') && !s.startsWith('node:')));
    expect(new Set(libraries)).toEqual(new Set(['fast-json-patch']));
  });
});
