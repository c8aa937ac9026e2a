import * as v from 'valibot';
import { PLACE_ENTRIES } from '../../space/events';
import { type SpaceEvent } from '../../core/maps/space-events';
import type { EventType } from '../../core/events';
import { condition, count, eventId, eventKey, expired, faction, initiativeEntry, listOf, NUMBER_LIMIT, recordOf, resource, rngState, roll, settingValue, text, timer, track, whole } from '../../core/stored-event-parts';

// One schema per core event type: what a stored event must hold before the replay applies it.
// Fields that logs from older versions lack are optional here, as the reducer reads them.

const ids = listOf(eventId);
const rngOrNull = v.nullable(rngState);
/** Set when the GM overruled the ruleset's refusal (older logs lack it). */
const ruling = v.optional(v.literal(true));
/** A stat's value: any finite number within ± the limit. */
const statValue = v.pipe(v.number(), v.finite(), v.minValue(-NUMBER_LIMIT), v.maxValue(NUMBER_LIMIT));

/** A combatant as `combatant-added` stores it, with the space's fields for their place; the ruleset's part is its own. */
const combatant = v.object({
  id: eventId,
  name: text(200),
  factionId: eventId,
  stats: recordOf(statValue),
  tracks: recordOf(track),
  conditions: listOf(condition, 200),
  notes: text(10_000),
  concealed: v.boolean(),
  initiative: v.nullable(count),
  marks: v.optional(listOf(eventKey, 100)),
  traits: v.optional(listOf(eventKey, 100)),
  resources: v.optional(listOf(resource, 100)),
  templateId: v.optional(v.nullable(eventId)),
  ...PLACE_ENTRIES,
});

const onCombatant = <T extends v.ObjectEntries>(entries: T) => v.object({ combatantId: eventId, ...entries });

// A Record over every core event type but the space's (the space declares those), so adding an
// event without its schema fails to compile.
export const CORE_EVENT_SCHEMAS: Readonly<Record<Exclude<EventType, SpaceEvent['type']>, v.GenericSchema>> = {
  'encounter-created': v.object({ id: text(200), name: text(200), rulesetId: eventKey, seed: v.pipe(v.number(), v.integer()), rng: rngState, settings: recordOf(settingValue), factions: listOf(faction, 100) }),
  'faction-added': v.object({ faction }),
  'combatant-added': v.object({ combatant, order: ids, initiative: v.nullable(initiativeEntry), rng: v.optional(rngOrNull), ruling }),
  'combat-started': v.object({ initiative: listOf(initiativeEntry), order: ids, rng: rngState, expired: v.optional(expired), opening: v.optional(v.object({ phase: eventKey, activeId: eventId })) }),
  'turn-advanced': v.object({ round: whole(0, NUMBER_LIMIT), activeId: eventId, expired: v.optional(expired), passedOver: v.optional(v.literal(true)) }),
  'turn-set': v.object({ round: whole(0, NUMBER_LIMIT), activeId: eventId }),
  'combat-ended': v.object({ expired: v.optional(expired) }),
  'scene-ended': v.object({ expired: v.optional(expired) }),
  'combatant-damaged': onCombatant({ amount: whole(0, NUMBER_LIMIT), tracks: recordOf(track) }),
  'combatant-healed': onCombatant({ amount: whole(0, NUMBER_LIMIT), tracks: recordOf(track) }),
  'track-set': onCombatant({ track: eventKey, value: track }),
  'stat-set': onCombatant({ stat: eventKey, value: statValue, ruling }),
  'condition-added': onCombatant({ condition, roll: v.optional(roll) }),
  'condition-timer-set': onCombatant({ conditionId: eventId, timer, roll: v.optional(roll) }),
  'condition-removed': onCombatant({ conditionId: eventId }),
  'combatant-renamed': onCombatant({ name: text(200) }),
  'faction-changed': onCombatant({ factionId: eventId }),
  'concealment-set': onCombatant({ concealed: v.boolean() }),
  'notes-set': onCombatant({ notes: text(10_000) }),
  'order-set': v.object({ order: ids, initiative: v.nullable(v.object({ combatantId: eventId, total: count })) }),
  'combatant-removed': onCombatant({ order: ids, activeId: v.nullable(eventId) }),
  'resource-used': onCombatant({ resourceId: eventId, name: text(200), max: whole(0, 10_000), amount: whole(0, 10_000), used: whole(0, 10_000) }),
  'resource-set': onCombatant({ resourceId: eventId, name: text(200), max: whole(0, 10_000), used: whole(0, 10_000) }),
  'dice-rolled': v.object({ label: text(1000), roll, rng: rngOrNull }),
  'initiative-held': v.object({ factionId: eventId, roll: v.nullable(roll), rng: v.optional(rngOrNull) }),
  'sides-ordered': v.object({ rolls: listOf(v.object({ factionId: eventId, roll, tiebreaks: listOf(roll, 100), wonTie: v.optional(v.boolean()) }), 100), order: ids, rng: rngState, joined: v.optional(v.boolean()) }),
  'phase-started': v.object({
    round: whole(0, NUMBER_LIMIT),
    phase: eventKey,
    gate: v.optional(v.nullable(roll)),
    rng: v.optional(rngOrNull),
    factionId: v.optional(v.nullable(eventId)),
    // The reducer reads it on every replay, and every version wrote it.
    skipped: ids,
    expired: v.optional(expired),
  }),
  'first-faction-chosen': v.object({ factionId: eventId }),
  'turn-taken': onCombatant({ expired: v.optional(expired) }),
  'turn-ended': onCombatant({ expired: v.optional(expired) }),
  'faction-passed': v.object({ factionId: eventId }),
  'go-moved': v.object({ factionId: v.nullable(eventId), skipped: ids }),
  'reaction-taken': onCombatant({ what: v.optional(text(1000)) }),
  'action-used': onCombatant({ actionId: eventKey, spends: v.optional(eventKey), note: v.optional(text(1000)), expired: v.optional(expired), uses: v.optional(v.object({ track: eventKey, amount: whole(1, 1000), after: track })), ruling }),
  'mark-set': onCombatant({ mark: eventKey, on: v.boolean() }),
  'trait-set': onCombatant({ trait: eventKey, on: v.boolean(), ruling }),
  'initiative-faction-set': v.object({ factionId: v.nullable(eventId) }),
  'team-order-set': v.object({ order: listOf(eventId, 1000), ruling }),
  'setting-set': v.object({ key: eventKey, value: settingValue }),
  'player-factions-set': v.object({ factionIds: ids }),
  'enemy-health-set': v.object({ mode: v.picklist(['descriptors', 'none']) }),
  'player-name-set': onCombatant({ name: v.nullable(text(200)) }),
  'name-revealed': onCombatant({ revealed: v.boolean() }),
  'conditions-shown-set': onCombatant({ shown: v.boolean() }),
  'hidden-until-turn-set': onCombatant({ hidden: v.boolean() }),
};
