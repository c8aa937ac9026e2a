// The unit tests' setup (vitest.config.ts): for a test of the renderer (or of the legacy fixtures,
// which read campaigns through it), every ruleset's engine, rules,
// panels and players' part loaded before the file runs, as if a campaign of each had been opened,
// so a test shows any ruleset's screen without opening its campaign first; the store's fight engine
// too (store/fight-engine.ts), as if a fight had been opened. Other tests load none.
// Some panels reach the campaign database, whose library reads the IndexedDB API once, as it
// loads: the tests' stand-in for it goes first (the campaign tests import it too).
import 'fake-indexeddb/auto';
import { expect } from 'vitest';

if (/[\\/](?:renderer|tests[\\/]legacy)[\\/]/.test(expect.getState().testPath ?? '')) {
  const [{ openRuleset }, { panelIds }, { loadPlayerPanels, playerPanelIds }, { loadFightEngine }] = await Promise.all([
    import('./open-ruleset'),
    import('./registry'),
    import('./player-registry'),
    import('../store/fight-engine'),
  ]);
  await Promise.all([...panelIds.map((id) => openRuleset(id)), ...playerPanelIds.map((id) => loadPlayerPanels(id)), loadFightEngine()]);
}
