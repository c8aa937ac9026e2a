import '../rulesets/builtin';
import { createEncounter, dispatch, type Encounter } from '../encounter/encounter';
import { historyLines, stepLines, type JournalLine } from '../encounter/journal';
import type { Command } from '../encounter/commands';

// Genuine journals for tests that carry logs around (export, import, the stores): imports replay
// every log and refuse made-up events, so the logs they carry must be real.

/** A short fight's journal as the app writes it: a character added, the fight started, a turn taken. */
export function fightJournal(options: { id?: string; rulesetId?: string; seed?: number; name?: string } = {}): JournalLine[] {
  const created = createEncounter({ id: options.id ?? 'e1', name: 'A fight', rulesetId: options.rulesetId ?? 'freeform', seed: options.seed ?? 7 });
  if (!created.ok) throw new Error(created.message);
  let encounter: Encounter = created.encounter;
  const commands: Command[] = [
    { type: 'add-combatant', name: options.name ?? 'Goblin', factionId: encounter.state.factions[1]?.id ?? '' },
    { type: 'add-combatant', name: 'Aria', factionId: encounter.state.factions[0]?.id ?? '' },
    { type: 'start-combat' },
  ];
  for (const command of commands) {
    const next = dispatch(encounter, command);
    if (!next.ok) throw new Error(next.message);
    encounter = next.encounter;
  }
  return historyLines(encounter);
}

/** One more step that fits after any journal: the GM's dice, labelled. */
export function rolledStep(label: string): JournalLine[] {
  const roll = { notation: 'd6', terms: [{ notation: '1d6', sign: 1 as const, dice: [{ sides: 6, value: 4, kept: true }], subtotal: 4 }], total: 4, manual: true };
  return stepLines([{ type: 'dice-rolled', label, roll, rng: null }]);
}
