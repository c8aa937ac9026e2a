import type { CoreEvent } from '../../core/events';
import type { EncounterState } from '../../core/state';
import { withFight } from './fight';
import { freshPeople } from './person';
import { followScreens } from './screen';

// A fight's bounds: one started (again) begins with no swarm, screen, grapple or disengagement and
// every shield ready; one ended takes its surprise with it (the GM gives a new one for the next).
// Screens end as their screener's next turn begins.

export function followFight(state: EncounterState, event: CoreEvent): EncounterState {
  if (event.type === 'combat-started') return freshPeople(withFight(state, (f) => ({ ...f, swarms: [], screens: [], grapples: [], disengaged: [] })));
  if (event.type === 'combat-ended') return withFight(state, (f) => ({ ...f, surprise: [] }));
  return followScreens(state, event);
}
