import * as v from 'valibot';
import type { RandomState } from '../../dice/random';
import type { Roll } from '../../dice/roll';
import { eventId, recordOf, rngState, roll, text, track, whole, count } from '../../core/stored-event-parts';
import type { EncounterEvent } from '../../core/events';
import { withoutPrompt } from '../../core/prompt-stack';
import type { PromptKind } from '../../core/prompt-kind';
import type { Combatant, EncounterState, Id, Track } from '../../core/state';
import { isRecord } from '../../json';
import { logDice } from '../../core/log-dice';
import { told, type Told } from '../../core/told';
import type { Voice } from '../../core/voice';
import { failure, type Result } from '../../result';
import { defencesAgainst, reducedBy } from './attack';
import { blowLands, blowOf, defencesOf, DEFEND, openDefence, promptOf, reductionOf, type PendingBlow } from './blow';
import { ALL_DAMAGE_TYPES } from './gear';
import { GUARDING, isUnder } from './conditions';
import { notInHand } from './hands';
import { interceptMove } from './intercept-move';
import { PLAIN_TEST } from './own-tests';
import { luckDice, rollOrdinaryTest, TEST_LUCK_SCHEMA, testTotal, type TestLuck } from './ordinary-test';
import { personOf } from './person';
import { whyNoReaction } from './reactions';

// The question after a hit: take it; block or parry with an item; dodge (a test against the
// attack's result); or an ally steps in (intercepts) and becomes the target, then defends as a free
// reaction. Each defence is a reaction and 1 stamina; an interceptor's own defence costs stamina only.

/** Whether `c` could react to the blow now: awake, 1 stamina, and the reaction unless it is free. */
function mayReact(state: EncounterState, c: Combatant, free = false): boolean {
  return whyNoReaction(state, c, free) === null;
}

/** The allies of the one hit who could step in front of the blow (not for a blow already intercepted; on the grid, within a move of them). */
export function interceptors(state: EncounterState, blow: Pick<PendingBlow, 'attackerId' | 'targetId' | 'free'>): Combatant[] {
  const target = state.combatants.find((c) => c.id === blow.targetId);
  if (!target || blow.free === true) return [];
  return state.combatants.filter((c) => c.factionId === target.factionId && c.id !== target.id && c.id !== blow.attackerId && mayReact(state, c) && Array.isArray(interceptMove(state, c, target)));
}

/**
 * Whether a hit asks anything: dodging is open to anyone with the reaction and 1 stamina, as is
 * stepping in for an ally, so it asks whenever the target could react or an ally could intercept;
 * with nobody able to, the damage lands at once.
 */
export function asksAfterHit(state: EncounterState, target: Combatant, attackerId: Id): boolean {
  return mayReact(state, target) || interceptors(state, { attackerId, targetId: target.id }).length > 0;
}

/** A dodge: the test against the attack's result; a success and the blow misses. */
export type DodgedEvent = {
  type: 'three-actions/dodged';
  combatantId: Id;
  attackerId: Id;
  roll: Roll;
  /** The luck die beside the test (absent in older logs): +4 at the setting's threshold. */
  luck?: TestLuck;
  difficulty: number;
  success: boolean;
  /** Their tracks with the 1 stamina paid. */
  tracks: Record<string, Track>;
  rng: RandomState;
};

/** An ally steps in front of the blow: it is theirs now, and they may defend for free. */
export type InterceptedEvent = {
  type: 'three-actions/intercepted';
  fromId: Id;
  /** The blow as it now waits on the interceptor. */
  blow: PendingBlow & { free: true };
};

export const DODGED_SCHEMA = v.object({ combatantId: eventId, attackerId: eventId, roll, luck: TEST_LUCK_SCHEMA, difficulty: count, success: v.boolean(), tracks: recordOf(track), rng: rngState });
export const INTERCEPTED_SCHEMA = v.object({
  fromId: eventId,
  blow: v.object({
    attackerId: eventId,
    targetId: eventId,
    weapon: text(64),
    raw: whole(0, 100_000),
    deflection: whole(0, 100_000),
    damageType: v.picklist(ALL_DAMAGE_TYPES),
    reduction: v.optional(v.picklist(['physical', 'elemental', 'none'])),
    result: v.optional(count),
    free: v.literal(true),
    nonLethal: v.optional(v.literal(true)),
  }),
});

export function applyDodged(state: EncounterState, e: DodgedEvent): EncounterState {
  const paid = { ...state, rng: e.rng, combatants: state.combatants.map((c) => (c.id === e.combatantId ? { ...c, tracks: e.tracks } : c)) };
  // Dodged: the blow misses and the question closes; failed, the blow lands next (its own event).
  return e.success ? withoutPrompt(paid, promptOf(DEFEND, e.combatantId)) : paid;
}

export const applyIntercepted = (state: EncounterState, e: InterceptedEvent): EncounterState => openDefence(withoutPrompt(state, promptOf(DEFEND, e.fromId)), e.blow);

export function tellDodged(e: DodgedEvent, v: Voice): Told | null {
  const who = v.who(e.combatantId);
  const attacker = v.who(e.attackerId);
  if (who === null || attacker === null) return null;
  const how = e.success ? `gets out of the way of ${attacker}'s blow` : `can't get out of the way of ${attacker}'s blow`;
  return told(`${who} dodges (${testTotal(e.roll, e.luck)} against ${e.difficulty}) and ${how}.`, [e.combatantId, e.attackerId], [logDice(who, 'dodge', e.roll), ...luckDice(who, e.luck)], e.success ? [`${who} dodges`] : []);
}

export function tellIntercepted(e: InterceptedEvent, v: Voice): Told | null {
  const who = v.who(e.blow.targetId);
  const from = v.who(e.fromId);
  if (who === null || from === null) return null;
  return told(`${who} steps in front of ${from} and takes the blow instead; ${who} may defend for free.`, [e.blow.targetId, e.fromId]);
}

function dodge(state: EncounterState, blow: PendingBlow, target: Combatant, asked: Record<string, unknown>, random: Parameters<PromptKind['answer']>[3]): Result<EncounterEvent[]> {
  if (blow.result === undefined) return failure('three-actions/defence', 'This blow was struck before dodging was asked; take it, block or parry.');
  if (!mayReact(state, target, blow.free)) return failure('three-actions/no-reaction', `${target.name} can't dodge: ${whyNoReaction(state, target, blow.free)}.`);
  // The test typed, else their own (from their sheet), else two d6.
  const typed = typeof asked.test === 'string' && asked.test.trim() ? asked.test.trim() : (personOf(target).tests.dodge ?? PLAIN_TEST);
  // Guarding: +1 to defence tests until their next turn.
  const notation = isUnder(target, GUARDING) ? `${typed}+1` : typed;
  const source = random();
  const rolled = rollOrdinaryTest(state, notation, source, asked.dice, asked.luck);
  if (!rolled.ok) return failure(rolled.code === 'input/luck' ? rolled.code : 'three-actions/defence', rolled.code === 'input/luck' ? rolled.message : `The dodge test: ${rolled.message}`);
  const stamina = target.tracks.stamina ?? { value: 0, max: 0 };
  const tracks = { ...target.tracks, stamina: { ...stamina, value: Math.max(0, stamina.value - 1) } };
  const success = rolled.value.total >= blow.result;
  const event: DodgedEvent = { type: 'three-actions/dodged', combatantId: target.id, attackerId: blow.attackerId, roll: rolled.value.roll, luck: rolled.value.luck, difficulty: blow.result, success, tracks, rng: source.state() };
  const spent: EncounterEvent[] = blow.free ? [] : [{ type: 'action-used', combatantId: target.id, actionId: 'dodge', spends: 'reaction', note: 'against the blow' }];
  // Failed, the blow lands as it was, on them as they now are (the stamina paid, the reaction spent).
  const lands = success ? [] : blowLands(state, blow, 'none', null, { ...target, tracks }, true);
  return { ok: true, value: [...spent, event, ...lands] };
}

function intercept(state: EncounterState, blow: PendingBlow, target: Combatant, allyId: unknown): Result<EncounterEvent[]> {
  const ally = interceptors(state, blow).find((c) => c.id === allyId);
  if (!ally) return failure('three-actions/intercept', `Only an ally of ${target.name} with a reaction and 1 stamina left can step in (and not in front of a blow already intercepted).`);
  // On the grid they move to the ally and trade places (no further than their speed).
  const places = interceptMove(state, ally, target);
  if (!Array.isArray(places)) return places;
  const attacker = state.combatants.find((c) => c.id === blow.attackerId);
  // The blow meets the interceptor's own deflection of the same kind.
  const deflection = attacker ? reducedBy(defencesAgainst(attacker, ally), reductionOf(blow)) : 0;
  const stamina = ally.tracks.stamina ?? { value: 0, max: 0 };
  const moved: InterceptedEvent = { type: 'three-actions/intercepted', fromId: target.id, blow: { ...blow, targetId: ally.id, deflection, free: true } };
  return {
    ok: true,
    value: [
      { type: 'action-used', combatantId: ally.id, actionId: 'intercept', spends: 'reaction', note: `for ${target.name}`, uses: { track: 'stamina', amount: 1, after: { ...stamina, value: stamina.value - 1 } } },
      moved,
      ...places,
    ],
  };
}

// A parry adds to physical deflection only; against other damage it is still open (the text bars
// it nowhere) but its label says it takes nothing off.
function parryAddsNothing(blow: PendingBlow): string {
  return reductionOf(blow) === 'physical' ? '' : ` (adds nothing against ${blow.damageType} damage)`;
}

export const DEFEND_PROMPT: PromptKind = {
  code: 'three-actions/defend-first',
  message(state, prompt) {
    const blow = blowOf(prompt);
    const name = state.combatants.find((c) => c.id === blow?.targetId)?.name ?? 'The target';
    return `${name} is hit${blow?.free ? ' (stepping in: a free reaction)' : ''}: take it, or defend first.`;
  },
  answer(state, prompt, answer, random) {
    const blow = blowOf(prompt);
    const target = blow ? state.combatants.find((c) => c.id === blow.targetId) : undefined;
    if (!blow || !target) return failure('prompt/none', 'No blow is waiting.');
    const asked = isRecord(answer) ? answer : { defence: answer };
    const defence = asked.defence;
    if (defence === 'none') return { ok: true, value: blowLands(state, blow, 'none', null) };
    if (defence === 'dodge') return dodge(state, blow, target, asked, random);
    if (defence === 'intercept') return intercept(state, blow, target, asked.allyId);
    if (defence !== 'block' && defence !== 'parry') return failure('three-actions/defence', 'Answer none, block, parry, dodge or intercept (with the item for a block or parry, the ally for an intercept).');
    const choices = defencesOf(target)[defence];
    const item = choices.find((i) => i.id === asked.itemId) ?? (asked.itemId === undefined ? choices[0] : undefined);
    if (!item) return notInHand(target, defence, asked.itemId) ?? failure('three-actions/no-item', `${target.name} has nothing unbroken to ${defence} with${defence === 'block' ? ' (a shield with a block value)' : ''}.`);
    if (!mayReact(state, target, blow.free)) return failure('three-actions/no-reaction', `${target.name} can't ${defence}: ${whyNoReaction(state, target, blow.free)}.`);
    return { ok: true, value: blowLands(state, blow, defence, item) };
  },
  callOff: (state, prompt) => {
    const blow = blowOf(prompt);
    return blow ? blowLands(state, blow, 'none', null) : [];
  },
  choices(state, prompt) {
    const blow = blowOf(prompt);
    const target = blow ? state.combatants.find((c) => c.id === blow.targetId) : undefined;
    if (!blow || !target) return [];
    const can = mayReact(state, target, blow.free);
    const { block, parry } = defencesOf(target);
    return [
      { label: 'Take it', answer: { defence: 'none' } },
      ...(can ? block.map((i) => ({ label: `Block with ${i.name}`, answer: { defence: 'block', itemId: i.id } })) : []),
      ...(can ? parry.map((i) => ({ label: `Parry with ${i.name}${parryAddsNothing(blow)}`, answer: { defence: 'parry', itemId: i.id } })) : []),
      ...(can && blow.result !== undefined ? [{ label: `Dodge (${personOf(target).tests.dodge ?? PLAIN_TEST} against ${blow.result})`, answer: { defence: 'dodge' } }] : []),
      ...interceptors(state, blow).map((c) => ({ label: `${c.name} steps in`, answer: { defence: 'intercept', allyId: c.id } })),
    ];
  },
  // The attacker, the one hit (who may defend while they have the reaction), and the allies who may step in.
  subjects(state, prompt) {
    const blow = blowOf(prompt);
    const target = blow ? state.combatants.find((c) => c.id === blow.targetId) : undefined;
    if (!blow || !target) return [];
    return [
      { id: blow.attackerId, role: 'strikes' },
      { id: target.id, role: mayReact(state, target, blow.free) ? 'hit, may defend' : 'hit' },
      ...interceptors(state, blow).map((c) => ({ id: c.id, role: 'may step in' })),
    ];
  },
};
