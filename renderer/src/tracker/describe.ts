import { effectWords, findRuleset, slotLabel, type Combatant, type Condition, type EncounterState, type Faction, type Track } from '../../../engine/index';

/** "2 rounds, ends at the start of Goblin 1's turn", "until the fight ends", "until recovered" (ranked, untimed) or "until removed". */
export function describeTimer(condition: Condition, state: EncounterState): string {
  const timer = condition.timer;
  // A ranked condition without a timer lasts until someone recovers it, past the fight and the scene.
  if (!timer) return condition.rank ? 'until recovered' : 'until removed';
  if (timer.endsOn === 'fight-end') return 'until the fight ends';
  if (timer.endsOn === 'scene-end') return 'until the scene ends, after the fight';
  if (timer.endsOn === 'next-action') {
    const who = state.combatants.find((c) => c.id === timer.anchorId)?.name ?? 'a departed combatant';
    const slot = slotLabel(findRuleset(state.rulesetId)?.turn.economy, timer.slot);
    return `until ${who}'s next ${slot}`;
  }
  const rounds = `${timer.remaining} ${timer.remaining === 1 ? 'round' : 'rounds'}`;
  if (timer.endsOn === 'round-end') return `${rounds}, counted at the end of each round`;
  const anchor = state.combatants.find((c) => c.id === timer.anchorId)?.name ?? 'a departed combatant';
  return `${rounds}, ends at the ${timer.endsOn === 'turn-start' ? 'start' : 'end'} of ${anchor}'s turn`;
}

/**
 * A condition in full for a chip's tooltip and a screen reader: its rank on a track, what it does
 * and when it ends ("Damage 2: −1D to checks; 2 rounds, counted at the end of each round").
 */
export function describeCondition(condition: Condition, state: EncounterState): string {
  const ruleset = findRuleset(state.rulesetId);
  const track = condition.rank ? ruleset?.character.conditionTracks?.find((t) => t.id === condition.rank?.track)?.label ?? condition.rank.track : null;
  const rank = condition.rank && track ? `${track} ${condition.rank.value}` : null;
  const effects = condition.effects?.length ? effectWords(ruleset, condition.effects) : null;
  const what = [rank, effects].filter((x) => x !== null).join(': ');
  return `${condition.name}${what ? ` (${what})` : ''}, ${describeTimer(condition, state)}`;
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
