/**
 * Random damage to a stored fight's history (test support, not exported from `index.ts`): what a
 * bad disk, a hand edit or a hostile file does to `events`, `steps` and `redoable`. A corruption
 * is drawn by fast-check as plain numbers and choices, then applied to a copy of the history, so
 * a failing case shrinks to one small, printable change.
 */
import fc from 'fast-check';
import type { StoredHistory } from '../encounter/encounter';

type Key = string | number;
type Path = readonly Key[];
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** A history as plain JSON, to be damaged anywhere. */
export interface RawHistory {
  events: Json[];
  steps: Json[];
  redoable: Json[];
}

export function rawHistory(history: StoredHistory): RawHistory {
  return JSON.parse(JSON.stringify({ events: history.events, steps: history.steps, redoable: history.redoable ?? [] })) as RawHistory;
}

/** Values no genuine field holds, or holds only elsewhere. */
const HOSTILE: readonly Json[] = [1e6, 1e9, -1, -7, 0.5, 2 ** 53, 'NaN', 'Infinity', '12', null, true, '', 'c99', 'x'.repeat(300), [], {}, [1, 2], { value: 1 }];
/** Random source states a genuine log never holds. */
const BAD_RNG: readonly Json[] = [[0, 0, 0, 0], [1, 2, 3], [1.5, 2, 3, 4], ['a', 'b', 'c', 'd'], [2 ** 40, 1, 1, 1], null, 'seed', [-(2 ** 40), 0, 0, 1]];
/** Keys no event of this version has. */
const UNKNOWN_KEYS = ['mana', 'extra', 'hp2', 'armourClass'];

const isObject = (v: Json | undefined): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const isTrack = (v: Json | undefined): boolean => isObject(v) && typeof v.value === 'number' && typeof v.max === 'number';

/** Every path into a JSON value below it (the value itself left out). */
function paths(value: Json, at: Key[] = []): Key[][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => [[...at, i], ...paths(v, [...at, i])]);
  if (isObject(value)) return Object.entries(value).flatMap(([k, v]) => [[...at, k], ...paths(v, [...at, k])]);
  return [];
}

function get(value: Json, path: Path): Json | undefined {
  let here: Json | undefined = value;
  for (const key of path) {
    if (Array.isArray(here) && typeof key === 'number') here = here[key];
    else if (isObject(here) && typeof key === 'string') here = here[key];
    else return undefined;
  }
  return here;
}

/** A copy of `value` with the thing at `path` replaced, or removed for `undefined`. */
function put(value: Json, path: Path, by: Json | undefined): Json {
  const [head, ...rest] = path;
  if (head === undefined) return by ?? null;
  if (Array.isArray(value) && typeof head === 'number') {
    const copy = [...value];
    if (rest.length === 0 && by === undefined) copy.splice(head, 1);
    else copy[head] = put(copy[head] ?? null, rest, by);
    return copy;
  }
  if (isObject(value)) {
    const copy: JsonObject = { ...value };
    if (rest.length === 0 && by === undefined) delete copy[String(head)];
    else copy[String(head)] = put(copy[String(head)] ?? null, rest, by);
    return copy;
  }
  return value;
}

const pick = <T>(list: readonly T[], n: number): T | undefined => (list.length ? list[n % list.length] : undefined);

/** What is done to one event. */
export type EventDamage =
  | { kind: 'set'; where: number; value: Json }
  | { kind: 'delete'; where: number }
  | { kind: 'track'; where: number; to: 'huge' | 'past-max' | 'mana' }
  | { kind: 'unknown-key'; where: number; key: string }
  | { kind: 'other-id'; where: number; to: number }
  | { kind: 'retype'; to: number }
  | { kind: 'rng'; value: Json };

/** What is done to the history: to one event (in the log or an undone step), to the list, or to the steps. */
export type Corruption =
  | { in: 'events' | 'redoable'; step: number; event: number; damage: EventDamage }
  | { in: 'events' | 'redoable'; step: number; event: number; list: 'duplicate' | 'drop' | 'swap' }
  | { in: 'steps'; at: number; damage: 'set' | 'drop' | 'duplicate' | 'swap'; value: Json }
  | { in: 'redo-list'; at: number; damage: 'drop' | 'empty' | 'duplicate' | 'swap' };

const eventDamage: fc.Arbitrary<EventDamage> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('set' as const), where: fc.nat(), value: fc.constantFrom(...HOSTILE) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), where: fc.nat() }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('track' as const), where: fc.nat(), to: fc.constantFrom('huge' as const, 'past-max' as const, 'mana' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('unknown-key' as const), where: fc.nat(), key: fc.constantFrom(...UNKNOWN_KEYS) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('other-id' as const), where: fc.nat(), to: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('retype' as const), to: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('rng' as const), value: fc.constantFrom(...BAD_RNG) }) },
);

export const corruption: fc.Arbitrary<Corruption> = fc.oneof(
  { weight: 10, arbitrary: fc.record({ in: fc.constantFrom('events' as const, 'redoable' as const), step: fc.nat(), event: fc.nat(), damage: eventDamage }) },
  { weight: 2, arbitrary: fc.record({ in: fc.constantFrom('events' as const, 'redoable' as const), step: fc.nat(), event: fc.nat(), list: fc.constantFrom('duplicate' as const, 'drop' as const, 'swap' as const) }) },
  { weight: 1, arbitrary: fc.record({ in: fc.constant('steps' as const), at: fc.nat(), damage: fc.constantFrom('set' as const, 'drop' as const, 'duplicate' as const, 'swap' as const), value: fc.constantFrom(...HOSTILE) }) },
  { weight: 1, arbitrary: fc.record({ in: fc.constant('redo-list' as const), at: fc.nat(), damage: fc.constantFrom('drop' as const, 'empty' as const, 'duplicate' as const, 'swap' as const) }) },
);

/** The ids a genuine character of this history has, and one nobody has. */
function characterIds(history: RawHistory): string[] {
  const ids = history.events.flatMap((e) => {
    const c = isObject(e) && e.type === 'combatant-added' ? e.combatant : undefined;
    return isObject(c) && typeof c.id === 'string' ? [c.id] : [];
  });
  return [...ids, 'c99'];
}

/** One event damaged; `types` are the event types to retype it to, `ids` the characters to aim it at. */
function damageEvent(event: Json, damage: EventDamage, types: readonly string[], ids: readonly string[]): Json {
  const all = paths(event).filter((p) => !(p.length === 1 && p[0] === 'type'));
  switch (damage.kind) {
    case 'set':
      return put(event, pick(all, damage.where) ?? ['extra'], damage.value);
    case 'delete':
      return put(event, pick(paths(event), damage.where) ?? ['type'], undefined);
    case 'track': {
      if (damage.to === 'mana') {
        // Beside a genuine track when there is one, so it reads as one more of the character's tracks.
        const records = all.filter((p) => isObject(get(event, p)) && Object.values(get(event, p) as JsonObject).some(isTrack));
        return put(event, [...(pick(records, damage.where) ?? ['tracks']), 'mana'], { value: 5, max: 5 });
      }
      const tracks = all.filter((p) => isTrack(get(event, p)));
      const by = damage.to === 'huge' ? { value: 1e6, max: 1e6 } : { value: 3000, max: 3000 };
      const path = pick(tracks, damage.where);
      return path ? put(event, path, by) : put(event, pick(all, damage.where) ?? ['value'], 1e6);
    }
    case 'unknown-key': {
      const objects = [[], ...all.filter((p) => isObject(get(event, p)))];
      return put(event, [...(pick(objects, damage.where) ?? []), damage.key], { value: 1, max: 1 });
    }
    case 'other-id': {
      const named = all.filter((p) => ids.includes(String(get(event, p))));
      return put(event, pick(named, damage.where) ?? ['combatantId'], pick(ids, damage.to) ?? 'c99');
    }
    case 'retype':
      return put(event, ['type'], pick(types, damage.to) ?? 'combatant-damaged');
    case 'rng': {
      const rng = all.filter((p) => p[p.length - 1] === 'rng');
      return put(event, pick(rng, 0) ?? ['rng'], damage.value);
    }
  }
}

/** Moves step ends after `index` by `by` events (an event put in or taken out there). */
function shifted(steps: Json[], index: number, by: number): Json[] {
  const moved = steps.map((end) => (typeof end === 'number' && end > index ? end + by : end));
  // A step left with no events would be refused for that alone: it goes.
  return moved.filter((end, i) => i === 0 || end !== moved[i - 1]);
}

function damageList(list: Json[], index: number, how: 'duplicate' | 'drop' | 'swap'): Json[] {
  const copy = [...list];
  if (how === 'duplicate') copy.splice(index, 0, copy[index] ?? null);
  else if (how === 'drop') copy.splice(index, 1);
  else if (index + 1 < copy.length) [copy[index], copy[index + 1]] = [copy[index + 1] ?? null, copy[index] ?? null];
  return copy;
}

/** The history with one corruption applied (a copy; the original is left as it was). */
export function corrupt(history: RawHistory, c: Corruption, types: readonly string[]): RawHistory {
  const { events, steps, redoable } = history;
  if (c.in === 'steps') {
    const at = c.at % steps.length;
    if (c.damage === 'set') return { ...history, steps: steps.map((end, i) => (i === at ? c.value : end)) };
    return { ...history, steps: damageList(steps, at, c.damage) };
  }
  if (c.in === 'redo-list') {
    if (redoable.length === 0) return history;
    const at = c.at % redoable.length;
    if (c.damage === 'empty') return { ...history, redoable: redoable.map((step, i) => (i === at ? [] : step)) };
    return { ...history, redoable: damageList(redoable, at, c.damage) };
  }
  const ids = characterIds(history);
  if (c.in === 'events') {
    // The creation is damaged too, now and then (1 in 8): the rest of the log hangs on it.
    const index = c.event % 8 === 0 ? 0 : 1 + (c.event % Math.max(1, events.length - 1));
    if ('damage' in c) return { ...history, events: events.map((e, i) => (i === index ? damageEvent(e, c.damage, types, ids) : e)) };
    const list = damageList(events, index, c.list);
    const by = c.list === 'duplicate' ? 1 : c.list === 'drop' ? -1 : 0;
    return { events: list, steps: by === 0 ? steps : shifted(steps, index, by), redoable };
  }
  if (redoable.length === 0) return history;
  const at = c.step % redoable.length;
  const step = redoable[at];
  if (!Array.isArray(step) || step.length === 0) return history;
  const index = c.event % step.length;
  const damaged = 'damage' in c ? step.map((e, i) => (i === index ? damageEvent(e, c.damage, types, ids) : e)) : damageList(step, index, c.list);
  return { ...history, redoable: redoable.map((s, i) => (i === at ? damaged : s)) };
}
