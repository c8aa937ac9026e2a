import type { Combatant, EncounterState } from '../../../../engine/index';

/** Where a character stands among the zones, for their row: "Lane", "Lane, on the edge of Mill", or null. */
export function zonePlaceText(state: EncounterState | null, c: Combatant): string | null {
  const zoneName = (id: string | null) => state?.zones.find((z) => z.id === id)?.name ?? null;
  const here = zoneName(c.zoneId);
  // On a border: half a zone towards the zone on its other side.
  const border = state?.borders.find((b) => b.id === c.borderId);
  const edge = border ? zoneName(border.a === c.zoneId ? border.b : border.a) : null;
  return here && edge ? `${here}, on the edge of ${edge}` : here;
}
