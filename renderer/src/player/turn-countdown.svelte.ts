import type { ShownCountdown } from './screen';

/**
 * The turn countdown the GM window runs, as last read: a ruleset's `timer` panel writes it, the
 * publisher puts it up on the players' screen while the ruleset says so. In a module of its own
 * so a ruleset's panel can write it without importing the app's stores (`store/index.ts`).
 */
export class CountdownReading {
  value = $state.raw<ShownCountdown | null>(null);
}

/** The app's. */
export const turnCountdown = new CountdownReading();
