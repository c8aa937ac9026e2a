/**
 * What the GM is in the middle of, shared by the turn panel and the map, so either can start it
 * and both show it: a move waiting on opportunity attacks (held by the engine; here only which
 * striker's attack form is open), and an attack being aimed (its targets, or the zone a blast is
 * aimed at).
 */
import { type Combatant, type Id } from '../../../../engine/index';
import { blastTargets, LEAVING_PROMPT, leavingNow, strikersLeft, type Leaving } from '../../../../engine/rulesets/zones/index';
import { encounterStore } from '../../store/encounter';
import type { EncounterStore } from '../../store/encounter-store.svelte';
import type { MapMoveTarget } from '../panels';

/** Where someone is moving: a zone, or a border (half a zone). */
export type MoveTarget = MapMoveTarget;

export class MoveIntent {
  /** The enemy making an opportunity attack on the one moving away, while its attack form is open. */
  striker = $state<Id | null>(null);
  /** A concealed mover's moves are made sneaking (else the engine asks whether the move gives them away); off for each new turn. */
  sneaking = $state(false);

  readonly #store: EncounterStore;

  constructor(store: EncounterStore) {
    this.#store = store;
  }

  /** The move waiting while enemies beside the mover may strike first (the engine holds it); null when none. */
  get leaving(): Leaving | null {
    const fight = this.#store.state;
    return fight ? leavingNow(fight) : null;
  }

  /** The enemies who may still strike at the one moving away. */
  get nearbyEnemies(): Combatant[] {
    const fight = this.#store.state;
    return fight ? strikersLeft(fight) : [];
  }

  /**
   * The acting character moves to `target`. A move away from enemies beside them waits in the
   * engine while they may strike first. False when it was refused.
   */
  request(target: MoveTarget): boolean {
    const active = this.#store.active;
    return active ? this.#store.dispatch({ type: 'move', combatantId: active.id, ...target, ...(this.sneaking ? { sneaking: true } : {}) }) : false;
  }

  /** The enemies had their chance: the move goes on (or, with `stay`, doesn't). */
  answer(go: boolean): void {
    this.striker = null;
    this.#store.dispatch({ type: 'answer-prompt', promptId: LEAVING_PROMPT, answer: go ? 'go' : 'stay' });
  }

  /** Closes a striker's attack form left open. */
  cancel(): void {
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
