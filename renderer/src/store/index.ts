import { openDatabase } from './db';
import { EncounterList } from './encounter-list.svelte';
import { EncounterStore } from './encounter-store.svelte';

// The instances the app uses; tests build their own around a fresh database.
const database = openDatabase();
export const encounterStore = new EncounterStore(database);
export const encounterList = new EncounterList(database);
