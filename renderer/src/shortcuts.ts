/** What a key press asks the screen to do. */
export type ShortcutAction =
  | 'next-turn'
  | 'previous-turn'
  | 'undo'
  | 'redo'
  | 'help'
  | 'add-combatant'
  | 'damage'
  | 'dice'
  | 'select-next'
  | 'select-previous'
  | 'pass'
  | 'attack'
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

/** The shortcut list as the help overlay shows it. */
export const SHORTCUTS: readonly { keys: string[]; action: string }[] = [
  { keys: ['Space', 'N'], action: 'Next turn (factions alternating: end the turn)' },
  { keys: ['P'], action: 'Previous turn' },
  { keys: ['Ctrl+Z'], action: 'Undo the last step' },
  { keys: ['Ctrl+Shift+Z', 'Ctrl+Y'], action: 'Redo' },
  { keys: ['↓', '↑'], action: 'Select the next / previous combatant' },
  { keys: ['D'], action: 'Damage or heal the selected combatant' },
  { keys: ['A'], action: 'Add combatants' },
  { keys: ['R'], action: 'Roll dice' },
  { keys: ['1–9'], action: 'A question the fight waits for: its n-th answer; factions alternating: the n-th character who may act takes their turn' },
  { keys: ['X'], action: 'Factions alternating: the faction whose go it is passes' },
  { keys: ['T'], action: 'Factions alternating: the acting character attacks' },
  { keys: ['?'], action: 'Show or hide this help' },
  { keys: ['Esc'], action: 'Close this help, put a message away, leave a field' },
];

/** Maps a key press to an action, or null when the key is not a shortcut here. */
export function shortcutFor(press: KeyPress): ShortcutAction | null {
  const mod = press.ctrlKey || press.metaKey;
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key;
  if (press.key === 'Escape') return 'close';
  // In a text field the browser's own undo and typing win.
  if (press.typing) return null;
  if (mod && !press.altKey) {
    if (key === 'z') return press.shiftKey ? 'redo' : 'undo';
    if (key === 'y') return 'redo';
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
    default:
      return /^[1-9]$/.test(key) ? `pick-${Number(key)}` : null;
  }
}
