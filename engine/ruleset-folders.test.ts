import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { zonesWordsOutside, type Allowance } from '../tests/support/zones-words';

// A ruleset is a folder (issue 13): outside `engine/rulesets/<id>/` the engine and the main
// process name no Zones & Factions rule and import no ruleset but through the registry's one list.
// The renderer has the same checks in `renderer/src/rulesets/registry.test.ts`.

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RULESET_FOLDERS = readdirSync(join(ROOT, 'engine/rulesets'), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => `engine/rulesets/${e.name}/`);

/**
 * Every source file of the engine and the main process, relative to the project root; tests and
 * their helpers (`engine/testing/`, `engine/test-support.ts`, which build Zones fights on purpose)
 * left out.
 */
function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return path === 'engine/testing' ? [] : sourceFiles(path);
    if (!entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts') || path === 'engine/test-support.ts') return [];
    return [relative(ROOT, join(ROOT, path)).split('\\').join('/')];
  });
}

/** Lines outside the ruleset folders that may name a Zones & Factions word, and why each stays. */
const ALLOWED: readonly Allowance[] = [
  {
    // Surrendering is one of the ways out of a fight every ruleset's characters have (the marks
    // `OUT_MARKS`, a status's `out` kind, the exports' lists of who is out on each side); Zones'
    // rules for when one must surrender stay in its folder.
    file: /^engine\/(core\/(health|marks|state)|log\/(document|markdown|entries)|views\/player-view)\.ts$/,
    line: /surrender/i,
    why: 'a way out of any fight',
  },
  {
    // Logs written before the core had a word for the gate die stored it as `threshold`.
    file: /^engine\/encounter\/upgrade\.ts$/,
    line: /threshold/,
    why: "reading old logs' gate die",
  },
  {
    // The list of built-in rulesets names each one as the campaign list shows it, without loading it.
    file: /^engine\/rulesets\/builtin\.ts$/,
    line: /summary: '/,
    why: "each ruleset's name and summary in the campaign list",
  },
];

describe('a ruleset is a folder', () => {
  const files = [...sourceFiles('engine'), ...sourceFiles('electron')];
  const outside = files.filter((f) => !RULESET_FOLDERS.some((folder) => f.startsWith(folder)));

  it('finds the files it checks', () => {
    expect(outside).toContain('engine/encounter/decide.ts');
    expect(outside).toContain('electron/ipc-contract/index.ts');
    expect(RULESET_FOLDERS).toContain('engine/rulesets/zones/');
  });

  it('leaves Zones & Factions words to its folder, but for a few lines that must stay', () => {
    const { stray, unused } = zonesWordsOutside(ROOT, outside, ALLOWED);
    expect(stray).toEqual([]);
    // An allowance nothing needs any more goes from the list.
    expect(unused).toEqual([]);
  });

  it('imports a ruleset folder only from the list of built-in rulesets', () => {
    const intoFolder = (file: string, specifier: string) => {
      const target = relative(ROOT, join(ROOT, dirname(file), specifier)).split('\\').join('/');
      return RULESET_FOLDERS.some((folder) => `${target}/`.startsWith(folder));
    };
    const reaching = outside.filter((f) => [...readFileSync(join(ROOT, f), 'utf8').matchAll(/(?:from |import\()'(\.[^']*)'/g)].some((m) => intoFolder(f, m[1] ?? '')));
    // The list loads each when its campaign opens; the main process and the benches load them all at once.
    expect(reaching.sort()).toEqual(['engine/all-rulesets.ts', 'engine/rulesets/builtin.ts']);
  });
});
