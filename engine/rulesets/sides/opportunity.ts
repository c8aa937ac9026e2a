import type { Ruleset } from '../../core/ruleset';
import * as v from 'valibot';
import { randomFrom, type RandomSource } from '../../dice/random';
import { EventChain } from '../../encounter/chain';
import { eventId, listOf, text, whole } from '../../core/stored-event-parts';
import type { EncounterEvent } from '../../core/events';
import { findPrompt, withoutPrompt, withPrompt } from '../../core/prompt-stack';
import type { PromptKind } from '../../core/prompt-kind';
import type { Combatant, EncounterState, Id, Prompt } from '../../core/state';
import { isRecord, type JsonValue } from '../../json';
import { told } from '../../core/told';
import { failure, type Result } from '../../result';
import type { RuleEventDefinition } from '../../core/ruleset';
import { ruleEvent } from '../../core/typed';
import { movesTaken } from './charge';
import { DISENGAGED, isUnder } from './conditions';
import { fightOf, withFight, type Disengagement } from './fight';
import { foesInMeleeRange, foesReaching } from './grid-reading';
import { personOf } from './person';
import type { AttackAsked } from './plan';
import { fighting } from './spend';

// Attacks of opportunity: running out of a foe's reach, standing up, picking something up or using
// a skill next to foes armed with melee weapons, or starting a charge beside them, lets each of
// them make a free attack first, unless the one provoking has disengaged this round. The provoking
// step waits (a prompt) while the GM has each foe strike or let it go; then it goes on, if the one
// provoking still stands.

export const OPPORTUNITY = 'sides/opportunity';
export const OPPORTUNITY_ASKED = 'sides/opportunity-asked';
export const OPPORTUNITY_TAKEN = 'sides/opportunity-taken';
export const OPPORTUNITY_SETTLED = 'sides/opportunity-settled';
const DISENGAGED_FROM = 'sides/disengaged-from';
const PROMPT_ID = 'sides-opportunity';

/** A charge's attack as asked; `unscreened`: the GM says a screen can't block it. */
export type ChargeAttack = AttackAsked & { unscreened?: true };

/** What waits on the strikes: nothing more (the action was taken), a walk, or a charge's attack. */
export type Then = { kind: 'none' } | { kind: 'walk'; event: EncounterEvent } | { kind: 'charge'; walk: EncounterEvent | null; attack: ChargeAttack; dice?: { attack?: number; damage?: number[] } };

export type Opportunity = {
  provokerId: Id;
  /** Those who may still strike. */
  strikers: Id[];
  /** What provoked it, in a few words ("stands up"). */
  why: string;
  then: Then;
};

/** The question opens; the prompt holds the event but its type. */
export type OpportunityAskedEvent = { type: typeof OPPORTUNITY_ASKED } & Opportunity;
/** One striker has struck (or let it go), and may no more. */
export type OpportunityTakenEvent = { type: typeof OPPORTUNITY_TAKEN; strikerId: Id };
/** The question closes. */
export type OpportunitySettledEvent = { type: typeof OPPORTUNITY_SETTLED; provokerId: Id };
/** Disengage taken: the foes whose reach covered its taker this round. */
export type DisengagedFromEvent = { type: typeof DISENGAGED_FROM } & Disengagement;

/** The actions that provoke from adjacent armed foes as they are taken (running and charging provoke by moving). */
export const PROVOKING_ACTIONS: Readonly<Record<string, string>> = { skill: 'uses a skill', 'pick-up': 'picks something up', 'stand-up': 'stands up' };

/** A character's readied melee weapon, if they have one (bare hands, or a sword in the pack, provoke nobody's fear). */
export const meleeWeaponOf = (c: Combatant) => personOf(c).gear.find((w) => w.use === 'melee' && w.carried === 'readied') ?? null;

/**
 * Whether `c` has disengaged from this foe this round: "Disengage from all adjacent melee attackers
 * for the rest of the round" — those whose reach covered them as they disengaged (a long weapon's
 * too: leaving "a melee combatant's range (usually 5', though can be longer …)" is what Disengage
 * guards against), not a foe met later. Logs from before the foes were noted keep them off every
 * foe, as then.
 */
function disengagedFrom(state: EncounterState, c: Combatant, foeId: Id): boolean {
  if (!isUnder(c, DISENGAGED)) return false;
  const noted = fightOf(state).disengaged.find((d) => d.combatantId === c.id && d.round === state.round);
  return noted ? noted.from.includes(foeId) : true;
}

/** Foes armed with a melee weapon, still fighting, beside `c` on the map, but those `c` disengaged from; none off the map. */
export function armedFoesBeside(state: EncounterState, c: Combatant): Combatant[] {
  return (foesInMeleeRange(state, c) ?? []).filter((foe) => meleeWeaponOf(foe) !== null && !disengagedFrom(state, c, foe.id));
}

/** The events that open the question, or none when nobody may strike. */
export function askOpportunity(provoker: Combatant, strikers: readonly Combatant[], why: string, then: Then): EncounterEvent[] {
  if (strikers.length === 0) return [];
  const data: Opportunity = { provokerId: provoker.id, strikers: strikers.map((c) => c.id), why, then };
  return [{ type: OPPORTUNITY_ASKED, ...data } satisfies OpportunityAskedEvent];
}

/** After an action of the catalogue: one that provokes opens the question for the armed foes beside its taker; Disengage notes the foes whose reach covered its taker. */
export function afterAction(state: EncounterState, combatantId: Id, actionId: string): EncounterEvent[] {
  const c = state.combatants.find((x) => x.id === combatantId);
  if (c && actionId === 'disengage') return [{ type: DISENGAGED_FROM, combatantId: c.id, from: (foesReaching(state, c) ?? []).map((foe) => foe.id), round: state.round } satisfies DisengagedFromEvent];
  const why = PROVOKING_ACTIONS[actionId];
  return why && c ? askOpportunity(c, armedFoesBeside(state, c), why, { kind: 'none' }) : [];
}

// Screen an ally: "If you moved and started your movement adjacent to an armed melee combatant,
// they get an Attack of Opportunity" — whether or not the walk leaves their reach. Only the first
// walk of the screen's own Move starts its movement.
function startsScreenMove(state: EncounterState, mover: Combatant): boolean {
  const move = movesTaken(state);
  if (!fightOf(state).screens.some((s) => s.screenerId === mover.id && s.since === state.round && s.move === move)) return false;
  const walked = state.walked;
  return !(walked && walked.round === state.round && walked.combatantId === mover.id && walked.move === move);
}

/** A walk on the map that leaves armed foes' reach, or starts a screen's Move beside them, waits for their strikes (none once disengaged). */
export function holdUpWalk(state: EncounterState, mover: Combatant, planned: EncounterEvent): EncounterEvent[] {
  if (planned.type !== 'walked') return [];
  const left = new Set(planned.leaving.flatMap((l) => l.before.filter((id) => !l.after.includes(id))));
  const leaving = state.combatants.filter((c) => left.has(c.id) && c.factionId !== mover.factionId && fighting(c) && meleeWeaponOf(c) !== null && !disengagedFrom(state, mover, c.id));
  const beside = startsScreenMove(state, mover) ? armedFoesBeside(state, mover) : [];
  const strikers = [...beside, ...leaving.filter((c) => !beside.some((b) => b.id === c.id))];
  return askOpportunity(mover, strikers, beside.length > 0 ? 'moves to screen an ally' : 'moves out of reach', { kind: 'walk', event: planned });
}

// A prompt's data is untyped JSON; this one's is a `sides/opportunity-asked` event but its type,
// held to that event's schema as it was written or read.
const isOpportunity = (data: unknown): data is Opportunity => isRecord(data) && typeof data.provokerId === 'string' && Array.isArray(data.strikers) && isRecord(data.then);

const opportunityOf = (prompt: Prompt | undefined): Opportunity | null => (prompt && isOpportunity(prompt.data) ? prompt.data : null);

/** The question waiting, if any. */
export const opportunityNow = (state: EncounterState): Opportunity | null => opportunityOf(findPrompt(state, PROMPT_ID));

// Strikes done (or let go): the question closes and what waited goes on, if the one provoking still stands.
function settle(chain: EventChain, o: Opportunity, source: RandomSource, goOn: (then: Then, state: EncounterState, source: RandomSource, ruleset: Ruleset) => Result<EncounterEvent[]>, ruleset: Ruleset): Result<EncounterEvent[]> {
  chain.push({ type: OPPORTUNITY_SETTLED, provokerId: o.provokerId } satisfies OpportunitySettledEvent);
  const provoker = chain.state.combatants.find((c) => c.id === o.provokerId);
  if (!provoker || !fighting(provoker) || o.then.kind === 'none') return { ok: true, value: chain.events };
  const next = goOn(o.then, chain.state, source, ruleset);
  return next.ok ? { ok: true, value: chain.push(...next.value).events } : next;
}

/**
 * The question's kind. `strike` rolls one foe's free attack (landing at once), `goOn` makes what
 * waited (a walk's event, a charge's attack), both given by the ruleset's attack module.
 */
export function opportunityPrompt(
  strike: (state: EncounterState, strikerId: Id, targetId: Id, weaponId: Id, source: RandomSource, ruleset: Ruleset) => Result<EncounterEvent[]>,
  goOn: (then: Then, state: EncounterState, source: RandomSource, ruleset: Ruleset) => Result<EncounterEvent[]>,
): PromptKind {
  return {
    code: 'sides/opportunity-waiting',
    message(state, prompt) {
      const o = opportunityOf(prompt);
      const who = state.combatants.find((c) => c.id === o?.provokerId)?.name ?? 'Someone';
      const names = (o?.strikers ?? []).map((id) => state.combatants.find((c) => c.id === id)?.name ?? id);
      return `${who} ${o?.why ?? 'provokes'}: ${names.join(', ')} may strike first (a free attack of opportunity).`;
    },
    choices(state, prompt) {
      const o = opportunityOf(prompt);
      if (!o) return [];
      const provoker = state.combatants.find((c) => c.id === o.provokerId)?.name ?? 'them';
      return [
        ...o.strikers.map((id) => ({ label: `${state.combatants.find((c) => c.id === id)?.name ?? id} strikes ${provoker}`, answer: { strike: id } as JsonValue })),
        { label: o.strikers.length === 0 ? `${provoker} goes on` : o.strikers.length === 1 ? 'Let it go' : 'Nobody else strikes', answer: { respond: 'none' } },
      ];
    },
    answer(state, prompt, answer, random, ruleset) {
      const o = opportunityOf(prompt);
      if (!o) return failure('prompt/none', 'Nothing is waiting for an answer.');
      const asked = isRecord(answer) ? answer : {};
      const source = random();
      const chain = new EventChain(state, ruleset);
      if (asked.respond === 'none') return settle(chain, o, source, goOn, ruleset);
      const striker = o.strikers.find((id) => id === asked.strike);
      if (!striker) return failure('sides/opportunity', `Only ${o.strikers.length > 0 ? 'one of those named' : 'nobody now'} may strike; or answer that nobody does.`);
      const foe = state.combatants.find((c) => c.id === striker);
      const weaponId = typeof asked.weaponId === 'string' ? asked.weaponId : (foe ? meleeWeaponOf(foe)?.id : undefined);
      if (!weaponId) return failure('sides/opportunity', 'That foe has no melee weapon to strike with.');
      const struck = strike(state, striker, o.provokerId, weaponId, source, ruleset);
      if (!struck.ok) return struck;
      chain.push(...struck.value, { type: OPPORTUNITY_TAKEN, strikerId: striker } satisfies OpportunityTakenEvent);
      const left = opportunityNow(chain.state);
      const provoker = chain.state.combatants.find((c) => c.id === o.provokerId);
      // The strike's blow waits for answers (a question on top of this one): this question comes back after it.
      const blowWaiting = (chain.state.prompts ?? []).some((p) => p.id !== PROMPT_ID);
      if (blowWaiting || (left && left.strikers.length > 0 && provoker && fighting(provoker))) return { ok: true, value: chain.events };
      return settle(chain, o, source, goOn, ruleset);
    },
    // The one provoking by what they do ("moves out of reach"), and those who may still strike.
    subjects(_state, prompt) {
      const o = opportunityOf(prompt);
      return o ? [{ id: o.provokerId, role: o.why }, ...o.strikers.map((id) => ({ id, role: 'may strike' }))] : [];
    },
    // Called off, nobody strikes and what waited goes on.
    callOff(state, prompt, ruleset) {
      const o = opportunityOf(prompt);
      if (!o) return [];
      const settled = settle(new EventChain(state, ruleset), o, randomFrom(state.rng), goOn, ruleset);
      return settled.ok ? settled.value : [{ type: OPPORTUNITY_SETTLED, provokerId: o.provokerId } satisfies OpportunitySettledEvent];
    },
  };
}

const thenSchema = v.union([
  v.object({ kind: v.literal('none') }),
  v.object({ kind: v.literal('walk'), event: v.looseObject({ type: v.literal('walked') }) }),
  v.object({ kind: v.literal('charge'), walk: v.nullable(v.looseObject({ type: v.literal('walked') })), attack: v.looseObject({ attackerId: eventId, targetId: eventId, weaponId: eventId }), dice: v.optional(v.looseObject({})) }),
]);

export const OPPORTUNITY_EVENTS: Record<(OpportunityAskedEvent | OpportunityTakenEvent | DisengagedFromEvent | OpportunitySettledEvent)['type'], RuleEventDefinition> = {
  [OPPORTUNITY_ASKED]: ruleEvent<OpportunityAskedEvent>({
    kind: 'attack',
    fightLog: true,
    schema: v.object({ provokerId: eventId, strikers: listOf(eventId, 100), why: text(80), then: thenSchema }),
    refers: (state, e) => {
      return [e.provokerId, ...e.strikers].every((id) => state.combatants.some((c) => c.id === id)) ? null : 'it names someone who is not in the fight';
    },
    apply: (state, event) => {
      const { type: _type, ...data } = event;
      return withPrompt(state, { id: PROMPT_ID, kind: OPPORTUNITY, involves: [data.provokerId, ...data.strikers], data });
    },
    tell: (e, voice) => {
      const who = voice.who(e.provokerId);
      const names = e.strikers.map((id) => voice.who(id)).filter((n) => n !== null);
      return who === null ? null : told(`${who} ${e.why} beside ${names.join(', ')}, who may strike first.`, [e.provokerId, ...e.strikers]);
    },
  }),
  [OPPORTUNITY_TAKEN]: ruleEvent<OpportunityTakenEvent>({
    kind: 'attack',
    fightLog: false,
    schema: v.object({ strikerId: eventId }),
    apply: (state, event) => {
      const id = event.strikerId;
      const prompt = findPrompt(state, PROMPT_ID);
      const o = opportunityOf(prompt);
      return prompt && o ? withPrompt(state, { ...prompt, data: { ...o, strikers: o.strikers.filter((s) => s !== id) } }) : state;
    },
    tell: () => null,
  }),
  [DISENGAGED_FROM]: ruleEvent<DisengagedFromEvent>({
    kind: 'other',
    fightLog: false,
    schema: v.object({ combatantId: eventId, from: listOf(eventId, 100), round: whole(0, 1_000_000) }),
    refers: (state, event) => (state.combatants.some((c) => c.id === event.combatantId) ? null : 'it names someone who is not in the fight'),
    apply: (state, event) => {
      const { type: _type, ...d } = event;
      return withFight(state, (f) => ({ ...f, disengaged: [...f.disengaged.filter((x) => x.round === d.round && x.combatantId !== d.combatantId), d] }));
    },
    tell: () => null,
  }),
  [OPPORTUNITY_SETTLED]: ruleEvent<OpportunitySettledEvent>({
    kind: 'attack',
    fightLog: false,
    schema: v.object({ provokerId: eventId }),
    apply: (state) => withoutPrompt(state, PROMPT_ID),
    tell: () => null,
  }),
};

