/** What a key press asks the screen to do. */
export type ShortcutAction =
  | 'next-turn'
  | 'previous-turn'
  | 'undo'
  | 'redo'
  | 'help'
  | 'add-combatant'
  | 'damage'
  | 'heal'
  | 'condition'
  | 'palette'
  | 'dice'
  | 'select-next'
  | 'select-previous'
  | 'pass'
  | 'attack'
  | 'side-panel'
  | 'measure'
  | 'sight'
  | 'walk'
  | 'fog'
  | `pick-${number}`
  | 'close';

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  /** True while the focus is in a text field: plain keys then belong to the field. */
  typing: boolean;
}

/** One shortcut: its keys as shown, what it does, and the action it runs (null: keys that answer in place, such as 1–9). */
export interface Shortcut {
  keys: string[];
  action: string;
  id: ShortcutAction | null;
}

/**
 * Every shortcut, as the help overlay lists it and the command palette (Ctrl+K) offers it: one
 * table, so neither can tell of a key the other lacks (a test holds `shortcutFor` to it too).
 */
export const SHORTCUTS: readonly Shortcut[] = [
  { keys: ['Space', 'N'], action: 'Next turn (factions alternating: end the turn)', id: 'next-turn' },
  { keys: ['P'], action: 'Previous turn', id: 'previous-turn' },
  { keys: ['Ctrl+Z'], action: 'Undo the last step', id: 'undo' },
  { keys: ['Ctrl+Shift+Z', 'Ctrl+Y'], action: 'Redo', id: 'redo' },
  { keys: ['↓', '↑'], action: 'Select the next / previous combatant', id: 'select-next' },
  { keys: ['D'], action: 'Damage the selected (or acting) combatant: type the amount, Enter', id: 'damage' },
  { keys: ['H'], action: 'Heal the selected (or acting) combatant: type the amount, Enter', id: 'heal' },
  { keys: ['C'], action: 'Give the selected (or acting) combatant a condition: type "Stunned 2" (name, rounds), Enter', id: 'condition' },
  { keys: ['A'], action: 'Add combatants', id: 'add-combatant' },
  { keys: ['R'], action: 'Roll dice', id: 'dice' },
  { keys: ['1–9'], action: 'A question the fight waits for (a reaction to an attack, a check at the end of the round, a roll after the fight): the answer with that number on its button; factions alternating: the n-th character who may act takes their turn', id: null },
  { keys: ['X'], action: 'Factions alternating: the faction whose go it is passes', id: 'pass' },
  { keys: ['T'], action: 'The acting character attacks, where the ruleset has an attack form: the number keys pick the target', id: 'attack' },
  { keys: ['S'], action: 'A fight with a map: show or hide the side panel (players\' screen, what happened, dice)', id: 'side-panel' },
  { keys: ['W'], action: 'Walk or move the acting character: on a grid map type the square, in zones pick the zone, Enter', id: 'walk' },
  { keys: ['M'], action: 'A grid map: measure between squares (drag on the map, or type "C4 F8", Enter); M again puts the tape away', id: 'measure' },
  { keys: ['L'], action: 'A grid map: what the selected (or acting) character sees of everyone, and their cover; L again hides it', id: 'sight' },
  { keys: ['F'], action: 'A grid map: doors and fog (open or shut a door, hide squares from the players)', id: 'fog' },
  { keys: ['Ctrl+K'], action: 'Find any action, or a character by name (to select, to take their turn, to remove a condition)', id: 'palette' },
  { keys: ['?'], action: 'Show or hide this help', id: 'help' },
  { keys: ['Esc'], action: 'Close this help, put a message away, leave a field', id: 'close' },
];

/** Maps a key press to an action, or null when the key is not a shortcut here. */
export function shortcutFor(press: KeyPress): ShortcutAction | null {
  const mod = press.ctrlKey || press.metaKey;
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key;
  if (press.key === 'Escape') return 'close';
  // Ctrl+K finds an action from anywhere, a field included (no field uses it).
  if (mod && !press.altKey && !press.shiftKey && key === 'k') return 'palette';
  // In a text field the browser's own undo and typing win.
  if (press.typing) return null;
  if (mod && !press.altKey) {
    if (key === 'z') return press.shiftKey ? 'redo' : 'undo';
    if (key === 'y') return 'redo';
    if (key === 'k') return 'palette';
    return null;
  }
  if (press.altKey) return null;
  switch (key) {
    case ' ':
    case 'n':
      return 'next-turn';
    case 'p':
      return 'previous-turn';
    case '?':
      return 'help';
    case 'a':
      return 'add-combatant';
    case 'd':
      return 'damage';
    case 'h':
      return 'heal';
    case 'c':
      return 'condition';
    case 'r':
      return 'dice';
    case 'ArrowDown':
      return 'select-next';
    case 'ArrowUp':
      return 'select-previous';
    case 'x':
      return 'pass';
    case 't':
      return 'attack';
    case 's':
      return 'side-panel';
    case 'w':
      return 'walk';
    case 'm':
      return 'measure';
    case 'l':
      return 'sight';
    case 'f':
      return 'fog';
    default:
      return /^[1-9]$/.test(key) ? `pick-${Number(key)}` : null;
  }
}
