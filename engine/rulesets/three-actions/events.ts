import * as v from 'valibot';
import { bumpSerial, checkCombatant, isFailure, nextId } from '../../core/checks';
import { eventId, listOf, recordOf, rngState, roll, text, track, whole, count } from '../../core/stored-event-parts';
import type { EncounterEvent } from '../../core/events';
import type { EncounterState, Id } from '../../core/state';
import { logDice } from '../../core/log-dice';
import { healthLeft, told, type Told } from '../../core/told';
import type { Voice } from '../../core/voice';
import type { Result } from '../../result';
import { budgetAfter } from '../../core/economy';
import type { RuleEventDefinition } from '../../core/ruleset';
import { ruleEvent } from '../../core/typed';
import type { OpeningAttackedEvent } from './opening';
import type { StarterSetEvent } from './starter';
import type { AttackedEvent } from './attack';
import { CARRIED_SCHEMA } from './carry-over';
import { applyAbandoned, applyExtended, type AbandonedEvent, type ExtendedEvent } from './extended';
import {
  applyBlowLanded,
  applyDeathTested,
  applyFortified,
  closeDeath,
  openDeath,
  openDefence,
  openFortify,
  type BlowLandedEvent,
  type DeathAskedEvent,
  type DeathSkippedEvent,
  type DeathTestedEvent,
  type FortifiedEvent,
  type FortifyAskedEvent,
} from './blow';
import { applyCommanded, COMMANDED_SCHEMA, tellCommanded, type CommandedEvent } from './command';
import { applyDodged, applyIntercepted, DODGED_SCHEMA, INTERCEPTED_SCHEMA, tellDodged, tellIntercepted, type DodgedEvent, type InterceptedEvent } from './defend';
import { THREE_ACTIONS_ECONOMY } from './economy';
import { applyTestsSet, tellTestsSet, TESTS_SET_SCHEMA, type TestsSetEvent } from './own-tests';
import { applyReadied, READIED_SCHEMA, type ReadiedEvent } from './ready';
import { applyResuscitated, RESUSCITATED_SCHEMA, tellResuscitated, type ResuscitatedEvent } from './resuscitate';
import { applyKillingStrike, KILLING_STRIKE_SCHEMA, tellKillingStrike, type KillingStrikeEvent } from './strike';
import { ALL_DAMAGE_TYPES, reductionFor, type Gear } from './gear';
import { applyBrandished, applyDropped, BRANDISHED_SCHEMA, checkGearInHand, handsIn, DROPPED_SCHEMA, tellBrandished, tellDropped, withGearHeld, type BrandishedEvent, type DroppedEvent } from './hands';
import { applyManeuvered, MANEUVERED_SCHEMA, tellManeuvered, type ManeuveredEvent } from './maneuver';
import { luckDice, TEST_LUCK_SCHEMA, testTotal } from './ordinary-test';
import { attacksThisRound, personOf, withPerson } from './person';

// Three Actions' events: what a stored one must hold, how it changes the state, and how the log
// tells it.

/** The GM's gear for a character (setup, or a correction later). */
export type GearSetEvent = {
  type: 'three-actions/gear-set';
  combatantId: Id;
  gear: Gear[];
  /** The ids of the pieces in hand (absent in events from before hands were kept: what was held stays). */
  held?: Id[];
};

/** Every one of Three Actions' own events, as its reducers and sentences read it. */
export type ThreeActionsEvent =
  | StarterSetEvent
  | OpeningAttackedEvent
  | AttackedEvent
  | GearSetEvent
  | ExtendedEvent
  | AbandonedEvent
  | BlowLandedEvent
  | FortifyAskedEvent
  | DeathAskedEvent
  | FortifiedEvent
  | DeathTestedEvent
  | DeathSkippedEvent
  | CommandedEvent
  | KillingStrikeEvent
  | ResuscitatedEvent
  | ReadiedEvent
  | DodgedEvent
  | InterceptedEvent
  | TestsSetEvent
  | BrandishedEvent
  | DroppedEvent
  | ManeuveredEvent;

/** The events defined here; who started the fight and whom they opened it on are defined beside the starter (`starter.ts`, `opening.ts`). */
type DefinedHere = Exclude<ThreeActionsEvent, StarterSetEvent | OpeningAttackedEvent>;

/**
 * The GM's gear for a character (setup, or a correction later): the pieces as the sheet lists
 * them, checked one by one by `checkGearInHand` (a piece without an id gets a new one).
 */
export type SetGearCommand = { type: 'three-actions/set-gear'; combatantId: Id; gear: readonly object[] };

/** Decides `three-actions/set-gear`. */
export function decideSetGear(state: EncounterState, cmd: SetGearCommand): Result<EncounterEvent[]> {
  const c = checkCombatant(state, cmd.combatantId);
  if (isFailure(c)) return c;
  const checked = checkGearInHand(cmd.gear, personOf(c).gear, (n) => nextId(state, 'g', n), handsIn(state));
  if (isFailure(checked)) return checked;
  const event: GearSetEvent = { type: 'three-actions/gear-set', combatantId: c.id, gear: checked.gear, held: checked.held };
  return { ok: true, value: [event] };
}

const gearSchema = v.union([
  v.object({ id: eventId, name: text(64), kind: v.literal('weapon'), test: text(200), damage: whole(0, 100), critDamage: whole(0, 100), critOn: whole(1, 1000), damageType: v.picklist(ALL_DAMAGE_TYPES), delivery: v.picklist(['melee', 'thrown', 'projectile']), nonLethal: v.optional(v.boolean()) }),
  v.object({ id: eventId, name: text(64), kind: v.literal('item'), block: whole(0, 100), parry: whole(0, 100), durability: whole(0, 1000) }),
]);

/** Who said whether a target was flanked or who stood near: the map, the GM where it can't tell, the GM's ruling against it. */
const readFrom = v.picklist(['map', 'gm', 'ruling']);

/** Which of the target's deflections a blow met. */
const REDUCTION = v.picklist(['physical', 'elemental', 'none']);

const SCHEMAS: Readonly<Record<DefinedHere['type'], v.GenericSchema>> = {
  'three-actions/attacked': v.object({
    attackerId: eventId,
    aimedAtId: eventId,
    targetId: eventId,
    weapon: text(64),
    luck: roll,
    stray: v.nullable(roll),
    tests: listOf(roll, 5),
    kept: whole(0, 4),
    modifier: count,
    result: count,
    evasion: count,
    critical: v.boolean(),
    hit: v.boolean(),
    raw: whole(0, 100_000),
    deflection: whole(0, 100_000),
    damageType: v.picklist(ALL_DAMAGE_TYPES),
    reduction: v.optional(REDUCTION),
    nonLethal: v.optional(v.literal(true)),
    flank: v.optional(v.boolean()),
    flankFrom: v.optional(readFrom),
    near: v.optional(listOf(eventId, 200)),
    nearFrom: v.optional(readFrom),
    awaitsDefence: v.boolean(),
    damage: whole(0, 100_000),
    tracks: v.nullable(recordOf(track)),
    rng: rngState,
    paid: v.optional(v.picklist(['reaction', 'order', 'strike'])),
    ruling: v.optional(v.literal(true)),
  }),
  'three-actions/gear-set': v.object({ combatantId: eventId, gear: listOf(gearSchema, 16), held: v.optional(listOf(eventId, 16)) }),
  'three-actions/blow-landed': v.object({
    attackerId: eventId,
    targetId: eventId,
    weapon: text(64),
    landing: v.object({
      defence: v.picklist(['none', 'block', 'parry']),
      itemId: v.nullable(eventId),
      itemDurability: v.nullable(whole(0, 1000)),
      damage: whole(0, 100_000),
      deflected: v.optional(whole(0, 100_000)),
      reduction: v.optional(REDUCTION),
    }),
    tracks: recordOf(track),
  }),
  'three-actions/fortify-asked': v.object({ combatantId: eventId, difficulty: whole(0, 1000) }),
  'three-actions/death-asked': v.object({ combatantId: eventId }),
  'three-actions/fortified': v.object({ combatantId: eventId, difficulty: whole(0, 1000), roll: v.nullable(roll), luck: TEST_LUCK_SCHEMA, success: v.boolean(), tracks: v.nullable(recordOf(track)), rng: v.nullable(rngState) }),
  'three-actions/death-tested': v.object({ combatantId: eventId, difficulty: whole(0, 1000), roll, cheated: v.boolean(), rng: rngState }),
  'three-actions/death-skipped': v.object({ combatantId: eventId }),
  'three-actions/extended': v.object({ combatantId: eventId, name: text(60), cost: whole(2, 30), spent: whole(1, 3), done: whole(1, 30), what: v.optional(CARRIED_SCHEMA) }),
  'three-actions/abandoned': v.object({ combatantId: eventId, name: text(60) }),
  'three-actions/commanded': COMMANDED_SCHEMA,
  'three-actions/killing-strike': KILLING_STRIKE_SCHEMA,
  'three-actions/resuscitated': RESUSCITATED_SCHEMA,
  'three-actions/readied': READIED_SCHEMA,
  'three-actions/dodged': DODGED_SCHEMA,
  'three-actions/intercepted': INTERCEPTED_SCHEMA,
  'three-actions/tests-set': TESTS_SET_SCHEMA,
  'three-actions/brandished': BRANDISHED_SCHEMA,
  'three-actions/dropped': DROPPED_SCHEMA,
  'three-actions/maneuvered': MANEUVERED_SCHEMA,
};

function named(e: DefinedHere): Id[] {
  if (e.type === 'three-actions/attacked') return [e.attackerId, e.aimedAtId, e.targetId, ...(e.near ?? [])];
  if (e.type === 'three-actions/blow-landed' || e.type === 'three-actions/killing-strike' || e.type === 'three-actions/maneuvered') return [e.attackerId, e.targetId];
  if (e.type === 'three-actions/commanded') return [e.commanderId, e.allyId];
  if (e.type === 'three-actions/resuscitated') return [e.combatantId, e.targetId];
  if (e.type === 'three-actions/dodged') return [e.combatantId, e.attackerId];
  if (e.type === 'three-actions/intercepted') return [e.fromId, e.blow.targetId, e.blow.attackerId];
  return [e.combatantId];
}

function refers(state: EncounterState, event: DefinedHere): string | null {
  const missing = named(event).find((id) => !state.combatants.some((c) => c.id === id));
  return missing === undefined ? null : `nobody has the id "${missing}"`;
}

function attacked(state: EncounterState, e: AttackedEvent): EncounterState {
  const asked = e.awaitsDefence ? openDefence(state, { attackerId: e.attackerId, targetId: e.targetId, weapon: e.weapon, raw: e.raw, deflection: e.deflection, damageType: e.damageType, ...(e.reduction ? { reduction: e.reduction } : {}), result: e.result, ...(e.nonLethal ? { nonLethal: true } : {}) }) : state;
  return attackCounted(asked, e);
}

function attackCounted(state: EncounterState, e: AttackedEvent): EncounterState {
  const struck = e.tracks ? { ...state, combatants: state.combatants.map((c) => (c.id === e.targetId && e.tracks ? { ...c, tracks: e.tracks } : c)) } : state;
  const attacker = state.combatants.find((c) => c.id === e.attackerId);
  const made = attacker ? attacksThisRound(state, attacker) : 0;
  // An attack on an ally's command uses up the action it gave.
  const counted = withPerson({ ...struck, rng: e.rng }, e.attackerId, (p) => ({ ...p, attacks: { round: state.round, count: made + 1 }, order: e.paid === 'order' ? null : p.order }));
  // An attack on one's own turn takes one of its actions (unless paid otherwise: a failed killing strike's).
  return e.paid === undefined && counted.activeId === e.attackerId && counted.turn ? { ...counted, turn: { ...counted.turn, budget: budgetAfter(THREE_ACTIONS_ECONOMY, counted.turn.budget, 'one') } } : counted;
}

function tellAttacked(e: AttackedEvent, v: Voice): Told | null {
  const attacker = v.who(e.attackerId);
  const target = v.who(e.targetId);
  if (attacker === null || target === null) return null;
  const aimed = v.who(e.aimedAtId);
  const dice = [logDice(attacker, 'luck', e.luck), ...e.tests.map((t, i) => logDice(attacker, e.tests.length > 1 ? `attack test${i === e.kept ? ' (kept)' : ''}` : 'attack test', t)), ...(e.stray ? [logDice(attacker, 'stray shot', e.stray)] : [])];
  const { flanked, nearFrom } = aroundWords(e, v);
  const stray = e.aimedAtId !== e.targetId && aimed ? `, aimed at ${aimed}, goes astray onto ${target}${nearFrom ? ` (within 1 m${nearFrom})` : ''}` : '';
  const penalty = e.modifier !== 0 ? ` (${e.modifier > 0 ? '+' : ''}${e.modifier})` : '';
  // A luck roll of 1 with nobody near to stray onto: the shot flies on at its target.
  const noneNear = e.nearFrom !== undefined && e.luck.total <= 1 && e.aimedAtId === e.targetId && (e.near ?? []).length === 0 ? `; nobody within 1 m${nearFrom} to stray onto` : '';
  const score = `${e.result}${penalty} against evasion ${e.evasion}${flanked}${noneNear}`;
  const ids = [e.attackerId, e.targetId];
  if (!e.hit) return told(`${attacker}'s ${e.weapon}${stray} misses ${target} (${score}).`, ids, dice, [`${attacker} misses ${target}`]);
  const critical = e.critical ? ' a critical,' : '';
  if (e.awaitsDefence) return told(`${attacker}'s ${e.weapon}${stray} hits ${target} (${score},${critical} luck ${e.luck.total}) for ${e.raw} damage; ${target} may defend first.`, ids, dice, [`${attacker} hits ${target}`]);
  const reduction = e.deflection > 0 ? `, ${e.deflection} deflected (${e.reduction ?? reductionFor(e.damageType)})` : '';
  return told(`${attacker}'s ${e.weapon}${stray} hits ${target} (${score},${critical} luck ${e.luck.total}): ${e.raw} damage${reduction}, ${e.damage} taken${healthLeft(v, e.targetId, e.tracks ?? undefined)}.`, ids, dice, [`${attacker} hits ${target} (${e.damage})`]);
}

/**
 * Whether the target was flanked and where that and who stood within 1 m came from, the source
 * for the GM only: "; flanked, read from the map", and " on the map" (or " as the GM said", " by
 * the GM's ruling against the map") for who stood near.
 */
function aroundWords(e: AttackedEvent, v: Voice): { flanked: string; nearFrom: string } {
  const gm = v.audience === 'gm';
  const source = (from: 'map' | 'gm' | 'ruling' | undefined): string =>
    !gm || from === undefined ? '' : from === 'map' ? ' on the map' : from === 'gm' ? ' as the GM said' : " by the GM's ruling against the map";
  const flanked = e.flank === true ? `; flanked${gm && e.flankFrom === 'map' ? ', read from the map' : source(e.flankFrom)}` : e.flankFrom === 'ruling' && gm ? "; not flanked by the GM's ruling against the map" : '';
  return { flanked, nearFrom: source(e.nearFrom) };
}

function tellLanded(e: BlowLandedEvent, v: Voice): Told | null {
  const target = v.who(e.targetId);
  if (target === null) return null;
  const item = e.landing.itemId ? ' with their item' : '';
  const how = e.landing.defence === 'block' ? `blocks${item} (its durability now ${e.landing.itemDurability})` : e.landing.defence === 'parry' ? `parries${item} (its durability now ${e.landing.itemDurability})` : 'takes the blow';
  const deflected = e.landing.deflected && e.landing.reduction && e.landing.reduction !== 'none' ? ` (${e.landing.deflected} deflected, ${e.landing.reduction})` : '';
  const taken = e.landing.damage > 0 ? `: ${e.landing.damage} damage${deflected}${healthLeft(v, e.targetId, e.tracks)}` : ': no damage gets through';
  return told(`${target} ${how}${taken}.`, [e.targetId], [], e.landing.damage > 0 ? [`${target} takes ${e.landing.damage}`] : []);
}

function tellFortified(e: FortifiedEvent, v: Voice): Told | null {
  const who = v.who(e.combatantId);
  if (who === null) return null;
  if (!e.roll) return told(`${who} falls unconscious.`, [e.combatantId], [], [`${who} falls unconscious`]);
  const outcome = e.success ? 'stays conscious' : 'falls unconscious';
  return told(`${who} fortifies against ${e.difficulty} (${testTotal(e.roll, e.luck)}) and ${outcome}.`, [e.combatantId], [logDice(who, 'fortify', e.roll), ...luckDice(who, e.luck)], [`${who} ${outcome}`]);
}

function tellDeath(e: DeathTestedEvent, v: Voice): Told | null {
  const who = v.who(e.combatantId);
  if (who === null) return null;
  const outcome = e.cheated ? `cheats death (from now on it takes ${e.difficulty + 5})` : 'dies';
  return told(`${who} rolls ${e.roll.total} on the luck test against death (${e.difficulty}) and ${outcome}.`, [e.combatantId], [logDice(who, 'luck against death', e.roll)], [`${who} ${e.cheated ? 'cheats death' : 'dies'}`]);
}

const quiet = (): Told | null => null;

function tellExtended(e: ExtendedEvent, v: Voice): Told | null {
  const who = v.who(e.combatantId);
  if (who === null) return null;
  const spent = `${e.spent} ${e.spent === 1 ? 'action' : 'actions'}`;
  if (e.done >= e.cost) return told(`${who} finishes ${e.name} (${spent}, ${e.cost} in all).`, [e.combatantId]);
  return told(`${who} ${e.done === e.spent ? 'starts' : 'goes on with'} ${e.name}: ${e.done} of ${e.cost} actions, ${e.cost - e.done} more on the next turn.`, [e.combatantId]);
}

const tellAbandoned = (e: AbandonedEvent, v: Voice): Told | null => {
  const who = v.who(e.combatantId);
  return who === null ? null : told(`${who} gives up ${e.name}.`, [e.combatantId]);
};

function tellGear(e: GearSetEvent, v: Voice): Told | null {
  const who = v.who(e.combatantId);
  if (who === null || !v.exact(e.combatantId)) return null;
  return told(`${who} carries ${e.gear.length > 0 ? e.gear.map((g) => g.name).join(', ') : 'nothing'}.`, [e.combatantId]);
}

export const THREE_ACTIONS_EVENTS: Readonly<Record<DefinedHere['type'], RuleEventDefinition>> = {
  'three-actions/attacked': define('three-actions/attacked', 'attack', attacked, tellAttacked),
  'three-actions/gear-set': {
    // The encounter's id counter keeps past the gear's ids, so the next pieces are new.
    ...define('three-actions/gear-set', 'override', (s, g) => ({ ...withPerson(s, g.combatantId, (p) => withGearHeld(p, g.gear, g.held)), serial: bumpSerial(s.serial, ...g.gear.map((x) => x.id)) }), tellGear),
    fightLog: false,
  },
  'three-actions/blow-landed': define('three-actions/blow-landed', 'damage', applyBlowLanded, tellLanded),
  'three-actions/fortify-asked': { ...define('three-actions/fortify-asked', 'damage', openFortify, quiet), fightLog: false },
  'three-actions/death-asked': { ...define('three-actions/death-asked', 'damage', openDeath, quiet), fightLog: false },
  'three-actions/fortified': define('three-actions/fortified', 'damage', applyFortified, tellFortified),
  'three-actions/death-tested': { ...define('three-actions/death-tested', 'damage', applyDeathTested, tellDeath), saysWhoIsOut: true },
  'three-actions/death-skipped': { ...define('three-actions/death-skipped', 'damage', (s, e) => closeDeath(s, e.combatantId), quiet), fightLog: false },
  'three-actions/extended': define('three-actions/extended', 'other', applyExtended, tellExtended),
  'three-actions/abandoned': define('three-actions/abandoned', 'other', applyAbandoned, tellAbandoned),
  'three-actions/commanded': define('three-actions/commanded', 'other', applyCommanded, tellCommanded),
  'three-actions/killing-strike': { ...define('three-actions/killing-strike', 'attack', applyKillingStrike, tellKillingStrike), saysWhoIsOut: true },
  'three-actions/resuscitated': define('three-actions/resuscitated', 'heal', applyResuscitated, tellResuscitated),
  // Told by the Ready it follows (its note names the action and the trigger).
  'three-actions/readied': { ...define('three-actions/readied', 'other', applyReadied, quiet), fightLog: false },
  'three-actions/dodged': define('three-actions/dodged', 'attack', applyDodged, tellDodged),
  'three-actions/intercepted': define('three-actions/intercepted', 'attack', applyIntercepted, tellIntercepted),
  'three-actions/tests-set': { ...define('three-actions/tests-set', 'override', applyTestsSet, tellTestsSet), fightLog: false },
  'three-actions/brandished': define('three-actions/brandished', 'other', applyBrandished, tellBrandished),
  'three-actions/dropped': define('three-actions/dropped', 'other', applyDropped, tellDropped),
  'three-actions/maneuvered': define('three-actions/maneuvered', 'attack', applyManeuvered, tellManeuvered),
};

function define<T extends DefinedHere['type']>(type: T, kind: RuleEventDefinition['kind'], applyIt: (state: EncounterState, e: Extract<DefinedHere, { type: T }>) => EncounterState, tellIt: (e: Extract<DefinedHere, { type: T }>, v: Voice) => Told | null): RuleEventDefinition {
  return ruleEvent<Extract<DefinedHere, { type: T }>>({ kind, schema: SCHEMAS[type], refers, apply: applyIt, tell: tellIt });
}
