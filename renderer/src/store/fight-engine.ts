/**
 * The engine's rules as the open fight needs them (the store's steps, undo and redo, the players'
 * screen's projection), loaded with the first fight rather than with the campaign list, which
 * needs none of them: the list's first view downloads less (issue 43). `loadFightEngine` brings
 * them in (the store's `load` waits for it); `fightEngine` answers them synchronously from then on.
 */
import { loadOnce } from '../../../engine/listing';

export type FightEngine = typeof import('./fight-engine-parts');

let loaded: FightEngine | null = null;
const loadParts = loadOnce(() => import('./fight-engine-parts').then((parts) => (loaded = parts)));

/** The fight's engine functions, loaded once however often asked; a failed load is tried again at the next call. */
export function loadFightEngine(): Promise<FightEngine> {
  return loadParts('fight engine');
}

/** The fight's engine functions; only called once a fight is loaded (the store loads them first). */
export function fightEngine(): FightEngine {
  if (!loaded) throw new Error('The fight engine was used before any fight was loaded: await loadFightEngine() first.');
  return loaded;
}
