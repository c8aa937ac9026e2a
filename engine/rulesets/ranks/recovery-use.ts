import * as v from 'valibot';
import type { RandomSource, RandomState } from '../../dice/random';
import { rollNotation, type Roll } from '../../dice/roll';
import { conditionFromCatalogue } from '../../core/conditions';
import { eventId, roll, rngState, text, whole } from '../../core/stored-event-parts';
import type { EncounterEvent } from '../../core/events';
import type { PromptKind } from '../../core/prompt-kind';
import { withoutPrompt } from '../../core/prompt-stack';
import type { Condition, ConditionTimer, EncounterState, Id, Prompt } from '../../core/state';
import { isRecord } from '../../json';
import { told, type Told } from '../../core/told';
import type { Voice } from '../../core/voice';
import { failure, type Result } from '../../result';
import { ruleEvent } from '../../core/typed';
import { rankOn, type TrackId } from './conditions';
import { rankCondition } from './inflict';
import { withPerson } from './person';
import { ranksSettings } from './settings';

// A recovery check short of the condition's rank: "If the recovery check does not create enough
// ranks to completely remove the condition, it may be able to reduce its severity or duration
// instead", or its ranks make the table's rank-1 recovery condition, +1D to the next recovery
// check. The GM picks once the dice are down:
// - severity: the condition drops by the ranks made (Incapacitated, 4, with 2 ranks is Hurt, 2),
//   becoming the lower rank's condition on its track, with that one's effect and duration (as ranks
//   landing on a track add up, ranks recovered take away);
// - duration, by the recovery table's step for how long it lasts now: 2 ranks cut "the end of the
//   encounter" to 1D rounds, 3 "the end of the scene" to the encounter, 4 "until recovered" to the
//   scene;
// - +1D to the treated character's next recovery check.

export const RECOVERY = 'ranks/recovery';
export const RECOVERY_USED = 'ranks/recovery-used';

export type RecoveryUse = 'lower' | 'shorten' | 'bonus';

export const recoveryPromptId = (targetId: Id) => `${RECOVERY}:${targetId}`;

/** What a short recovery check leaves waiting: whose, on whom, which condition, how many ranks. */
export interface ShortRecovery {
  actorId: Id;
  targetId: Id;
  conditionId: Id;
  ranks: number;
}

/** The prompt a short recovery check opens. */
export function recoveryPrompt(short: ShortRecovery): Prompt {
  return { id: recoveryPromptId(short.targetId), kind: RECOVERY, involves: [...new Set([short.actorId, short.targetId])], data: { ...short } };
}

function held(prompt: Prompt): ShortRecovery | null {
  const d = prompt.data;
  if (!isRecord(d) || typeof d.actorId !== 'string' || typeof d.targetId !== 'string' || typeof d.conditionId !== 'string' || typeof d.ranks !== 'number') return null;
  return { actorId: d.actorId, targetId: d.targetId, conditionId: d.conditionId, ranks: d.ranks };
}

/** The recovery table's duration steps: the ranks each needs and how long the condition lasts before and after. */
const STEPS: readonly { ranks: number; from: 'fight-end' | 'scene-end' | 'until-recovered'; to: string }[] = [
  { ranks: 2, from: 'fight-end', to: '1D rounds' },
  { ranks: 3, from: 'scene-end', to: 'the end of the encounter' },
  { ranks: 4, from: 'until-recovered', to: 'the end of the scene' },
];

/** The table's step that shortens `condition` with `ranks`, or null when none does. */
function stepFor(condition: Condition, ranks: number): (typeof STEPS)[number] | null {
  const lasts = condition.timer === null ? 'until-recovered' : condition.timer.endsOn;
  return STEPS.find((s) => s.from === lasts && ranks >= s.ranks) ?? null;
}

const trackOf = (condition: Condition): TrackId | null => (['damage', 'fatigue', 'composure'] as const).find((t) => t === condition.rank?.track) ?? null;

/** The condition's rank after `ranks` lower it (at least 1: as many as its rank would remove it). */
const lowered = (condition: Condition, ranks: number) => Math.max(1, (condition.rank?.value ?? 1) - ranks);

export type RecoveryUsedEvent = {
  type: typeof RECOVERY_USED;
  actorId: Id;
  targetId: Id;
  conditionId: Id;
  condition: string;
  ranks: number;
  /** Null: the GM let the ranks go. */
  use: RecoveryUse | null;
  /** Lowered: the condition it is now. */
  now: string | null;
  /** Shortened: the timer it has now. */
  timer: ConditionTimer | null;
  /** Shortened to 1D rounds: the die. */
  rounds: Roll | null;
  rng: RandomState | null;
};

function found(state: EncounterState, short: ShortRecovery): Condition | null {
  return state.combatants.find((c) => c.id === short.targetId)?.conditions.find((k) => k.id === short.conditionId) ?? null;
}

function answer(state: EncounterState, prompt: Prompt, given: unknown, random: () => RandomSource): Result<EncounterEvent[]> {
  const short = held(prompt);
  if (!short) return failure('prompt/none', 'No recovery is waiting to be used.');
  const use = isRecord(given) ? given.use : undefined;
  const condition = found(state, short);
  const base = { type: RECOVERY_USED, actorId: short.actorId, targetId: short.targetId, conditionId: short.conditionId, condition: condition?.name ?? '', ranks: short.ranks, now: null, timer: null, rounds: null, rng: null } as const;
  if (use === null || use === 'bonus') {
    const used: RecoveryUsedEvent = { ...base, use };
    return { ok: true, value: [used] };
  }
  if (use !== 'lower' && use !== 'shorten') return failure('ranks/recovery-use', 'The ranks lower the condition ("lower"), shorten it ("shorten") or give +1D to the next recovery check ("bonus").');
  if (!condition) return failure('condition/unknown', 'That condition has ended already: take +1D to the next recovery check, or let the ranks go.');
  if (use === 'lower') {
    const track = trackOf(condition);
    if (!track) return failure('ranks/recovery-use', `${condition.name} is on no condition track, so it has no lower rank.`);
    const made = conditionFromCatalogue(state, rankCondition(state, track, lowered(condition, short.ranks)), short.targetId);
    const used: RecoveryUsedEvent = { ...base, use, now: made.name };
    return { ok: true, value: [used, { type: 'condition-removed', combatantId: short.targetId, conditionId: condition.id }, { type: 'condition-added', combatantId: short.targetId, condition: made }] };
  }
  const step = stepFor(condition, short.ranks);
  if (!step) return failure('ranks/recovery-use', `${short.ranks} ${short.ranks === 1 ? 'rank doesn\'t' : 'ranks don\'t'} shorten ${condition.name}: 2 ranks cut "the end of the encounter" to 1D rounds, 3 "the end of the scene" to the encounter, 4 "until recovered" to the scene.`);
  let timer: ConditionTimer = step.from === 'until-recovered' ? { remaining: 1, endsOn: 'scene-end' } : { remaining: 1, endsOn: 'fight-end' };
  let rounds: Roll | null = null;
  let rng: RandomState | null = null;
  if (step.from === 'fight-end') {
    const source = random();
    const rolled = rollNotation(`1d${ranksSettings(state.settings).die}`, source);
    if (!rolled.ok) return rolled;
    rounds = rolled.value;
    rng = source.state();
    // The round under way doesn't count: 1D rounds after this one.
    timer = { remaining: rolled.value.total + 1, endsOn: 'round-end' };
  }
  const used: RecoveryUsedEvent = { ...base, use, timer, rounds, rng };
  return { ok: true, value: [used, { type: 'condition-timer-set', combatantId: short.targetId, conditionId: condition.id, timer, ...(rounds ? { roll: rounds } : {}) }] };
}

const nameOf = (state: EncounterState, id: Id) => state.combatants.find((c) => c.id === id)?.name ?? 'someone';
const rankWord = (n: number) => `${n} ${n === 1 ? 'rank' : 'ranks'}`;

export const RECOVERY_PROMPT: PromptKind = {
  code: 'ranks/recovery-first',
  message(state, prompt) {
    const short = held(prompt);
    const condition = short ? found(state, short) : null;
    if (!short || !condition) return 'A recovery check\'s ranks wait to be used.';
    return `${nameOf(state, short.actorId)}'s recovery made ${rankWord(short.ranks)}, short of ${nameOf(state, short.targetId)}'s ${condition.name} (rank ${condition.rank?.value ?? 1}): lower it, shorten it, or +1D to the next recovery check?`;
  },
  choices(state, prompt) {
    const short = held(prompt);
    const condition = short ? found(state, short) : null;
    if (!short) return [];
    const track = condition ? trackOf(condition) : null;
    const step = condition ? stepFor(condition, short.ranks) : null;
    const to = condition && track ? rankOn(track, lowered(condition, short.ranks)) : null;
    return [
      ...(condition && to ? [{ label: `Lower it ${rankWord(short.ranks)}: ${to.name} (${to.says})`, answer: { use: 'lower' } }] : []),
      ...(condition && step ? [{ label: `Shorten it: to ${step.to}`, answer: { use: 'shorten' } }] : []),
      { label: `+1D to ${nameOf(state, short.targetId)}'s next recovery check`, answer: { use: 'bonus' } },
    ];
  },
  // The one recovering, and whoever treated them.
  subjects: (_state, prompt) => {
    const short = held(prompt);
    if (!short) return [];
    return [{ id: short.targetId, role: 'recovering' }, ...(short.actorId === short.targetId ? [] : [{ id: short.actorId, role: 'treated them' }])];
  },
  answer,
  // Called off (or the fight ends first): the ranks go unused.
  callOff: (state, prompt) => {
    const short = held(prompt);
    if (!short) return [];
    const unused: RecoveryUsedEvent = { type: RECOVERY_USED, ...short, condition: found(state, short)?.name ?? '', use: null, now: null, timer: null, rounds: null, rng: null };
    return [unused];
  },
};

const DONE: Readonly<Record<RecoveryUse, (e: RecoveryUsedEvent) => string>> = {
  lower: (e) => `${e.condition} is lowered to ${e.now ?? 'a lower rank'}`,
  shorten: (e) => `${e.condition} now lasts ${e.timer?.endsOn === 'scene-end' ? 'to the end of the scene' : e.timer?.endsOn === 'fight-end' ? 'to the end of the encounter' : `${e.rounds?.total ?? 1} more ${e.rounds?.total === 1 ? 'round' : 'rounds'}`}`,
  bonus: () => '+1D to the next recovery check',
};

function tell(e: RecoveryUsedEvent, voice: Voice): Told | null {
  const actor = voice.who(e.actorId);
  if (actor === null || e.use === null) return null;
  return told(`${actor}'s ${rankWord(e.ranks)} of recovery: ${DONE[e.use](e)}.`, [e.actorId, e.targetId]);
}

const timerSchema = v.nullable(v.object({ remaining: whole(1, 1000), endsOn: v.picklist(['round-end', 'fight-end', 'scene-end']) }));

export const RECOVERY_USED_EVENT = ruleEvent<RecoveryUsedEvent>({
  kind: 'heal',
  fightLog: true,
  schema: v.object({
    actorId: eventId,
    targetId: eventId,
    conditionId: eventId,
    condition: v.pipe(v.string(), v.maxLength(200)),
    ranks: whole(0, 1000),
    use: v.nullable(v.picklist(['lower', 'shorten', 'bonus'])),
    now: v.nullable(text(200)),
    timer: timerSchema,
    rounds: v.nullable(roll),
    rng: v.nullable(rngState),
  }),
  // The prompt closes; +1D waits for the treated character's next recovery check.
  apply: (state, e) => {
    const closed = withoutPrompt(state, recoveryPromptId(e.targetId));
    const next = e.use === 'bonus' ? withPerson(closed, e.targetId, (p) => ({ ...p, recoveryDice: 1 })) : closed;
    return e.rng ? { ...next, rng: e.rng } : next;
  },
  tell,
});
