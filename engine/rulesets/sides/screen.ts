import * as v from 'valibot';
import type { RandomSource } from '../../dice/random';
import { checkCombatant, isFailure } from '../../core/checks';
import type { SidesCommandOf } from './commands';
import { eventId, whole } from '../../core/stored-event-parts';
import type { CoreEvent, EncounterEvent } from '../../core/events';
import type { Combatant, EncounterState, Id } from '../../core/state';
import { logDice } from '../../core/log-dice';
import { told } from '../../core/told';
import { failure, ruleRefusal, type Result } from '../../result';
import type { RuleEventDefinition } from '../../core/ruleset';
import { ruleEvent } from '../../core/typed';
import { actingRefusal } from './acting';
import { fightOf, withFight, type Screen } from './fight';
import type { Weapon } from './gear';
import { movesTaken } from './charge';
import { feetBetween } from './grid-reading';
import { unknownIn } from './maneuver';
import { opposedSchema, opposedWords, rollOpposed, type Opposed } from './opposed';
import { fighting, spendAction } from './spend';

// Screening an ally (a Move): the screener gets next to the ally and blocks attacks on them until
// the start of the screener's next turn, while the ally stays within 5 ft. Someone attacking the
// ward first makes an opposed combat check against each screener (STR or DEX with the most fitting
// combat skill, each side its best); if a screener wins, the attack goes to them instead (the
// worst-rolling of those who won). A screener screens as many attackers a round as their highest
// combat skill, so Brawl, Stab or Shoot 1 is needed at least.

/** How near the ward a screener stands to block: "within 5 ft" (on the map; off it, the GM's word). */
export const SCREEN_REACH_FEET = 5;

export const SCREEN_SET = 'sides/screen-set';
export const SCREENED = 'sides/screened';

export type ScreenSetEvent = {
  type: typeof SCREEN_SET;
  screenerId: Id;
  wardId: Id;
  round: number;
  /** Which of the screener's Moves this turn it is (missing when screening out of turn, and in older logs). */
  move?: number;
};

export type ScreenedEvent = {
  type: typeof SCREENED;
  attackerId: Id;
  wardId: Id;
  contests: { screenerId: Id; contest: Opposed }[];
  /** The screener the attack now targets, or null: it goes to the ward. */
  takenBy: Id | null;
  round: number;
};

/** A character's highest combat skill: how many attackers a round they can screen. */
export const combatSkill = (c: Combatant): number => Math.max(c.stats.brawl ?? 0, c.stats.stab ?? 0, c.stats.shoot ?? 0);

/** Decides `sides/screen`: the acting character's Move, screening an ally. */
export function decideScreen(state: EncounterState, cmd: SidesCommandOf<'sides/screen'>): Result<EncounterEvent[]> {
  const screener = checkCombatant(state, cmd.screenerId);
  if (isFailure(screener)) return screener;
  const now = actingRefusal(state, screener, 'Screening happens');
  if (now) return now;
  const ward = checkCombatant(state, cmd.wardId);
  if (isFailure(ward)) return ward;
  if (ward.id === screener.id || ward.factionId !== screener.factionId) return failure('sides/screen-ally', `${screener.name} screens an ally, not ${ward.name}.`);
  if (combatSkill(screener) < 1 && cmd.gmRuling !== true) return ruleRefusal('sides/screen-skill', `${screener.name} needs at least level 1 in a combat skill to screen anyone.`);
  const paid = spendAction(state, screener, 'screen', 'move', `screens ${ward.name}`);
  if (!paid.ok) return paid;
  // The screen's own Move, counted as the walk counts it, so its first walk can provoke (opportunity.ts).
  const move = state.activeId === screener.id ? { move: movesTaken(state) + 1 } : {};
  return { ok: true, value: [...paid.value, { type: SCREEN_SET, screenerId: screener.id, wardId: ward.id, round: state.round, ...move } satisfies ScreenSetEvent] };
}

/** The screens standing in front of a ward now: screener fighting, within 5 ft on the map, screens left this round. */
export function screensFor(state: EncounterState, ward: Combatant, attackerId: Id): { screen: Screen; screener: Combatant }[] {
  return fightOf(state).screens.flatMap((screen) => {
    if (screen.wardId !== ward.id || screen.screenerId === attackerId) return [];
    const screener = state.combatants.find((c) => c.id === screen.screenerId);
    if (!screener || !fighting(screener)) return [];
    const feet = feetBetween(state, screener, ward);
    const thisRound = screen.used.round === state.round;
    const used = thisRound ? screen.used.count : 0;
    // "A number of attackers each round": an attacker already screened this round is screened again without another.
    const again = thisRound && (screen.used.attackers ?? []).includes(attackerId);
    return (feet === null || feet <= SCREEN_REACH_FEET) && (again || used < combatSkill(screener)) ? [{ screen, screener }] : [];
  });
}

const skillFor = (w: Weapon): string => (w.skill === 'exert' ? 'stab' : w.skill);

/**
 * An attack on a screened ward: the attacker's check against each screener's; the attack goes to
 * the worst-rolling screener who won, or stays on the ward. Null when nobody screens them.
 */
export function screenCheck(state: EncounterState, attacker: Combatant, ward: Combatant, weapon: Weapon, source: RandomSource): Result<ScreenedEvent | null> {
  const screens = screensFor(state, ward, attacker.id);
  if (screens.length === 0) return { ok: true, value: null };
  const best = (c: Combatant, skill: number) => Math.max(c.stats.str ?? 0, c.stats.dex ?? 0) + skill;
  const contests: ScreenedEvent['contests'] = [];
  for (const { screener } of screens) {
    const rolled = rollOpposed(state, source, best(attacker, attacker.stats[skillFor(weapon)] ?? 0), best(screener, combatSkill(screener)));
    if (!rolled.ok) return rolled;
    contests.push({ screenerId: screener.id, contest: rolled.value });
  }
  const total = (o: Opposed) => {
    const last = o.rounds[o.rounds.length - 1];
    return last ? last.defender.total + o.defenderBonus : 0;
  };
  const won = contests.filter((x) => !x.contest.attackerWins).sort((a, b) => total(a.contest) - total(b.contest));
  return { ok: true, value: { type: SCREENED, attackerId: attacker.id, wardId: ward.id, contests, takenBy: won[0]?.screenerId ?? null, round: state.round } };
}

/**
 * Screens end as their screener's next turn begins, and once the ward and the screener are more
 * than 5 ft apart after either walks ("provided they remain within 5 ft of you"); the walk of the
 * screen's own Move, bringing the screener over, doesn't end it.
 */
export function followScreens(state: EncounterState, event: CoreEvent): EncounterState {
  if (event.type === 'walked') return parted(state, event.combatantId, event.move);
  if (event.type !== 'turn-taken') return state;
  const ending = fightOf(state).screens.some((s) => s.screenerId === event.combatantId && s.since < state.round);
  return ending ? withFight(state, (f) => ({ ...f, screens: f.screens.filter((s) => !(s.screenerId === event.combatantId && s.since < state.round)) })) : state;
}


// A screen's count after screening `attackerId` in `round`: one more only for an attacker new this round.
function usedAgainst(used: Screen['used'], round: number, attackerId: Id): Screen['used'] {
  const before = used.round === round ? { count: used.count, attackers: used.attackers ?? [] } : { count: 0, attackers: [] };
  if (before.attackers.includes(attackerId)) return { round, ...before };
  return { round, count: before.count + 1, attackers: [...before.attackers, attackerId] };
}

// The screens a walk by `walkerId` has parted: ward and screener now more than 5 ft apart on the map.
function parted(state: EncounterState, walkerId: Id, move: number | undefined): EncounterState {
  const apart = (s: Screen) => {
    if (s.wardId !== walkerId && s.screenerId !== walkerId) return false;
    if (s.screenerId === walkerId && s.since === state.round && s.move !== undefined && s.move === move) return false;
    const screener = state.combatants.find((c) => c.id === s.screenerId);
    const ward = state.combatants.find((c) => c.id === s.wardId);
    const feet = screener && ward ? feetBetween(state, screener, ward) : null;
    return feet !== null && feet > SCREEN_REACH_FEET;
  };
  const screens = fightOf(state).screens;
  return screens.some(apart) ? withFight(state, (f) => ({ ...f, screens: f.screens.filter((s) => !apart(s)) })) : state;
}

export const SCREEN_EVENTS: Record<(ScreenSetEvent | ScreenedEvent)['type'], RuleEventDefinition> = {
  [SCREEN_SET]: ruleEvent<ScreenSetEvent>({
    kind: 'other',
    fightLog: true,
    schema: v.object({ screenerId: eventId, wardId: eventId, round: whole(0, 1_000_000), move: v.optional(whole(0, 100)) }),
    refers: (state, event) => unknownIn(state, event.screenerId, event.wardId),
    apply: (state, e) => {
      const move = e.move !== undefined ? { move: e.move } : {};
      return withFight(state, (f) => ({ ...f, screens: [...f.screens.filter((s) => s.screenerId !== e.screenerId), { screenerId: e.screenerId, wardId: e.wardId, since: e.round, used: { round: e.round, count: 0 }, ...move }] }));
    },
    tell: (e, voice) => {
      const s = voice.who(e.screenerId);
      const w = voice.who(e.wardId);
      return s === null || w === null ? null : told(`${s} screens ${w} until their next turn.`, [e.screenerId, e.wardId]);
    },
  }),
  [SCREENED]: ruleEvent<ScreenedEvent>({
    kind: 'attack',
    fightLog: true,
    schema: v.object({ attackerId: eventId, wardId: eventId, contests: v.array(v.object({ screenerId: eventId, contest: opposedSchema })), takenBy: v.nullable(eventId), round: whole(0, 1_000_000) }),
    refers: (state, event) => unknownIn(state, event.attackerId, event.wardId),
    apply: (state, e) => {
      const rolled = new Set(e.contests.map((x) => x.screenerId));
      return withFight(state, (f) => ({
        ...f,
        screens: f.screens.map((s) => (rolled.has(s.screenerId) && s.wardId === e.wardId ? { ...s, used: usedAgainst(s.used, e.round, e.attackerId) } : s)),
      }));
    },
    tell: (e, voice) => {
      const a = voice.who(e.attackerId);
      const w = voice.who(e.wardId);
      if (a === null || w === null) return null;
      const tries = e.contests.map((x) => `${voice.who(x.screenerId) ?? 'someone'}: ${opposedWords(x.contest)}`).join('; ');
      const dice = e.contests.flatMap((x) => x.contest.rounds.flatMap((r) => [logDice(a, 'past the screen', r.attacker), logDice(voice.who(x.screenerId), 'screen', r.defender)]));
      const taker = e.takenBy ? voice.who(e.takenBy) : null;
      return told(taker ? `${taker} steps in front of ${w}: ${a}'s attack goes to ${taker} (${tries}).` : `${a} gets past the screen around ${w} (${tries}).`, [e.attackerId, e.wardId], dice);
    },
  }),
};
