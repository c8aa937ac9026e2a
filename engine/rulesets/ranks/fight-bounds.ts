import type { CoreEvent } from '../../core/events';
import type { EncounterState } from '../../core/state';
import { isRecord } from '../../json';
import { DEFENDING, isStartled } from './conditions';
import { startingTies } from './initiative';
import { personOf, type RanksPerson } from './person';
import { READIED_NAME } from './readied';
import { ADVANTAGE_PREFIX } from './advantage-buy';

// What a fight's start and end do to Skill Ranks' own part. As it starts: a Startled character has
// had their −2 on round 1's order (their "next round"), and ties are put by the setting. As it
// ends: what belongs to one fight goes (the GM's call for rolled awareness, an awareness
// advantage for a round to come, what advantages bought and helpers gave, an action held ready,
// being on the defensive, whom they had as their focus, a recovery check's +1D), so a fight
// started again begins clean.

const FIGHT_ONLY = new Set([READIED_NAME, DEFENDING.name]);
// What an advantage bought, or a helper gave, lasts no longer than the fight.
const fightOnly = (name: string) => FIGHT_ONLY.has(name) || name.startsWith(ADVANTAGE_PREFIX) || name.startsWith('Helped by ') || name.startsWith('Hindered by ');

function started(state: EncounterState): EncounterState {
  const combatants = state.combatants.map((c) => (isStartled(c) ? { ...c, conditions: c.conditions.filter((k) => !(k.rank?.track === 'composure' && k.rank.value === 1)) } : c));
  return startingTies({ ...state, combatants });
}

/** A person without the round they last moved with a check in (a new fight counts rounds afresh). */
function withoutMove(p: RanksPerson): RanksPerson {
  const { movedWithCheck: _gone, ...rest } = p;
  return rest;
}

function ended(state: EncounterState): EncounterState {
  const rules = isRecord(state.rules) ? { ...state.rules } : {};
  delete rules.rolled;
  return {
    ...state,
    rules,
    combatants: state.combatants.map((c) => ({
      ...c,
      rules: { ...withoutMove(personOf(c)), initiativeBonus: null, readied: null, focus: null, recoveryDice: 0 },
      conditions: c.conditions.filter((k) => !fightOnly(k.name)),
    })),
  };
}

export function followFight(state: EncounterState, event: CoreEvent): EncounterState {
  if (event.type === 'combat-started') return started(state);
  if (event.type === 'combat-ended') return ended(state);
  return state;
}
