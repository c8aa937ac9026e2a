import type { EncounterEvent } from '../core/events';
import { applyEvent } from './reducer';
import type { EncounterState } from '../core/state';

/**
 * Events being decided for one command, with the state they lead to so far. Deciders whose later
 * events depend on earlier ones (a turn ends, so the go moves, so a phase ends) push as they go
 * and read `state` after each step, using the reducer itself rather than guessing its result.
 */
export class EventChain {
  readonly events: EncounterEvent[] = [];
  #state: EncounterState;

  constructor(state: EncounterState) {
    this.#state = state;
  }

  get state(): EncounterState {
    return this.#state;
  }

  push(...events: EncounterEvent[]): this {
    for (const event of events) {
      this.#state = applyEvent(this.#state, event);
      this.events.push(event);
    }
    return this;
  }
}
