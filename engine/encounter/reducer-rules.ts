import type { AttackSituation, CombatantPatch, PendingAttack } from './attack';
import type { EventOf } from './events';
import { bordersFromZones } from '../map/borders';
import type { Border, Combatant, EncounterState, Id, Mark } from './state';

// How rule events change the state: zones and gear, rule marks, attacks, morale, chases and wear.
// Every roll and outcome is already in the event; this only writes them in.

export type RulesEvent = EventOf<
  | 'zones-set'
  | 'zone-set'
  | 'map-set'
  | 'map-cleared'
  | 'gear-set'
  | 'mark-set'
  | 'grab-set'
  | 'initiative-faction-set'
  | 'setting-set'
  | 'attack-declared'
  | 'reaction-chosen'
  | 'attack-resolved'
  | 'attack-cancelled'
  | 'morale-checked'
  | 'morale-skipped'
  | 'chase-resolved'
  | 'gear-worn'
>;

function update(state: EncounterState, id: Id, change: (c: Combatant) => Combatant): EncounterState {
  return { ...state, combatants: state.combatants.map((c) => (c.id === id ? change(c) : c)) };
}

function withMark(c: Combatant, mark: Mark, on: boolean): Combatant {
  const marks = c.marks.filter((m) => m !== mark);
  return { ...c, marks: on ? [...marks, mark] : marks };
}

function applyPatch(c: Combatant, patch: CombatantPatch): Combatant {
  return {
    ...c,
    ...(patch.tracks ? { tracks: patch.tracks } : {}),
    ...(patch.gear ? { gear: patch.gear } : {}),
    ...(patch.marks ? { marks: patch.marks } : {}),
    ...(patch.grabbedBy !== undefined ? { grabbedBy: patch.grabbedBy } : {}),
  };
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
  return {
    ...attack,
    situation: { ...LATER_FLAGS, ...attack.situation },
    selfReact: stored.selfReact ?? (attack.surprised ? [] : [...attack.awaiting]),
  };
}

/**
 * New zones and borders: whoever is listed (`unplaced`) stands nowhere, and whoever stood on a
 * border that is gone steps off it into their zone.
 */
function withField(state: EncounterState, field: Pick<EncounterState, 'zones' | 'borders' | 'map'>, unplaced: readonly Id[]): EncounterState {
  const kept = new Set(field.borders.map((b: Border) => b.id));
  return {
    ...state,
    ...field,
    combatants: state.combatants.map((c) => {
      if (unplaced.includes(c.id)) return { ...c, zoneId: null, borderId: null };
      return c.borderId && !kept.has(c.borderId) ? { ...c, borderId: null } : c;
    }),
  };
}

function spend(state: EncounterState, id: Id): EncounterState {
  const turn = state.turn;
  if (!turn || turn.spent.includes(id)) return state;
  return { ...state, turn: { ...turn, spent: [...turn.spent, id] } };
}

function withoutDue(state: EncounterState, factionId: Id): EncounterState {
  const turn = state.turn;
  return turn ? { ...state, turn: { ...turn, moraleDue: turn.moraleDue.filter((f) => f !== factionId) } } : state;
}

export function applyRulesEvent(state: EncounterState, event: RulesEvent): EncounterState {
  switch (event.type) {
    case 'zones-set':
      // A plain zone list replaces any drawn map; its borders are two-way, derived from the neighbours.
      return withField(state, { zones: event.zones, borders: bordersFromZones(event.zones), map: null }, event.moved);
    case 'map-set':
      return withField(state, { zones: event.zones, borders: event.borders, map: event.map }, event.unplaced);
    case 'map-cleared':
      return withField(state, { zones: [], borders: [], map: null }, state.combatants.map((c) => c.id));
    case 'zone-set':
      // Older logs have no borderId: placing someone in a zone put them off any border.
      return update(state, event.combatantId, (c) => ({ ...c, zoneId: event.zoneId, borderId: event.borderId ?? null }));
    case 'gear-set':
      return update(state, event.combatantId, (c) => ({ ...c, gear: event.gear }));
    case 'mark-set':
      return update(state, event.combatantId, (c) => withMark(c, event.mark, event.on));
    case 'grab-set':
      return update(state, event.combatantId, (c) => ({ ...c, grabbedBy: event.grabbedBy }));
    case 'initiative-faction-set':
      // Null: unclear who started it, so it is drawn at random when combat starts.
      return { ...state, initiativeFactionId: event.factionId ?? null, initiativePreset: event.factionId ?? null };
    case 'setting-set':
      return { ...state, settings: { ...state.settings, [event.key]: event.value } };
    case 'attack-declared': {
      const attack = withDefaults(event.attack);
      let next = update(state, attack.attackerId, (c) => ({
        ...c,
        gear: c.gear.map((g) => (g.id === attack.weaponId ? { ...g, used: true } : g)),
      }));
      // An attack on the attacker's own turn takes their main action; one made out of turn
      // (an opportunity attack) takes their whole turn as a reaction.
      if (event.asReaction) next = spend(next, attack.attackerId);
      else if (next.turn) next = { ...next, turn: { ...next.turn, budget: { ...next.turn.budget, main: next.turn.budget.main + 1 } } };
      return { ...next, pendingAttack: event.missed || attack.targets.length === 0 ? null : attack, rng: event.rng ?? state.rng };
    }
    case 'reaction-chosen': {
      const pending = state.pendingAttack;
      if (!pending) return state;
      const { reaction, targetId } = event;
      const replaced = reaction.kind === 'hide-behind' ? reaction.helperId : reaction.kind === 'guard' ? reaction.guardId : null;
      const targets = replaced ? pending.targets.map((t: Id) => (t === targetId ? replaced : t)) : pending.targets;
      const awaiting = pending.awaiting.filter((t: Id) => t !== targetId);
      const selfReact = pending.selfReact.filter((t: Id) => !replaced || t !== targetId);
      // Whoever is hidden behind may react in turn; a guard has spent their reaction guarding.
      if (reaction.kind === 'hide-behind') {
        awaiting.push(reaction.helperId);
        selfReact.push(reaction.helperId);
      }
      const after = {
        ...state,
        pendingAttack: { ...pending, targets, awaiting, selfReact, reactions: [...pending.reactions, { reactorId: event.reactorId, targetId, reaction, save: event.save }] },
        rng: event.rng ?? state.rng,
      };
      // Taking the hit is no reaction, and accepting a stunt isn't either: neither spends the turn.
      return reaction.kind === 'none' || reaction.kind === 'accept-stunt' ? after : spend(after, event.reactorId);
    }
    case 'attack-resolved': {
      const patches = new Map(event.patches.map((p) => [p.combatantId, p]));
      return {
        ...state,
        combatants: state.combatants.map((c) => {
          const patch = patches.get(c.id);
          return patch ? applyPatch(c, patch) : c;
        }),
        pendingAttack: null,
        rng: event.rng ?? state.rng,
      };
    }
    case 'attack-cancelled':
      return { ...state, pendingAttack: null };
    case 'morale-checked': {
      let next = withoutDue(state, event.factionId);
      for (const r of event.results) {
        const mark: Mark = r.outcome === 'immune' ? 'morale-immune' : r.outcome;
        next = update(next, r.combatantId, (c) => withMark(c, mark, true));
      }
      return { ...next, rng: event.rng ?? state.rng };
    }
    case 'morale-skipped':
      return withoutDue(state, event.factionId);
    case 'chase-resolved': {
      let next: EncounterState = { ...state, rng: event.rng ?? state.rng };
      for (const r of event.results) if (r.escaped) next = update(next, r.combatantId, (c) => withMark(c, 'retreated', true));
      return next;
    }
    case 'gear-worn': {
      const wear = new Map(event.results.map((r) => [r.itemId, r.after]));
      return {
        ...state,
        // A rolled item starts over as unused, so the next fight's wear roll counts only that fight.
        combatants: state.combatants.map((c) => ({
          ...c,
          gear: c.gear.map((g) => {
            const after = wear.get(g.id);
            return after === undefined ? g : { ...g, wear: after, used: false };
          }),
        })),
        rng: event.rng ?? state.rng,
      };
    }
  }
}
