import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gmSide, SRC, staticGraph } from '../page-imports-test-support';

// Issue 44: the phone page is served to the players' phones by the GM's laptop, so it must carry
// nothing of the GM screen: no campaign database, no Dexie, no store, not the whole engine. This
// follows its static imports from its entry (main.ts) and checks what they reach.

describe('the phone page', () => {
  const graph = staticGraph(join(SRC, 'phone', 'main.ts'));

  it('reads screens with the players\' screen\'s reader and draws them with its parts', () => {
    for (const file of ['renderer/src/player/screen.ts', 'renderer/src/player/row-words.ts', 'renderer/src/player/PlayerList.svelte', 'renderer/src/player/PlayerMap.svelte', 'renderer/src/rulesets/player-registry.ts']) {
      expect(graph.files).toContain(file);
    }
  });

  it('loads neither the campaign database, nor Dexie, nor the GM screen\'s modules, nor the players\' window\'s sources', () => {
    expect(gmSide(graph.files)).toEqual([]);
    // The players' window's own ways of receiving screens (IPC, IndexedDB) are not the phone's.
    expect([...graph.files].filter((file) => /^renderer\/src\/player\/(?:screen-source|indexeddb-source|PlayerApp)/.test(file))).toEqual([]);
    expect([...graph.dynamic].filter((file) => /indexeddb-source|^renderer\/src\/(?:campaigns|store)\//.test(file))).toEqual([]);
    expect([...graph.packages].filter((name) => /^dexie|^papaparse|^pure-rand/.test(name))).toEqual([]);
  });
});
