import { isRecord } from '../../json';
import type { Formula } from '../../dice/notation';
import type { RandomSource } from '../../dice/random';
import { rollFormula, type Roll } from '../../dice/roll';
import type { Combatant, Id } from '../../core/state';
import type { Zone } from '../../core/maps/zone-state';
import { failure, type Failure, type Result } from '../../result';

/** The most zones one battlefield may have (a drawn map of 40 rooms and passages fits twice over). */
export const MAX_ZONES = 80;
/** The longest zone name, so names fit on a badge. */
export const MAX_ZONE_NAME = 40;

/** The refusal for a command that names a zone the encounter doesn't have. */
export function unknownZone(id: unknown): Failure {
  return failure('zone/unknown', `There is no zone with id "${String(id)}"; add it to the zone list first.`);
}

/**
 * Every zone's neighbours, both ways: a border listed on either side counts for both, because a
 * GM drawing a map will often list it only once. Each list keeps the zone's own order first, then
 * adds the zones that list it, in map order; unknown ids, the zone itself and repeats are dropped.
 * If two zones share an id, the first one wins.
 */
function adjacency(zones: readonly Zone[]): Map<Id, Id[]> {
  const links = new Map<Id, Id[]>();
  for (const z of zones) if (!links.has(z.id)) links.set(z.id, []);
  const link = (from: Id, to: Id): void => {
    const list = links.get(from);
    if (list && from !== to && links.has(to) && !list.includes(to)) list.push(to);
  };
  for (const z of zones) for (const n of z.neighbours) link(z.id, n);
  for (const z of zones) for (const n of z.neighbours) link(n, z.id);
  return links;
}

/** The zones that border `id`, both ways, in the order the map lists them; [] for an unknown zone. */
export function neighboursOf(zones: readonly Zone[], id: Id): Id[] {
  return adjacency(zones).get(id) ?? [];
}

/**
 * Two characters are nearby when they stand in the same zone. When either has no zone (a fight
 * run without a map, or someone not placed yet) the engine can't tell, so the GM's word stands
 * and they count as nearby.
 */
export function nearby(a: Pick<Combatant, 'zoneId'>, b: Pick<Combatant, 'zoneId'>): boolean {
  return a.zoneId === null || b.zoneId === null || a.zoneId === b.zoneId;
}

/** The fewest borders to cross from one zone to another: 0 to stay put, null if there is no way or a zone is unknown. */
export function zoneDistance(zones: readonly Zone[], from: Id, to: Id): number | null {
  return zoneDistances(zones, from).get(to) ?? null;
}

/**
 * The fewest borders to cross from one zone to every zone that can be reached (itself at 0),
 * whichever way the borders go; empty for an unknown zone. One walk for many distances.
 */
export function zoneDistances(zones: readonly Zone[], from: Id): Map<Id, number> {
  const links = adjacency(zones);
  if (!links.has(from)) return new Map();
  // Breadth-first: the first time a zone is reached is by the fewest crossings.
  const distance = new Map<Id, number>([[from, 0]]);
  const queue: Id[] = [from];
  for (let head = 0; head < queue.length; head++) {
    const here = queue[head] as Id;
    const d = distance.get(here) ?? 0;
    for (const next of links.get(here) ?? []) {
      if (distance.has(next)) continue;
      distance.set(next, d + 1);
      queue.push(next);
    }
  }
  return distance;
}

// Built by hand rather than parsed: the size comes from the map, not from a GM's typing, so
// there is no bad notation to report.
const oneDie = (sides: number): Formula => ({
  notation: `d${sides}`,
  terms: [{ kind: 'dice', sign: 1, count: 1, sides, keep: null }],
});

/**
 * A neighbouring zone picked by a seeded roll: the neighbours are numbered 1..n in `neighboursOf`
 * order (physically adjacent, whichever way a border goes) and a dn picks one. With a single
 * neighbour there is nothing to choose, so no die is rolled (`roll` is null) and no randomness is
 * used; the dice notation has no d1 anyway. Null when the zone has no neighbours.
 */
export function randomNeighbour(
  zones: readonly Zone[],
  zoneId: Id,
  random: RandomSource,
): { zoneId: Id; roll: Roll | null; numbered: Id[] } | null {
  const numbered = neighboursOf(zones, zoneId);
  const [only] = numbered;
  if (only === undefined) return null;
  if (numbered.length === 1) return { zoneId: only, roll: null, numbered };
  const roll = rollFormula(oneDie(numbered.length), random);
  // The die runs 1..n, so the pick is always in the list; `only` is a fallback for the type.
  return { zoneId: numbered[roll.total - 1] ?? only, roll, numbered };
}


const fail = (what: string, message: string) => failure(`zones/${what}`, message);

/** Reads one entry's shape; the checks across entries (unique ids, known neighbours) come later. */
function readZone(raw: unknown, position: number): Result<Zone> {
  const label = `Zone ${position}`;
  if (!isRecord(raw)) return fail('not-a-zone', `${label} is not a zone; give each zone an id, a name and a list of neighbours.`);
  const { id, name, neighbours } = raw;
  if (typeof id !== 'string' || id.trim() === '') return fail('bad-id', `${label} has no id; give it a short id such as "hall".`);
  if (typeof name !== 'string') return fail('bad-name', `${label} ("${id}") has no name; give it one.`);
  const trimmed = name.trim();
  if (trimmed.length < 1 || trimmed.length > MAX_ZONE_NAME) {
    return fail('bad-name', `${label} ("${id}") needs a name of 1 to ${MAX_ZONE_NAME} characters.`);
  }
  if (!Array.isArray(neighbours) || !neighbours.every((n): n is string => typeof n === 'string')) {
    return fail('bad-neighbours', `Zone "${trimmed}" needs its neighbours as a list of zone ids.`);
  }
  return { ok: true, value: { id, name: trimmed, neighbours } };
}

/** Checks the borders once every zone is known: each neighbour must exist and be another zone. */
function checkBorders(zones: readonly Zone[]): Result<Zone[]> {
  const ids = new Set(zones.map((z) => z.id));
  for (const z of zones) {
    if (z.neighbours.includes(z.id)) return fail('self-neighbour', `Zone "${z.name}" lists itself as a neighbour; remove it from its own list.`);
    const unknown = z.neighbours.find((n) => !ids.has(n));
    if (unknown !== undefined) {
      return fail('unknown-neighbour', `Zone "${z.name}" borders "${unknown}", but no zone has that id; add that zone or fix the id.`);
    }
  }
  return { ok: true, value: [...zones] };
}

/**
 * Checks a zone list typed by a GM or read from a file: at most {@link MAX_ZONES} zones, unique non-empty ids,
 * names of 1 to 40 characters (trimmed), neighbours that exist and aren't the zone itself.
 * Returns clean copies with every border listed on both sides. Failures are `zones/...` codes
 * with a sentence that says what to fix.
 */
export function checkZones(zones: unknown): Result<Zone[]> {
  if (!Array.isArray(zones)) return fail('not-a-list', 'The zones must be a list.');
  if (zones.length > MAX_ZONES) return fail('too-many', `The map has ${zones.length} zones; keep it to ${MAX_ZONES} or fewer.`);
  const read: Zone[] = [];
  const seen = new Set<Id>();
  for (const [i, raw] of zones.entries()) {
    const zone = readZone(raw, i + 1);
    if (!zone.ok) return zone;
    if (seen.has(zone.value.id)) return fail('duplicate-id', `Two zones use the id "${zone.value.id}"; give each zone its own id.`);
    seen.add(zone.value.id);
    read.push(zone.value);
  }
  const checked = checkBorders(read);
  if (!checked.ok) return checked;
  const links = adjacency(read);
  return { ok: true, value: read.map((z) => ({ ...z, neighbours: links.get(z.id) ?? [] })) };
}
