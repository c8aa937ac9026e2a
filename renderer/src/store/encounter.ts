import { EncounterStore } from './encounter-store.svelte';

/**
 * The open encounter the app's screens show (tests build their own). In a module of its own so
 * that a ruleset's panels can build on it at load time without an import cycle through
 * `store/index.ts`, whose publisher asks the ruleset registry.
 */
export const encounterStore = new EncounterStore();
