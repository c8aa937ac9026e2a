import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gmSide, SRC, staticGraph } from '../page-imports-test-support';

// Issue 14: the players' page is loaded on its own (renderer/src/main.ts imports it dynamically)
// and stays small; in the desktop app it must not load the campaign database or anything of the
// GM screen. This follows its static imports from PlayerApp.svelte and checks what they reach.
// The browser's IndexedDB source (indexeddb-source.ts, with Dexie) is reached only by `import()`.

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
    expect(gmSide(graph.files)).toEqual([]);
    expect([...graph.packages].filter((name) => /^dexie|^papaparse|^pure-rand/.test(name))).toEqual([]);
  });
});
