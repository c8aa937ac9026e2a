import type { PlayerCombatant } from '../../../engine/drawing';

/** How a character is out of the fight, as the players' screen says it. */
export type OutWord = 'down' | 'retreated' | 'surrendered';

/** Where a character is in the round, as the players' screen says it. */
export type TurnWord = 'acting now' | 'has acted' | 'may act';

/** What one row of the players' list says besides the name. */
export interface RowWords {
  /** Player characters' tracks in numbers ("HP 7/12"); how hurt others look while they fight; else ''. */
  health: string;
  /** Out of the fight, and how, as far as the players may know; null while fighting (or unknown). */
  out: OutWord | null;
  turn: TurnWord | null;
}

/**
 * The words of a character's row, from the player view alone. Someone who retreated or surrendered
 * says so rather than "down"; an enemy whose health the GM keeps hidden is never called down.
 */
export function rowWords(c: PlayerCombatant): RowWords {
  const health = c.health;
  const down = health.kind === 'full' ? health.out : health.kind === 'descriptor' && health.descriptor === 'down';
  const out: OutWord | null = c.left ?? (down ? 'down' : null);
  let shown = '';
  if (health.kind === 'full') shown = health.tracks.map((t) => `${t.shortLabel} ${t.value}/${t.max}`).join(' · ');
  // For the others "down" is their descriptor; out says it, and how, once.
  else if (health.kind === 'descriptor' && out === null) shown = health.words ?? health.descriptor;
  const turn: TurnWord | null = c.acting ? 'acting now' : c.acted === true ? 'has acted' : c.mayStillAct === true ? 'may act' : null;
  return { health: shown, out, turn };
}
