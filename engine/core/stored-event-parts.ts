import * as v from 'valibot';

// The pieces event schemas are made of (`core-schemas.ts`, the space's, each ruleset's). An event
// read from a file is checked against its type's schema before it is replayed, so a forged or
// damaged one is refused with what is wrong instead of crashing the replay. Objects are loose
// (a field a newer version adds is left alone), but every field the replay reads is checked.

/** Keys that would reach an object's prototype if used as a property name. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** An id the engine or the GM gave (c12, f1, ford, g4): letters, digits, "_" and "-", 1–64 of them. */
export const eventId = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'is not an id'),
  v.check((id) => !PROTOTYPE_KEYS.has(id), 'is a name reserved by JavaScript'),
);

/** A key into a ruleset's lists (a track, a stat, a setting, a mark): the same rule as ids, up to 100 characters. */
export const eventKey = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9_-]{1,100}$/, 'is not a key'),
  v.check((key) => !PROTOTYPE_KEYS.has(key), 'is a name reserved by JavaScript'),
);

/** Text the GM typed or the engine wrote (names, notes, labels), up to `max` characters. */
export const text = (max: number) => v.pipe(v.string(), v.maxLength(max, `is longer than ${max} characters`));

/** A whole number between `min` and `max`. */
export const whole = (min: number, max: number) => v.pipe(v.number(), v.integer('is not a whole number'), v.minValue(min, `is below ${min}`), v.maxValue(max, `is above ${max}`));

/** The largest number any count, total or track holds (no ruleset comes near it). */
export const NUMBER_LIMIT = 1_000_000;

/** A round number, a total, an amount: whole and within ± the limit. */
export const count = whole(-NUMBER_LIMIT, NUMBER_LIMIT);

/** A list of at most `max` items. */
export const listOf = <T extends v.GenericSchema>(item: T, max = 10_000) => v.pipe(v.array(item), v.maxLength(max, `has more than ${max} items`));

/** A record keyed by `eventKey`: JSON objects only, never a list. */
export const recordOf = <T extends v.GenericSchema>(value: T) =>
  v.pipe(
    v.custom<Record<string, unknown>>((input) => typeof input === 'object' && input !== null && !Array.isArray(input), 'is not an object'),
    v.record(eventKey, value),
  );

/** The seeded random source's saved state: four 32-bit integers. */
// All zeros is the one state xoroshiro128+ never leaves: every die after it would show the same
// face, so a log carrying it is refused wherever a random state is read (every event's, core or
// ruleset, goes through this schema).
export const rngState = v.pipe(
  v.array(whole(-(2 ** 31), 2 ** 32 - 1)),
  v.length(4, 'is not a random source state (four numbers)'),
  v.check((state) => state.some((n) => n !== 0), 'is a random source state of all zeros, which would roll the same number forever'),
);

const die = v.object({ sides: whole(1, 1000), value: whole(0, 1000), kept: v.optional(v.boolean()) });

/** A finished roll, every die and term in it. */
export const roll = v.object({
  notation: text(200),
  terms: listOf(v.object({ notation: text(200), sign: v.picklist([1, -1]), dice: listOf(die, 1000), subtotal: count }), 100),
  total: count,
  manual: v.optional(v.boolean()),
});

/** A resource track: 0 ≤ value ≤ max. */
export const track = v.pipe(
  v.object({ value: whole(0, NUMBER_LIMIT), max: whole(0, NUMBER_LIMIT) }),
  v.check((t) => t.value <= t.max, 'has a value above its maximum'),
);

/** A faction as the encounter keeps it. */
export const faction = v.object({ id: eventId, name: text(120), colour: v.pipe(v.string(), v.regex(/^#[0-9a-fA-F]{6}$/, 'is not a colour like #d94f4f')) });

const conditionTimer = v.variant('endsOn', [
  v.object({ endsOn: v.picklist(['turn-start', 'turn-end']), remaining: whole(0, 10_000), anchorId: eventId }),
  v.object({ endsOn: v.picklist(['round-end', 'fight-end', 'scene-end']), remaining: whole(0, 10_000) }),
  v.object({ endsOn: v.literal('next-action'), remaining: whole(0, 10_000), anchorId: eventId, slot: eventKey }),
]);

/** When a timed condition runs out, or null for one that lasts until removed. */
export const timer = v.nullable(conditionTimer);

const effect = v.variant('kind', [
  v.object({ kind: v.literal('check'), amount: whole(-100, 100), on: v.optional(text(100)) }),
  v.object({ kind: v.literal('check-dice'), dice: whole(-20, 20), on: v.optional(text(100)) }),
  v.object({ kind: v.literal('edge'), edge: v.picklist(['advantage', 'disadvantage']), on: v.optional(text(100)) }),
  v.object({ kind: v.literal('stat'), amount: whole(-100, 100), stat: v.optional(eventKey) }),
  v.object({ kind: v.literal('no-slot'), slot: eventKey }),
  v.object({ kind: v.literal('more-slot'), slot: eventKey, amount: whole(1, 20) }),
]);

/** A condition on a character. */
export const condition = v.object({
  id: eventId,
  name: text(200),
  timer,
  effects: v.optional(listOf(effect, 20)),
  rank: v.optional(v.object({ track: eventKey, value: whole(0, 100) })),
});

/** A limited-use ability. */
export const resource = v.pipe(
  v.object({ id: eventId, name: text(200), max: whole(0, 10_000), used: whole(0, 10_000), reset: v.picklist(['round', 'encounter', 'rest']) }),
  v.check((r) => r.used <= r.max, 'has more uses spent than it has'),
);

/** Conditions that ran out with an event. */
export const expired = listOf(v.object({ combatantId: eventId, conditionId: eventId, name: text(200) }));

/** One combatant's initiative. */
export const initiativeEntry = v.object({ combatantId: eventId, roll: v.nullable(roll), total: count, tiebreaks: listOf(roll, 100) });

/** A setting's value. */
export const settingValue = v.union([v.pipe(v.number(), v.finite()), text(1000), v.boolean()]);
