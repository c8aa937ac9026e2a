/**
 * What the GM is in the middle of, shared by the turn panel and the map, so either can start it
 * and both show it: a move waiting on opportunity attacks, and an attack being aimed (its targets,
 * or the zone a blast is aimed at).
 */
import { type Combatant, type Id } from '../../../../engine/index';
import { blastTargets, movesAway, opportunityStrikers } from '../../../../engine/rulesets/zones/index';
import { encounterStore } from '../../store/encounter';
import type { EncounterStore } from '../../store/encounter-store.svelte';
import type { MapMoveTarget } from '../panels';

/** Where someone is moving: a zone, or a border (half a zone). */
export type MoveTarget = MapMoveTarget;

export class MoveIntent {
  /** The move waiting while nearby enemies may strike first; null when none. */
  leavingFor = $state.raw<MoveTarget | null>(null);
  /** The enemy making an opportunity attack on the one leaving, while its attack form is open. */
  striker = $state<Id | null>(null);

  readonly #store: EncounterStore;

  constructor(store: EncounterStore) {
    this.#store = store;
  }

  /** Enemies in the acting character's zone who still have their turn: each may make an opportunity attack. */
  get nearbyEnemies(): Combatant[] {
    const fight = this.#store.state;
    const proc = this.#store.alternating;
    return fight && proc ? opportunityStrikers(proc, fight) : [];
  }

  /**
   * The acting character moves to `target`. Moving away from nearby enemies waits for the GM
   * (each may strike first); otherwise the engine is asked at once. False when it refused.
   */
  request(target: MoveTarget): boolean {
    const active = this.#store.active;
    if (!active) return false;
    if (movesAway(active, target) && this.nearbyEnemies.length > 0) {
      this.leavingFor = target;
      return true;
    }
    return this.#store.dispatch({ type: 'move', combatantId: active.id, ...target });
  }

  /** The enemies had their chance: the move goes ahead. */
  goOn(): void {
    const active = this.#store.active;
    const target = this.leavingFor;
    if (active && target && this.#store.dispatch({ type: 'move', combatantId: active.id, ...target })) this.leavingFor = null;
  }

  cancel(): void {
    this.leavingFor = null;
    this.striker = null;
  }
}

export class AttackAim {
  /** Who is attacking, while the attack form is open; null otherwise. */
  attackerId = $state<Id | null>(null);
  /** The weapon's blast: none, one around the attacker (melee) or one aimed at a zone (ranged). */
  blast = $state<'melee' | 'ranged' | null>(null);
  /** The zone a ranged blast is aimed at ('' until chosen). */
  zoneId = $state('');
  /** The chosen targets of an attack that is not a blast. */
  targets = $state<Id[]>([]);

  readonly #store: EncounterStore;

  constructor(store: EncounterStore) {
    this.#store = store;
  }

  start(attackerId: Id, targetId: Id | null): void {
    this.attackerId = attackerId;
    this.targets = targetId ? [targetId] : [];
    this.zoneId = '';
    this.blast = null;
  }

  stop(): void {
    this.attackerId = null;
    this.targets = [];
    this.zoneId = '';
    this.blast = null;
  }

  toggleTarget(id: Id, on = !this.targets.includes(id)): void {
    this.targets = on ? [...this.targets, id] : this.targets.filter((t) => t !== id);
  }

  /** The zone the blast will hit: the aimed zone, or the attacker's own for a melee blast. */
  get blastZone(): Id | null {
    if (this.blast === 'ranged') return this.zoneId || null;
    if (this.blast === 'melee') return this.#store.state?.combatants.find((c) => c.id === this.attackerId)?.zoneId ?? null;
    return null;
  }

  /** Who the blast would hit if it lands where aimed: in the zone and on its borders. */
  get blastHits(): Id[] {
    const fight = this.#store.state;
    const zone = this.blastZone;
    if (!fight || !zone || !this.attackerId) return [];
    return blastTargets(fight.combatants, zone, this.attackerId, this.blast === 'melee', fight.borders);
  }
}

/** The app's: a move waiting on opportunity attacks, and the attack being aimed; shared by the turn panel, the attack form and the map. */
export const moveIntent = new MoveIntent(encounterStore);
export const attackAim = new AttackAim(encounterStore);
