/**
 * Zones & Factions on the battle map: while an attack is aimed (or a combatant is picked in a
 * running fight), rings show what the attacker can do to everyone else; a click picks targets or
 * aims a blast at a zone, which lights up and says who it hits; a missed blast shows where it
 * went; and the acting character leaving nearby enemies waits for their opportunity attacks.
 */
import { type Id } from '../../../../engine/index';
import { pendingDeviation, targetsFor, type Deviation, type TargetStatus } from '../../../../engine/rulesets/zones/index';
import type { TokenRing } from '../../battle/token-layout';
import type { HighlightStyle } from '../../map/canvas';
import { encounterStore } from '../../store/encounter';
import type { EncounterStore } from '../../store/encounter-store.svelte';
import type { MapMoveTarget, MapOverlay } from '../panels';
import { attackAim, moveIntent, type AttackAim, type MoveIntent } from './map-intents.svelte';

export class ZonesMapOverlay implements MapOverlay {
  readonly #store: EncounterStore;
  readonly #aim: AttackAim;
  readonly #move: MoveIntent;

  /** Whose reach the rings show: the attacker being aimed, else whoever is picked in a running fight. */
  attacker = $derived.by((): Id | null => this.#aim.attackerId ?? (this.#store.state?.status === 'running' ? this.#store.selectedId : null));
  /** What the attacker can do to each of the others (not while aiming a blast). */
  reach = $derived.by((): ReadonlyMap<Id, TargetStatus> | null => {
    const fight = this.#store.state;
    const attacker = this.attacker;
    return attacker && fight && !this.#aim.blast ? new Map(targetsFor(fight, attacker).map((t) => [t.combatantId, t.status])) : null;
  });
  /** The last blast that missed and deviated, while its attack is still being settled. */
  deviation = $derived.by((): Deviation | null => {
    const fight = this.#store.state;
    return fight ? pendingDeviation(fight, this.#store.encounter?.events ?? []) : null;
  });
  #hits = $derived.by(() => new Set(this.#aim.blastHits));

  highlight = $derived.by(() => {
    const h: Record<Id, HighlightStyle> = {};
    const deviation = this.deviation;
    if (deviation) {
      h[deviation.from] = 'dim';
      if (deviation.to) h[deviation.to] = 'area';
    } else if (this.#aim.blastZone) {
      h[this.#aim.blastZone] = 'area';
    }
    return h;
  });
  busy = $derived.by(() => this.#aim.attackerId !== null);
  crosshair = $derived.by(() => this.#aim.blast === 'ranged');
  noting = $derived.by(() => this.deviation !== null || this.#aim.blastZone !== null || this.attacker !== null);

  constructor(store: EncounterStore, aim: AttackAim, move: MoveIntent) {
    this.#store = store;
    this.#aim = aim;
    this.#move = move;
  }

  ring(id: Id): TokenRing | null {
    if (this.#aim.blastZone) return this.#hits.has(id) ? 'hit' : null;
    return id === this.attacker ? null : (this.reach?.get(id) ?? null);
  }

  picked(id: Id): boolean {
    return this.#aim.targets.includes(id);
  }

  click(id: Id): boolean {
    const c = this.#store.state?.combatants.find((x) => x.id === id);
    // Aiming a blast, a click on someone aims at the zone they stand in.
    if (this.#aim.blast === 'ranged' && c?.zoneId) {
      this.#aim.zoneId = c.zoneId;
      return true;
    }
    if (this.#aim.attackerId && !this.#aim.blast && id !== this.#aim.attackerId) {
      this.#aim.toggleTarget(id);
      return true;
    }
    return false;
  }

  tap(zoneId: Id): void {
    if (this.#aim.blast === 'ranged') this.#aim.zoneId = zoneId;
  }

  /** Moving away from nearby enemies waits for their opportunity attacks. */
  moveActing(target: MapMoveTarget): void {
    this.#move.request(target);
  }

  close(): void {
    this.#move.cancel();
  }
}

/** The app's overlay, on the app's encounter and its shared aim and move. */
export const zonesMapOverlay = new ZonesMapOverlay(encounterStore, attackAim, moveIntent);
