import type { Encounter } from '../encounter/encounter';
import type { Id } from '../core/state';
import { headingOf, walkLog, type LogLine, type Walked } from './entries';

/** Who a log is for: the GM (everything, GM-only entries marked) or the players (see {@link playerLog}). */
export type LogAudience = 'gm' | 'players';

/** What goes into a log or an export. */
export interface LogOptions {
  /** `gm`: every entry, real names; `players`: the players' version ({@link playerLog}). */
  audience: LogAudience;
  /** Dice details: every roll with its dice. Off: no dice on any entry and no entries of the GM's dice roller. */
  dice: boolean;
  /** GM overrides (entries of kind `override`). Off: left out. */
  overrides: boolean;
}

/** Everything in, for the GM. */
export const GM_LOG_OPTIONS: LogOptions = { audience: 'gm', dice: true, overrides: true };

/**
 * One entry of the players' version of the log. No ids and no event numbers (which would show
 * how much is hidden between two entries): `seq` counts the players' entries, and characters are
 * named by opaque keys (`p1`, `p2`… in the order they first appear in the players' log, the
 * same all through it).
 */
export interface PlayerLogEntry extends LogLine {
  /** Its place in the players' log (0-based). */
  seq: number;
  /** The characters it involves, by key. */
  keys: string[];
}

/** Applies the dice and overrides options to GM entries or players' entries. */
export function withOptions<T extends LogLine>(lines: readonly T[], options: Pick<LogOptions, 'dice' | 'overrides'>): T[] {
  const kept = lines.filter((l) => (options.overrides || l.kind !== 'override') && (options.dice || l.kind !== 'dice'));
  return options.dice ? kept : kept.map((l) => ({ ...l, dice: [] }));
}

/** The players' entries of a walk, with keys (before the options are applied). */
export function playerEntriesOf(walked: readonly Walked[]): PlayerLogEntry[] {
  const keys = new Map<Id, string>();
  const keyOf = (id: Id) => {
    let key = keys.get(id);
    if (key === undefined) {
      key = `p${keys.size + 1}`;
      keys.set(id, key);
    }
    return key;
  };
  const entries: PlayerLogEntry[] = [];
  for (const w of walked) {
    // Nothing of a planned encounter, as in the player view.
    if (!w.players || w.stage === 'setup') continue;
    entries.push({
      seq: entries.length,
      round: w.round,
      stage: w.stage,
      kind: w.kind,
      keys: [...new Set(w.players.ids)].map(keyOf),
      text: w.players.text,
      dice: w.players.dice,
      summary: w.players.summary,
      ...headingOf(w),
    });
  }
  return entries;
}

/**
 * The players' version of the encounter log, by the player view's rules at the moment of each
 * event: nothing from before the fight starts; no GM-only entries (notes, concealment, display
 * settings, stats, gear, settings, laying out the space, the GM's dice roller, limited-use abilities);
 * nothing about characters hidden at that moment (concealed, waiting for their first turn, where
 * the players can't see), who are also left out of entries about several characters, with their dice;
 * characters named as the players see them (real names for the player factions and revealed
 * characters, names the GM typed, else "<faction> <n>", numbered in the order they are first
 * shown); places they can't see have no name (the space's words); no stats, gear names, conditions or exact
 * health outside the player factions (a health descriptor when the GM shows them); no free text
 * the GM typed (action notes, stunts). `options` leaves out dice details or overrides.
 */
export function playerLog(encounter: Encounter, options: Partial<Pick<LogOptions, 'dice' | 'overrides'>> = {}): PlayerLogEntry[] {
  const entries = playerEntriesOf(walkLog(encounter, { gm: false, players: true }));
  const filtered = withOptions(entries, { dice: options.dice ?? true, overrides: options.overrides ?? true });
  return filtered.map((e, seq) => ({ ...e, seq }));
}

