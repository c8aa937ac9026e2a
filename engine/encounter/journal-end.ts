/**
 * The end of an encounter's journal, folded on its own: what a long fight shows while its whole
 * history is still being read (issue 43). Opening a fight of 50,000 events from its storage reads
 * and parses every line before the engine has a history to hand over, even when a trusted
 * snapshot makes the replay short; the last few packs of lines hold the newest snapshot and the
 * steps after it, which is all the screen needs to draw the fight.
 *
 * The preview starts only from a snapshot this install trusts and whose digest matches its state
 * (`startingSnapshot`, as a full fold would), and every event after it is checked as a stored
 * event is. Anything the end alone can't settle gives no preview, and the fight opens as before:
 * a step cut short, an undo reaching below the snapshot, a redo of a step undone before it, a
 * line that is not a journal entry. The preview is only ever shown: the history folded from the
 * whole journal replaces it, and that history is checked in full once it is on screen, as before
 * (journal-snapshots.ts).
 */
import type { RulesetCatalogue } from '../core/catalogue';
import { isKnownEventType, type EncounterEvent } from '../core/events';
import { previewFrom, type Encounter, type StateAt } from './encounter';
import { isLine } from './journal';
import { startingSnapshot } from './journal-snapshots';
import { upgradeEvent } from './upgrade';

/** A fight's end, folded from its newest trusted snapshot. */
export interface JournalEnd {
  /** The fight as the snapshot and the steps after it give it (`previewFrom`: its lists hold those steps only). */
  readonly encounter: Encounter;
  /** Events before the snapshot it starts from. */
  readonly startedFrom: number;
  /** Events in the whole history. */
  readonly events: number;
}

/**
 * Folds the last lines of a journal (`lines`, ending where the journal ends) from the newest
 * snapshot among them that `trusted` holds, or null when that can't be done from these lines
 * alone (see the module's comment). `encounterId` is the fight's: a snapshot of another is no start.
 */
export function foldJournalEnd(lines: readonly unknown[], encounterId: string, trusted: ReadonlySet<string>, rulesets: RulesetCatalogue): JournalEnd | null {
  let start = -1;
  let from: StateAt | undefined;
  for (let i = lines.length - 1; i >= 0 && !from; i--) {
    const line = lines[i];
    if (!isLine(line) || line.type !== 'journal/snapshot') continue;
    const at = (line as { at?: unknown }).at;
    if (typeof at !== 'number') continue;
    from = startingSnapshot([{ line, at }], encounterId, trusted);
    start = i;
  }
  const ruleset = from ? rulesets.find(from.state.rulesetId) : undefined;
  if (!from || !ruleset) return null;
  // The steps after the snapshot, as undo and redo leave them; the undone ones are not shown.
  const steps: EncounterEvent[][] = [];
  const undone: EncounterEvent[][] = [];
  let i = start + 1;
  while (i < lines.length) {
    const line = lines[i];
    if (!isLine(line)) return null;
    if (line.type === 'journal/step') {
      const count = (line as { events?: unknown }).events;
      if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) return null;
      const body = lines.slice(i + 1, i + 1 + count).map((entry) => upgradeEvent(entry, ruleset));
      if (body.length < count || !body.every((entry) => isLine(entry) && !entry.type.startsWith('journal/') && isKnownEventType(entry.type, ruleset))) return null;
      // Each is an object whose type this version knows: checked field by field as it is replayed.
      steps.push(body as EncounterEvent[]);
      undone.length = 0;
      i += 1 + count;
      continue;
    }
    if (line.type === 'journal/undo') {
      const step = steps.pop();
      if (!step) return null;
      undone.push(step);
    } else if (line.type === 'journal/redo') {
      const step = undone.pop();
      if (!step) return null;
      steps.push(step);
    } else if (line.type !== 'journal/snapshot') {
      return null;
    }
    i += 1;
  }
  const encounter = previewFrom(ruleset, from, steps);
  return encounter ? { encounter, startedFrom: from.at, events: from.at + encounter.events.length } : null;
}
