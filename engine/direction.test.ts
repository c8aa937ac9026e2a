import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The engine reads in one direction (issue 41): the core (`core/`: the state, events and commands,
// and the contract a ruleset implements) at the bottom; the turn procedures and the spaces on it;
// the encounter (deciding, applying, the history) on those; the player view, the log and the
// campaign format above; each ruleset folder on all of that; the list of built-in rulesets on the
// rulesets; `index.ts` on top. This test reads every import of the engine's source files (type
// imports too: a type names what the file depends on) and fails on a single one that points back.

const ENGINE = dirname(fileURLToPath(import.meta.url));
const BUILTIN_LIST = 'rulesets/builtin.ts';

/** The engine's source files, relative to `engine/`; tests and the test helpers (`testing/`, each ruleset's `testing.ts`) left out (they build fights of every ruleset on purpose). */
function sourceFiles(dir = ''): string[] {
  return readdirSync(join(ENGINE, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory()) return path === 'testing' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && entry.name !== 'testing.ts' && path !== 'test-support.ts' ? [path] : [];
  });
}

/**
 * The unit of direction a file belongs to: its top folder (`core`, `encounter`, `space` with its
 * kinds…), each ruleset's own folder, the built-in list, or the file itself for the engine's
 * top-level files (`index.ts`, `result.ts`…).
 */
function partOf(file: string): string {
  const [top, second] = file.split('/');
  if (second === undefined) return file;
  if (top === 'rulesets') return file === BUILTIN_LIST ? 'the built-in list' : `rulesets/${second}`;
  return top!;
}

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)'(\.[^']*)'/g;

/** Every import between two parts: the importing part, the imported part and the file that does it. */
function importsBetweenParts(): { from: string; to: string; file: string; target: string }[] {
  return sourceFiles().flatMap((file) =>
    [...readFileSync(join(ENGINE, file), 'utf8').matchAll(IMPORT)].flatMap((m) => {
      const target = relative(ENGINE, join(ENGINE, dirname(file), m[1] ?? '')).split('\\').join('/');
      const to = partOf(target.endsWith('.ts') ? target : `${target}.ts`);
      const from = partOf(file);
      return from === to ? [] : [{ from, to, file, target }];
    }),
  );
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
  const edges = importsBetweenParts();

  it('reads the imports it checks', () => {
    expect(edges.some((e) => e.from === 'encounter' && e.to === 'core')).toBe(true);
    expect(edges.some((e) => e.from === 'rulesets/zones' && e.to === 'space')).toBe(true);
    expect(edges.some((e) => e.from === 'the built-in list' && e.to === 'rulesets/sides')).toBe(true);
  });

  it('has no file of the core import a ruleset folder or the built-in list', () => {
    const entries = ['index.ts', 'drawing.ts'];
    const reaching = edges.filter((e) => !isRulesetPart(e.from) && !entries.includes(e.from) && isRulesetPart(e.to));
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
