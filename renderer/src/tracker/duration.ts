import type { ConditionDuration } from '../../../engine/index';

/** What the duration fields hold: rounds as typed ("2", "1d4", empty for none) and where they count. */
export interface DurationDraft {
  rounds: string;
  endsOn: 'turn-start' | 'turn-end' | 'round-end' | 'fight-end';
  anchorId: string;
}

/**
 * The duration the fields describe: none when rounds are left empty (except "until the fight
 * ends", which needs none); dice ("1d4") go to the engine as typed, a count as a number.
 */
export function durationOf(draft: DurationDraft): ConditionDuration | undefined {
  if (draft.endsOn === 'fight-end') return { endsOn: 'fight-end' };
  const typed = draft.rounds.trim();
  if (typed === '') return undefined;
  const rounds = /d/i.test(typed) ? typed : Number(typed);
  return draft.endsOn === 'round-end' ? { rounds, endsOn: 'round-end' } : { rounds, endsOn: draft.endsOn, anchorId: draft.anchorId };
}
