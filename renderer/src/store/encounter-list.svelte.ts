import { liveQuery, type Subscription } from 'dexie';
import type { EncounterRow, GmDatabase } from './db';

/** Every stored encounter, newest first, kept current by a Dexie live query. */
export class EncounterList {
  rows = $state.raw<EncounterRow[]>([]);
  #subscription: Subscription;

  constructor(db: GmDatabase) {
    this.#subscription = liveQuery(() => db.encounters.orderBy('updatedAt').reverse().toArray()).subscribe({
      next: (rows) => {
        this.rows = rows;
      },
    });
  }

  close(): void {
    this.#subscription.unsubscribe();
  }
}
