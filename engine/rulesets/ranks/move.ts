import * as v from 'valibot';
import type { RandomSource } from '../../dice/random';
import { EventChain } from '../../encounter/chain';
import { checkCombatant, isFailure } from '../../encounter/checks';
import type { RulesetCommand } from '../../encounter/commands';
import { eventId, listOf, text } from '../../encounter/event-checks/common';
import type { EncounterEvent, RulesetEvent } from '../../encounter/events';
import type { PromptKind } from '../../encounter/prompts';
import { withoutPrompt, withPrompt } from '../../encounter/prompt-stack';
import type { Combatant, EncounterState, Id, Prompt } from '../../encounter/state';
import { isRecord } from '../../json';
import type { Told } from '../../log/describe-parts';
import { failure, type Failure, type Result } from '../../result';
import type { RuleEventDefinition } from '../ruleset';
import { planAttack, strike } from './attack';
import { endReadied, readiedAction } from './readied';
import { offTurnRefusal } from './engagement';
import { spendAction } from './spend';
import { isOutOfFight } from '../health';
import { findRuleset } from '../registry';

// Moving: the whole Move as a full action, half as a bonus action, or half as incidental free
// movement. An opponent holding a readied attack may be set off by it: "a readied action is
// considered to be immediately prior to the triggering action … After the readied action is
// resolved, the triggering character may finish their round." The move waits for the GM to say
// whether it sets the readied attack off; the attack, if so, comes first, then the move.

export type MoveHow = 'full' | 'half' | 'incidental';

const ACTION: Readonly<Record<MoveHow, { actionId: string; spends: string; words: string }>> = {
  full: { actionId: 'move-full', spends: 'full', words: 'their whole Move' },
  half: { actionId: 'move-half', spends: 'bonus', words: 'half their Move' },
  incidental: { actionId: 'move-incidental', spends: 'free', words: 'half their Move, incidentally' },
};

/** A move held while the GM says whether it sets off a readied attack. */
interface HeldMove {
  moverId: Id;
  how: MoveHow;
  note: string;
  readierIds: Id[];
}

export const TRIGGER = 'ranks/trigger';
export const TRIGGER_ASKED = 'ranks/trigger-asked';
export const TRIGGER_SETTLED = 'ranks/trigger-settled';

interface TriggerAskedEvent extends HeldMove {
  type: typeof TRIGGER_ASKED;
}
interface TriggerSettledEvent {
  type: typeof TRIGGER_SETTLED;
  moverId: Id;
}

const promptId = (moverId: Id) => `${TRIGGER}:${moverId}`;

/** The opponents of `mover` holding a readied attack now. */
export function readiers(state: EncounterState, mover: Combatant): Combatant[] {
  return state.combatants.filter((c) => c.factionId !== mover.factionId && !isOutOfFight(findRuleset(state.rulesetId), c) && readiedAction(c)?.action === 'attack');
}

/** The move itself: its action spent (checked against the state it lands on). */
function moveEvents(state: EncounterState, moverId: Id, how: MoveHow, note: string): Result<EncounterEvent[]> {
  const mover = checkCombatant(state, moverId);
  if (isFailure(mover)) return mover;
  const a = ACTION[how];
  return spendAction(state, mover, a.actionId, a.spends, note);
}

/** Decides `ranks/move` ({ combatantId, how: 'full' | 'half' | 'incidental', note }). */
export function decideMove(state: EncounterState, cmd: RulesetCommand): Result<EncounterEvent[]> {
  const mover = checkCombatant(state, cmd.combatantId);
  if (isFailure(mover)) return mover;
  const how = (['full', 'half', 'incidental'] as const).find((h) => h === cmd.how);
  if (!how) return failure('ranks/move', 'A move is full (the whole Move, a full action), half (a bonus action) or incidental (free).');
  const note = typeof cmd.note === 'string' ? cmd.note.trim().slice(0, 120) : '';
  const answering = offTurnRefusal(state, mover);
  if (answering) return answering;
  // Checked now, so a move that can't be made is refused before anyone is asked about it.
  const allowed = moveEvents(state, mover.id, how, note);
  if (isFailure(allowed)) return allowed;
  const ready = readiers(state, mover);
  if (ready.length === 0) return allowed;
  const asked: TriggerAskedEvent = { type: TRIGGER_ASKED, moverId: mover.id, how, note, readierIds: ready.map((c) => c.id) };
  return { ok: true, value: [asked as unknown as EncounterEvent] };
}

function held(prompt: Prompt): HeldMove | null {
  const d = prompt.data;
  if (!isRecord(d) || typeof d.moverId !== 'string' || typeof d.note !== 'string' || !Array.isArray(d.readierIds)) return null;
  const how = (['full', 'half', 'incidental'] as const).find((h) => h === d.how);
  return how ? { moverId: d.moverId, how, note: d.note, readierIds: d.readierIds.filter((x): x is Id => typeof x === 'string') } : null;
}

const nameOf = (state: EncounterState, id: Id) => state.combatants.find((c) => c.id === id)?.name ?? 'someone';

/** The answer: `{ readierId }` sets that readied attack off first; `{ readierId: null }` lets the move go on. */
function answer(state: EncounterState, prompt: Prompt, given: unknown, random: () => RandomSource): Result<EncounterEvent[]> {
  const move = held(prompt);
  if (!move) return failure('prompt/none', 'Nobody is waiting to move.');
  const readierId = isRecord(given) ? given.readierId : undefined;
  if (readierId !== null && (typeof readierId !== 'string' || !move.readierIds.includes(readierId))) return failure('ranks/trigger', `Answer with one of those holding an attack ready (${move.readierIds.map((id) => nameOf(state, id)).join(', ')}), or none.`);
  const settled: TriggerSettledEvent = { type: TRIGGER_SETTLED, moverId: move.moverId };
  const chain = new EventChain(state).push(settled as unknown as EncounterEvent);
  if (readierId !== null) {
    const refused = readiedStrike(chain, readierId, move.moverId, random);
    if (refused) return refused;
  }
  // Taken out of the fight by it, the mover goes nowhere.
  const mover = chain.state.combatants.find((c) => c.id === move.moverId);
  if (!mover || isOutOfFight(findRuleset(chain.state.rulesetId), mover)) return { ok: true, value: chain.events };
  // Others holding an attack ready are asked in turn, each before the move.
  const still = readierId === null ? [] : readiers(chain.state, mover).filter((c) => move.readierIds.includes(c.id));
  if (still.length > 0) {
    const asked: TriggerAskedEvent = { type: TRIGGER_ASKED, moverId: move.moverId, how: move.how, note: move.note, readierIds: still.map((c) => c.id) };
    return { ok: true, value: chain.push(asked as unknown as EncounterEvent).events };
  }
  const moved = moveEvents(chain.state, move.moverId, move.how, move.note);
  if (isFailure(moved)) return moved;
  return { ok: true, value: chain.push(...moved.value).events };
}

/** The readied attack set off: rolled against the mover, the readied action used up. */
function readiedStrike(chain: EventChain, readierId: Id, moverId: Id, random: () => RandomSource): Failure | null {
  const readier = chain.state.combatants.find((c) => c.id === readierId);
  const mover = chain.state.combatants.find((c) => c.id === moverId);
  const ready = readier ? readiedAction(readier) : null;
  if (!readier || !mover || !ready) return failure('ranks/trigger', 'That readied attack is no longer there.');
  const plan = planAttack(chain.state, readier, mover, ready.weaponId, null);
  if (isFailure(plan)) return plan;
  chain.push(...endReadied(chain.state, readier.id));
  strike(chain, readier, mover, plan, random(), false);
  return null;
}

export const TRIGGER_PROMPT: PromptKind = {
  code: 'ranks/trigger-first',
  message(state, prompt) {
    const move = held(prompt);
    if (!move) return 'Someone is waiting to move.';
    const ready = move.readierIds.map((id) => {
      const c = state.combatants.find((x) => x.id === id);
      return `${c?.name ?? 'someone'} (for when ${c ? (readiedAction(c)?.trigger ?? '…') : '…'})`;
    });
    return `${nameOf(state, move.moverId)} moves ${ACTION[move.how].words}. Held ready: ${ready.join(', ')}. Does the move set it off? The readied attack comes first.`;
  },
  choices: (state, prompt) => [
    ...(held(prompt)?.readierIds ?? []).map((id) => ({ label: `${nameOf(state, id)} strikes first`, answer: { readierId: id } })),
    { label: 'It doesn\'t: the move goes on', answer: { readierId: null } },
  ],
  answer,
  // Called off, nothing moves: the GM settles it by hand.
  callOff: (_state, prompt) => [{ type: TRIGGER_SETTLED, moverId: held(prompt)?.moverId ?? '' } as unknown as EncounterEvent],
};

const quiet = (): Told | null => null;

export const TRIGGER_EVENTS: Readonly<Record<string, RuleEventDefinition>> = {
  [TRIGGER_ASKED]: {
    kind: 'other',
    fightLog: false,
    schema: v.object({ moverId: eventId, how: v.picklist(['full', 'half', 'incidental']), note: text(120), readierIds: listOf(eventId, 100) }),
    apply: (state, event: RulesetEvent) => {
      const e = event as unknown as TriggerAskedEvent;
      return withPrompt(state, { id: promptId(e.moverId), kind: TRIGGER, involves: [e.moverId, ...e.readierIds], data: { moverId: e.moverId, how: e.how, note: e.note, readierIds: [...e.readierIds] } });
    },
    tell: quiet,
  },
  [TRIGGER_SETTLED]: {
    kind: 'other',
    fightLog: false,
    schema: v.object({ moverId: v.pipe(v.string(), v.maxLength(200)) }),
    apply: (state, event: RulesetEvent) => withoutPrompt(state, promptId((event as unknown as TriggerSettledEvent).moverId)),
    tell: quiet,
  },
};
