import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The design's lint rule for `engine/`: pure TypeScript shared by the main process, the renderer
// and the tests, so no Electron, Svelte or Node imports, and no hidden inputs (global randomness,
// the clock, the DOM, the process). Tests are exempt: they may read files, as this one does.

const ENGINE = dirname(fileURLToPath(import.meta.url));

const FORBIDDEN_MODULE = /^(?:electron|svelte|node:.*|fs|path)(?:\/.*)?$/;
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)['"]([^'"]+)['"]/g;
const FORBIDDEN_USES: [RegExp, string][] = [
  [/\bMath\s*\.\s*random\b/, 'Math.random (pass a RandomSource instead)'],
  [/\bDate\s*\.\s*now\b/, 'Date.now (time must come in through an event)'],
  [/\bnew\s+Date\s*\(/, 'new Date( (time must come in through an event)'],
  [/\bwindow\s*\./, 'window. (no DOM in the engine)'],
  [/\bdocument\s*\./, 'document. (no DOM in the engine)'],
  [/\bprocess\s*\./, 'process. (no Node in the engine)'],
];

/** Blanks out comments, keeping line breaks so reported line numbers stay right. */
function withoutComments(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, (block) => block.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/** Every rule broken in one file, as "file:line: what". */
function violations(file: string, source: string): string[] {
  const found: string[] = [];
  withoutComments(source)
    .split('\n')
    .forEach((line, i) => {
      for (const match of line.matchAll(IMPORT)) {
        const module = match[1] ?? '';
        if (FORBIDDEN_MODULE.test(module)) found.push(`${file}:${i + 1}: imports "${module}"`);
      }
      for (const [pattern, what] of FORBIDDEN_USES) {
        if (pattern.test(line)) found.push(`${file}:${i + 1}: uses ${what}`);
      }
    });
  return found;
}

function engineSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : engineSources(path);
    return entry.name.endsWith('.ts') && !/\.(test|bench)\.ts$/.test(entry.name) ? [path] : [];
  });
}

describe('engine purity', () => {
  it('finds the engine sources', () => {
    const files = engineSources(ENGINE).map((f) => relative(ENGINE, f));
    expect(files).toContain('index.ts');
    expect(files).toContain(join('encounter', 'reducer.ts'));
    expect(files.some((f) => f.endsWith('.test.ts'))).toBe(false);
  });

  it('has no forbidden imports or hidden inputs in any non-test file', () => {
    const found = engineSources(ENGINE).flatMap((file) => violations(relative(ENGINE, file), readFileSync(file, 'utf8')));
    expect(found, found.join('\n')).toEqual([]);
  });
});

describe('the purity scan itself', () => {
  it('catches each forbidden import and use, naming the line', () => {
    const bad = [
      "import { app } from 'electron';",
      "import { mount } from 'svelte';",
      "import { readFile } from 'node:fs/promises';",
      "import * as fs from 'fs';",
      "import { join } from 'path';",
      "const store = await import('svelte/store');",
      "import 'node:crypto';",
      'const r = Math.random();',
      'const t = Date.now();',
      'const d = new Date(0);',
      "window.addEventListener('x', f);",
      "document.querySelector('p');",
      'const env = process.env.HOME;',
    ];
    const found = violations('x.ts', bad.join('\n'));
    expect(found).toHaveLength(bad.length);
    bad.forEach((_, i) => expect(found[i]).toMatch(new RegExp(`^x\\.ts:${i + 1}: `)));
  });

  it('ignores comments, look-alike names and allowed modules', () => {
    const fine = [
      '// never call Math.random or Date.now here',
      '/* window.x and document.y',
      '   process.exit() */',
      "import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';",
      "import { parse } from './path-finder';",
      'const subprocess = { x: 1 }; subprocess.x;',
      'const dateNow = 1; const windowed = 2;',
      "const url = 'https://example.com';",
    ];
    expect(violations('x.ts', fine.join('\n'))).toEqual([]);
  });
});
