import type { Combatant, EncounterState, Faction, Id } from '../core/state';
import { promptsOf } from '../core/prompt-stack';
import type { AlternatingProcedure } from '../core/turn-procedure';

// The bookkeeping of procedures where factions alternate: who may act in this phase, whose go
// comes next, and when everybody has passed in a row. Pure reads of the state; the deciders in
// `encounter/decide-alternating.ts` turn them into events.

/**
 * Factions taking part: those with at least one combatant, in the order they act (the sides'
 * rolled order where there is one, the rest after it), else in the encounter's faction order.
 */
export function factionsInFight(state: EncounterState): Faction[] {
  const taking = state.factions.filter((f) => state.combatants.some((c) => c.factionId === f.id));
  const order = state.sideOrder ?? [];
  if (order.length === 0) return taking;
  const place = (f: Faction) => (order.includes(f.id) ? order.indexOf(f.id) : order.length);
  return [...taking].sort((a, b) => place(a) - place(b));
}

/** Why a character can't take a turn in this phase, or null when they can (whose go it is aside). */
export function whyNotEligible(proc: AlternatingProcedure, state: EncounterState, c: Combatant): string | null {
  const turn = state.turn;
  if (state.status !== 'running' || !turn) return 'Combat has not started; press Start combat first.';
  if (proc.roundEnd && turn.phase === proc.roundEnd.phase) return proc.roundEnd.refusal;
  if (turn.spent.includes(c.id)) return `${c.name} has already used their turn this round.`;
  if (!proc.canAct(c)) return `${c.name} is out of the fight and can't take a turn.`;
  const opening = proc.opening;
  if (opening && turn.phase === opening.phase && !opening.mayAct(c, state)) return opening.waits(c);
  const waits = proc.waitsFor?.(state, c);
  if (waits) return waits;
  const gate = proc.gate;
  if (gate && turn.phase === gate.first) {
    if (turn.gate === null) return gate.waiting;
    const score = c.stats[gate.stat] ?? 0;
    if (score < turn.gate) return gate.below(c, score, turn.gate);
  }
  return null;
}

/** The characters of a faction who may still take a turn in this phase. */
export function eligibleOf(proc: AlternatingProcedure, state: EncounterState, factionId: Id): Combatant[] {
  return state.combatants.filter((c) => c.factionId === factionId && whyNotEligible(proc, state, c) === null);
}

/** Whether anyone at all is able to take turns, so a new round doesn't open on an empty table. */
export function anyoneCanAct(proc: AlternatingProcedure, state: EncounterState): boolean {
  return state.combatants.some((c) => proc.canAct(c));
}

/**
 * Whose go it is next, looking at the factions in order starting after `afterId` (or at `fromId`
 * itself when `inclusive`). A faction with nobody left to act passes automatically: it is listed
 * in `skipped`. `factionId` is null when every faction has now passed in a row, which ends the
 * phase.
 */
export function nextGo(
  proc: AlternatingProcedure,
  state: EncounterState,
  fromId: Id | null,
  inclusive: boolean,
): { factionId: Id | null; skipped: Id[] } {
  const factions = factionsInFight(state).map((f) => f.id);
  if (factions.length === 0) return { factionId: null, skipped: [] };
  const at = fromId === null ? -1 : factions.indexOf(fromId);
  const start = inclusive ? Math.max(at, 0) : at + 1;
  const passes = new Set(state.turn?.passes ?? []);
  // Every faction has passed in a row already (the last one just did): the phase is over, even
  // though some of them still have characters who could act.
  if (factions.every((f) => passes.has(f))) return { factionId: null, skipped: [] };
  const skipped: Id[] = [];
  for (let i = 0; i < factions.length; i++) {
    const id = factions[(start + i) % factions.length];
    if (id === undefined) continue;
    if (eligibleOf(proc, state, id).length > 0) return { factionId: id, skipped };
    skipped.push(id);
    passes.add(id);
    if (factions.every((f) => passes.has(f))) return { factionId: null, skipped };
  }
  return { factionId: null, skipped };
}

/**
 * The characters of the faction whose go it is who may take a turn now, in list order: nobody
 * while a turn is under way or the fight waits for an answer (an open prompt).
 */
export function whoMayTakeTurn(proc: AlternatingProcedure, state: EncounterState): Combatant[] {
  const factionId = state.turn?.factionId;
  if (!factionId || state.activeId || promptsOf(state).length > 0) return [];
  return eligibleOf(proc, state, factionId);
}
