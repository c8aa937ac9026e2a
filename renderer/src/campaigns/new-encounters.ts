/**
 * The histories a new encounter of a campaign starts from: a fresh fight with the campaign's
 * settings, or a planned encounter's setup under a new id, name and dice.
 */
import { createEncounter, restoreEncounter, seedState, type Encounter, type EncounterEvent, BUILTIN_RULESETS } from '../../../engine/index';
import type { Campaign, EncounterEntry, Result } from './backend';

/** A seed for a new encounter's dice. */
export function randomSeed(): number {
  return crypto.getRandomValues(new Int32Array(1))[0] ?? 1;
}

/** A new encounter with the campaign's ruleset, and its settings where they differ from the defaults. */
export function freshEncounter(entry: EncounterEntry, campaign: Campaign, seed: number): Result<Encounter> {
  const created = createEncounter({ id: entry.id, name: entry.name, rulesetId: campaign.rulesetId, seed }, BUILTIN_RULESETS);
  if (!created.ok) return created;
  const first = created.encounter.events[0];
  if (first?.type !== 'encounter-created') return { ok: false, code: 'history/start', message: 'The engine made an encounter without a beginning.' };
  // Campaign settings go into the creation itself: they are the fight's starting point, not a GM step.
  const known = Object.keys(first.settings);
  const settings = { ...first.settings, ...Object.fromEntries(Object.entries(campaign.settings).filter(([key]) => known.includes(key))) };
  return restoreEncounter({ events: [{ ...first, settings }], steps: [1] }, BUILTIN_RULESETS);
}

/** A new encounter that starts with a planned one's setup, with its own id, name and dice. */
export function fromSetup(setup: Encounter, entry: EncounterEntry, seed: number): Result<Encounter> {
  const [first, ...rest] = setup.events;
  if (first?.type !== 'encounter-created') return { ok: false, code: 'history/start', message: 'That setup has no beginning; pick another.' };
  if (setup.state.status !== 'setup') {
    return { ok: false, code: 'encounter/not-a-setup', message: `"${setup.state.name}" has already started; only a planned encounter can serve as a setup.` };
  }
  const created: EncounterEvent = { ...first, id: entry.id, name: entry.name, seed, rng: seedState(seed) };
  // The setup's steps become one step: undo in the new encounter goes back to the whole setup at most.
  const events = [created, ...rest];
  return restoreEncounter({ events, steps: rest.length > 0 ? [1, events.length] : [1] }, BUILTIN_RULESETS);
}
