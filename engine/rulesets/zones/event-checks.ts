import * as v from 'valibot';
import { count, eventId, eventKey, listOf, recordOf, rngState, roll, text, track, whole } from '../../core/stored-event-parts';
import type { EncounterState, Id } from '../../core/state';
import type { RulesetEvent } from '../../core/events';
import type { ZonesEventType } from './events';
import { borderRef } from '../../space/zones/event-checks';
import { NO_REACTION_REASONS } from './no-reaction';

// Zones & Factions' events as a stored log must hold them (one schema per type), and what they
// name must be in the encounter: the characters, their factions, the zone a blast hit. See
// `encounter/event-checks/` for the core's.

const rng = v.nullable(rngState);
const save = v.object({ roll, score: count, passed: v.boolean() });
const ids = listOf(eventId);

const gearItem = v.object({
  id: eventId,
  name: text(200),
  kind: v.picklist(['weapon', 'shield', 'armour']),
  damage: v.nullable(text(100)),
  reach: v.picklist(['melee', 'ranged', 'indirect']),
  range: whole(0, 100),
  blast: v.boolean(),
  protection: whole(0, 100),
  improvised: v.boolean(),
  wear: v.picklist(['sound', 'damaged', 'broken']),
  used: v.boolean(),
  place: v.optional(v.picklist(['unequipped', 'dropped'])),
  droppedIn: v.optional(v.nullable(eventId)),
});
const gear = listOf(gearItem, 100);

const reaction = v.variant('kind', [
  v.object({ kind: v.picklist(['none', 'dodge', 'accept-stunt']) }),
  v.object({ kind: v.literal('counter'), weaponId: v.nullable(eventId), intent: v.optional(v.picklist(['damage', 'disarm', 'grapple'])) }),
  v.object({ kind: v.literal('hide-behind'), helperId: eventId }),
  v.object({ kind: v.literal('guard'), guardId: eventId }),
]);
const chosen = v.object({ reactorId: eventId, targetId: eventId, reaction, save: v.nullable(save) });

const attack = v.object({
  attackerId: eventId,
  weaponId: v.nullable(eventId),
  intent: v.picklist(['damage', 'hold-back', 'final-blow', 'disarm', 'grapple', 'stunt']),
  disarmWeaponId: v.optional(v.nullable(eventId)),
  stunt: v.optional(v.nullable(text(1000))),
  situation: recordOf(v.boolean()),
  zoneId: v.nullable(eventId),
  targets: ids,
  awaiting: ids,
  selfReact: v.optional(ids),
  surprised: v.optional(v.boolean()),
  noReaction: v.optional(listOf(v.object({ targetId: eventId, reason: v.picklist(NO_REACTION_REASONS) }), 1000)),
  reactions: listOf(chosen, 1000),
});

const deviation = v.object({ from: eventId, to: v.nullable(eventId), roll: v.nullable(roll), numbered: ids });

const blow = v.object({
  attackerId: eventId,
  targetId: eventId,
  roll: v.nullable(roll),
  rolls: v.optional(listOf(roll, 10)),
  raw: whole(0, 1_000_000),
  armour: whole(0, 1_000_000),
  damage: whole(0, 1_000_000),
  broke: listOf(text(200), 100),
  effect: v.nullable(text(1000)),
  save: v.nullable(save),
  healthAfter: v.optional(v.nullable(whole(0, 1_000_000))),
});

const patch = v.object({
  combatantId: eventId,
  tracks: v.optional(recordOf(track)),
  gear: v.optional(gear),
  marks: v.optional(listOf(eventKey, 100)),
  grabbedBy: v.optional(v.nullable(eventId)),
});

const wear = v.picklist(['sound', 'damaged', 'broken']);

/** One schema per Zones & Factions event type. */
export const ZONES_EVENT_SCHEMAS: Readonly<Record<ZonesEventType, v.GenericSchema>> = {
  'zones/attack-declared': v.object({
    attack,
    hitSave: v.nullable(save),
    missed: v.boolean(),
    deviation: v.nullable(deviation),
    asReaction: v.optional(v.boolean()),
    rng: v.optional(rng),
    ruling: v.optional(v.literal(true)),
  }),
  'zones/reaction-chosen': v.object({
    reactorId: eventId,
    targetId: eventId,
    reaction,
    save: v.nullable(save),
    rng: v.optional(rng),
    ruling: v.optional(v.literal(true)),
    guardAsked: v.optional(v.literal(true)),
  }),
  'zones/attack-resolved': v.object({ blows: listOf(blow, 1000), patches: listOf(patch, 1000), rng: v.optional(rng) }),
  'zones/attack-cancelled': v.object({}),
  'zones/stunt-proposed': v.object({ stunt: text(1000), awaiting: listOf(eventId, 1000) }),
  'zones/chase-resolved': v.object({
    results: listOf(v.object({ combatantId: eventId, verdict: v.picklist(['escapes', 'caught', 'save']), save: v.nullable(save), escaped: v.boolean() }), 1000),
    rng: v.optional(rng),
  }),
  'zones/gear-worn': v.object({
    results: listOf(v.object({ combatantId: eventId, itemId: eventId, name: text(200), roll, before: wear, after: wear }), 10_000),
    rng: v.optional(rng),
  }),
  'zones/grab-set': v.object({ combatantId: eventId, grabbedBy: v.nullable(eventId) }),
  'zones/gear-set': v.object({ combatantId: eventId, gear, ruling: v.optional(v.literal(true)) }),
  'zones/morale-phase-started': v.object({ due: ids }),
  'zones/morale-checked': v.object({
    factionId: eventId,
    results: listOf(v.object({ combatantId: eventId, save, outcome: v.picklist(['immune', 'surrendered', 'retreated']) }), 1000),
    rng: v.optional(rng),
  }),
  'zones/morale-skipped': v.object({ factionId: eventId }),
  'zones/reveal-asked': v.object({ attackerId: eventId, by: v.optional(v.picklist(['speaking', 'moving'])) }),
  'zones/reveal-decided': v.object({ attackerId: eventId, revealed: v.boolean() }),
  'zones/leaving-asked': v.object({ moverId: eventId, to: v.union([v.object({ zoneId: eventId }), v.object({ borderId: borderRef })]), strikers: ids }),
  'zones/leaving-decided': v.object({ moverId: eventId, goes: v.boolean() }),
  'zones/morale-called': v.object({ factionId: eventId, ruling: v.literal(true) }),
  'zones/items-moved': v.object({
    combatantId: eventId,
    itemIds: listOf(eventId, 100),
    names: listOf(text(200), 100),
    how: v.picklist(['equip', 'unequip', 'put-down', 'pick-up', 'surrender']),
    place: v.picklist(['equipped', 'unequipped', 'dropped']),
    zoneId: v.nullable(eventId),
    ruling: v.optional(v.literal(true)),
  }),
  'zones/shoved': v.object({
    grabberId: eventId,
    targetId: eventId,
    to: v.nullable(v.object({ zoneId: eventId, borderId: v.nullable(borderRef) })),
    hazard: v.nullable(text(1000)),
    spends: v.picklist(['main', 'bonus']),
    ruling: v.optional(v.literal(true)),
  }),
};

// The characters, factions and zones a well-formed event names, collected field by field.
function named(event: RulesetEvent): { characters: Id[]; factions: Id[]; zones: Id[]; borders?: Id[] } {
  const e = event as Record<string, unknown> & { type: ZonesEventType };
  const list = (value: unknown): Id[] => (Array.isArray(value) ? value.filter((x): x is Id => typeof x === 'string') : []);
  const one = (value: unknown): Id[] => (typeof value === 'string' ? [value] : []);
  const of = <T>(value: unknown, pick: (item: T) => Id[]): Id[] => (Array.isArray(value) ? (value as T[]).flatMap(pick) : []);
  switch (e.type) {
    case 'zones/attack-declared': {
      const a = e.attack as { attackerId: Id; targets: Id[]; awaiting: Id[]; zoneId: Id | null; noReaction?: { targetId: Id }[]; reactions: { reactorId: Id; targetId: Id }[] };
      const unable = (a.noReaction ?? []).map((n) => n.targetId);
      return { characters: [a.attackerId, ...a.targets, ...a.awaiting, ...unable, ...a.reactions.flatMap((r) => [r.reactorId, r.targetId])], factions: [], zones: one(a.zoneId) };
    }
    case 'zones/reaction-chosen':
      return { characters: [...one(e.reactorId), ...one(e.targetId)], factions: [], zones: [] };
    case 'zones/attack-resolved':
      // A patch's grabbedBy names the one holding the character (a grapple that took hold), as grab-set's does.
      return { characters: [...of<{ attackerId: Id; targetId: Id }>(e.blows, (b) => [b.attackerId, b.targetId]), ...of<{ combatantId: Id; grabbedBy?: Id | null }>(e.patches, (p) => [p.combatantId, ...one(p.grabbedBy)])], factions: [], zones: [] };
    case 'zones/chase-resolved':
    case 'zones/gear-worn':
      return { characters: of<{ combatantId: Id }>(e.results, (r) => [r.combatantId]), factions: [], zones: [] };
    case 'zones/grab-set':
      return { characters: [...one(e.combatantId), ...one(e.grabbedBy)], factions: [], zones: [] };
    case 'zones/items-moved':
      return { characters: one(e.combatantId), factions: [], zones: one(e.zoneId) };
    case 'zones/gear-set':
      return { characters: one(e.combatantId), factions: [], zones: [] };
    case 'zones/reveal-asked':
    case 'zones/reveal-decided':
      return { characters: one(e.attackerId), factions: [], zones: [] };
    case 'zones/leaving-asked': {
      const to = e.to as { zoneId?: Id; borderId?: Id };
      return { characters: [...one(e.moverId), ...list(e.strikers)], factions: [], zones: one(to.zoneId), borders: one(to.borderId) };
    }
    case 'zones/leaving-decided':
      return { characters: one(e.moverId), factions: [], zones: [] };
    case 'zones/shoved': {
      const to = e.to as { zoneId?: Id; borderId?: Id | null } | null;
      return { characters: [...one(e.grabberId), ...one(e.targetId)], factions: [], zones: one(to?.zoneId), borders: one(to?.borderId) };
    }
    case 'zones/morale-phase-started':
      return { characters: [], factions: list(e.due), zones: [] };
    case 'zones/morale-checked':
      return { characters: of<{ combatantId: Id }>(e.results, (r) => [r.combatantId]), factions: one(e.factionId), zones: [] };
    case 'zones/morale-skipped':
    case 'zones/morale-called':
      return { characters: [], factions: one(e.factionId), zones: [] };
    case 'zones/attack-cancelled':
      return { characters: [], factions: [], zones: [] };
    case 'zones/stunt-proposed':
      return { characters: list(e.awaiting), factions: [], zones: [] };
  }
}

/** What is wrong with what a well-formed Zones & Factions event names, against the state before it, or null. */
export function zonesReferenceProblem(state: EncounterState, event: RulesetEvent): string | null {
  const { characters, factions, zones, borders = [] } = named(event);
  const character = characters.find((id) => !state.combatants.some((c) => c.id === id));
  if (character !== undefined) return `it names the character "${character}", who is not in the encounter`;
  const faction = factions.find((id) => !state.factions.some((f) => f.id === id));
  if (faction !== undefined) return `it names the faction "${faction}", which is not in the encounter`;
  const zone = zones.find((id) => !state.zones.some((z) => z.id === id));
  if (zone !== undefined) return `it names the zone "${zone}", which the encounter doesn't have`;
  const border = borders.find((id) => !state.borders.some((b) => b.id === id));
  return border === undefined ? null : `it names the border "${border}", which the encounter doesn't have`;
}
