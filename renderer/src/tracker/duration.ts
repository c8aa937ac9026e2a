import type { ConditionDuration, ConditionTimer } from '../../../engine/index';

/**
 * What the duration fields hold: rounds as typed ("2", "1d4", empty for none), where they count,
 * whose turn or action ends it, and which kind of action (for "until their next full action").
 */
export interface DurationDraft {
  rounds: string;
  endsOn: ConditionDuration['endsOn'];
  anchorId: string;
  slot?: string;
}

/** Whether an ending is counted in rounds (the others end once, at a moment). */
export function countsRounds(endsOn: ConditionDuration['endsOn']): boolean {
  return endsOn === 'turn-start' || endsOn === 'turn-end' || endsOn === 'round-end';
}

/** The rounds a timer has left, or null for one that ends once (the fight's end, the next action). */
export function roundsLeft(timer: ConditionTimer | null): number | null {
  return timer && countsRounds(timer.endsOn) ? timer.remaining : null;
}

/**
 * The duration the fields describe: none when rounds are left empty (except the endings that need
 * none); dice ("1d4") go to the engine as typed, a count as a number.
 */
export function durationOf(draft: DurationDraft): ConditionDuration | undefined {
  if (draft.endsOn === 'fight-end' || draft.endsOn === 'scene-end') return { endsOn: draft.endsOn };
  if (draft.endsOn === 'next-action') return { endsOn: 'next-action', anchorId: draft.anchorId, slot: draft.slot ?? '' };
  const typed = draft.rounds.trim();
  if (typed === '') return undefined;
  const rounds = /d/i.test(typed) ? typed : Number(typed);
  return draft.endsOn === 'round-end' ? { rounds, endsOn: 'round-end' } : { rounds, endsOn: draft.endsOn, anchorId: draft.anchorId };
}

/** The fields for a duration the engine was given (a catalogue's condition, a timer being changed). */
export function draftOf(duration: ConditionDuration): DurationDraft {
  switch (duration.endsOn) {
    case 'fight-end':
    case 'scene-end':
      return { rounds: '', endsOn: duration.endsOn, anchorId: '' };
    case 'next-action':
      return { rounds: '', endsOn: 'next-action', anchorId: duration.anchorId, slot: duration.slot };
    case 'round-end':
      return { rounds: String(duration.rounds), endsOn: 'round-end', anchorId: '' };
    default:
      return { rounds: String(duration.rounds), endsOn: duration.endsOn, anchorId: duration.anchorId };
  }
}

/**
 * A condition typed in one go, "Stunned 2" or "Poisoned 1d4": the name, and the rounds after it
 * (a count or dice) when the rounds field is left empty. A name that is only a number stays a name.
 */
export function quickCondition(typed: string): { name: string; rounds: string | null } {
  const match = /^(.*\S)\s+(\d+|\d*d\d+)$/i.exec(typed.trim());
  return match?.[1] && match[2] ? { name: match[1], rounds: match[2] } : { name: typed.trim(), rounds: null };
}
