import type { LogLine, LogStage } from './entries';

/** A run of entries under one heading: before the fight, one round, or after the fight. */
export interface LogSection<T extends LogLine = LogLine> {
  stage: LogStage;
  /** The round (0 before the fight). */
  round: number;
  /** "Before the fight", "Round 2", "After the fight". */
  title: string;
  entries: T[];
}

/** The one-line summary of a round of the fight. */
export interface RoundSummary {
  round: number;
  /** "Round 2: Ann hits Goblin 1 (4); Goblin 2 is down; the Bandits break and flee." */
  text: string;
  /** The clauses it is made of, all of them (the text may shorten a long list). */
  clauses: string[];
}

/** How many clauses a summary line lists before "and N more". */
export const SUMMARY_CLAUSES_MAX = 10;

function titleOf(stage: LogStage, round: number, opening: string | undefined, elapsed: string | undefined): string {
  if (stage === 'setup') return 'Before the fight';
  if (stage === 'aftermath') return 'After the fight';
  // Round 0 of a fight is the opening phase before its first round, named by its procedure.
  if (round === 0) return opening ?? 'Before round 1';
  return elapsed === undefined ? `Round ${round}` : `Round ${round} (${elapsed} elapsed)`;
}

/**
 * Entries grouped under headings, in order: a new section whenever the stage or the round
 * changes (a fight started again after it ended begins again at round 1, under a heading of its own).
 */
export function logSections<T extends LogLine>(lines: readonly T[]): LogSection<T>[] {
  const sections: LogSection<T>[] = [];
  let current: LogSection<T> | undefined;
  for (const line of lines) {
    if (!current || current.stage !== line.stage || current.round !== line.round) {
      current = { stage: line.stage, round: line.round, title: titleOf(line.stage, line.round, line.opening, line.elapsed), entries: [] };
      sections.push(current);
    }
    current.entries.push(line);
  }
  return sections;
}

/** One section's summary line, or null for sections outside the fight. */
export function sectionSummary(section: LogSection, max = SUMMARY_CLAUSES_MAX): RoundSummary | null {
  if (section.stage !== 'fight') return null;
  const clauses = section.entries.flatMap((e) => e.summary);
  const shown = clauses.slice(0, max);
  const more = clauses.length - shown.length;
  const body = clauses.length === 0 ? 'no blows, no losses' : `${shown.join('; ')}${more > 0 ? `; and ${more} more` : ''}`;
  return { round: section.round, text: `${section.title}: ${body}.`, clauses };
}

/**
 * One line per round of the fight, made from the entries' summary clauses: who hit whom and for
 * how much, misses, who went down or out of the fight, the ruleset's own clauses, reveals.
 * Works on the GM's entries and on the players' version alike (each has its own names).
 */
export function roundSummaries(lines: readonly LogLine[], max = SUMMARY_CLAUSES_MAX): RoundSummary[] {
  return logSections(lines)
    .map((s) => sectionSummary(s, max))
    .filter((s): s is RoundSummary => s !== null);
}
