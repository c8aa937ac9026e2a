/**
 * Checks a drawn zone map read from a file, the campaign or the editor: its shape (valibot) and
 * what ties its parts together (unique ids, links to zones that exist, outlines that don't cross
 * themselves). Failures are `map/...` codes with one sentence naming the map, the zone and the
 * field, and saying what to fix.
 */
import { isRecord } from '../../json';
import * as v from 'valibot';
import type { Id } from '../../core/state';
import { failure, type Result } from '../../result';
import { selfIntersects, signedArea } from './geometry';
import { deriveBorders } from './borders';
import type { MapBackground, MapLink, MapZone, Point, ZoneMap } from '../../core/maps/zone-map';
import { MAX_ZONE_NAME, MAX_ZONES } from './zones';

/** The fewest and most corners a zone's outline may have. */
export const MIN_CORNERS = 3;
export const MAX_CORNERS = 64;
/** How far from the origin a coordinate may lie, in map units. */
export const COORDINATE_LIMIT = 100_000;
/** The longest background image, in base64 characters (about 3 MB of image). */
export const MAX_BACKGROUND_CHARS = 4 * 1024 * 1024;
/** The longest hazard note. */
export const MAX_HAZARD_NOTE = 200;
/** The most hand-made links a map may have. */
export const MAX_LINKS = 1_000;
/** The image kinds a background may be. */
export const BACKGROUND_MIMES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** A zone id: 1 to 64 letters, digits, "-" or "_" (so border ids, `a~b`, can't be confused). */
export const ZONE_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

type Message = (issue: v.BaseIssue<unknown>) => string;
/** A schema's complaint, or "is missing" when there was nothing there at all. */
const says = (what: string): Message => (issue) => (issue.input === undefined ? 'is missing' : what);

const number = (what: string, min: number, max: number) =>
  v.pipe(
    v.number(says(`must be a number ${what}`)),
    v.finite(`must be a finite number ${what}`),
    v.minValue(min, `must be ${what}`),
    v.maxValue(max, `must be ${what}`),
  );

const coordinate = number(`between -${COORDINATE_LIMIT} and ${COORDINATE_LIMIT}`, -COORDINATE_LIMIT, COORDINATE_LIMIT);
const size = number(`more than 0 and at most ${COORDINATE_LIMIT}`, Number.MIN_VALUE, COORDINATE_LIMIT);
const flag = v.optional(v.boolean(says('must be true or false')), false);

const pointSchema = v.strictTuple([coordinate, coordinate], says('must be a pair of numbers [x, y]'));

const zoneSchema = v.object(
  {
    id: v.pipe(v.string(says('must be text')), v.regex(ZONE_ID_PATTERN, 'must be 1 to 64 letters, digits, "-" or "_"')),
    name: v.pipe(
      v.string(says('must be text')),
      v.trim(),
      v.minLength(1, 'is empty; give the zone a name'),
      v.maxLength(MAX_ZONE_NAME, `is longer than ${MAX_ZONE_NAME} characters`),
    ),
    colour: v.pipe(v.string(says('must be a colour like #3a7bd5')), v.regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #3a7bd5'), v.toLowerCase()),
    points: v.pipe(
      v.array(pointSchema, says('must be a list of corners')),
      v.minLength(MIN_CORNERS, (issue) => `has ${issue.received} corners; a zone needs ${MIN_CORNERS} to ${MAX_CORNERS}`),
      v.maxLength(MAX_CORNERS, (issue) => `has ${issue.received} corners; a zone needs ${MIN_CORNERS} to ${MAX_CORNERS}`),
    ),
    hazard: v.optional(
      v.nullable(
        v.pipe(
          v.string('must be a note or nothing'),
          v.trim(),
          v.maxLength(MAX_HAZARD_NOTE, `is longer than ${MAX_HAZARD_NOTE} characters`),
          v.transform((note) => (note === '' ? null : note)),
        ),
      ),
      null,
    ),
    difficult: flag,
    concealment: flag,
    cover: flag,
    hidden: flag,
  },
  says('must be a zone (id, name, colour and corners)'),
);

const linkSchema = v.object(
  {
    a: v.string(says('must be a zone id')),
    b: v.string(says('must be a zone id')),
    kind: v.picklist(['open', 'closed', 'one-way'], says('must be "open", "closed" or "one-way"')),
  },
  says('must be a link (a, b and kind)'),
);

const backgroundSchema = v.object(
  {
    mime: v.picklist(BACKGROUND_MIMES, says(`must be one of ${BACKGROUND_MIMES.join(', ')}`)),
    base64: v.pipe(
      v.string(says('must be the image in base64')),
      v.minLength(1, 'is empty'),
      v.maxLength(MAX_BACKGROUND_CHARS, `is too large; keep the image under about ${Math.floor((MAX_BACKGROUND_CHARS * 3) / 4 / 1024 / 1024)} MB`),
      v.regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be the image bytes in base64 (without a "data:" prefix)'),
    ),
    width: size,
    height: size,
  },
  says('must be an image (mime, base64, width and height) or null'),
);

/**
 * Whether a stored picture is one GM Screen keeps: PNG, JPEG or WebP (never SVG, which can carry
 * script), in base64 within the size limit, with sensible dimensions. For pictures read back from
 * storage outside a map (the players' handout).
 */
export function isStoredPicture(value: unknown): value is MapBackground {
  return v.is(backgroundSchema, value);
}

const mapSchema = v.object(
  {
    width: size,
    height: size,
    background: v.optional(v.nullable(backgroundSchema), null),
    zones: v.pipe(
      v.array(zoneSchema, says('must be a list of zones')),
      v.maxLength(MAX_ZONES, (issue) => `has ${issue.received} zones; keep it to ${MAX_ZONES} or fewer`),
    ),
    links: v.optional(v.pipe(v.array(linkSchema, 'must be a list of links'), v.maxLength(MAX_LINKS, `has more than ${MAX_LINKS} links`)), []),
    barriers: v.optional(v.pipe(v.array(v.string('must be a border id'), 'must be a list of border ids'), v.maxLength(MAX_LINKS * 4, `has more than ${MAX_LINKS * 4} barriers`)), []),
    grid: v.optional(number('0 or more, at most 10000', 0, 10_000), 0),
  },
  says('must be a map (width, height and zones)'),
);

const FIELD: Record<string, string> = {
  width: 'width',
  height: 'height',
  grid: 'grid size',
  background: 'background image',
  zones: 'zone list',
  links: 'link list',
  barriers: 'barrier list',
  id: 'id',
  name: 'name',
  colour: 'colour',
  points: 'outline',
  hazard: 'hazard note',
  difficult: '"difficult terrain" flag',
  concealment: '"concealment" flag',
  cover: '"cover" flag',
  hidden: '"hidden" flag',
  a: 'first zone',
  b: 'second zone',
  kind: 'kind',
  mime: 'image type',
  base64: 'image data',
};


/** "zone 3 ("Hall")", from the zone as it was given. */
function zoneLabel(position: number, raw: unknown): string {
  const name = isRecord(raw) && typeof raw.name === 'string' && raw.name.trim() !== '' ? ` ("${raw.name.trim().slice(0, 60)}")` : '';
  return `zone ${position}${name}`;
}

/** Where an issue is, in words: "zone 3 ("Hall")'s colour", "corner 5 of zone 2", "the background image's width". */
function where(path: readonly v.IssuePathItem[]): string {
  const keys = path.map((p) => p.key);
  const [top, index, field, corner, axis] = keys;
  if (top === 'zones' && typeof index === 'number') {
    const zone = zoneLabel(index + 1, path[1]?.value);
    if (field === undefined) return zone;
    if (field === 'points' && typeof corner === 'number') {
      const part = axis === 0 ? 'x of ' : axis === 1 ? 'y of ' : '';
      return `${part ? `the ${part}` : ''}corner ${corner + 1} of ${zone}`;
    }
    return `${zone}'s ${FIELD[String(field)] ?? String(field)}`;
  }
  if (top === 'links' && typeof index === 'number') return field === undefined ? `link ${index + 1}` : `link ${index + 1}'s ${FIELD[String(field)] ?? String(field)}`;
  if (top === 'barriers' && typeof index === 'number') return `barrier ${index + 1}`;
  if (top === 'background' && field === undefined && index !== undefined) return `the background image's ${FIELD[String(index)] ?? String(index)}`;
  if (top === undefined) return 'it';
  return `the map's ${FIELD[String(top)] ?? String(top)}`;
}

const fail = (label: string, code: string, text: string) => failure(`map/${code}`, `${label}: ${text}.`);

/** Drops a corner that repeats the one before it (and a last corner repeating the first: a closed ring). */
function distinctCorners(points: readonly Point[]): Point[] {
  const out: Point[] = [];
  for (const p of points) {
    const prev = out[out.length - 1];
    if (!prev || prev[0] !== p[0] || prev[1] !== p[1]) out.push([p[0], p[1]]);
  }
  const first = out[0];
  const last = out[out.length - 1];
  if (out.length > 1 && first && last && first[0] === last[0] && first[1] === last[1]) out.pop();
  return out;
}

/** What a map looks like after checking, with anything dropped on the way said in words. */
export interface CheckedZoneMap {
  readonly map: ZoneMap;
  /** Sentences for things set aside rather than refused (a barrier on a border that no longer exists). */
  readonly warnings: string[];
}

/**
 * Checks a drawn map and returns a clean copy: names trimmed, colours lower-case, missing traits,
 * links, barriers, background and grid filled in with their defaults, repeated corners dropped,
 * unknown fields left out. Refuses (a `map/...` failure whose sentence starts with `label`):
 * a value that isn't a map; more than {@link MAX_ZONES} zones; ids that aren't 1–64 of A–Z a–z
 * 0–9 - _, or that two zones share; names of 1–40 characters; colours other than `#rrggbb`;
 * outlines of fewer than 3 or more than 64 corners, corners beyond ±100000, outlines without area
 * or crossing themselves; links to zones that don't exist or from a zone to itself; a background
 * of another type, over 4 MB of base64, or without a positive size. Barriers naming a border the
 * map doesn't have (two zones that no longer touch) are dropped, with a warning.
 */
export function readZoneMap(value: unknown, label: string): Result<CheckedZoneMap> {
  const parsed = v.safeParse(mapSchema, value, { abortEarly: true });
  if (!parsed.success) {
    const issue = parsed.issues[0];
    return fail(label, 'invalid', `${where(issue.path ?? [])} ${issue.message}`);
  }
  const raw = parsed.output;
  const zones: MapZone[] = [];
  const seen = new Map<Id, number>();
  for (const [i, z] of raw.zones.entries()) {
    const name = zoneLabel(i + 1, z);
    const earlier = seen.get(z.id);
    if (earlier !== undefined) return fail(label, 'duplicate-id', `zones ${earlier} and ${i + 1} both use the id "${z.id}"; give each zone its own id`);
    seen.set(z.id, i + 1);
    const points = distinctCorners(z.points);
    if (points.length < MIN_CORNERS) return fail(label, 'corners', `${name} has only ${points.length} different corners; a zone needs ${MIN_CORNERS} to ${MAX_CORNERS}`);
    if (Math.abs(signedArea(points)) < 1e-6) return fail(label, 'no-area', `${name}'s corners all lie on one line; spread them out so the zone has an area`);
    if (selfIntersects(points)) return fail(label, 'crossing', `${name}'s outline crosses itself; move its corners so that no two edges cross`);
    zones.push({ id: z.id, name: z.name, colour: z.colour, points, hazard: z.hazard, difficult: z.difficult, concealment: z.concealment, cover: z.cover, hidden: z.hidden });
  }
  const links: MapLink[] = [];
  for (const [i, link] of raw.links.entries()) {
    for (const end of [link.a, link.b]) {
      if (!seen.has(end)) return fail(label, 'unknown-zone', `link ${i + 1} names the zone "${end.slice(0, 64)}", but no zone has that id; fix the id or remove the link`);
    }
    if (link.a === link.b) {
      const zone = zones.find((z) => z.id === link.a);
      return fail(label, 'self-link', `link ${i + 1} joins ${zone ? `"${zone.name}"` : 'a zone'} to itself; remove it`);
    }
    links.push({ a: link.a, b: link.b, kind: link.kind });
  }
  const known = new Set(raw.barriers.length > 0 ? deriveBorders({ zones, links, barriers: [] }).map((b) => b.id) : []);
  const barriers: Id[] = [];
  const warnings: string[] = [];
  for (const id of raw.barriers) {
    if (barriers.includes(id)) continue;
    if (known.has(id)) barriers.push(id);
    else warnings.push(`${label}: the barrier on "${id.slice(0, 130)}" was dropped, because those zones no longer share a border.`);
  }
  const background = raw.background ? { ...raw.background } : null;
  return { ok: true, value: { map: { width: raw.width, height: raw.height, background, zones, links, barriers, grid: raw.grid }, warnings } };
}

/** {@link readZoneMap} without the warnings: the clean map, or the first problem in a sentence. */
export function checkZoneMap(value: unknown, label: string): Result<ZoneMap> {
  const read = readZoneMap(value, label);
  return read.ok ? { ok: true, value: read.value.map } : read;
}

/** A blank map to start drawing on: no zones, no background. */
export function emptyMap(width = 1600, height = 1000, grid = 20): ZoneMap {
  return { width, height, background: null, zones: [], links: [], barriers: [], grid };
}
