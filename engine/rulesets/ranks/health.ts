import type { Combatant } from '../../core/state';
import { markedOut, type CombatantStatus } from '../../core/health';
import { highestRank, outOfActionOn, rankOn, type TrackId } from './conditions';

// How a character stands: out of action at rank 5 on any track; otherwise by their damage, with
// what weighs on them on the other tracks in words.

export function ranksStatus(c: Combatant): CombatantStatus {
  const out = markedOut(c);
  if (out) return out;
  const track = outOfActionOn(c);
  if (track) return { level: 'out', how: 'down', why: `out of action (${track})` };
  const damage = highestRank(c, 'damage');
  const words = (['damage', 'fatigue', 'composure'] as const).flatMap((t: TrackId) => {
    const r = highestRank(c, t);
    return r > 0 ? [rankOn(t, r).name.toLowerCase()] : [];
  });
  const why = words.join(', ');
  if (damage >= 3) return { level: 'badly-hurt', how: null, why };
  if (damage >= 1 || words.length > 0) return { level: 'hurt', how: null, why };
  return { level: 'fine', how: null, why: '' };
}
