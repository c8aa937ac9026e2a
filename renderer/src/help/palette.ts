import type { Combatant, Command, EncounterState, Id } from '../../../engine/index';
import { SHORTCUTS, type ShortcutAction } from '../shortcuts';

/** What choosing an entry does: a shortcut's action, a command for the fight, or selecting someone. */
export type PaletteRun = { kind: 'shortcut'; action: ShortcutAction } | { kind: 'command'; command: Command } | { kind: 'select'; id: Id };

/** One line of the command palette: what it does, its keys if it has any, and what it runs. */
export interface PaletteEntry {
  label: string;
  keys: string[];
  run: PaletteRun;
}

// The palette itself and Esc are how it is opened and left, not things to find in it.
const NOT_LISTED: ReadonlySet<ShortcutAction> = new Set(['palette', 'close']);

/** A step of the ruleset's own the palette offers now (2d6 & Vigilant: the acting character evades). */
export interface RulesetPaletteEntry {
  label: string;
  command: Command;
}

/**
 * Everything the palette offers now: every shortcut (from the same table as the help), then, in a
 * fight, each who may act to take their turn (beyond the nine number keys), the ruleset's own
 * steps (`own`), each character to select, and each condition to take away.
 */
export function paletteEntries(state: EncounterState | null, mayAct: readonly Combatant[], own: readonly RulesetPaletteEntry[] = []): PaletteEntry[] {
  const shortcuts = SHORTCUTS.flatMap((s): PaletteEntry[] => (s.id === null || NOT_LISTED.has(s.id) ? [] : [{ label: s.action, keys: s.keys, run: { kind: 'shortcut', action: s.id } }]));
  if (!state) return shortcuts;
  const turns = state.status === 'running' ? mayAct.map((c, i): PaletteEntry => ({ label: `${c.name} takes their turn`, keys: i < 9 ? [String(i + 1)] : [], run: { kind: 'command', command: { type: 'take-turn', combatantId: c.id } } })) : [];
  const select = state.combatants.map((c): PaletteEntry => ({ label: `Select ${c.name}`, keys: [], run: { kind: 'select', id: c.id } }));
  const conditions = state.combatants.flatMap((c) =>
    c.conditions.map((k): PaletteEntry => ({ label: `Remove ${k.name} from ${c.name}`, keys: [], run: { kind: 'command', command: { type: 'remove-condition', combatantId: c.id, conditionId: k.id } } })),
  );
  const ruleset = own.map((e): PaletteEntry => ({ label: e.label, keys: [], run: { kind: 'command', command: e.command } }));
  return [...turns, ...ruleset, ...select, ...conditions, ...shortcuts];
}

/**
 * The entries matching what was typed: every word typed starts a word of the entry ("rem stu"
 * finds "Remove Stunned from Ann"), in any case; all of them for nothing typed.
 */
export function filterPalette(entries: readonly PaletteEntry[], typed: string): PaletteEntry[] {
  const words = typed.toLowerCase().split(/\s+/).filter((w) => w !== '');
  if (words.length === 0) return [...entries];
  return entries.filter((e) => {
    const own = e.label.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w !== '');
    return words.every((w) => own.some((o) => o.startsWith(w)));
  });
}
