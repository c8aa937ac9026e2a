import { applyDisplayEvent, defaultDisplay, isDisplayEvent, withoutActingWaiting, withoutCombatant } from '../core/display';
import type { Ruleset } from '../core/ruleset';
import { isRulesetEvent, type CoreEvent, type EncounterEvent, type EventOf, type RulesetEvent } from '../core/events';
import { applyRoundEvent, orderTurnStarts } from './reducer-rounds';
import { withTurn } from '../core/budget';
import { applyRulesEvent } from './reducer-rules';
import { spaceEvent } from '../space/events';
import { isSpaceEvent } from '../core/maps/space-events';
import { bumpSerial } from '../core/checks';
import { withoutPrompts } from '../core/prompt-stack';
import { emptySpace, placeOf } from '../core/maps/parts';
import type { Combatant, EncounterState, Id } from '../core/state';
import { refreshRoundResources } from './resources';
import { roundEnds, tickAt, tickConditions } from './timers';

function updateCombatant(state: EncounterState, id: Id, change: (c: Combatant) => Combatant): EncounterState {
  return { ...state, combatants: state.combatants.map((c) => (c.id === id ? change(c) : c)) };
}


// Logs written before places, marks and resources existed hold combatants without these fields.
function withRuleFields(c: Combatant): Combatant {
  return {
    ...c,
    ...placeOf(c),
    marks: c.marks ?? [],
    resources: c.resources ?? [],
    templateId: c.templateId ?? null,
  };
}

function setResourceUsed(state: EncounterState, combatantId: Id, resourceId: Id, used: number): EncounterState {
  return updateCombatant(state, combatantId, (c) => ({
    ...c,
    resources: c.resources.map((r) => (r.id === resourceId ? { ...r, used } : r)),
  }));
}

/** The encounter as it is before its first event. */
export function initialState(event: EventOf<'encounter-created'>, ruleset: Ruleset): EncounterState {
  const slice = ruleset.own?.slice;
  return {
    id: event.id,
    name: event.name,
    rulesetId: event.rulesetId,
    settings: event.settings,
    factions: event.factions,
    combatants: [],
    status: 'setup',
    round: 0,
    order: [],
    activeId: null,
    initiativeFactionId: null,
    initiativePreset: null,
    turn: null,
    ...emptySpace(),
    display: defaultDisplay(event.factions),
    ...(slice ? { rules: slice.encounter } : {}),
    rng: event.rng,
    serial: bumpSerial(0, ...event.factions.map((f) => f.id)),
  };
}

/**
 * Applies one event. Pure: never mutates `state`, never rolls, never fails; the deciders have
 * already checked everything and written every result into the event.
 */
export function applyEvent(state: EncounterState, event: EncounterEvent, ruleset: Ruleset): EncounterState {
  // Whoever the event makes the acting one is no longer kept off the player view; a turn passed
  // over (they are down or out) is no turn taken, so someone hidden until their turn stays hidden.
  const applied = applyOne(state, event, ruleset);
  const next = event.type === 'turn-advanced' && event.passedOver ? applied : withoutActingWaiting(applied);
  // A new round gives every "round" resource its uses back. Done here rather than by an event of
  // its own: the events that start a round (Next turn, removing the acting combatant, a phase or
  // an end-of-round step ending, a fight starting) are already in the log, so replay and undo give
  // the same counts, and one rule covers every path to a new round in both kinds of procedure
  // without each decider having to remember to add a reset. Going back a turn never refreshes.
  const newRound = event.type === 'combat-started' || (next.status === 'running' && next.round > state.round);
  return newRound ? refreshRoundResources(next) : next;
}

function applyOne(state: EncounterState, event: EncounterEvent, ruleset: Ruleset): EncounterState {
  const next = isRulesetEvent(event) ? applyRulesetEvent(state, event, ruleset) : applyCoreEvent(state, event, ruleset);
  // Then the ruleset's own part follows what the event changed (a fight starting, a side shaken
  // by a loss), whatever the event was.
  const afterEvent = ruleset.own?.afterEvent;
  return afterEvent ? afterEvent(state, next, event) : next;
}

function applyCoreEvent(state: EncounterState, event: CoreEvent, ruleset: Ruleset): EncounterState {
  if (isSpaceEvent(event)) return spaceEvent(event).apply(state, event, ruleset);
  if (isDisplayEvent(event)) return applyDisplayEvent(state, event);
  switch (event.type) {
    case 'encounter-created':
      return initialState(event, ruleset);
    case 'faction-added':
      return { ...state, factions: [...state.factions, event.faction], serial: bumpSerial(state.serial, event.faction.id) };
    case 'combatant-added': {
      const combatant = withRuleFields(event.combatant);
      const partIds = ruleset.own?.slice?.idsIn?.(combatant.rules) ?? [];
      return {
        ...state,
        combatants: [...state.combatants, combatant],
        order: event.order,
        rng: event.rng ?? state.rng,
        serial: bumpSerial(state.serial, combatant.id, ...partIds, ...combatant.resources.map((r) => r.id), ...combatant.conditions.map((k) => k.id)),
      };
    }
    case 'combat-started': {
      const totals = new Map(event.initiative.map((e) => [e.combatantId, e.total]));
      // An opening phase is round 0, begun by the first of those who act in it.
      const first = event.opening?.activeId ?? event.order[0];
      const ticked = first ? tickConditions(state, first, null) : state;
      const started: EncounterState = {
        ...withoutPrompts(ticked),
        // A fight started again after it ended begins with a clean round.
        turn: null,
        status: 'running',
        round: event.opening ? 0 : 1,
        order: event.order,
        activeId: first ?? null,
        rng: event.rng,
        combatants: ticked.combatants.map((c) => ({ ...c, initiative: totals.get(c.id) ?? c.initiative })),
        // Sides that roll for their places roll anew in a fight started again: the old places go.
        ...(sidesRoll(ruleset) ? { sideOrder: [], sideKeys: {} } : {}),
      };
      const phase = event.opening?.phase;
      return orderTurnStarts(phase === undefined ? started : withTurn(started, ruleset, () => ({ phase })), ruleset, true);
    }
    case 'turn-advanced': {
      const advanced = { ...tickConditions(roundEnds(state, ruleset, event.round), event.activeId), round: event.round, activeId: event.activeId };
      // Round 1 ends the opening phase a fight may have begun with.
      const leavesOpening = state.round === 0 && event.round > 0 && state.turn !== null;
      return orderTurnStarts(leavesOpening ? withTurn(advanced, ruleset, () => ({ phase: 'main' })) : advanced, ruleset, event.round !== state.round);
    }
    case 'turn-set':
      // The GM stepping back: that turn starts again.
      return orderTurnStarts({ ...state, round: event.round, activeId: event.activeId }, ruleset, false);
    case 'combat-ended':
      return { ...withoutPrompts(tickAt(state, 'fight-end')), status: 'ended', activeId: null };
    case 'scene-ended':
      return tickAt(state, 'scene-end');
    case 'combatant-damaged':
    case 'combatant-healed':
      return updateCombatant(state, event.combatantId, (c) => ({ ...c, tracks: event.tracks }));
    case 'track-set':
      return updateCombatant(state, event.combatantId, (c) => ({
        ...c,
        tracks: { ...c.tracks, [event.track]: event.value },
      }));
    case 'stat-set':
      return updateCombatant(state, event.combatantId, (c) => ({ ...c, stats: { ...c.stats, [event.stat]: event.value } }));
    case 'condition-added':
      return {
        ...updateCombatant(state, event.combatantId, (c) => ({ ...c, conditions: [...c.conditions, event.condition] })),
        serial: bumpSerial(state.serial, event.condition.id),
      };
    case 'condition-timer-set':
      return updateCombatant(state, event.combatantId, (c) => ({
        ...c,
        conditions: c.conditions.map((k) => (k.id === event.conditionId ? { ...k, timer: event.timer } : k)),
      }));
    case 'condition-removed':
      return updateCombatant(state, event.combatantId, (c) => ({
        ...c,
        conditions: c.conditions.filter((k) => k.id !== event.conditionId),
      }));
    case 'combatant-renamed':
      return updateCombatant(state, event.combatantId, (c) => ({ ...c, name: event.name }));
    case 'faction-changed':
      return updateCombatant(state, event.combatantId, (c) => ({ ...c, factionId: event.factionId }));
    case 'concealment-set':
      return updateCombatant(state, event.combatantId, (c) => ({ ...c, concealed: event.concealed }));
    case 'notes-set':
      return updateCombatant(state, event.combatantId, (c) => ({ ...c, notes: event.notes }));
    case 'order-set': {
      const set = event.initiative;
      const next = { ...state, order: event.order };
      return set ? updateCombatant(next, set.combatantId, (c) => ({ ...c, initiative: set.total })) : next;
    }
    case 'combatant-removed':
      return {
        ...withoutCombatant(state, event.combatantId),
        combatants: state.combatants.filter((c) => c.id !== event.combatantId),
        order: event.order,
        activeId: event.activeId,
      };
    case 'resource-used':
    case 'resource-set':
      return setResourceUsed(state, event.combatantId, event.resourceId, event.used);
    case 'dice-rolled':
      return event.rng ? { ...state, rng: event.rng } : state;
    case 'mark-set':
    case 'trait-set':
    case 'initiative-faction-set':
    case 'team-order-set':
    case 'setting-set':
      return applyRulesEvent(state, event);
    default:
      return applyRoundEvent(state, event, ruleset);
  }
}

// A ruleset's own event, applied by the ruleset. Replay only meets events the log's checks let
// through (a known type for this encounter's ruleset), so an unknown one changes nothing.
function applyRulesetEvent(state: EncounterState, event: RulesetEvent, ruleset: Ruleset): EncounterState {
  const definition = ruleset.own?.events?.[event.type];
  return definition ? definition.apply(state, event) : state;
}

// Whether the fight's sides roll for their places (side initiative).
function sidesRoll(ruleset: Ruleset): boolean {
  const turns = ruleset.turn.order;
  return turns.kind === 'alternating' && turns.sideInitiative !== undefined;
}
