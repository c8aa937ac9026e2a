import * as v from 'valibot';
import { checkCombatant, isFailure } from '../../core/checks';
import { eventId } from '../../core/stored-event-parts';
import type { EncounterEvent } from '../../core/events';
import type { Combatant, EncounterState, Id } from '../../core/state';
import { told, type Told } from '../../core/told';
import type { Voice } from '../../core/voice';
import { failure, type Failure, type Result } from '../../result';
import { ruleEvent } from '../../core/typed';
import { outOfActionOn } from './conditions';
import { personOf, withPerson } from './person';
import { READIED_NAME } from './readied';
import type { RanksCommandOf } from './commands';

// "A character is said to be engaged with an opponent if either of them has the other as the main
// focus of their attention." The GM sets who has whom as their focus; an attack sets it too.

/** The opponents `c` is engaged with: of another faction, either having the other as focus, still in the fight. */
export function engagedOpponents(state: EncounterState, c: Combatant): Combatant[] {
  const mine = personOf(c).focus;
  return state.combatants.filter((x) => x.id !== c.id && x.factionId !== c.factionId && outOfActionOn(x) === null && (mine === x.id || personOf(x).focus === c.id));
}

/**
 * Why `c` can't act now out of turn: "if a character is engaged with an opponent when they take
 * an action, the opponent normally has the opportunity … to respond out of the initiative order",
 * so out of turn only an opponent engaged with the one acting may act, or someone whose held
 * action answers them. Null on their own turn.
 */
export function offTurnRefusal(state: EncounterState, c: Combatant): Failure | null {
  const acting = state.combatants.find((x) => x.id === state.activeId);
  if (!acting || acting.id === c.id || engagedOpponents(state, c).some((x) => x.id === acting.id)) return null;
  if (holdAnswers(state, c, acting)) return null;
  if (holdsAction(c)) return failure('ranks/hold-earlier', `${c.name}'s held action answers only those after them in the initiative order, and ${acting.name} comes before them.`);
  return failure('ranks/not-engaged', `${c.name} isn't engaged with ${acting.name}: out of turn they act only to respond to an engaged opponent.`);
}

/** Whether `c` holds an action (readied to act out of turn), while it lasts. */
export function holdsAction(c: Combatant): boolean {
  return c.conditions.some((k) => k.name === READIED_NAME) && personOf(c).readied?.action === 'hold';
}

/**
 * Whether the action `c` holds answers `acting` now: held "to respond to the actions of characters
 * who are later in the initiative order", so never someone ahead of them in this round's order
 * (a hold that lasts to their next turn doesn't answer those who come before them next round).
 */
function holdAnswers(state: EncounterState, c: Combatant, acting: Combatant): boolean {
  return holdsAction(c) && state.order.indexOf(acting.id) > state.order.indexOf(c.id);
}

export const FOCUS_SET = 'ranks/focus-set';

export type FocusSetEvent = {
  type: typeof FOCUS_SET;
  combatantId: Id;
  focusId: Id | null;
};

/** Decides `ranks/set-focus` ({ combatantId, focusId }: null for nobody). */
export function decideSetFocus(state: EncounterState, cmd: RanksCommandOf<'ranks/set-focus'>): Result<EncounterEvent[]> {
  const c = checkCombatant(state, cmd.combatantId);
  if (isFailure(c)) return c;
  if (cmd.focusId !== null && cmd.focusId !== undefined) {
    const other = checkCombatant(state, cmd.focusId);
    if (isFailure(other)) return other;
    if (other.id === c.id) return failure('ranks/focus', `${c.name} can't have themselves as their focus.`);
  }
  const event: FocusSetEvent = { type: FOCUS_SET, combatantId: c.id, focusId: typeof cmd.focusId === 'string' ? cmd.focusId : null };
  return { ok: true, value: [event] };
}

export const applyFocus = (state: EncounterState, combatantId: Id, focusId: Id | null): EncounterState => withPerson(state, combatantId, (p) => ({ ...p, focus: focusId }));

function tell(e: FocusSetEvent, voice: Voice): Told | null {
  const who = voice.who(e.combatantId);
  if (who === null) return null;
  if (e.focusId === null) return told(`${who} has nobody as their focus.`, [e.combatantId]);
  const other = voice.who(e.focusId);
  return other === null ? null : told(`${who} turns their attention to ${other}.`, [e.combatantId, e.focusId]);
}

export const FOCUS_EVENT = ruleEvent<FocusSetEvent>({
  kind: 'other',
  fightLog: false,
  schema: v.object({ combatantId: eventId, focusId: v.nullable(eventId) }),
  refers: (state, e) => [e.combatantId, e.focusId].find((id) => id !== null && !state.combatants.some((c) => c.id === id)) ? 'it names someone who is not in the fight' : null,
  apply: (state, e) => applyFocus(state, e.combatantId, e.focusId),
  tell,
});
