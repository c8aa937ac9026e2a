import type { Id } from '../core/state';
import type { LogEntry, LogLine } from './entries';
import type { LogKind } from '../core/log-kinds';
import type { PlayerLogEntry } from './player-log';

/** What to keep of a log; every field left out keeps everything. */
export interface LogFilter {
  /** Rounds to keep (0: before the fight). */
  rounds?: readonly number[];
  /** Characters: ids for the GM's log, keys for the players' version. An entry involving any of them is kept. */
  combatants?: readonly Id[];
  kinds?: readonly LogKind[];
}

/** The entries of a log (the GM's or the players') that match a filter, in order. */
export function filterLog<T extends LogEntry | PlayerLogEntry>(entries: readonly T[], filter: LogFilter): T[] {
  const rounds = filter.rounds ? new Set(filter.rounds) : null;
  const who = filter.combatants ? new Set(filter.combatants) : null;
  const kinds = filter.kinds ? new Set(filter.kinds) : null;
  const involved = (e: LogLine & { combatantIds?: Id[]; keys?: string[] }) => (e.combatantIds ?? e.keys ?? []).some((id) => who?.has(id));
  return entries.filter((e) => (!rounds || rounds.has(e.round)) && (!kinds || kinds.has(e.kind)) && (!who || involved(e)));
}
