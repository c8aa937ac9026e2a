import * as v from 'valibot';
import type { RandomSource, RandomState } from '../../dice/random';
import { manualRoll, rollNotation, type Roll } from '../../dice/roll';
import { EventChain } from '../../encounter/chain';
import { checkCombatant, isFailure } from '../../core/checks';
import type { SidesCommandOf } from './commands';
import { eventId, recordOf, rngState, roll, track, whole } from '../../core/stored-event-parts';
import type { EncounterEvent } from '../../core/events';
import { openPrompt } from '../../encounter/prompts';
import type { Combatant, EncounterState, Id, Track } from '../../core/state';
import { logDice } from '../../core/log-dice';
import { healthLeft, told } from '../../core/told';
import { failure, type Result } from '../../result';
import type { RuleEventDefinition } from '../../core/ruleset';
import { ruleEvent } from '../../core/typed';
import { withTrackValue } from '../../core/tracks';
import { actingRefusal } from './acting';
import { isUnder, PRONE } from './conditions';
import { conditionFromCatalogue } from '../../core/conditions';
import { withFight } from './fight';
import { afterDamage } from './health';
import { maneuverAttackSchema, maneuverDice, rollManeuver, sizeOf, typedDice, unknownIn, type ManeuverAttack, type Size } from './maneuver';
import { opposedSchema, opposedWords, rollOpposed, type Opposed } from './opposed';
import { planGrapple } from './maneuver-plan';
import { grapplesOf, planBreakFree, planDrag, THROW_FEET, DRAG_FEET } from './grapple-plan';
import { unarmed } from './gear';
import { attributeFor } from './plan';
import { damageBonus } from './shock';
import { sidesSettings } from './settings';
import { fighting, spendAction } from './spend';

// Grappling: an unarmed attack roll that hits, then an opposed STR/Brawl check instead of damage;
// won, the defender is grappled until released or until they spend a Main action and win a new
// check (their one roll against each grappler). Neither side moves or fights with anything but bare
// hands. At the end of each round the grappled takes an unarmed hit's damage from each grappler. A
// grappler may spend a Main action and win a check to drag the target 10 ft or throw them 5 ft
// prone; losing it, the target breaks free. Larger targets: −2, or −4 for the barely manageable.

export const GRAPPLED = 'sides/grappled';
export const GRAPPLE_HURT = 'sides/grapple-hurt';
export const GRAPPLE_ENDED = 'sides/grapple-ended';
export const DRAGGED = 'sides/dragged';

export type GrappledEvent = {
  type: typeof GRAPPLED;
  attackerId: Id;
  targetId: Id;
  attack: ManeuverAttack;
  contest: Opposed | null;
  /** The target's size when larger than man-sized, kept for the grappler's later checks; missing: man-sized. */
  size?: Exclude<Size, 'same'>;
  rng: RandomState;
};

export type GrappleHurtEvent = {
  type: typeof GRAPPLE_HURT;
  grapplerId: Id;
  targetId: Id;
  roll: Roll;
  damage: number;
  tracks: Record<string, Track>;
  rng: RandomState;
};

/** Grapples ended: the target broke free of some (a Main and a check), or was let go, or thrown. */
export type GrappleEndedEvent = {
  type: typeof GRAPPLE_ENDED;
  targetId: Id;
  from: Id[];
  how: 'broke-free' | 'released' | 'thrown';
  contests: { grapplerId: Id; contest: Opposed }[];
  rng: RandomState | null;
};

export type DraggedEvent = {
  type: typeof DRAGGED;
  grapplerId: Id;
  targetId: Id;
  how: 'move' | 'throw';
  contest: Opposed;
  rng: RandomState;
};

export { grapplesOf } from './grapple-plan';

/** Why a grappler or someone grappled can't walk away; null when they may. */
export function heldInGrapple(state: EncounterState, mover: Combatant): string | null {
  const g = grapplesOf(state).find((x) => x.by === mover.id || x.target === mover.id);
  if (!g) return null;
  const other = state.combatants.find((c) => c.id === (g.by === mover.id ? g.target : g.by))?.name ?? 'someone';
  return g.by === mover.id ? `${mover.name} is grappling ${other}: let go first, or drag them with a Main action.` : `${mover.name} is grappled by ${other}: break free first (a Main action and a check).`;
}

/** Whether a character is in a grapple, either side of it (only bare hands then). */
export const inGrapple = (state: EncounterState, id: Id): boolean => grapplesOf(state).some((g) => g.by === id || g.target === id);

/** Decides `sides/grapple`: the unarmed attack roll, then the opposed STR/Brawl check. */
export function decideGrapple(state: EncounterState, cmd: SidesCommandOf<'sides/grapple'>, random: () => RandomSource): Result<EncounterEvent[]> {
  const planned = planGrapple(state, { attackerId: cmd.attackerId, targetId: cmd.targetId, size: sizeOf(cmd.size) });
  if (isFailure(planned)) return planned;
  const plan = planned.attack;
  const { attacker, target } = plan;
  const now = actingRefusal(state, attacker, 'Grapples happen');
  if (now) return now;
  if (target.factionId === attacker.factionId) return failure('sides/grapple-ally', `${attacker.name} grapples foes, not ${target.name}.`);
  const held = grapplesOf(state).find((g) => g.by === attacker.id);
  if (held) return failure('sides/grapple-one', `${attacker.name} already grapples ${state.combatants.find((c) => c.id === held.target)?.name ?? 'someone'}: one target at a time.`);
  if (plan.objection && cmd.gmRuling !== true) return plan.objection;
  const paid = spendAction(state, attacker, 'melee', 'main', `grapples ${target.name}`);
  if (!paid.ok) return paid;
  const source = random();
  const rolled = rollManeuver(state, plan, source, typedDice(cmd.dice), planned.attackerBonus.total, planned.defenderBonus.total);
  if (!rolled.ok) return rolled;
  const size = sizeOf(cmd.size);
  const event: GrappledEvent = { type: GRAPPLED, attackerId: attacker.id, targetId: target.id, ...rolled.value, ...(size !== 'same' ? { size } : {}), rng: source.state() };
  return { ok: true, value: [...paid.value, event] };
}

/** Decides `sides/break-free`: a Main action, the grappled's one STR/Brawl roll against each grappler's, as planned. */
export function decideBreakFree(state: EncounterState, cmd: SidesCommandOf<'sides/break-free'>, random: () => RandomSource): Result<EncounterEvent[]> {
  const c = checkCombatant(state, cmd.combatantId);
  if (isFailure(c)) return c;
  const now = actingRefusal(state, c, 'Grapples happen');
  if (now) return now;
  const plan = planBreakFree(state, c.id);
  if (isFailure(plan)) return plan;
  const paid = spendAction(state, c, 'break-free', 'main', 'breaks free');
  if (!paid.ok) return paid;
  const source = random();
  const typed = typedDice(cmd.dice);
  // Their single roll is compared against every grappler's own.
  const mine = typed.attacker ? manualRoll(plan.dice, typed.attacker) : rollNotation(plan.dice, source);
  if (!mine.ok) return mine;
  const contests: { grapplerId: Id; contest: Opposed }[] = [];
  for (const hold of plan.holds) {
    const rolled = rollOpposed(state, source, plan.bonus.total, hold.bonus.total, { attacker: mine.value.terms.flatMap((t) => t.dice.map((d) => d.value)), ...(typed.defender ? { defender: typed.defender } : {}) });
    if (!rolled.ok) return rolled;
    contests.push({ grapplerId: hold.grappler.id, contest: rolled.value });
  }
  const from = contests.filter((x) => x.contest.attackerWins).map((x) => x.grapplerId);
  const ended: GrappleEndedEvent = { type: GRAPPLE_ENDED, targetId: c.id, from, how: 'broke-free', contests, rng: source.state() };
  return { ok: true, value: [...paid.value, ended] };
}

/** Decides `sides/release`: a grappler lets go (no action). */
export function decideRelease(state: EncounterState, cmd: SidesCommandOf<'sides/release'>): Result<EncounterEvent[]> {
  const c = checkCombatant(state, cmd.combatantId);
  if (isFailure(c)) return c;
  if (state.status !== 'running') return failure('sides/not-running', 'Grapples happen during the fight; start combat first.');
  const waiting = openPrompt(state);
  if (waiting) return failure(waiting.code, waiting.message);
  const g = grapplesOf(state).find((x) => x.by === c.id);
  if (!g) return failure('sides/not-grappling', `${c.name} isn't grappling anyone.`);
  const ended: GrappleEndedEvent = { type: GRAPPLE_ENDED, targetId: g.target, from: [c.id], how: 'released', contests: [], rng: null };
  return { ok: true, value: [ended] };
}

/** Decides `sides/drag`: a Main action and the planned check to move the grappled along, or throw them prone; lost, they break free. */
export function decideDrag(state: EncounterState, cmd: SidesCommandOf<'sides/drag'>, random: () => RandomSource): Result<EncounterEvent[]> {
  const c = checkCombatant(state, cmd.combatantId);
  if (isFailure(c)) return c;
  const now = actingRefusal(state, c, 'Grapples happen');
  if (now) return now;
  // The size the grapple was taken with; a grapple from an older log, without one, takes the size asked.
  const plan = planDrag(state, c.id, cmd.size === undefined ? undefined : sizeOf(cmd.size));
  if (isFailure(plan)) return plan;
  const { target } = plan;
  const how = cmd.how === 'throw' ? 'throw' : 'move';
  const paid = spendAction(state, c, 'drag', 'main', how === 'throw' ? `throws ${target.name}` : `drags ${target.name}`);
  if (!paid.ok) return paid;
  const source = random();
  const rolled = rollOpposed(state, source, plan.grapplerBonus.total, plan.targetBonus.total, typedDice(cmd.dice));
  if (!rolled.ok) return rolled;
  const chain = new EventChain(state).push(...paid.value, { type: DRAGGED, grapplerId: c.id, targetId: target.id, how, contest: rolled.value, rng: source.state() } satisfies DraggedEvent);
  // Thrown (won), they land prone and free; lost, they break free.
  if (!rolled.value.attackerWins || how === 'throw') chain.push({ type: GRAPPLE_ENDED, targetId: target.id, from: [c.id], how: rolled.value.attackerWins ? 'thrown' : 'broke-free', contests: [], rng: null } satisfies GrappleEndedEvent);
  if (rolled.value.attackerWins && how === 'throw' && !isUnder(target, PRONE)) chain.push({ type: 'condition-added', combatantId: target.id, condition: conditionFromCatalogue(chain.state, PRONE, target.id) });
  return { ok: true, value: chain.events };
}

/** As a round ends, each grapple hurts its target as an unarmed hit would: the die, the better of STR and DEX, and Brawl. */
export function grappleDamage(state: EncounterState, source: RandomSource): EncounterEvent[] {
  const chain = new EventChain(state);
  for (const g of grapplesOf(state)) {
    const grappler = chain.state.combatants.find((c) => c.id === g.by);
    const target = chain.state.combatants.find((c) => c.id === g.target);
    if (!grappler || !target || !fighting(target)) continue;
    const fist = unarmed(sidesSettings(state.settings).unarmedDamage);
    const rolled = rollNotation(fist.damage, source);
    if (!rolled.ok) continue;
    const damage = Math.max(0, rolled.value.total + damageBonus(grappler, fist, attributeFor(grappler, fist)));
    const tracks = withTrackValue(target, 'hp', (hp) => hp.value - damage);
    chain.push({ type: GRAPPLE_HURT, grapplerId: grappler.id, targetId: target.id, roll: rolled.value, damage, tracks, rng: source.state() } satisfies GrappleHurtEvent, ...afterDamage(chain.state, target, tracks));
  }
  return chain.events;
}

const contestsSchema = v.array(v.object({ grapplerId: eventId, contest: opposedSchema }));

export const GRAPPLE_EVENTS: Record<(GrappledEvent | GrappleHurtEvent | GrappleEndedEvent | DraggedEvent)['type'], RuleEventDefinition> = {
  [GRAPPLED]: ruleEvent<GrappledEvent>({
    kind: 'attack',
    fightLog: true,
    schema: v.object({ attackerId: eventId, targetId: eventId, attack: maneuverAttackSchema, contest: v.nullable(opposedSchema), size: v.optional(v.picklist(['larger', 'huge'])), rng: rngState }),
    refers: (state, event) => unknownIn(state, event.attackerId, event.targetId),
    apply: (state, e) => {
      const rolled = { ...state, rng: e.rng };
      return e.contest?.attackerWins ? withFight(rolled, (f) => ({ ...f, grapples: [...f.grapples.filter((g) => g.by !== e.attackerId), { by: e.attackerId, target: e.targetId, ...(e.size ? { size: e.size } : {}) }] })) : rolled;
    },
    tell: (e, voice) => {
      const a = voice.who(e.attackerId);
      const t = voice.who(e.targetId);
      if (a === null || t === null) return null;
      const dice = maneuverDice(a, t, 'grapple', e.attack, e.contest);
      const sum = `${e.attack.total} against AC ${e.attack.ac}`;
      if (!e.contest) return told(`${a} tries to grapple ${t} and misses (${sum}).`, [e.attackerId, e.targetId], dice);
      const won = e.contest.attackerWins;
      return told(`${a} gets hold of ${t} (${sum}) and ${won ? 'grapples them' : 'can\'t keep hold'} (STR/Brawl ${opposedWords(e.contest)}).`, [e.attackerId, e.targetId], dice, won ? [`${a} grapples ${t}`] : []);
    },
  }),
  [GRAPPLE_HURT]: ruleEvent<GrappleHurtEvent>({
    kind: 'damage',
    fightLog: true,
    schema: v.object({ grapplerId: eventId, targetId: eventId, roll, damage: whole(0, 1_000_000), tracks: recordOf(track), rng: rngState }),
    refers: (state, event) => unknownIn(state, event.grapplerId, event.targetId),
    apply: (state, e) => {
      return { ...state, rng: e.rng, combatants: state.combatants.map((c) => (c.id === e.targetId ? { ...c, tracks: e.tracks } : c)) };
    },
    tell: (e, voice) => {
      const g = voice.who(e.grapplerId);
      const t = voice.who(e.targetId);
      if (g === null || t === null) return null;
      return told(`As the round ends, ${g}'s grip hurts ${t}: ${e.damage} damage${healthLeft(voice, e.targetId, e.tracks)}.`, [e.grapplerId, e.targetId], [logDice(g, 'grapple damage', e.roll)], [`${t} takes ${e.damage} in ${g}'s grip`]);
    },
  }),
  [GRAPPLE_ENDED]: ruleEvent<GrappleEndedEvent>({
    kind: 'attack',
    fightLog: true,
    schema: v.object({ targetId: eventId, from: v.array(eventId), how: v.picklist(['broke-free', 'released', 'thrown']), contests: contestsSchema, rng: v.nullable(rngState) }),
    refers: (state, event) => unknownIn(state, event.targetId),
    apply: (state, e) => {
      return withFight({ ...state, rng: e.rng ?? state.rng }, (f) => ({ ...f, grapples: f.grapples.filter((g) => !(g.target === e.targetId && e.from.includes(g.by))) }));
    },
    tell: (e, voice) => {
      const t = voice.who(e.targetId);
      if (t === null) return null;
      const names = e.from.map((id) => voice.who(id)).filter((n) => n !== null);
      if (e.how === 'released') return told(`${names.join(', ')} lets go of ${t}.`, [e.targetId, ...e.from]);
      if (e.how === 'thrown') return told(`${t} is thrown ${THROW_FEET} ft and lands prone, free of ${names.join(', ')}.`, [e.targetId, ...e.from]);
      const tries = e.contests.map((x) => `${voice.who(x.grapplerId) ?? 'someone'}: ${opposedWords(x.contest)}`).join('; ');
      const dice = e.contests.flatMap((x) => x.contest.rounds.flatMap((r) => [logDice(t, 'break free', r.attacker), logDice(voice.who(x.grapplerId), 'hold on', r.defender)]));
      return told(names.length > 0 ? `${t} breaks free of ${names.join(', ')}${tries ? ` (${tries})` : ''}.` : `${t} can't break free${tries ? ` (${tries})` : ''}.`, [e.targetId, ...e.from], dice);
    },
  }),
  [DRAGGED]: ruleEvent<DraggedEvent>({
    kind: 'attack',
    fightLog: true,
    schema: v.object({ grapplerId: eventId, targetId: eventId, how: v.picklist(['move', 'throw']), contest: opposedSchema, rng: rngState }),
    refers: (state, event) => unknownIn(state, event.grapplerId, event.targetId),
    apply: (state, event) => ({ ...state, rng: event.rng }),
    tell: (e, voice) => {
      const g = voice.who(e.grapplerId);
      const t = voice.who(e.targetId);
      if (g === null || t === null) return null;
      const dice = e.contest.rounds.flatMap((r) => [logDice(g, 'grapple check', r.attacker), logDice(t, 'grapple check', r.defender)]);
      const what = e.how === 'throw' ? `throws ${t}` : `drags ${t} ${DRAG_FEET} ft along`;
      return told(e.contest.attackerWins ? `${g} ${what} (${opposedWords(e.contest)}).` : `${g} tries to move ${t}, who breaks free (${opposedWords(e.contest)}).`, [e.grapplerId, e.targetId], dice);
    },
  }),
};
