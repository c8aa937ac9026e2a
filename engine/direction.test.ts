import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The engine reads in one direction (issue 41): the core (`core/`: the state, events and commands,
// and the contract a ruleset implements) at the bottom; the turn procedures and the spaces on it;
// the encounter (deciding, applying, the history) on those; the player view, the log and the
// campaign format above; each ruleset folder on all of that; the list of built-in rulesets on the
// rulesets; `index.ts` on top. This test reads every import of the engine's source files (type
// imports too: a type names what the file depends on) and fails on a single one that points back.

const ENGINE = dirname(fileURLToPath(import.meta.url));
const BUILTIN_LIST = 'rulesets/builtin.ts';

/** Test helpers: they build fights of every ruleset on purpose, so they may import anything, and nothing but tests may import them. */
const isTestHelper = (path: string) => path === 'test-support.ts' || path.startsWith('testing/') || path.endsWith('/testing.ts');

/** The engine's files but its tests, relative to `engine/`. */
function sourceFiles(dir = ''): string[] {
  return readdirSync(join(ENGINE, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * The unit of direction a file belongs to: its top folder (`core`, `encounter`, `space` with its
 * kinds…), each ruleset's own folder, the built-in list, the test helpers, or the file itself for
 * the engine's top-level files (`index.ts`, `result.ts`…).
 */
function partOf(file: string): string {
  if (isTestHelper(file)) return 'the test helpers';
  const [top, second] = file.split('/');
  if (second === undefined) return file;
  if (top === 'rulesets') return file === BUILTIN_LIST ? 'the built-in list' : `rulesets/${second}`;
  return top!;
}

/** The engine file a relative specifier names (`./x`, `../x.js`, a folder's `index.ts`), or null when none does. */
function resolved(from: string, specifier: string): string | null {
  const base = relative(ENGINE, join(ENGINE, dirname(from), specifier)).split('\\').join('/');
  const candidates = [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, `${base === '' ? '' : `${base}/`}index.ts`];
  return candidates.find((c) => c.endsWith('.ts') && existsSync(join(ENGINE, c))) ?? null;
}

interface Import {
  from: string;
  to: string;
  file: string;
  target: string;
}

/**
 * Every import of every engine file, read by TypeScript's own scanner (static imports and
 * re-exports whatever their quotes, `import()` and `require()` of a literal), each resolved to the
 * file it names; and what could not be read or resolved, which the tests refuse.
 */
function readImports(): { edges: Import[]; unreadable: string[] } {
  const edges: Import[] = [];
  const unreadable: string[] = [];
  for (const file of sourceFiles()) {
    const text = readFileSync(join(ENGINE, file), 'utf8');
    // A module named by an expression can't be checked: the engine names every import literally.
    const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
    for (const m of code.matchAll(/\b(?:import|require)\s*\(\s*(?![\s'"`)])/g)) unreadable.push(`${file}: an import of a computed name (${code.slice(m.index, m.index + 40)})`);
    for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = resolved(file, fileName);
      if (!target) {
        unreadable.push(`${file}: "${fileName}" names no engine file`);
        continue;
      }
      const from = partOf(file);
      const to = partOf(target);
      if (from !== to) edges.push({ from, to, file, target });
    }
  }
  return { edges, unreadable };
}

/** A loop of parts each importing the next (`a -> b -> a`), or null when the imports run one way. */
function loopIn(edges: readonly { from: string; to: string }[]): string[] | null {
  const next = new Map<string, Set<string>>();
  for (const e of edges) next.set(e.from, (next.get(e.from) ?? new Set()).add(e.to));
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (part: string): string[] | null => {
    const at = path.indexOf(part);
    if (at >= 0) return [...path.slice(at), part];
    if (done.has(part)) return null;
    path.push(part);
    for (const to of next.get(part) ?? []) {
      const loop = visit(to);
      if (loop) return loop;
    }
    path.pop();
    done.add(part);
    return null;
  };
  for (const part of next.keys()) {
    const loop = visit(part);
    if (loop) return loop;
  }
  return null;
}

const isRulesetPart = (part: string) => part.startsWith('rulesets/') || part === 'the built-in list';

describe('the engine reads in one direction', () => {
  const { edges, unreadable } = readImports();

  it('reads and resolves every import of the engine', () => {
    expect(unreadable).toEqual([]);
  });

  it('has nothing but tests and the test helpers import the test helpers', () => {
    const reaching = edges.filter((e) => e.to === 'the test helpers' && e.from !== 'the test helpers');
    expect(reaching.map((e) => `${e.file} imports ${e.target}`)).toEqual([]);
  });

  it('reads the imports it checks', () => {
    expect(edges.some((e) => e.from === 'encounter' && e.to === 'core')).toBe(true);
    expect(edges.some((e) => e.from === 'rulesets/zones' && e.to === 'space')).toBe(true);
    expect(edges.some((e) => e.from === 'the built-in list' && e.to === 'rulesets/sides')).toBe(true);
  });

  it('has no file of the core import a ruleset folder or the built-in list', () => {
    // The engine's entries (what outside code imports) may name the built-in list.
    const entries = ['index.ts', 'drawing.ts', 'listing.ts', 'all-rulesets.ts'];
    const reaching = edges.filter((e) => !isRulesetPart(e.from) && !entries.includes(e.from) && e.from !== 'the test helpers' && isRulesetPart(e.to));
    expect(reaching.map((e) => `${e.file} imports ${e.target}`)).toEqual([]);
  });

  it('has no ruleset import another ruleset or the built-in list', () => {
    const reaching = edges.filter((e) => e.from.startsWith('rulesets/') && isRulesetPart(e.to));
    expect(reaching.map((e) => `${e.file} imports ${e.target}`)).toEqual([]);
  });

  it('has the core import nothing but the dice and the engine’s top-level helpers', () => {
    const out = edges.filter((e) => e.from === 'core' && e.to !== 'dice' && !e.to.endsWith('.ts'));
    expect(out.map((e) => `${e.file} imports ${e.target}`)).toEqual([]);
  });

  it('has no two parts of the engine import each other, directly or round a loop', () => {
    const loop = loopIn(edges);
    const blame = loop && loop.slice(1).map((to, i) => edges.find((e) => e.from === loop[i] && e.to === to)?.file);
    expect(loop && `${loop.join(' -> ')} (${blame?.join(', ')})`).toBeNull();
  });

  it('would fail on a single import pointing back', () => {
    // The core importing the encounter it sits under, or a ruleset the list it sits under.
    expect(loopIn([...edges, { from: 'core', to: 'encounter' }])).not.toBeNull();
    expect(loopIn([...edges, { from: 'rulesets/sides', to: 'the built-in list' }])).not.toBeNull();
    expect(loopIn([{ from: 'a', to: 'b' }, { from: 'b', to: 'c' }])).toBeNull();
  });
});
