import { displayOf } from '../../core/display';
import type { EncounterEvent } from '../../core/events';
import type { Combatant, EncounterState, Track } from '../../core/state';
import { markedOut, trackStatus, type CombatantStatus } from '../../core/health';
import type { MarkDeclaration } from '../../core/marks';
import { sidesSettings } from './settings';

// Hit points, and the one thing the text says of 0 HP: the character is Mortally Injured. What
// follows from it is the GM's (or, by a setting, enemies simply die).

export const MORTALLY_INJURED = 'mortally-injured';

export const UNCONSCIOUS = 'unconscious';

export const SIDES_MARKS: readonly MarkDeclaration[] = [
  { id: MORTALLY_INJURED, label: 'Mortally Injured', set: 'is mortally injured', cleared: 'is no longer mortally injured', gmOnly: false },
  { id: UNCONSCIOUS, label: 'Unconscious', set: 'is knocked unconscious', cleared: 'comes round', gmOnly: false },
];

/** Out by the GM's marks first; at 0 HP down and mortally injured; else by hit points. */
export function sidesStatus(c: Combatant): CombatantStatus {
  const out = markedOut(c);
  if (out) return out;
  if (knockedOut(c)) return { level: 'down', how: 'down', why: 'unconscious' };
  const status = trackStatus(c, 'hp', 'HP');
  if (status.level !== 'down') return status;
  return { ...status, why: (c.marks ?? []).includes(MORTALLY_INJURED) ? 'mortally injured' : status.why };
}

/** Whether a character is knocked out (a non-lethal execution): out of the fight whatever their HP. */
export const knockedOut = (c: Combatant): boolean => (c.marks ?? []).includes(UNCONSCIOUS);

/** Whether a character is still fighting: not out by a mark, not knocked out, above 0 HP. */
export const standing = (c: Combatant): boolean => markedOut(c) === null && !knockedOut(c) && (c.tracks.hp?.value ?? 1) > 0;

/** Damage that brings a character to 0 HP marks them Mortally Injured, or kills an enemy where the setting says so. */
export function afterDamage(state: EncounterState, before: Combatant, tracks: Record<string, Track>): EncounterEvent[] {
  if (markedOut(before) || (before.tracks.hp?.value ?? 0) <= 0 || (tracks.hp?.value ?? 1) > 0) return [];
  const party = displayOf(state).playerFactions.includes(before.factionId);
  const dies = sidesSettings(state.settings).atZero === 'enemies-die' && !party;
  return [{ type: 'mark-set', combatantId: before.id, mark: dies ? 'dead' : MORTALLY_INJURED, on: true }];
}
