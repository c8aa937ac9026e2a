import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The core keeps where everyone stands without knowing which kind of space it is (issue 13): the
// encounter, the log, the player view and the turn procedures reach the space only through the
// modules of `engine/space/` that gather every kind (parts, events, decide, voice, for-players),
// never a kind's own folder, and name none of a kind's things. A square grid is then added in
// `engine/space/` alone.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CORE = ['engine/encounter', 'engine/log', 'engine/views', 'engine/turns'];

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

// A kind of space's words: the zones' places and their fields. "Zones & Factions" is a ruleset's
// name and `zones/…` its namespaced types, not the space; `border:` and `border-…` are CSS in the
// HTML export.
const SPACE_WORDS = /\bzones?\b|\bborders?\b|zoneId|borderId|\bmap-(set|cleared)\b/i;
const NOT_THE_SPACE = /Zones & Factions|\bzones\/[a-z]|\bborder(-[a-z]+)?:|border-(box|bottom|radius)/g;

describe('the core knows no kind of space', () => {
  const files = CORE.flatMap(sourceFiles);

  it('finds the files it checks', () => {
    expect(files).toContain('engine/encounter/reducer.ts');
    expect(files).toContain('engine/views/player-view.ts');
    expect(files).toContain('engine/log/voice.ts');
  });

  it("imports no kind of space's own folder", () => {
    const reaching = files.filter((file) =>
      [...readFileSync(join(ROOT, file), 'utf8').matchAll(/from '(\.[^']*)'/g)].some((m) => {
        const target = relative(ROOT, join(ROOT, dirname(file), m[1] ?? '')).split('\\').join('/');
        return /^engine\/space\/[^/]+\//.test(target);
      }),
    );
    expect(reaching).toEqual([]);
  });

  it("names none of a kind of space's things", () => {
    const stray = files.flatMap((file) =>
      readFileSync(join(ROOT, file), 'utf8')
        .split('\n')
        .map((line, i) => ({ line: line.replace(NOT_THE_SPACE, ''), at: `${file}:${i + 1}` }))
        .filter(({ line }) => SPACE_WORDS.test(line))
        .map(({ at, line }) => `${at}: ${line.trim()}`),
    );
    expect(stray).toEqual([]);
  });
});
