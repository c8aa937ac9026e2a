import type { PlayerCombatant, PlayerFaction, PlayerFight } from '../../../engine/index';
import { shapeAt, type FactionShape } from '../display/faction-shape';

/** The faction a shown character belongs to, as the players see it. */
export function factionOf(fight: PlayerFight, c: PlayerCombatant): PlayerFaction | undefined {
  return fight.factions.find((f) => f.key === c.factionKey);
}

/** Each side's shape, by its place among the sides shown (the GM's order when all are shown); one not shown is a circle. */
export function shapeOf(fight: PlayerFight, c: PlayerCombatant): FactionShape {
  return shapeAt(fight.factions.findIndex((f) => f.key === c.factionKey));
}

/**
 * The shown characters in the order the players' list gives them: order procedures in turn order;
 * alternating ones by faction, in the order the sides act where they rolled for it, else players first.
 */
export function listedInOrder(fight: PlayerFight): PlayerCombatant[] {
  if (fight.procedure === 'order') return fight.order.map((key) => fight.combatants.find((c) => c.key === key)).filter((c) => c !== undefined);
  const sideAt = (c: PlayerCombatant) => fight.sideOrder.indexOf(c.factionKey);
  return fight.sideOrder.length > 0 ? [...fight.combatants].sort((a, b) => sideAt(a) - sideAt(b)) : [...fight.combatants].sort((a, b) => Number(b.isPlayer) - Number(a.isPlayer));
}

/** Whether the fight's space is drawn as a map (a laid-out zone map or a grid), not only listed. */
export function drawsMap(fight: PlayerFight): boolean {
  return (fight.map !== null && fight.zones.every((z) => z.points !== null)) || fight.grid !== null;
}
