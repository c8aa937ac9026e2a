/**
 * The top of the phone page in words: the round (or the opening phase, or that the fight is
 * over) and whose go it is. The same facts the players' screen's header gives (PlayerFightView),
 * one line each, for a narrow screen.
 */
import type { PlayerFight } from '../../../engine/index';
import type { PhaseName } from '../rulesets/panels';

export interface TurnLine {
  /** "Round 3"; "Round 2 · " and the ruleset's name for the phase; an opening phase's name alone; "The fight is over". */
  round: string;
  /** "Ann acts", "Heroes' go · Ann acts", or null when nobody's go is shown. */
  who: string | null;
}

/** The turn line of a fight, with the ruleset's name for its phase (`named`) where it has one. */
export function turnLine(fight: PlayerFight, named: PhaseName | undefined): TurnLine {
  if (fight.status === 'ended') return { round: 'The fight is over', who: null };
  // An opening phase (a surprise round) comes before round 1: its name stands alone.
  const round = named?.opening ? named.players : [`Round ${fight.round}`, named?.players ?? ''].filter((part) => part !== '').join(' · ');
  const acting = fight.combatants.find((c) => c.key === fight.acting);
  const go = fight.whoseGo ? `${fight.whoseGo.name}' go` : null;
  const who = [go, acting ? `${acting.name} acts` : null].filter((part) => part !== null).join(' · ');
  return { round, who: who === '' ? null : who };
}
