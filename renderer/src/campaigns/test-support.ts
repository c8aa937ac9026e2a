/**
 * Helpers for the campaign layer's tests: fresh databases (fake-indexeddb must be imported by the
 * test first), a clock that ticks, and realistic events made by the engine.
 */
import { createEncounter, dispatch, type Command, type Encounter, type EncounterEvent, BUILTIN_RULESETS } from '../../../engine/index';
import type { Failure, Result } from './backend';
import { openCampaignDatabase, type CampaignDatabase } from './campaign-db';

let counter = 0;

/** A new, empty campaigns database with a unique name. */
export function freshDb(): CampaignDatabase {
  return openCampaignDatabase(`campaigns-test-${++counter}-${Math.random().toString(36).slice(2)}`);
}

/** A clock that starts at 2025-03-01 18:00 UTC and moves one second per call. */
export function tickingClock(): () => Date {
  let at = Date.parse('2025-03-01T18:00:00.000Z');
  return () => new Date((at += 1000));
}

/** A goblin fight as the GM plays it: the engine's events, grouped by GM step. */
export function goblinFight(id = 'goblin-fight'): { encounter: Encounter; steps: EncounterEvent[][] } {
  const created = createEncounter({ id, name: 'Goblin ambush', rulesetId: 'freeform', seed: 42 }, BUILTIN_RULESETS);
  if (!created.ok) throw new Error(created.message);
  let encounter = created.encounter;
  const steps: EncounterEvent[][] = [[...encounter.events]];
  const step = (command: Command | ((e: Encounter) => Command)) => {
    const result = dispatch(encounter, typeof command === 'function' ? command(encounter) : command);
    if (!result.ok) throw new Error(result.message);
    encounter = result.encounter;
    steps.push(result.events);
  };
  const [heroes, enemies] = encounter.state.factions;
  step({ type: 'add-combatant', name: 'Goblin', quantity: 3, factionId: enemies?.id ?? '', tracks: { hp: 7 } });
  step({ type: 'add-combatant', name: 'Aria', factionId: heroes?.id ?? '', tracks: { hp: 24 } });
  step({ type: 'start-combat' });
  step({ type: 'next-turn' });
  step((e) => ({ type: 'damage', combatantId: e.state.order[1] ?? '', amount: 5 }));
  step({ type: 'roll', notation: '2d6+1' });
  return { encounter, steps };
}

/** The value of a result the test expects to succeed (it fails the test with the refusal otherwise). */
export function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.code}: ${result.message}`);
  return result.value;
}

/** The failure of a result the test expects to be refused (it fails the test with the value otherwise). */
export function failed(result: Result<unknown>): Failure {
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result.value).slice(0, 200)}`);
  return result;
}
