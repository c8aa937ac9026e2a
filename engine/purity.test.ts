import { readdirSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The design's lint rule for `engine/`: pure TypeScript shared by the main process, the renderer
// and the tests, so no Electron, Svelte or Node imports, nothing from `electron/` or `renderer/`
// (no import may leave `engine/`), and no hidden inputs (global randomness, the clock, the DOM,
// the process). Tests are exempt: they may read files, as this one does. One file may use Web
// Crypto: campaign/random-names.ts makes new ids for records, never anything a fight decides.

const ENGINE = dirname(fileURLToPath(import.meta.url));

const FORBIDDEN_MODULE = /^(?:electron|svelte|node:.*|fs|path)(?:\/.*)?$/;
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)['"]([^'"]+)['"]/g;
/** Pattern, what it is, and the one file allowed it (if any). */
const FORBIDDEN_USES: [RegExp, string, string?][] = [
  [/\bMath\s*\.\s*random\b/, 'Math.random (pass a RandomSource instead)'],
  [/\bDate\s*\.\s*now\b/, 'Date.now (time must come in through an event)'],
  [/\bnew\s+Date\s*\(/, 'new Date( (time must come in through an event)'],
  [/\bwindow\s*\./, 'window. (no DOM in the engine)'],
  [/\bdocument\s*\./, 'document. (no DOM in the engine)'],
  [/\bprocess\s*\./, 'process. (no Node in the engine)'],
  [/\bcrypto\s*\./, 'crypto. (dice take a RandomSource; new ids come from campaign/random-names.ts)', join('campaign', 'random-names.ts')],
];

/** Blanks out comments, keeping line breaks so reported line numbers stay right. */
function withoutComments(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, (block) => block.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/** Whether a relative import in `file` (a path inside engine/) leads out of engine/. */
function leavesEngine(file: string, module: string): boolean {
  if (!module.startsWith('.')) return false;
  const target = relative(ENGINE, resolve(ENGINE, dirname(file), module));
  return target.startsWith('..') || isAbsolute(target);
}

/** Every rule broken in one file (a path relative to engine/), as "file:line: what". */
function violations(file: string, source: string): string[] {
  const found: string[] = [];
  withoutComments(source)
    .split('\n')
    .forEach((line, i) => {
      for (const match of line.matchAll(IMPORT)) {
        const module = match[1] ?? '';
        if (FORBIDDEN_MODULE.test(module)) found.push(`${file}:${i + 1}: imports "${module}"`);
        else if (leavesEngine(file, module)) found.push(`${file}:${i + 1}: imports "${module}", outside engine/`);
      }
      for (const [pattern, what, allowedIn] of FORBIDDEN_USES) {
        if (pattern.test(line) && file !== allowedIn) found.push(`${file}:${i + 1}: uses ${what}`);
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
    expect(files).toContain(join('campaign', 'campaign-schema.ts'));
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
      'const id = crypto.randomUUID();',
      "import type { GmScreenApi } from '../electron/ipc-contract';",
      "import { x } from '../renderer/src/x';",
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

  it('follows relative imports: inside engine/ is fine, out of it is not', () => {
    expect(violations(join('campaign', 'x.ts'), "import { failure } from '../result';\nimport { ok } from './result';")).toEqual([]);
    expect(violations(join('campaign', 'x.ts'), "import { a } from '../../electron/campaigns/lock';")).toEqual([
      `${join('campaign', 'x.ts')}:1: imports "../../electron/campaigns/lock", outside engine/`,
    ]);
  });

  it('allows Web Crypto in campaign/random-names.ts only', () => {
    expect(violations(join('campaign', 'random-names.ts'), 'return crypto.randomUUID();')).toEqual([]);
    expect(violations(join('campaign', 'safe-names.ts'), 'return crypto.randomUUID();')).toHaveLength(1);
  });
});
