import type { AttackSituation, CombatantPatch, PendingAttack } from './attack';
import { withTurn } from '../../core/budget';
import type { Combatant, EncounterState, Id, Mark } from '../../core/state';
import type { ZonesEventOf } from './events';
import { budgetAfter } from '../../core/economy';
import { ZONES_ECONOMY } from './actions';
import type { GearItem } from './gear';
import { gearOf, withPendingAttack, withZonesFight, withZonesPerson, zonesFight, zonesPerson } from './slice';

// How Zones & Factions' own events change the state: attacks and reactions, chases, gear wear,
// grabs and gear. Every roll and outcome is already in the event; this only writes them in.

function update(state: EncounterState, id: Id, change: (c: Combatant) => Combatant): EncounterState {
  return { ...state, combatants: state.combatants.map((c) => (c.id === id ? change(c) : c)) };
}

function applyPatch(c: Combatant, patch: CombatantPatch): Combatant {
  const next: Combatant = { ...c };
  if (patch.tracks) next.tracks = patch.tracks;
  if (patch.marks) next.marks = patch.marks;
  if (patch.gear || patch.grabbedBy !== undefined) {
    const person = zonesPerson(c);
    next.rules = { grabbedBy: patch.grabbedBy !== undefined ? patch.grabbedBy : person.grabbedBy, gear: patch.gear ?? person.gear };
  }
  return next;
}

/** The character with their gear changed item by item. */
function withGearMapped(c: Combatant, change: (g: GearItem) => GearItem): Combatant {
  return withZonesPerson(c, { gear: gearOf(c).map(change) });
}

// Flags added to the situation after the first logs were written: absent means false.
const LATER_FLAGS: Pick<AttackSituation, 'barrier' | 'attackerPeeking' | 'outOfRange'> = { barrier: false, attackerPeeking: false, outOfRange: false };

/**
 * An attack as logged, with the fields older logs lack filled in: the situation's later flags,
 * and who may react themselves (then, the awaiting targets unless they were surprised, since only
 * they were asked).
 */
function withDefaults(attack: PendingAttack): PendingAttack {
  const stored = attack as Omit<PendingAttack, 'selfReact'> & { selfReact?: Id[] };
  const s = attack.situation;
  // Logs written now lack nothing: the attack is kept as logged, without copying it on every
  // replay (this ran for every attack and was the hottest line of a Zones replay).
  if (stored.selfReact !== undefined && s.barrier !== undefined && s.attackerPeeking !== undefined && s.outOfRange !== undefined) return attack;
  return {
    ...attack,
    situation: { ...LATER_FLAGS, ...attack.situation },
    selfReact: stored.selfReact ?? (attack.surprised ? [] : [...attack.awaiting]),
  };
}

/** The character has used their turn this round (a reaction, an attack out of turn). */
function spend(state: EncounterState, id: Id): EncounterState {
  const turn = state.turn;
  if (!turn || turn.spent.includes(id)) return state;
  return { ...state, turn: { ...turn, spent: [...turn.spent, id] } };
}

export function attackDeclared(state: EncounterState, event: ZonesEventOf<'zones/attack-declared'>): EncounterState {
  const attack = withDefaults(event.attack);
  let next = update(state, attack.attackerId, (c) => withGearMapped(c, (g) => (g.id === attack.weaponId ? { ...g, used: true } : g)));
  // An attack on the attacker's own turn takes their main action; one made out of turn
  // (an opportunity attack) takes their whole turn as a reaction.
  if (event.asReaction) next = spend(next, attack.attackerId);
  else if (next.turn) next = { ...next, turn: { ...next.turn, budget: budgetAfter(ZONES_ECONOMY, next.turn.budget, 'main') } };
  return withPendingAttack({ ...next, rng: event.rng ?? state.rng }, event.missed || attack.targets.length === 0 ? null : attack);
}

export function reactionChosen(state: EncounterState, event: ZonesEventOf<'zones/reaction-chosen'>): EncounterState {
  const pending = zonesFight(state).pendingAttack;
  if (!pending) return state;
  const { reaction, targetId } = event;
  const replaced = reaction.kind === 'hide-behind' ? reaction.helperId : reaction.kind === 'guard' ? reaction.guardId : null;
  const targets = replaced ? pending.targets.map((t: Id) => (t === targetId ? replaced : t)) : pending.targets;
  const awaiting = pending.awaiting.filter((t: Id) => t !== targetId);
  const selfReact = pending.selfReact.filter((t: Id) => !replaced || t !== targetId);
  // Whoever is hidden behind may react in turn; a guard has spent their reaction guarding, so is
  // asked (when the event says so) only to take the blow, or for the GM to rule a reaction.
  let noReaction = pending.noReaction;
  if (reaction.kind === 'hide-behind') {
    awaiting.push(reaction.helperId);
    selfReact.push(reaction.helperId);
  } else if (reaction.kind === 'guard' && event.guardAsked === true) {
    awaiting.push(reaction.guardId);
    noReaction = [...(noReaction ?? []).filter((n) => n.targetId !== reaction.guardId), { targetId: reaction.guardId, reason: 'guarded' }];
  }
  const after = withPendingAttack(
    { ...state, rng: event.rng ?? state.rng },
    {
      ...pending,
      targets,
      awaiting,
      selfReact,
      ...(noReaction ? { noReaction } : {}),
      reactions: [...pending.reactions, { reactorId: event.reactorId, targetId, reaction, save: event.save }],
    },
  );
  // Taking the hit is no reaction, and accepting a stunt isn't either: neither spends the turn.
  return reaction.kind === 'none' || reaction.kind === 'accept-stunt' ? after : spend(after, event.reactorId);
}

export function attackResolved(state: EncounterState, event: ZonesEventOf<'zones/attack-resolved'>): EncounterState {
  const patches = new Map(event.patches.map((p) => [p.combatantId, p]));
  const patched = {
    ...state,
    combatants: state.combatants.map((c) => {
      const patch = patches.get(c.id);
      return patch ? applyPatch(c, patch) : c;
    }),
    rng: event.rng ?? state.rng,
  };
  return withPendingAttack(patched, null);
}

export function chaseResolved(state: EncounterState, event: ZonesEventOf<'zones/chase-resolved'>): EncounterState {
  let next: EncounterState = { ...state, rng: event.rng ?? state.rng };
  for (const r of event.results) {
    if (r.escaped) next = update(next, r.combatantId, (c) => ({ ...c, marks: [...c.marks.filter((m) => m !== 'retreated'), 'retreated'] }));
  }
  return next;
}

export function gearWorn(state: EncounterState, event: ZonesEventOf<'zones/gear-worn'>): EncounterState {
  const wear = new Map(event.results.map((r) => [r.itemId, r.after]));
  return {
    ...state,
    // A rolled item starts over as unused, so the next fight's wear roll counts only that fight.
    combatants: state.combatants.map((c) =>
      withGearMapped(c, (g) => {
        const after = wear.get(g.id);
        return after === undefined ? g : { ...g, wear: after, used: false };
      }),
    ),
    rng: event.rng ?? state.rng,
  };
}

export function grabSet(state: EncounterState, event: ZonesEventOf<'zones/grab-set'>): EncounterState {
  return update(state, event.combatantId, (c) => withZonesPerson(c, { grabbedBy: event.grabbedBy }));
}

// Gear ids are "g<serial>": the counter is kept past them so replay hands out the same ids.
export function gearSet(state: EncounterState, event: ZonesEventOf<'zones/gear-set'>): EncounterState {
  const serial = event.gear.reduce((max, g) => Math.max(max, Number(g.id.slice(1)) || 0), state.serial);
  return update({ ...state, serial }, event.combatantId, (c) => withZonesPerson(c, { gear: event.gear }));
}

export function moralePhaseStarted(state: EncounterState, event: ZonesEventOf<'zones/morale-phase-started'>): EncounterState {
  // Whoever was shaken is asked now; a side skipped is shaken again for the next round.
  return withZonesFight({ ...withTurn(state, { turn: { economy: ZONES_ECONOMY } }, () => ({ phase: 'morale', factionId: null, passes: [] })), activeId: null }, { moraleDue: [...event.due], shaken: [] });
}

function withoutDue(state: EncounterState, factionId: Id): EncounterState {
  return withZonesFight(state, { moraleDue: zonesFight(state).moraleDue.filter((f) => f !== factionId) });
}

// Passing makes a character steady for the rest of the fight; failing, they surrender or flee.
export function moraleChecked(state: EncounterState, event: ZonesEventOf<'zones/morale-checked'>): EncounterState {
  let next = withoutDue(state, event.factionId);
  for (const r of event.results) {
    const mark: Mark = r.outcome === 'immune' ? 'morale-immune' : r.outcome;
    next = update(next, r.combatantId, (c) => ({ ...c, marks: [...c.marks.filter((m) => m !== mark), mark] }));
  }
  return { ...next, rng: event.rng ?? state.rng };
}

export function moraleSkipped(state: EncounterState, event: ZonesEventOf<'zones/morale-skipped'>): EncounterState {
  const skipped = withoutDue(state, event.factionId);
  return withZonesFight(skipped, { shaken: [...zonesFight(skipped).shaken.filter((f) => f !== event.factionId), event.factionId] });
}

/** Shoved: freed, moved where the shove sent them, and the grabber's action spent. */
export function shoved(state: EncounterState, event: ZonesEventOf<'zones/shoved'>): EncounterState {
  const to = event.to;
  const next = update(state, event.targetId, (c) => ({ ...withZonesPerson(c, { grabbedBy: null }), ...(to ? { zoneId: to.zoneId, borderId: to.borderId } : {}) }));
  return next.turn ? { ...next, turn: { ...next.turn, budget: budgetAfter(ZONES_ECONOMY, next.turn.budget, event.spends) } } : next;
}
