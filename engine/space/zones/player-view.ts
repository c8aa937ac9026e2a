import type { Combatant, EncounterState, Id } from '../../core/state';
import type { Point } from '../../core/maps/zone-map';

// What the players' screen may show of the zones (see `views/player-view.ts` for the rules of the
// whole projection): the zones not hidden, the borders between two of them, the drawn map's frame,
// and where each shown character stands, all named by opaque keys (`zone-1`, `border-1`) numbered
// among the things shown, so nothing hidden leaves a gap.

/** A zone the players may see. */
export interface PlayerZone {
  key: string;
  name: string;
  /** `#rrggbb` on a drawn map; null for a plain zone list. */
  colour: string | null;
  /** Its outline on a drawn map, in map units; null for a plain zone list. */
  points: Point[] | null;
  /** Has a hazard (what it does is the GM's note, not shown). */
  hazard: boolean;
  difficult: boolean;
  concealment: boolean;
  cover: boolean;
}

/** A border between two shown zones. */
export interface PlayerBorder {
  key: string;
  a: string;
  b: string;
  /** The stretches of edge the zones share; [] for a hand-made opening or a plain zone list. */
  segments: [Point, Point][];
  barrier: boolean;
  /** The only zone it can be crossed into (a shown zone's key), or null when both ways. */
  oneWayTo: string | null;
}

/** The drawn map's frame. The background image is published to the player window separately. */
export interface PlayerMap {
  width: number;
  height: number;
  grid: number;
  /** The map has a background image. */
  background: boolean;
}

/** The zones as the players see them. */
export interface ZonesForPlayers {
  /** The shown zones, in the encounter's order. */
  zones: PlayerZone[];
  borders: PlayerBorder[];
  /** The drawn map's frame, or null for a plain zone list or none. */
  map: PlayerMap | null;
}

/** Where a shown character stands, as the players see it. */
export interface ZonePlaceForPlayers {
  /** A shown zone's key, or null (nowhere, or somewhere not shown). */
  zoneKey: string | null;
  /** The shown border they stand on, or null. */
  borderKey: string | null;
}

/** What the players can't see of the zones: the hidden ones. */
export interface ZonesSight {
  readonly hiddenZones: ReadonlySet<Id>;
}

/** The zones the players may not see: hidden on the drawn map or in the zone list. */
export function zonesSight(state: EncounterState): ZonesSight {
  const drawn = new Map((state.map?.zones ?? []).map((z) => [z.id, z]));
  return { hiddenZones: new Set(state.zones.filter((z) => z.hidden === true || drawn.get(z.id)?.hidden === true).map((z) => z.id)) };
}

/** Whether a character stands in a zone the players can't see into. */
export function inHiddenZone(sight: ZonesSight, c: Combatant): boolean {
  return c.zoneId !== null && sight.hiddenZones.has(c.zoneId);
}

/** Whether the players' view of the zones is the same between two states (the same objects). */
export function sameZones(a: EncounterState, b: EncounterState): boolean {
  return a.zones === b.zones && a.map === b.map;
}

/** Numbers a list of ids as `prefix1`, `prefix2`… in the order given. */
function keyed(ids: readonly Id[], prefix: string): Map<Id, string> {
  return new Map(ids.map((id, i) => [id, `${prefix}${i + 1}`]));
}

function copyPoint(p: Point): Point {
  return [Number(p[0]), Number(p[1])];
}

/**
 * The zones the players may see, built field by field, with the keys they are named by and where
 * a character stands by those keys.
 */
export function zonesForPlayers(state: EncounterState, sight: ZonesSight): {
  field: ZonesForPlayers;
  place(c: Combatant): ZonePlaceForPlayers;
  keys: readonly ReadonlyMap<Id, string>[];
} {
  const map = state.map ?? null;
  const drawn = new Map((map?.zones ?? []).map((z) => [z.id, z]));
  const shownZones = state.zones.filter((z) => !sight.hiddenZones.has(z.id));
  const zoneKeys = keyed(shownZones.map((z) => z.id), 'zone-');
  const shownBorders = (state.borders ?? []).filter((b) => zoneKeys.has(b.a) && zoneKeys.has(b.b));
  const borderKeys = keyed(shownBorders.map((b) => b.id), 'border-');

  const zones: PlayerZone[] = shownZones.map((z) => {
    const d = drawn.get(z.id);
    return {
      key: zoneKeys.get(z.id) as string,
      name: String(z.name),
      colour: d ? String(d.colour) : null,
      points: d ? d.points.map(copyPoint) : null,
      hazard: typeof z.hazard === 'string' && z.hazard !== '',
      difficult: z.difficult === true,
      concealment: z.concealment === true,
      cover: z.cover === true,
    };
  });

  const drawnBorders = new Map((map?.borders ?? []).map((b) => [b.id, b]));
  const borders: PlayerBorder[] = shownBorders.map((b) => ({
    key: borderKeys.get(b.id) as string,
    a: zoneKeys.get(b.a) as string,
    b: zoneKeys.get(b.b) as string,
    segments: (drawnBorders.get(b.id)?.segments ?? []).map(([p, q]) => [copyPoint(p), copyPoint(q)] as [Point, Point]),
    barrier: b.barrier === true,
    oneWayTo: b.oneWayTo === null ? null : (zoneKeys.get(b.oneWayTo) ?? null),
  }));

  return {
    field: {
      zones,
      borders,
      map: map ? { width: Number(map.width), height: Number(map.height), grid: Number(map.grid), background: map.hasBackground === true } : null,
    },
    place(c) {
      const zoneKey = c.zoneId === null ? null : (zoneKeys.get(c.zoneId) ?? null);
      const borderKey = zoneKey === null || c.borderId === null ? null : (borderKeys.get(c.borderId) ?? null);
      return { zoneKey, borderKey };
    },
    keys: [zoneKeys, borderKeys],
  };
}
