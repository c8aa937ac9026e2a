import type { RandomSource } from '../dice/random';
import { failure, type Result } from '../result';
import type { Ruleset } from '../core/ruleset';
import { promptInvolving } from './prompts';
import { checkCombatant, checkFaction, checkInteger, checkName, isFailure, nextId, NOTES_MAX } from '../core/checks';
import type { Command } from '../core/commands';
import type { AlternatingProcedure, OrderProcedure } from '../core/turn-procedure';
import { EventChain } from './chain';
import { passTurn } from './decide-turns';
import { moveGo } from './round-flow';
import { decideCondition } from '../core/conditions';
import { decideResource } from './resources';
import { checkSheet, rulingMark } from './sheet-check';
import { expiringConditions } from './timers';
import type { EncounterEvent } from '../core/events';
import type { Combatant, EncounterState, Track } from '../core/state';

type CombatantCommand = Extract<
  Command,
  {
    type:
      | 'damage'
      | 'heal'
      | 'set-track'
      | 'set-stat'
      | 'add-condition'
      | 'set-condition-timer'
      | 'remove-condition'
      | 'rename'
      | 'set-faction'
      | 'set-concealed'
      | 'set-notes'
      | 'move-in-order'
      | 'set-initiative'
      | 'remove-combatant'
      | 'use-resource'
      | 'set-resource-used';
  }
>;

const ok = (...events: EncounterEvent[]): Result<EncounterEvent[]> => ({ ok: true, value: events });
export const AMOUNT_MAX = 100_000;
function removeCombatant(state: EncounterState, c: Combatant, ruleset: Ruleset, random: () => RandomSource): Result<EncounterEvent[]> {
  const proc = ruleset.turn.order;
  const prompt = promptInvolving(state, ruleset, c.id);
  if (prompt) return failure(prompt.code, `${c.name} can't be removed while the fight waits on them. ${prompt.message}`);
  if (proc.kind === 'alternating') return removeFromAlternating(state, c, ruleset, proc, random);
  const order = state.order.filter((id) => id !== c.id);
  const next = state.activeId === c.id ? proc.next(state) : null;
  if (!next || next.activeId === c.id) {
    // Not the acting combatant (or the last one standing): the turn stays where it is.
    const activeId = state.activeId === c.id ? null : state.activeId;
    return ok({ type: 'combatant-removed', combatantId: c.id, order, activeId });
  }
  // The turn passes to whoever was next, so removing the acting monster doesn't stall the fight.
  // It passes exactly as Next turn would: if the removed one was last in the round, a new round
  // begins (otherwise the first in the order would act twice in the same round), and timers that
  // end at this turn boundary run out.
  // Like Next turn it goes past those who are down or out.
  const passing = passTurn(state, next, ruleset, proc, random, c.id);
  const last = [...passing].reverse().find((e) => e.type === 'turn-advanced');
  return ok(...passing, { type: 'combatant-removed', combatantId: c.id, order, activeId: last?.type === 'turn-advanced' ? last.activeId : next.activeId });
}

// Removing someone while factions alternate. If it was their turn, the turn ends first, as End
// turn would end it ("end of turn" timers run out), and the go passes on from their faction. A go
// left resting on a faction with nobody to act is moved on by `settleGo`, after every command.
function removeFromAlternating(
  state: EncounterState,
  c: Combatant,
  ruleset: Ruleset,
  proc: AlternatingProcedure,
  random: () => RandomSource,
): Result<EncounterEvent[]> {
  const chain = new EventChain(state, ruleset);
  const acting = state.activeId === c.id;
  if (acting) chain.push({ type: 'turn-ended', combatantId: c.id, expired: expiringConditions(state, '') });
  chain.push({ type: 'combatant-removed', combatantId: c.id, order: state.order, activeId: chain.state.activeId });
  if (acting && chain.state.status === 'running' && chain.state.turn?.phase !== proc.roundEnd?.phase) {
    moveGo({ chain, proc, ruleset, source: random() }, c.factionId);
  }
  return ok(...chain.events);
}

function moveInOrder(state: EncounterState, c: Combatant, index: unknown): Result<EncounterEvent[]> {
  if (!state.order.includes(c.id)) return failure('order/not-placed', `${c.name} has no place in the turn order yet; start combat first.`);
  const to = checkInteger(index, 'Position', 0, state.order.length - 1);
  if (isFailure(to)) return to;
  const order = state.order.filter((id) => id !== c.id);
  order.splice(to, 0, c.id);
  return ok({ type: 'order-set', order, initiative: null });
}

// A total entered by hand re-sorts the combatant among the others by their totals.
function setInitiative(state: EncounterState, proc: OrderProcedure, c: Combatant, total: unknown): Result<EncounterEvent[]> {
  const value = checkInteger(total, 'Initiative', -100, 1000);
  if (isFailure(value)) return value;
  if (!state.order.includes(c.id)) return failure('order/not-placed', `${c.name} has no place in the turn order yet; start combat first.`);
  // Initiative rolled on known dice can only come out between their lowest and highest totals.
  const dice = proc.handEntry?.(c, state.settings);
  if (dice && (value < dice.min || value > dice.max)) {
    return failure('order/impossible-initiative', `${c.name} rolls ${dice.dice} for initiative, which comes to ${dice.min} to ${dice.max}; ${value} can't be rolled. Type in the total the dice show.`);
  }
  return ok({ type: 'order-set', order: proc.place(state, c, value), initiative: { combatantId: c.id, total: value } });
}

export function decideCombatant(
  state: EncounterState,
  cmd: CombatantCommand,
  ruleset: Ruleset,
  random: () => RandomSource,
): Result<EncounterEvent[]> {
  const c = checkCombatant(state, cmd.combatantId);
  if (isFailure(c)) return c;
  switch (cmd.type) {
    case 'damage':
    case 'heal': {
      const amount = checkInteger(cmd.amount, cmd.type === 'damage' ? 'Damage' : 'Healing', 1, AMOUNT_MAX);
      if (isFailure(amount)) return amount;
      if (cmd.type === 'damage') {
        const tracks = ruleset.health.damage(c, amount, state.settings);
        return { ok: true, value: [{ type: 'combatant-damaged', combatantId: c.id, amount, tracks }, ...(ruleset.health.afterDamage?.(state, c, tracks, amount) ?? [])] };
      }
      const tracks = ruleset.health.heal(c, amount, state.settings);
      return ok({ type: 'combatant-healed', combatantId: c.id, amount: healed(ruleset, c, tracks, amount), tracks });
    }
    case 'set-track': {
      const def = ruleset.character.tracks.find((t) => t.key === cmd.track);
      if (!def) return failure('input/unknown-track', `This ruleset has no track called "${String(cmd.track)}".`);
      const max = checkInteger(cmd.max ?? c.tracks[def.key]?.max ?? def.default, `Maximum ${def.label}`, def.min, def.max);
      if (isFailure(max)) return max;
      const value = checkInteger(cmd.value, def.label, 0, max);
      if (isFailure(value)) return value;
      return ok({ type: 'track-set', combatantId: c.id, track: def.key, value: { value, max } });
    }
    case 'set-stat': {
      const def = ruleset.character.stats.find((s) => s.key === cmd.stat);
      if (!def) return failure('input/unknown-stat', `This ruleset has no stat called "${String(cmd.stat)}".`);
      const value = checkInteger(cmd.value, def.label, def.min, def.max);
      if (isFailure(value)) return value;
      const sheet = checkSheet(ruleset, state, { ...c, stats: { ...c.stats, [def.key]: value } }, c, cmd.gmRuling);
      if (isFailure(sheet)) return sheet;
      return ok({ type: 'stat-set', combatantId: c.id, stat: def.key, value, ...rulingMark(sheet) });
    }
    case 'add-condition':
    case 'set-condition-timer':
      return decideCondition(state, ruleset, c, cmd, random);
    case 'remove-condition':
      if (!c.conditions.some((k) => k.id === cmd.conditionId)) {
        return failure('condition/unknown', `${c.name} has no such condition; it may have expired already.`);
      }
      return ok({ type: 'condition-removed', combatantId: c.id, conditionId: cmd.conditionId });
    case 'rename': {
      const name = checkName(cmd.name, 'combatant');
      if (isFailure(name)) return name;
      return ok({ type: 'combatant-renamed', combatantId: c.id, name });
    }
    case 'set-faction': {
      const faction = checkFaction(state, cmd.factionId);
      if (isFailure(faction)) return faction;
      return ok({ type: 'faction-changed', combatantId: c.id, factionId: faction.id });
    }
    case 'set-concealed':
      return ok({ type: 'concealment-set', combatantId: c.id, concealed: cmd.concealed === true });
    case 'set-notes':
      if (typeof cmd.notes !== 'string') return failure('input/notes', 'Notes must be text.');
      return ok({ type: 'notes-set', combatantId: c.id, notes: cmd.notes.slice(0, NOTES_MAX) });
    case 'move-in-order':
    case 'set-initiative':
      if (ruleset.turn.order.kind !== 'order') return failure('order/none', `${ruleset.name} has no initiative order; factions pick who acts.`);
      return cmd.type === 'move-in-order' ? moveInOrder(state, c, cmd.index) : setInitiative(state, ruleset.turn.order, c, cmd.total);
    case 'remove-combatant':
      return removeCombatant(state, c, ruleset, random);
    case 'use-resource':
    case 'set-resource-used':
      return decideResource(c, cmd);
  }
}

/**
 * What healing did to the main track: healing stops at the maximum, so 3 points for someone 1
 * short of it heal 1, and the log says so. The amount asked for where the main track didn't rise
 * by less (a ruleset whose healing works otherwise).
 */
function healed(ruleset: Ruleset, c: Combatant, after: Record<string, Track>, asked: number): number {
  const key = ruleset.character.tracks[0]?.key;
  const from = key === undefined ? undefined : c.tracks[key]?.value;
  const to = key === undefined ? undefined : after[key]?.value;
  return from !== undefined && to !== undefined && to >= from && to - from < asked ? to - from : asked;
}
