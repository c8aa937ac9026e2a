import { isHistoryDamage, isJournalDamage, restoreEncounter, type Encounter, type Failure, type Result, BUILTIN_RULESETS } from '../../../engine/index';
import { NAME_MAX } from '../../../engine/campaign/index';
import type { EncounterEntry } from './backend';

// A fight whose log can't be read to its end (issue 14): damaged on disk, or forged. It is never
// half-opened and never rewritten unasked: the GM sees which fight, which step and what is wrong,
// and may open it up to its last good step read-only, or as a copy to play on.

/** A fight that could not be opened because its log is damaged part way. */
export interface DamagedFight {
  readonly encounterId: string;
  readonly name: string;
  /** The GM step that can't be read, and how many before it can. */
  readonly step: number;
  readonly goodSteps: number;
  /** What is wrong, in the engine's words (it names the log, the step, the event and the problem). */
  readonly message: string;
  /** The fight up to its last good step; null when not even its first step can be read. */
  readonly readable: Encounter | null;
}

/** The damaged fight behind a failure to open an encounter, or null when the failure is of another kind. */
export function damagedFightOf(entry: Pick<EncounterEntry, 'id' | 'name'>, failed: Failure): DamagedFight | null {
  if (!isHistoryDamage(failed)) return null;
  return {
    encounterId: entry.id,
    name: entry.name,
    step: failed.step,
    goodSteps: failed.goodSteps,
    message: failed.message,
    readable: isJournalDamage(failed) ? failed.readable : null,
  };
}

/** "Bridge fight (up to step 7)", kept within an entry's name limit. */
export function copyName(damaged: DamagedFight): string {
  const suffix = ` (up to step ${damaged.goodSteps})`;
  return `${damaged.name.slice(0, NAME_MAX - suffix.length).trimEnd()}${suffix}`;
}

/** The readable part as a new fight of the campaign: the same steps and dice, under the new entry's id and name. */
export function copiedFight(readable: Encounter, entry: Pick<EncounterEntry, 'id' | 'name'>): Result<Encounter> {
  const [first, ...rest] = readable.events;
  if (first?.type !== 'encounter-created') return { ok: false, code: 'history/start', message: 'The readable part of that fight has no beginning.' };
  return restoreEncounter({ events: [{ ...first, id: entry.id, name: entry.name }, ...rest], steps: readable.steps }, BUILTIN_RULESETS);
}
