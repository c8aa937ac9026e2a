import { findRuleset, slotLabel, type Combatant, type Condition, type EncounterState, type Faction, type Track } from '../../../engine/index';

/** "2 rounds, ends at the start of Goblin 1's turn", "until the fight ends", or "until removed". */
export function describeTimer(condition: Condition, state: EncounterState): string {
  const timer = condition.timer;
  if (!timer) return 'until removed';
  if (timer.endsOn === 'fight-end') return 'until the fight ends';
  if (timer.endsOn === 'scene-end') return 'until the scene ends, after the fight';
  if (timer.endsOn === 'next-action') {
    const who = state.combatants.find((c) => c.id === timer.anchorId)?.name ?? 'a departed combatant';
    const slot = slotLabel(findRuleset(state.rulesetId)?.economy, timer.slot);
    return `until ${who}'s next ${slot}`;
  }
  const rounds = `${timer.remaining} ${timer.remaining === 1 ? 'round' : 'rounds'}`;
  if (timer.endsOn === 'round-end') return `${rounds}, counted at the end of each round`;
  const anchor = state.combatants.find((c) => c.id === timer.anchorId)?.name ?? 'a departed combatant';
  return `${rounds}, ends at the ${timer.endsOn === 'turn-start' ? 'start' : 'end'} of ${anchor}'s turn`;
}

export function factionOf(state: EncounterState, c: Combatant): Faction | undefined {
  return state.factions.find((f) => f.id === c.factionId);
}

/** How full a track is, as a word the colour of its bar follows. */
export function trackHealth(track: Track): 'full' | 'hurt' | 'bloodied' | 'down' {
  if (track.value <= 0) return 'down';
  if (track.value * 2 <= track.max) return 'bloodied';
  return track.value < track.max ? 'hurt' : 'full';
}
