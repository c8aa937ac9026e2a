import * as v from 'valibot';
import { eventId, listOf, recordOf, rngState, roll, text, track, whole } from '../../core/stored-event-parts';
import { bumpSerial } from '../../core/checks';
import type { EncounterState, Id } from '../../core/state';
import type { RuleEventDefinition, RuleLogKind } from '../../core/ruleset';
import { ruleEvent } from '../../core/typed';
import type { Told } from '../../core/told';
import type { Voice } from '../../core/voice';
import { ARMOUR_WEIGHTS } from './armour';
import type { AdvancedEvent } from './advance';
import type { AttackedEvent } from './attack';
import { applySkipped, applyStabilised, type StabiliseSkippedEvent, type StabilisedEvent } from './dying';
import { CATEGORY_LABEL, type Kit } from './kit';
import { personOf, withPerson } from './person';
import type { TestedEvent } from './test-command';
import * as tell from './tell';
import { withActionSpent, withTurn } from './turn';

// 2d6 & Vigilant's events: what each must hold in a stored log, how it changes the state, and how
// the log files and tells it.

/** The GM's kit for a character (setup, or a correction later). */
export type KitSetEvent = {
  type: 'two-dice/kit-set';
  combatantId: Id;
  kit: Kit;
  /** Set against the sheet's rules (heavy armour without its traits, trait slots), as the GM's ruling. */
  ruling?: true;
};

export type TwoDiceEvent = AttackedEvent | TestedEvent | AdvancedEvent | KitSetEvent | StabilisedEvent | StabiliseSkippedEvent;
type Of<T extends TwoDiceEvent['type']> = Extract<TwoDiceEvent, { type: T }>;

const edge = v.picklist(['normal', 'advantage', 'disadvantage']);
const skill = v.picklist(['none', 'proficient', 'mastery']);
const category = v.picklist(Object.keys(CATEGORY_LABEL) as [string, ...string[]]);
const tracks = recordOf(track);
const ruling = v.optional(v.literal(true));

const weapon = v.object({ id: eventId, name: text(64), category, subclass: text(40) });
const proficiency = v.object({ id: eventId, name: text(64), category: v.picklist(['light-melee', 'heavy-melee', 'ranged']), level: v.picklist(['proficient', 'mastery']) });

const SCHEMAS: Readonly<Record<TwoDiceEvent['type'], v.GenericSchema>> = {
  'two-dice/attacked': v.object({
    attackerId: eventId,
    targetId: eventId,
    weapon: text(64),
    category,
    skill,
    edge,
    rolls: v.object({
      attack: roll,
      difficulty: whole(0, 100),
      hit: v.boolean(),
      critical: v.nullable(roll),
      isCritical: v.boolean(),
      reductionRoll: v.nullable(roll),
      reduced: whole(0, 100),
      damage: whole(0, 100),
    }),
    reduction: whole(0, 100),
    tracks: v.nullable(tracks),
    rng: rngState,
    ruling,
  }),
  'two-dice/tested': v.object({
    combatantId: eventId,
    test: v.picklist(['evade', 'extricate', 'sneak', 'other']),
    label: text(60),
    difficulty: whole(0, 100),
    edge,
    reasons: listOf(text(200), 10),
    roll,
    success: v.boolean(),
    rng: rngState,
    ruling,
  }),
  'two-dice/advanced': v.object({ combatantId: eventId, distance: whole(1, 1000), total: whole(1, 100_000), endsTurn: v.boolean(), ruling }),
  'two-dice/kit-set': v.object({
    combatantId: eventId,
    kit: v.object({ armour: v.picklist(ARMOUR_WEIGHTS), weapons: listOf(weapon, 12), proficiencies: listOf(proficiency, 12) }),
    ruling,
  }),
  'two-dice/stabilisation-rolled': v.object({
    combatantId: eventId,
    round: whole(1, 100_000),
    attempt: v.picklist([1, 2]),
    medicId: v.nullable(eventId),
    bonus: whole(0, 100),
    reasons: listOf(text(200), 10),
    difficulty: whole(0, 100),
    roll,
    success: v.boolean(),
    tracks: v.nullable(tracks),
    dies: v.boolean(),
    rng: rngState,
  }),
  'two-dice/stabilisation-skipped': v.object({ combatantId: eventId, round: whole(1, 100_000) }),
};

// Who each event names, which must be in the encounter as it is replayed.
function named(e: TwoDiceEvent): Id[] {
  if (e.type === 'two-dice/attacked') return [e.attackerId, e.targetId];
  if (e.type === 'two-dice/stabilisation-rolled') return e.medicId ? [e.combatantId, e.medicId] : [e.combatantId];
  return [e.combatantId];
}

function refers(state: EncounterState, event: TwoDiceEvent): string | null {
  const missing = named(event).find((id) => !state.combatants.some((c) => c.id === id));
  return missing === undefined ? null : `nobody has the id "${missing}"`;
}

// What one does on one's own turn counts against it; what the GM rules done out of turn doesn't
// touch the turn under way.
function ownTurn(state: EncounterState, id: Id, change: Parameters<typeof withTurn>[2]): EncounterState {
  return state.activeId === id ? withTurn(state, id, change) : state;
}

// The turn's one action spent on one's own turn.
function spends(state: EncounterState, id: Id): EncounterState {
  return state.activeId === id ? withActionSpent(state) : state;
}

// The target remembers the attack: an evasion of theirs answers it.
function attacked(state: EncounterState, e: AttackedEvent): EncounterState {
  const damaged = e.tracks ? { ...state, combatants: state.combatants.map((c) => (c.id === e.targetId && e.tracks ? { ...c, tracks: e.tracks } : c)) } : state;
  const hit = withPerson(damaged, e.targetId, (p) => ({ ...p, lastAttack: { attackerId: e.attackerId, weapon: e.weapon, category: e.category, skill: e.skill, round: state.round } }));
  return spends(ownTurn({ ...hit, rng: e.rng }, e.attackerId, (t) => ({ ...t, did: [...t.did, 'attack'] })), e.attackerId);
}

function tested(state: EncounterState, e: TestedEvent): EncounterState {
  const next = { ...state, rng: e.rng };
  if (e.test !== 'evade' && e.test !== 'extricate') return next;
  const turned = spends(ownTurn(next, e.combatantId, (t) => ({ ...t, did: [...t.did, e.test as 'evade' | 'extricate'] })), e.combatantId);
  return e.test === 'extricate' && e.success ? withPerson(turned, e.combatantId, (p) => ({ ...p, extricated: state.round })) : turned;
}

// The kit replaced; the encounter's id counter keeps past its pieces' ids, so the next ones are new.
function kitSet(state: EncounterState, e: KitSetEvent): EncounterState {
  const ids = [...e.kit.weapons.map((w) => w.id), ...e.kit.proficiencies.map((p) => p.id)];
  return { ...withPerson(state, e.combatantId, (p) => ({ ...p, ...e.kit })), serial: bumpSerial(state.serial, ...ids) };
}

function define<T extends TwoDiceEvent['type']>(type: T, kind: RuleLogKind, applyIt: (state: EncounterState, e: Of<T>) => EncounterState, tellIt: (e: Of<T>, voice: Voice) => Told | null): RuleEventDefinition {
  return ruleEvent<Of<T>>({ kind, schema: SCHEMAS[type], refers, apply: applyIt, tell: tellIt });
}

export const TWO_DICE_EVENTS: Readonly<Record<TwoDiceEvent['type'], RuleEventDefinition>> = {
  'two-dice/attacked': define('two-dice/attacked', 'attack', attacked, tell.attacked),
  'two-dice/tested': define('two-dice/tested', 'other', tested, tell.tested),
  'two-dice/advanced': define('two-dice/advanced', 'movement', (state, e) => ownTurn(state, e.combatantId, (t) => ({ ...t, moved: e.total })), tell.advanced),
  'two-dice/kit-set': { ...define('two-dice/kit-set', 'override', kitSet, tell.kitSet), fightLog: false },
  'two-dice/stabilisation-rolled': { ...define('two-dice/stabilisation-rolled', 'stabilisation', applyStabilised, tell.stabilised), saysWhoIsOut: true },
  'two-dice/stabilisation-skipped': define('two-dice/stabilisation-skipped', 'stabilisation', applySkipped, tell.skipped),
};

/** Whether a character's kit is what the GM gave them (for the screen's forms). */
export const kitOf = (c: Parameters<typeof personOf>[0]): Kit => {
  const p = personOf(c);
  return { armour: p.armour, weapons: p.weapons, proficiencies: p.proficiencies };
};
