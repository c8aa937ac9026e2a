import type { Combatant, Track } from '../../core/state';
import { markedOut, type CombatantStatus } from '../../core/health';

// Endurance, then health. Damage wears endurance down first and the rest comes off health; at
// half endurance or less a character is harmed, below full health bloodied, at 0 health (or after
// failing to stay conscious) unconscious.

const track = (c: Pick<Combatant, 'tracks'>, key: string): Track => c.tracks[key] ?? { value: 0, max: 0 };

/** The tracks after `amount` damage: endurance takes what it can, health the rest (not below 0). */
export function damaged(c: Pick<Combatant, 'tracks'>, amount: number): Record<string, Track> {
  const endurance = track(c, 'endurance');
  const health = track(c, 'health');
  const onEndurance = Math.min(endurance.value, amount);
  const onHealth = Math.min(health.value, amount - onEndurance);
  return { ...c.tracks, endurance: { ...endurance, value: endurance.value - onEndurance }, health: { ...health, value: health.value - onHealth } };
}

/** The tracks after `amount` healing: health first, then endurance, each up to its maximum. */
export function healed(c: Pick<Combatant, 'tracks'>, amount: number): Record<string, Track> {
  const health = track(c, 'health');
  const endurance = track(c, 'endurance');
  const onHealth = Math.min(health.max - health.value, amount);
  const onEndurance = Math.min(endurance.max - endurance.value, amount - onHealth);
  return { ...c.tracks, health: { ...health, value: health.value + onHealth }, endurance: { ...endurance, value: endurance.value + onEndurance } };
}

/** Harmed: at half endurance or less. */
export function isHarmed(c: Pick<Combatant, 'tracks'>): boolean {
  const e = track(c, 'endurance');
  return e.max > 0 && e.value * 2 <= e.max;
}

/** Bloodied: below full health. */
export function isBloodied(c: Pick<Combatant, 'tracks'>): boolean {
  const h = track(c, 'health');
  return h.value < h.max;
}

/** Unconscious: at 0 health, or marked so (failed to stay conscious, knocked out). */
export function isUnconscious(c: Pick<Combatant, 'tracks' | 'marks'>): boolean {
  return track(c, 'health').value <= 0 || (c.marks ?? []).includes('unconscious');
}

/** How they stand: dead (or otherwise out), unconscious, bloodied, harmed, or fine. */
export function threeActionsStatus(c: Combatant): CombatantStatus {
  const out = markedOut(c);
  if (out) return out;
  if (isUnconscious(c)) return { level: 'down', how: 'down', why: 'unconscious' };
  const words = [isBloodied(c) ? 'bloodied' : null, isHarmed(c) ? 'harmed' : null].filter((w): w is string => w !== null);
  if (isBloodied(c)) return { level: 'badly-hurt', how: null, why: words.join(', ') };
  if (isHarmed(c)) return { level: 'hurt', how: null, why: 'harmed' };
  const e = track(c, 'endurance');
  return e.value < e.max ? { level: 'hurt', how: null, why: `${e.value} of ${e.max} endurance` } : { level: 'fine', how: null, why: '' };
}

/** How an enemy looks to the players, in the text's words: unconscious, bloodied, harmed, both, or null (unhurt, or out: the shared words). */
export function playerWords(c: Combatant): string | null {
  if (markedOut(c)) return null;
  if (isUnconscious(c)) return 'unconscious';
  const words = [isBloodied(c) ? 'bloodied' : null, isHarmed(c) ? 'harmed' : null].filter((w): w is string => w !== null);
  return words.length > 0 ? words.join(', ') : null;
}
