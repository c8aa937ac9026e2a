import type { RandomSource } from '../../dice/random';
import type { AttackIntent, AttackSituation, Reaction } from './attack';
import { checkCombatant, checkFaction, isFailure, nextId } from '../../core/checks';
import type { RulesetCommand } from '../../core/commands';
import { checkGear, type GearInput, type GearItem } from './gear';
import type { EncounterEvent } from '../../core/events';
import type { EncounterState, Id } from '../../core/state';
import { failure, ruleRefusal, type Result } from '../../result';
import { commandsOf } from '../../core/typed';
import { resolveChase, rollGearWear } from './aftermath';
import { declareAttack } from './declare-attack';
import { checkMorale } from './morale';
import type { ZonesEvent } from './events';
import { reactToAttack } from './react';
import { gearOf, zonesFight } from './slice';
import { shove } from './shove';
import { proposeStunt } from './stunt';
import { handleItem, type HandMove } from './items';
import { callMorale } from './morale-trigger';
import type { MoveTarget } from '../../space/zones/movement';

/** A fleeing character in a long chase, with how fast and how long they can run. */
export interface ChaseRunner {
  combatantId: Id;
  speed: number;
  stamina: number;
}

/** Zones & Factions' own commands. */
export type ZonesCommand =
  | {
      type: 'zones/declare-attack';
      attackerId: Id;
      /** The attacker's weapon; null or omitted for an unarmed attack. */
      weaponId?: Id | null;
      /** The targets of a single attack (one, or several for a weapon that allows it). */
      targetIds?: Id[];
      /** The zone a blast is aimed at. */
      zoneId?: Id;
      intent?: AttackIntent;
      disarmWeaponId?: Id;
      stunt?: string;
      situation?: Partial<AttackSituation>;
      /**
       * The GM rules the attack possible past what the map says: a disarm, grapple or final blow at
       * a target not nearby, any attack out of the weapon's reach, or through a barrier; half
       * range, the barrier and peeking out from it then go as the situation says.
       */
      gmRuling?: boolean;
    }
  /** A counter out of the attack's reach, or one the text rules out, only by the GM's ruling (`gmRuling`). */
  | { type: 'zones/react-to-attack'; reactorId: Id; targetId: Id; reaction: Reaction; gmRuling?: boolean }
  | { type: 'zones/cancel-attack' }
  /** The attacker offers a stunt in place of the waiting attack's damage, before any target answers. */
  | { type: 'zones/propose-stunt'; stunt: string }
  | { type: 'zones/resolve-chase'; fleeing: ChaseRunner[]; pursuers: { speed: number; stamina: number } }
  | { type: 'zones/roll-gear-wear' }
  /**
   * Weapons, shields and armour as the GM enters them (setup, or a correction at any time).
   * Armour can't be changed during a fight, unless the GM rules so (`gmRuling`).
   */
  | { type: 'zones/set-gear'; combatantId: Id; gear: GearInput[]; gmRuling?: boolean }
  /** Who holds this character grabbed; null releases them (the grabber lets go, or shoves them away). */
  | { type: 'zones/set-grabbed'; combatantId: Id; grabbedBy: Id | null }
  /** A faction due a morale check makes it; `outcomes` says who surrenders rather than flees on a failure. */
  | { type: 'zones/morale-check'; factionId: Id; outcomes?: Record<Id, 'surrendered' | 'retreated'> }
  | { type: 'zones/skip-morale'; factionId: Id }
  /**
   * The grabber shoves the one they hold: freed, and sent half a zone (`to`: a border of their
   * zone, or a zone off the border they stand on), into the hazard of the zone they end up in, or
   * both. Takes the main action unless `spends` says bonus. Someone not held only by `gmRuling`.
   */
  | { type: 'zones/shove'; grabberId: Id; targetId: Id; to?: MoveTarget | null; hazard?: boolean; spends?: 'main' | 'bonus'; gmRuling?: boolean }
  /**
   * On the character's turn, a bonus action: equip, unequip, put down or pick up one of their
   * weapons or shields. Picking one up from another zone only by `gmRuling`.
   */
  | { type: 'zones/handle-item'; combatantId: Id; itemId: Id; how: HandMove; gmRuling?: boolean }
  /** The GM calls for a morale check at this round's end from a side nothing has shaken: only by `gmRuling`. */
  | { type: 'zones/call-morale'; factionId: Id; gmRuling?: boolean };

export type ZonesCommandType = ZonesCommand['type'];
export type ZonesCommandOf<T extends ZonesCommandType> = Extract<ZonesCommand, { type: T }>;

const ok = (...events: ZonesEvent[]): Result<EncounterEvent[]> => ({ ok: true, value: events });

function setGear(state: EncounterState, cmd: ZonesCommandOf<'zones/set-gear'>): Result<EncounterEvent[]> {
  const c = checkCombatant(state, cmd.combatantId);
  if (isFailure(c)) return c;
  const checked = checkGear(cmd.gear, gearOf(c), (n) => nextId(state, 'g', n));
  if (isFailure(checked)) return checked;
  // A piece entered as on the ground, with no zone given, lies where its owner stands.
  const gear = checked.map((g) => (g.place === 'dropped' && (g.droppedIn ?? null) === null ? { ...g, droppedIn: c.zoneId } : g));
  // "Armour can't be changed during a fight." Its wear is bookkeeping the GM may correct.
  const armourChanged = armourKey(gear) !== armourKey(gearOf(c));
  if (armourChanged && state.status === 'running') {
    if (cmd.gmRuling !== true) {
      const worn = gearOf(c).filter((g) => g.kind === 'armour').map((g) => g.name);
      const keeps = worn.length > 0 ? `${c.name} keeps ${worn.join(' and ')} until it ends` : `${c.name} fights on without armour`;
      return ruleRefusal('gear/armour-in-fight', `Armour can't be changed during a fight: ${keeps}. As GM you may rule otherwise.`);
    }
    return ok({ type: 'zones/gear-set', combatantId: c.id, gear, ruling: true });
  }
  return ok({ type: 'zones/gear-set', combatantId: c.id, gear });
}

/** What counts as changing armour: which pieces are worn, their names and protection (not their wear). */
function armourKey(gear: readonly GearItem[]): string {
  return JSON.stringify(gear.filter((g) => g.kind === 'armour').map((g) => [g.id, g.name, g.protection]));
}

function setGrabbed(state: EncounterState, cmd: ZonesCommandOf<'zones/set-grabbed'>): Result<EncounterEvent[]> {
  const c = checkCombatant(state, cmd.combatantId);
  if (isFailure(c)) return c;
  if (cmd.grabbedBy === null) return ok({ type: 'zones/grab-set', combatantId: c.id, grabbedBy: null });
  const holder = checkCombatant(state, cmd.grabbedBy);
  if (isFailure(holder)) return holder;
  if (holder.id === c.id) return failure('grab/self', `${c.name} can't hold themselves.`);
  return ok({ type: 'zones/grab-set', combatantId: c.id, grabbedBy: holder.id });
}

function morale(state: EncounterState, cmd: ZonesCommandOf<'zones/morale-check' | 'zones/skip-morale'>, random: () => RandomSource): Result<EncounterEvent[]> {
  if (state.status !== 'running' || state.turn?.phase !== 'morale') return failure('morale/not-now', 'Morale checks are made in the morale phase, at the end of a round.');
  const faction = checkFaction(state, cmd.factionId);
  if (isFailure(faction)) return faction;
  if (!zonesFight(state).moraleDue.includes(faction.id)) return failure('morale/not-due', `${faction.name} has no morale check due.`);
  if (cmd.type === 'zones/skip-morale') return ok({ type: 'zones/morale-skipped', factionId: faction.id });
  const outcomes = typeof cmd.outcomes === 'object' && cmd.outcomes !== null ? cmd.outcomes : {};
  const source = random();
  const results = checkMorale(state, faction.id, outcomes, source);
  // Once no check is left waiting, the core begins the next round.
  return ok({ type: 'zones/morale-checked', factionId: faction.id, results, rng: results.length > 0 ? source.state() : null });
}

export const ZONES_COMMANDS = commandsOf<ZonesCommand>()({
  'zones/declare-attack': (state, cmd, random) => declareAttack(state, cmd, random()),
  'zones/react-to-attack': (state, cmd, random) => reactToAttack(state, cmd, random()),
  'zones/cancel-attack': (state) =>
    zonesFight(state).pendingAttack ? ok({ type: 'zones/attack-cancelled' }) : failure('attack/none', 'No attack is waiting to be cancelled.'),
  'zones/resolve-chase': (state, cmd, random) => resolveChase(state, cmd, random()),
  'zones/roll-gear-wear': (state, _cmd, random) => rollGearWear(state, random()),
  'zones/set-gear': setGear,
  'zones/set-grabbed': setGrabbed,
  'zones/morale-check': morale,
  'zones/skip-morale': morale,
  'zones/shove': shove,
  'zones/propose-stunt': proposeStunt,
  'zones/call-morale': callMorale,
  'zones/handle-item': handleItem,
});
