import type { RandomSource, RandomState } from '../../dice/random';
import { manualRoll, rollNotation, type Roll } from '../../dice/roll';
import { EventChain } from '../../encounter/chain';
import { isFailure } from '../../core/checks';
import type { EncounterEvent } from '../../core/events';
import { openPrompt } from '../../encounter/prompts';
import type { Combatant, EncounterState, Id } from '../../core/state';
import { isRecord } from '../../json';
import { failure, ruleRefusal, type Failure, type Result } from '../../result';
import { blowOutlook, landBlow, type PendingBlow } from './blow';
import { HOLDING, isUnder, TOTAL_DEFENCE } from './conditions';
import { gridOf } from '../../space/grid/battle-grid';
import { surprised } from './acting';
import { CHARGE_LEAST_FEET, chargeWalk } from './charge';
import { fightOf } from './fight';
import { UNARMED } from './gear';
import { inGrapple } from './grapple';
import { armedFoesBeside, askOpportunity, type ChargeAttack, type Then } from './opportunity';
import { screenCheck } from './screen';
import { maySnap, planAttack, SITUATION_IDS, type AttackAsked, type AttackPlan, type AttackWay, type Modifier, type SituationId } from './plan';
import { fighting, mainLeft, spendAction } from './spend';
import { hitsAc, rollModifier } from './verdict';

// An attack: paid for (a Main; a charge, the Main and the Move; a snap attack, the Main given up
// as an Instant; an attack of opportunity, nothing), the d20 rolled against the target's AC, then
// the blow. If anyone could still answer it before its damage lands (the target with total
// defence, anyone with a snap attack at the attacker) it waits for the GM; otherwise it lands.

export const ATTACKED = 'sides/attacked';

export type AttackedEvent = {
  type: typeof ATTACKED;
  attackerId: Id;
  targetId: Id;
  weapon: string;
  way: AttackWay;
  roll: Roll;
  bonus: number;
  modifiers: Modifier[];
  total: number;
  /** The target's AC when the die was rolled. */
  ac: number;
  hit: boolean;
  /** The blow, waiting for answers before it lands (a prompt); null when it landed at once. */
  waiting: PendingBlow | null;
  rng: RandomState | null;
  ruling?: true;
};

export type AttackCommand = AttackAsked & {
  type: 'sides/attack';
  /** A charge on the map: the square it runs to, in a straight line. */
  to?: { x: number; y: number };
  /** The GM's word that this attack can't be parried or body-blocked: screens don't stop it. */
  unscreened?: boolean;
  /** Dice rolled at the table: the d20 and the damage dice. */
  dice?: { attack?: number; damage?: number[] };
  gmRuling?: boolean;
};

const WAY_ACTION: Record<Exclude<AttackWay, 'opportunity'>, { spends: string }> = {
  attack: { spends: 'main' },
  swarm: { spends: 'main' },
  charge: { spends: 'main-move' },
  snap: { spends: 'instant-main' },
};

/** The catalogue's action an attack made this way takes. */
function actionFor(plan: AttackPlan): string {
  if (plan.way === 'attack') return plan.weapon.use === 'melee' ? 'melee' : 'ranged';
  return plan.way;
}

/**
 * Who could answer a blow before it lands: the target with total defence; those holding an action
 * (whose answer resolves first); and those who may snap-attack the attacker.
 */
export function answerers(state: EncounterState, blow: PendingBlow): { totalDefence: boolean; holders: Combatant[]; snappers: Combatant[] } {
  const outlook = blowOutlook(state, blow);
  const { attacker, target } = outlook;
  if (!attacker || !target || (!outlook.hit && outlook.shock <= 0)) return { totalDefence: false, holders: [], snappers: [] };
  // Those caught unawares do nothing in the surprise round, not even an Instant.
  const totalDefence = fighting(target) && mainLeft(state, target) && !isUnder(target, TOTAL_DEFENCE) && !surprised(state, target);
  const foes = state.combatants.filter((c) => c.id !== attacker.id && c.factionId !== attacker.factionId && fighting(c) && mainLeft(state, c) && !surprised(state, c));
  const holders = foes.filter((c) => isUnder(c, HOLDING));
  const snappers = foes.filter((c) => !isUnder(c, HOLDING) && maySnap(state, c));
  return { totalDefence, holders, snappers };
}

/** The answers a blow still waits for: none left, and it lands. */
export const waitsForAnswers = (state: EncounterState, blow: PendingBlow): boolean => {
  const a = answerers(state, blow);
  return a.totalDefence || a.holders.length > 0 || a.snappers.length > 0;
};

// Whether the attacker may attack now, as asked: on their turn; out of it a snap attack, or
// anything while holding an action.
function turnObjection(state: EncounterState, plan: AttackPlan): Failure | null {
  const { attacker, way } = plan;
  if (surprised(state, attacker)) return failure('sides/surprised', `${attacker.name}'s side was caught unawares: they do nothing in the surprise round.`);
  if (way === 'snap' && !maySnap(state, attacker)) return ruleRefusal('sides/snap-untrained', `Only well-trained NPCs can make a snap attack; mark ${attacker.name} as trained, or rule it.`);
  if (state.activeId === attacker.id || way === 'snap' || isUnder(attacker, HOLDING)) return null;
  return failure('sides/not-acting', `It isn't ${attacker.name}'s turn: out of turn they may only snap-attack (or act on a held action).`);
}

/**
 * Rolls an attack as planned and its blow, landing it at once or leaving it waiting; the payment
 * events come first. `atOnce`: it lands without waiting (a snap attack answering a blow).
 */
export function rollAttack(state: EncounterState, plan: AttackPlan, paid: readonly EncounterEvent[], source: RandomSource, dice: AttackCommand['dice'], ruling: boolean, atOnce = false): Result<EncounterEvent[]> {
  const chain = new EventChain(state).push(...paid);
  const rolled = typeof dice?.attack === 'number' ? manualRoll('1d20', [dice.attack]) : rollNotation('1d20', source);
  if (!rolled.ok) return rolled;
  const total = rolled.value.total + rollModifier(plan);
  const blow: PendingBlow = { attackerId: plan.attacker.id, targetId: plan.target.id, weapon: plan.weapon, attribute: plan.attribute, way: plan.way, total, swarmBonus: Math.min(3, plan.swarmOthers.length), ...(plan.dualBonus > 0 ? { dualBonus: plan.dualBonus } : {}), ...(dice?.damage ? { damageDice: dice.damage } : {}) };
  const waits = !atOnce && waitsForAnswers(chain.state, blow);
  const event: AttackedEvent = {
    type: ATTACKED,
    attackerId: plan.attacker.id,
    targetId: plan.target.id,
    weapon: plan.weapon.name,
    way: plan.way,
    roll: rolled.value,
    bonus: plan.bonus,
    modifiers: plan.modifiers,
    total,
    ac: plan.ac,
    hit: hitsAc(plan, total),
    waiting: waits ? blow : null,
    rng: rolled.value.manual ? null : source.state(),
    // The GM's word that the attacker knows an unseen target's place, against the map, is a ruling too.
    ...(ruling || plan.placeRuled ? { ruling: true as const } : {}),
  };
  chain.push(event);
  if (!waits) {
    const landed = landBlow(chain.state, blow, source);
    if (!landed.ok) return landed;
    chain.push(...landed.value);
  }
  return { ok: true, value: chain.events };
}

function situationOf(raw: unknown): Partial<Record<SituationId, boolean>> | Failure {
  if (raw === undefined) return {};
  if (!isRecord(raw)) return failure('sides/situation', 'Situational modifiers are given by name, each on or off.');
  const out: Partial<Record<SituationId, boolean>> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (!SITUATION_IDS.includes(key as SituationId)) return failure('sides/situation', `There is no situational modifier "${key}"; the table has ${SITUATION_IDS.join(', ')}.`);
    if (typeof value !== 'boolean') return failure('sides/situation', `The modifier "${key}" is on or off (true or false).`);
    out[key as SituationId] = value;
  }
  return out;
}

/** Decides `sides/attack`. */
export function decideAttack(state: EncounterState, cmd: AttackCommand, random: () => RandomSource): Result<EncounterEvent[]> {
  if (state.status !== 'running') return failure('sides/not-running', 'Attacks are made during the fight; start combat first.');
  const waiting = openPrompt(state);
  if (waiting) return failure(waiting.code, waiting.message);
  const way = cmd.way ?? 'attack';
  if (way !== 'attack' && way !== 'swarm' && way !== 'charge' && way !== 'snap') return failure('sides/way', 'An attack is made as attack, swarm, charge or snap (attacks of opportunity come when someone provokes them).');
  if (cmd.attribute !== undefined && cmd.attribute !== 'str' && cmd.attribute !== 'dex') return failure('sides/attribute', 'The attribute is str or dex.');
  const situation = situationOf(cmd.situation);
  if (isFailure(situation)) return situation;
  if (cmd.placeKnown !== undefined && typeof cmd.placeKnown !== 'boolean') return failure('sides/place-known', 'Whether the attacker knows where the target is: true or false (leave it out to read it from the map).');
  const placeKnown = typeof cmd.placeKnown === 'boolean' ? { placeKnown: cmd.placeKnown } : {};
  const plan = planAttack(state, { attackerId: cmd.attackerId, targetId: cmd.targetId, weaponId: cmd.weaponId, attribute: cmd.attribute, way, situation, ...(typeof cmd.offhandId === 'string' ? { offhandId: cmd.offhandId } : {}), ...placeKnown }, fightOf(state).swarms);
  if (isFailure(plan)) return plan;
  // In a grapple, either side fights with bare hands only.
  if (inGrapple(state, plan.attacker.id) && plan.weapon.id !== UNARMED && cmd.gmRuling !== true) return ruleRefusal('sides/grapple-unarmed', `${plan.attacker.name} is in a grapple: only unarmed attacks, until it ends.`);
  const turn = turnObjection(state, plan);
  if (turn && !turn.overridable) return turn;
  // A charge is judged where its run ends (`charge`).
  const objection = turn ?? (way === 'charge' ? null : plan.objection);
  if (objection && cmd.gmRuling !== true) return objection;
  const paid = spendAction(state, plan.attacker, actionFor(plan), WAY_ACTION[way].spends, `at ${plan.target.name}`);
  if (!paid.ok) return paid;
  const dice = isRecord(cmd.dice) ? { ...(typeof cmd.dice.attack === 'number' ? { attack: cmd.dice.attack } : {}), ...(Array.isArray(cmd.dice.damage) ? { damage: cmd.dice.damage.filter((d): d is number => typeof d === 'number') } : {}) } : undefined;
  const source = random();
  if (way === 'charge') return charge(state, plan, cmd, paid.value, dice, source);
  const afterPaid = new EventChain(state).push(...paid.value).state;
  const asked: AttackAsked = { attackerId: plan.attacker.id, targetId: plan.target.id, weaponId: plan.weapon.id, attribute: plan.attribute, way, situation, ...(typeof cmd.offhandId === 'string' ? { offhandId: cmd.offhandId } : {}), ...placeKnown };
  const aimed = pastTheScreen(afterPaid, plan, asked, source, cmd.unscreened === true);
  if (!aimed.ok) return aimed;
  return rollAttack(state, aimed.value.plan, [...paid.value, ...aimed.value.events], source, dice, objection !== null);
}

/**
 * "Enemies who attack your ward must make a successful opposed combat skill check against you":
 * every attack on a screened ally (a charge's, an attack of opportunity's, a snap attack's too) meets the screen
 * first, unless the GM says it can't be blocked; the check's event, and the attack turned on the
 * screener who won it.
 */
export function pastTheScreen(state: EncounterState, plan: AttackPlan, asked: AttackAsked, source: RandomSource, unscreened: boolean): Result<{ plan: AttackPlan; events: EncounterEvent[] }> {
  if (unscreened) return { ok: true, value: { plan, events: [] } };
  const screened = screenCheck(state, plan.attacker, plan.target, plan.weapon, source);
  if (!screened.ok) return screened;
  const screen = screened.value;
  const events = screen ? [screen] : [];
  if (!screen?.takenBy) return { ok: true, value: { plan, events } };
  const aimed = planAttack(state, { ...asked, targetId: screen.takenBy }, fightOf(state).swarms);
  return isFailure(aimed) ? aimed : { ok: true, value: { plan: aimed, events } };
}

// A charge: paid, then the run (on the map, to the square given); armed foes beside the charger as
// they set off strike first; then the attack, planned from where the run ends.
function charge(state: EncounterState, plan: AttackPlan, cmd: AttackCommand, paid: readonly EncounterEvent[], dice: AttackCommand['dice'], source: RandomSource): Result<EncounterEvent[]> {
  const chain = new EventChain(state).push(...paid);
  const to = isRecord(cmd.to) && typeof cmd.to.x === 'number' && typeof cmd.to.y === 'number' ? { x: cmd.to.x, y: cmd.to.y } : null;
  // On the map a charge runs somewhere: at least 5 ft, in a straight line.
  if (!to && plan.attacker.square && gridOf(state)) return failure('sides/charge-to', `Say which square ${plan.attacker.name} charges to: at least ${CHARGE_LEAST_FEET} ft away, in a straight line, ending within reach of ${plan.target.name}.`);
  const walk = to ? chargeWalk(chain.state, plan.attacker, to) : null;
  if (walk && !walk.ok) return walk;
  const attack: ChargeAttack = { attackerId: plan.attacker.id, targetId: plan.target.id, weaponId: plan.weapon.id, attribute: plan.attribute, way: 'charge', situation: cmd.situation, ...(typeof cmd.offhandId === 'string' ? { offhandId: cmd.offhandId } : {}), ...(typeof cmd.placeKnown === 'boolean' ? { placeKnown: cmd.placeKnown } : {}), ...(cmd.unscreened === true ? { unscreened: true as const } : {}) };
  const then: Then = { kind: 'charge', walk: walk ? walk.value : null, attack, ...(dice ? { dice } : {}) };
  // Out of reach (or range) where the run ends: the text forbids it, unless the GM rules otherwise.
  const ended = planAttack(walk ? new EventChain(chain.state).push(walk.value).state : chain.state, attack, fightOf(state).swarms);
  if (isFailure(ended)) return ended;
  if (ended.objection && cmd.gmRuling !== true) return ended.objection;
  // Starting beside armed foes, the run provokes them.
  const strikers = walk ? armedFoesBeside(state, plan.attacker) : [];
  if (strikers.length > 0) return { ok: true, value: chain.push(...askOpportunity(plan.attacker, strikers, 'charges', then)).events };
  const ran = goOnAfter(then, chain.state, source);
  return ran.ok ? { ok: true, value: chain.push(...ran.value).events } : ran;
}

/**
 * A foe's free attack of opportunity at the one provoking it. Its blow may wait like any other's
 * (the one provoking may take total defence after seeing the roll), on top of the question.
 */
export function strikeOfOpportunity(state: EncounterState, strikerId: Id, targetId: Id, weaponId: Id, source: RandomSource): Result<EncounterEvent[]> {
  const asked: AttackAsked = { attackerId: strikerId, targetId, weaponId, way: 'opportunity' };
  const plan = planAttack(state, asked, fightOf(state).swarms);
  if (isFailure(plan)) return plan;
  const aimed = pastTheScreen(state, plan, asked, source, false);
  if (!aimed.ok) return aimed;
  return rollAttack(state, aimed.value.plan, aimed.value.events, source, undefined, false);
}

/** What waited on attacks of opportunity goes on: a walk is made; a charge runs and attacks (already paid for). */
export function goOnAfter(then: Then, state: EncounterState, source: RandomSource): Result<EncounterEvent[]> {
  if (then.kind === 'none') return { ok: true, value: [] };
  if (then.kind === 'walk') return { ok: true, value: [then.event] };
  const chain = new EventChain(state);
  if (then.walk) chain.push(then.walk);
  const plan = planAttack(chain.state, then.attack, fightOf(chain.state).swarms);
  if (isFailure(plan)) return plan;
  const aimed = pastTheScreen(chain.state, plan, then.attack, source, then.attack.unscreened === true);
  if (!aimed.ok) return aimed;
  const rolled = rollAttack(chain.state, aimed.value.plan, aimed.value.events, source, then.dice, false);
  return rolled.ok ? { ok: true, value: chain.push(...rolled.value).events } : rolled;
}
