import * as v from 'valibot';
import { eventId } from '../../core/stored-event-parts';
import type { EncounterEvent } from '../../core/events';
import type { Combatant, EncounterState, Id } from '../../core/state';
import { told, type Told } from '../../core/told';
import type { Voice } from '../../core/voice';
import { ruleRefusal, type Failure } from '../../result';
import { spentOf, timesTaken } from '../../core/economy';
import { THREE_ACTIONS_ACTIONS } from './economy';
import type { RuleEventDefinition } from '../../core/ruleset';
import { ruleEvent } from '../../core/typed';
import { openingName, starterOf, withStarter, type Starter } from './starter';

// The fight's opening, as the text orders it: "The next initiative goes to the team being
// attacked" (the starter's team first, the attacked team second, the others in the GM's order),
// and "when that player takes their first turn in combat, they will start with their action to
// attack the guard" (their first action is the one that started it).

export const OPENING_ATTACKED = 'three-actions/opening-attacked';

/** The starter's opening attack names whom they attacked, the GM having named nobody: that team goes next. */
export type OpeningAttackedEvent = {
  type: typeof OPENING_ATTACKED;
  combatantId: Id;
  attackedId: Id;
};

// Nothing yet taken this turn: no action spent, no free action, no move.
function nothingTaken(state: EncounterState): boolean {
  const budget = state.turn?.budget;
  if (!budget) return true;
  return spentOf(budget, 'action') <= 0 && budget.moved !== true && !THREE_ACTIONS_ACTIONS.some((a) => a.spends !== 'reaction' && timesTaken(budget, a.id) > 0);
}

/**
 * The starter's opening still due: it is their first turn of the fight, the engine holds the
 * action they started it with (not only the GM's words, as older fights have), and they have taken
 * nothing yet. Null otherwise.
 */
export function openingDue(state: EncounterState, c: Pick<Combatant, 'id'>): (Starter & { actionId: string }) | null {
  const starter = starterOf(state);
  if (!starter || starter.combatantId !== c.id || starter.actionId === null) return null;
  if (state.activeId !== c.id || starter.openedIn !== state.round || !nothingTaken(state)) return null;
  return { ...starter, actionId: starter.actionId };
}

/** What the starter opens with, in a sentence for the turn panel and the refusal. */
export function openingWords(starter: Starter & { actionId: string }, name: string): string {
  const words = starter.action && starter.actionId !== null ? ` (${starter.action})` : '';
  return `${name} started the fight: their first action is ${openingName(starter.actionId).toLowerCase()}${words}.`;
}

/**
 * Why `c` can't take `actionId` now: it is their opening turn and the fight was started with
 * another action, which comes first. The GM may rule otherwise (`gmRuling`).
 */
export function opensWithRefusal(state: EncounterState, c: Combatant, actionId: string): Failure | null {
  const due = openingDue(state, c);
  if (!due || due.actionId === actionId) return null;
  return ruleRefusal('three-actions/opens-with', `${openingWords(due, c.name)} Take that first (or rule it anyway).`);
}

/** The factions in the fight in the order of goes, the GM's order first and the rest after. */
function goingOrder(state: EncounterState, order: readonly Id[]): Id[] {
  const inFight = state.factions.filter((f) => state.combatants.some((c) => c.factionId === f.id)).map((f) => f.id);
  return [...order.filter((id) => inFight.includes(id)), ...inFight.filter((id) => !order.includes(id))];
}

/** The order of goes with `second` straight after `first`, the others as they were. */
export function withSecond(state: EncounterState, first: Id, second: Id): Id[] {
  const rest = goingOrder(state, state.sideOrder ?? []).filter((id) => id !== first && id !== second);
  return [first, second, ...rest];
}

/** The order of goes putting the attacked team after the starter's, as a core event (none when it is so already). */
export function attackedSecondEvents(state: EncounterState, starter: Combatant, attacked: Combatant): EncounterEvent[] {
  const now = goingOrder(state, state.sideOrder ?? []);
  const at = now.indexOf(starter.factionId);
  if (at >= 0 && now[(at + 1) % now.length] === attacked.factionId && (state.sideOrder ?? []).length > 0) return [];
  return [{ type: 'team-order-set', order: withSecond(state, starter.factionId, attacked.factionId) }];
}

/** The GM's order of goes leaves the attacked team out of second place: refused unless ruled. */
export function teamOrderRefusal(state: EncounterState, order: readonly Id[]): Failure | null {
  const starter = starterOf(state);
  const who = state.combatants.find((c) => c.id === starter?.combatantId);
  const attacked = state.combatants.find((c) => c.id === starter?.attackedId);
  if (!who || !attacked) return null;
  const going = goingOrder(state, order);
  const at = going.indexOf(who.factionId);
  if (at < 0 || going[(at + 1) % going.length] === attacked.factionId) return null;
  const team = (id: Id) => state.factions.find((f) => f.id === id)?.name ?? id;
  return ruleRefusal('three-actions/attacked-second', `${who.name} started the fight by attacking ${attacked.name}: ${team(attacked.factionId)} go straight after ${team(who.factionId)}. Order the others as you like.`);
}

/**
 * The starter's opening attack (or maneuver) at someone of another team, nobody named as attacked
 * yet: that team goes next, before its first go.
 */
export function openingAttackEvents(state: EncounterState, attacker: Combatant, target: Combatant): EncounterEvent[] {
  const due = openingDue(state, attacker);
  if (!due || due.attackedId !== null || target.factionId === attacker.factionId) return [];
  const named: OpeningAttackedEvent = { type: OPENING_ATTACKED, combatantId: attacker.id, attackedId: target.id };
  return [named, ...attackedSecondEvents(state, attacker, target)];
}

function tellOpeningAttacked(e: OpeningAttackedEvent, voice: Voice): Told | null {
  const who = voice.who(e.combatantId);
  const attacked = voice.who(e.attackedId);
  if (who === null || attacked === null) return null;
  return told(`${who} opened the fight on ${attacked}: ${attacked}'s team takes the next go.`, [e.combatantId, e.attackedId]);
}

export const OPENING_ATTACKED_EVENT: RuleEventDefinition = ruleEvent<OpeningAttackedEvent>({
  kind: 'other',
  fightLog: true,
  schema: v.object({ combatantId: eventId, attackedId: eventId }),
  refers: (state, e) => {
    const missing = [e.combatantId, e.attackedId].find((id) => !state.combatants.some((c) => c.id === id));
    return missing === undefined ? null : `it names ${missing}, who is not in the fight`;
  },
  apply: (state, e) => {
    const starter = starterOf(state);
    return starter && starter.combatantId === e.combatantId ? withStarter(state, { ...starter, attackedId: e.attackedId }) : state;
  },
  tell: tellOpeningAttacked,
});
