import type { Ruleset } from '../../core/ruleset';
import * as v from 'valibot';
import type { RandomSource } from '../../dice/random';
import { EventChain } from '../../encounter/chain';
import { isFailure } from '../../core/checks';
import { eventId, listOf, text, whole } from '../../core/stored-event-parts';
import type { EncounterEvent } from '../../core/events';
import type { PromptKind } from '../../core/prompt-kind';
import { withoutPrompt, withPrompt } from '../../core/prompt-stack';
import type { EncounterState, Id, Prompt } from '../../core/state';
import { isRecord } from '../../json';
import type { Told } from '../../core/told';
import { failure, type Failure, type Result } from '../../result';
import { isOutOfFight } from '../../core/health';
import type { RuleEventDefinition } from '../../core/ruleset';
import { ruleEvent } from '../../core/typed';
import { planAttack, resolveHeldAttack, strike } from './attack';
import { rollInto } from './check';
import { MOVE_ACTION, moveEvents, type MoveHow } from './move';
import type { ReadiedOn } from './person';
import { endReadied, readiedAction, readiedWords, readiers } from './readied';
import { SKILLS } from './tables';
import {
  TRIGGER,
  TRIGGER_ASKED,
  TRIGGER_ATTACK_ASKED,
  TRIGGER_SETTLED,
  triggerPromptId,
  type AttackHeldEvent,
  type HeldAttack,
  type TriggerAskedEvent,
  type TriggerSettledEvent,
} from './trigger-names';

// "A readied action is considered to be immediately prior to the triggering action in initiative
// order … After the readied action is resolved, the triggering character may finish their round."
// A move or an attack waits while the GM says, for each opponent holding an attack or a check ready
// for that kind of step, whether it sets theirs off; a readied action set off comes first (an
// attack at the one who set it off, or the check rolled), then the held step goes on.

/** What waits: a move, or an attack. */
type Held = { moverId: Id; readierIds: Id[] } & ({ kind: 'move'; how: MoveHow; note: string } | { kind: 'attack'; attack: HeldAttack });

const MOVES = ['full', 'half', 'incidental'] as const;

/**
 * The attack in a prompt's data, read field by field: the attack-asked event put a checked
 * `HeldAttack` there, so this reads it back as it was (null: not an attack).
 */
function heldAttackOf(raw: unknown): HeldAttack | null {
  if (!isRecord(raw) || typeof raw.targetId !== 'string' || typeof raw.gmRuling !== 'boolean') return null;
  const textOrNull = (x: unknown) => (typeof x === 'string' ? x : null);
  const numberOrNull = (x: unknown) => (typeof x === 'number' ? x : null);
  const o = raw.object;
  const object = isRecord(o) && typeof o.name === 'string' && typeof o.difficulty === 'number' && typeof o.dice === 'number' ? { name: o.name, difficulty: o.difficulty, dice: o.dice } : null;
  const defensive = raw.defensive === null ? null : SKILLS.find((s) => s.key === raw.defensive)?.key;
  return {
    targetId: raw.targetId,
    weaponId: textOrNull(raw.weaponId),
    distance: numberOrNull(raw.distance),
    clearance: numberOrNull(raw.clearance),
    defenceId: textOrNull(raw.defenceId),
    ...(defensive !== undefined ? { defensive } : {}),
    object,
    gmRuling: raw.gmRuling,
  };
}

function held(prompt: Prompt): Held | null {
  const d = prompt.data;
  if (!isRecord(d) || typeof d.moverId !== 'string' || !Array.isArray(d.readierIds)) return null;
  const base = { moverId: d.moverId, readierIds: d.readierIds.filter((x): x is Id => typeof x === 'string') };
  const attack = heldAttackOf(d.attack);
  if (attack) return { ...base, kind: 'attack', attack };
  const how = MOVES.find((h) => h === d.how);
  return how && typeof d.note === 'string' ? { ...base, kind: 'move', how, note: d.note } : null;
}

const stepOf = (h: Held): ReadiedOn => (h.kind === 'move' ? 'move' : 'attack');
const nameOf = (state: EncounterState, id: Id) => state.combatants.find((c) => c.id === id)?.name ?? 'someone';

/** The answer: `{ readierId }` sets that readied action off first; `{ readierId: null }` lets the step go on. */
function answer(state: EncounterState, prompt: Prompt, given: unknown, random: () => RandomSource, ruleset: Ruleset): Result<EncounterEvent[]> {
  const step = held(prompt);
  if (!step) return failure('prompt/none', 'Nobody is waiting to move or attack.');
  const readierId = isRecord(given) ? given.readierId : undefined;
  if (readierId !== null && (typeof readierId !== 'string' || !step.readierIds.includes(readierId))) return failure('ranks/trigger', `Answer with one of those holding something ready (${step.readierIds.map((id) => nameOf(state, id)).join(', ')}), or none.`);
  const settled: TriggerSettledEvent = { type: TRIGGER_SETTLED, moverId: step.moverId };
  const chain = new EventChain(state, ruleset).push(settled);
  if (readierId !== null) {
    const refused = setOff(chain, readierId, step.moverId, random);
    if (refused) return refused;
  }
  // Taken out of the fight by it, the one moving or attacking does nothing more.
  const mover = chain.state.combatants.find((c) => c.id === step.moverId);
  if (!mover || isOutOfFight(ruleset, mover)) return { ok: true, value: chain.events };
  // Others holding something ready are asked in turn, each before the step.
  const still = readierId === null ? [] : readiers(chain.state, mover, stepOf(step), ruleset).filter((c) => step.readierIds.includes(c.id));
  if (still.length > 0) return { ok: true, value: chain.push(askedAgain(step, still.map((c) => c.id))).events };
  const goes = step.kind === 'move' ? moveEvents(chain.state, step.moverId, step.how, step.note, ruleset) : resolveHeldAttack(chain.state, step.moverId, step.attack, random, ruleset);
  if (isFailure(goes)) return goes;
  return { ok: true, value: chain.push(...goes.value).events };
}

function askedAgain(step: Held, readierIds: Id[]): EncounterEvent {
  const event: TriggerAskedEvent | AttackHeldEvent =
    step.kind === 'move'
      ? { type: TRIGGER_ASKED, moverId: step.moverId, how: step.how, note: step.note, readierIds }
      : { type: TRIGGER_ATTACK_ASKED, moverId: step.moverId, attack: step.attack, readierIds };
  return event;
}

/** The readied action set off, aimed at (or answering) the one who set it off, and used up. */
function setOff(chain: EventChain, readierId: Id, moverId: Id, random: () => RandomSource): Failure | null {
  const readier = chain.state.combatants.find((c) => c.id === readierId);
  const mover = chain.state.combatants.find((c) => c.id === moverId);
  const ready = readier ? readiedAction(readier) : null;
  if (!readier || !mover || !ready) return failure('ranks/trigger', 'That readied action is no longer there.');
  if (ready.action === 'check' && ready.check) {
    chain.push(...endReadied(chain.state, readier.id));
    rollInto(chain, readier, ready.check, null, `readied, for when ${ready.trigger}`, random());
    return null;
  }
  const plan = planAttack(chain.state, readier, mover, ready.weaponId, null);
  if (isFailure(plan)) return plan;
  chain.push(...endReadied(chain.state, readier.id));
  strike(chain, readier, mover, plan, random(), false);
  return null;
}

export const TRIGGER_PROMPT: PromptKind = {
  code: 'ranks/trigger-first',
  message(state, prompt) {
    const step = held(prompt);
    if (!step) return 'Someone is waiting to move or attack.';
    const ready = step.readierIds.map((id) => {
      const c = state.combatants.find((x) => x.id === id);
      const r = c ? readiedAction(c) : null;
      return `${c?.name ?? 'someone'} (${r ? readiedWords(r) : 'something'}, for when ${r?.trigger ?? '…'})`;
    });
    const doing = step.kind === 'move' ? `moves ${MOVE_ACTION[step.how].words}` : `attacks ${nameOf(state, step.attack.targetId)}`;
    return `${nameOf(state, step.moverId)} ${doing}. Held ready: ${ready.join(', ')}. Does the ${step.kind} set it off? The readied action comes first.`;
  },
  choices: (state, prompt) => {
    const step = held(prompt);
    return [
      ...(step?.readierIds ?? []).map((id) => {
        const c = state.combatants.find((x) => x.id === id);
        const r = c ? readiedAction(c) : null;
        return { label: `${nameOf(state, id)} ${r?.action === 'check' ? 'makes their check' : 'strikes'} first`, answer: { readierId: id } };
      }),
      { label: `It doesn't: the ${step?.kind === 'attack' ? 'attack' : 'move'} goes on`, answer: { readierId: null } },
    ];
  },
  // The one moving or attacking (and whom), and those holding something ready for it.
  subjects: (state, prompt) => {
    const step = held(prompt);
    if (!step) return [];
    const ready = step.readierIds.map((id) => {
      const c = state.combatants.find((x) => x.id === id);
      return { id, role: c && readiedAction(c)?.action === 'check' ? 'may check first' : 'may strike first' };
    });
    const doing = step.kind === 'move' ? [{ id: step.moverId, role: 'moving' }] : [{ id: step.moverId, role: 'attacks' }, { id: step.attack.targetId, role: 'attacked' }];
    return [...doing, ...ready];
  },
  answer,
  // Called off, nothing moves or strikes: the GM settles it by hand.
  callOff: (_state, prompt): TriggerSettledEvent[] => [{ type: TRIGGER_SETTLED, moverId: held(prompt)?.moverId ?? '' }],
};

const quiet = (): Told | null => null;

const heldAttack = v.object({
  targetId: eventId,
  weaponId: v.nullable(eventId),
  distance: v.nullable(whole(0, 10_000)),
  clearance: v.nullable(whole(0, 10_000)),
  defenceId: v.nullable(text(200)),
  defensive: v.optional(v.nullable(v.picklist(SKILLS.map((s) => s.key)))),
  object: v.nullable(v.object({ name: text(200), difficulty: whole(1, 25), dice: whole(1, 12) })),
  gmRuling: v.boolean(),
});

const names = (state: EncounterState, ids: Id[]) => (ids.some((id) => !state.combatants.some((c) => c.id === id)) ? 'it names someone who is not in the fight' : null);

export const TRIGGER_EVENTS: Readonly<Record<typeof TRIGGER_ASKED | typeof TRIGGER_ATTACK_ASKED | typeof TRIGGER_SETTLED, RuleEventDefinition>> = {
  [TRIGGER_ASKED]: ruleEvent<TriggerAskedEvent>({
    kind: 'other',
    fightLog: false,
    schema: v.object({ moverId: eventId, how: v.picklist(MOVES), note: text(120), readierIds: listOf(eventId, 100) }),
    apply: (state, e) => withPrompt(state, { id: triggerPromptId(e.moverId), kind: TRIGGER, involves: [e.moverId, ...e.readierIds], data: { moverId: e.moverId, how: e.how, note: e.note, readierIds: [...e.readierIds] } }),
    tell: quiet,
  }),
  [TRIGGER_ATTACK_ASKED]: ruleEvent<AttackHeldEvent>({
    kind: 'other',
    fightLog: false,
    schema: v.object({ moverId: eventId, attack: heldAttack, readierIds: listOf(eventId, 100) }),
    refers: (state, e) => names(state, [e.moverId, e.attack.targetId, ...e.readierIds]),
    apply: (state, e) => withPrompt(state, { id: triggerPromptId(e.moverId), kind: TRIGGER, involves: [e.moverId, e.attack.targetId, ...e.readierIds], data: { moverId: e.moverId, attack: { ...e.attack }, readierIds: [...e.readierIds] } }),
    tell: quiet,
  }),
  [TRIGGER_SETTLED]: ruleEvent<TriggerSettledEvent>({
    kind: 'other',
    fightLog: false,
    schema: v.object({ moverId: v.pipe(v.string(), v.maxLength(200)) }),
    apply: (state, e) => withoutPrompt(state, triggerPromptId(e.moverId)),
    tell: quiet,
  }),
};
