import { createEncounter, dispatch, redo, undo, type Encounter } from '../encounter/encounter';
import { historyLines, REDO_LINE, stepLines, UNDO_LINE, type JournalLine } from '../encounter/journal';
import { snapshotDigest, withSnapshot, type SnapshotLine } from '../encounter/journal-snapshots';
import type { Command } from '../core/commands';
import { emptyCampaign } from '../campaign/campaign-schema';
import { serializeExport } from '../campaign/campaign-export';
import { BUILTIN_RULESETS } from '../all-rulesets';

// Genuine journals for tests that carry logs around (export, import, the stores): imports replay
// every log and refuse made-up events, so the logs they carry must be real.

/** A short fight's journal as the app writes it: a character added, the fight started, a turn taken. */
export function fightJournal(options: { id?: string; rulesetId?: string; seed?: number; name?: string } = {}): JournalLine[] {
  const created = createEncounter({ id: options.id ?? 'e1', name: 'A fight', rulesetId: options.rulesetId ?? 'freeform', seed: options.seed ?? 7 }, BUILTIN_RULESETS);
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

/**
 * A long Freeform fight written as the encounter store writes it: each GM step's lines, then a
 * snapshot whenever the history has grown SNAPSHOT_EVERY events past the newest one still in it.
 * With `undoPastFirstSnapshot`, right after the first snapshot the GM undoes twice and redoes once.
 */
export function longFightJournal(steps: number, options: { id?: string; undoPastFirstSnapshot?: boolean } = {}): { lines: JournalLine[]; encounter: Encounter } {
  const created = createEncounter({ id: options.id ?? 'long', name: 'Long fight', rulesetId: 'freeform', seed: 3 }, BUILTIN_RULESETS);
  if (!created.ok) throw new Error(created.message);
  let encounter = created.encounter;
  const lines: JournalLine[] = stepLines(encounter.events);
  const marks: number[] = [];
  let undone = false;
  const written = (lines: JournalLine[]): JournalLine[] => withSnapshot(encounter, lines, marks);
  const run = (command: Command) => {
    const result = dispatch(encounter, command);
    if (!result.ok) throw new Error(`${command.type}: ${result.message}`);
    encounter = result.encounter;
    lines.push(...written(stepLines(result.events)));
  };
  const [heroes, enemies] = encounter.state.factions;
  run({ type: 'add-combatant', name: 'Goblin', quantity: 3, factionId: enemies?.id ?? '', tracks: { hp: 999 } });
  run({ type: 'add-combatant', name: 'Aria', factionId: heroes?.id ?? '', tracks: { hp: 999 } });
  run({ type: 'start-combat' });
  for (let i = 0; i < steps; i++) {
    const target = encounter.state.combatants[i % 4]?.id ?? '';
    run(i % 3 === 0 ? { type: 'damage', combatantId: target, amount: 2 } : i % 3 === 1 ? { type: 'heal', combatantId: target, amount: 1 } : { type: 'next-turn' });
    if (options.undoPastFirstSnapshot && !undone && lines[lines.length - 1]?.type === 'journal/snapshot') {
      undone = true;
      encounter = undo(encounter);
      lines.push(...written([UNDO_LINE]));
      encounter = undo(encounter);
      lines.push(...written([UNDO_LINE]));
      encounter = redo(encounter).encounter;
      lines.push(...written([REDO_LINE]));
    }
  }
  return { lines, encounter };
}

/** The text of a campaign file (the app's export format) whose encounters are running fights with these journals. */
export function campaignFileWith(
  fields: { id: string; name: string; rulesetId: string },
  fights: readonly { id: string; name: string; lines: readonly JournalLine[] }[],
): string {
  const at = '2026-11-25T18:00:00.000Z';
  const encounters = fights.map((f) => ({ id: f.id, name: f.name, status: 'running' as const, createdAt: at, updatedAt: at }));
  const logs = Object.fromEntries(fights.map((f) => [f.id, f.lines.map((line) => line as { type: string })]));
  return serializeExport({ campaign: { ...emptyCampaign({ ...fields, at }), encounters }, encounters: logs });
}

/** A snapshot with every character renamed `name`, and a digest made to match: forged, or stale. */
export function renamedSnapshot(line: SnapshotLine, name: string): SnapshotLine {
  const state = { ...line.state, combatants: line.state.combatants.map((c) => ({ ...c, name })) };
  return { ...line, state, digest: snapshotDigest(line.at, state) };
}

/** A command, or one made from the encounter as it stands (to name someone by the id they were given). */
export type PlayStep = Command | ((encounter: Encounter) => Command);

/** An encounter played by real commands, each of which must be accepted. */
export function playedFight(options: { id: string; rulesetId: string; seed?: number }, steps: readonly PlayStep[]): Encounter {
  const created = createEncounter({ id: options.id, name: 'A fight', rulesetId: options.rulesetId, seed: options.seed ?? 4 }, BUILTIN_RULESETS);
  if (!created.ok) throw new Error(created.message);
  let encounter = created.encounter;
  for (const play of steps) {
    const command = typeof play === 'function' ? play(encounter) : play;
    const next = dispatch(encounter, command);
    if (!next.ok) throw new Error(`${command.type}: ${next.message}`);
    encounter = next.encounter;
  }
  return encounter;
}

/** The id of the character named `name` (for a PlayStep). */
export const idNamed = (encounter: Encounter, name: string): string => encounter.state.combatants.find((c) => c.name === name)?.id ?? '';
