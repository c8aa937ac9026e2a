import * as v from 'valibot';
import type { EncounterEvent } from '../../core/events';
import type { ConditionEffect } from '../../core/effects';
import type { PromptKind } from '../../core/prompt-kind';
import { withoutPrompt } from '../../core/prompt-stack';
import { nextId } from '../../core/checks';
import type { Condition, ConditionTimer, EncounterState, Id, Prompt } from '../../core/state';
import { isRecord } from '../../json';
import { told, type Told } from '../../core/told';
import type { Voice } from '../../core/voice';
import { failure, type Result } from '../../result';
import { ruleEvent } from '../../core/typed';
import { SKILLS, skillLabel, type SkillKey } from './tables';

// What an advantage's ranks buy, from the advantage table: the GM picks one effect of a rank the
// check reached (or lower) for whoever benefits. Those the engine can apply are conditions with
// their effects and timers: +2 or advantage for one turn, +1D or one more bonus action for one
// round, +1D to one skill for the encounter, one more full action for one round. An action point
// or a new ability is the GM's to give.

export const ADVANTAGE = 'ranks/advantage';
export const ADVANTAGE_BOUGHT = 'ranks/advantage-bought';

export type Buy = 'plus-two' | 'edge' | 'die' | 'bonus-action' | 'skill-die' | 'full-action' | 'action-point' | 'ability';

const BUYS: readonly { id: Buy; rank: number; label: (skill: SkillKey) => string }[] = [
  { id: 'plus-two', rank: 1, label: () => '+2 to one check, this turn' },
  { id: 'edge', rank: 1, label: () => 'Advantage on one check, this turn' },
  { id: 'die', rank: 2, label: () => '+1D to one check, this round' },
  { id: 'bonus-action', rank: 2, label: () => 'One more bonus action, this round' },
  { id: 'skill-die', rank: 3, label: (skill) => `+1D to ${skillLabel(skill)} for the encounter` },
  { id: 'full-action', rank: 3, label: () => 'One more full action, this round' },
  { id: 'action-point', rank: 4, label: () => 'An action point (the GM gives it)' },
  { id: 'ability', rank: 5, label: () => 'A new ability (the GM gives it)' },
];

/** The name an advantage's condition starts with. */
export const ADVANTAGE_PREFIX = 'Advantage: ';

/**
 * The events that use up `id`'s advantages meant for "a single ability check" (+2, advantage,
 * +1D), once a check of theirs has been rolled with them.
 */
export function spentAdvantages(state: EncounterState, id: Id): EncounterEvent[] {
  const c = state.combatants.find((x) => x.id === id);
  return (c?.conditions ?? []).filter((k) => k.name.startsWith(ADVANTAGE_PREFIX) && k.name.includes('one check')).map((k) => ({ type: 'condition-removed', combatantId: id, conditionId: k.id }));
}

export const advantagePromptId = (beneficiaryId: Id) => `${ADVANTAGE}:${beneficiaryId}`;

interface Held {
  fromId: Id;
  beneficiaryId: Id;
  ranks: number;
  skillFor: SkillKey;
}

function held(prompt: Prompt): Held | null {
  const d = prompt.data;
  if (!isRecord(d) || typeof d.fromId !== 'string' || typeof d.beneficiaryId !== 'string' || typeof d.ranks !== 'number') return null;
  const skillFor = SKILLS.find((s) => s.key === d.skillFor)?.key ?? 'martial';
  return { fromId: d.fromId, beneficiaryId: d.beneficiaryId, ranks: d.ranks, skillFor };
}

export type AdvantageBoughtEvent = {
  type: typeof ADVANTAGE_BOUGHT;
  fromId: Id;
  beneficiaryId: Id;
  /** Null: let go unused. */
  buy: Buy | null;
  label: string;
};

/** The condition what was bought puts on the beneficiary, or null for what the GM gives by hand. */
function conditionFor(state: EncounterState, buy: Buy, beneficiaryId: Id, skill: SkillKey, label: string): Condition | null {
  const thisTurn: ConditionTimer = { remaining: 1, endsOn: 'turn-end', anchorId: beneficiaryId };
  const thisRound: ConditionTimer = { remaining: 1, endsOn: 'round-end' };
  const made = (effects: ConditionEffect[], timer: ConditionTimer): Condition => ({ id: nextId(state, 'k'), name: `${ADVANTAGE_PREFIX}${label}`, timer, effects });
  switch (buy) {
    case 'plus-two':
      return made([{ kind: 'check', amount: 2 }], thisTurn);
    case 'edge':
      return made([{ kind: 'edge', edge: 'advantage' }], thisTurn);
    case 'die':
      return made([{ kind: 'check-dice', dice: 1 }], thisRound);
    case 'bonus-action':
      return made([{ kind: 'more-slot', slot: 'bonus', amount: 1 }], thisRound);
    case 'skill-die':
      return made([{ kind: 'check-dice', dice: 1, on: skill }], { remaining: 1, endsOn: 'fight-end' });
    case 'full-action':
      return made([{ kind: 'more-slot', slot: 'full', amount: 1 }], thisRound);
    default:
      return null;
  }
}

function answer(state: EncounterState, prompt: Prompt, given: unknown): Result<EncounterEvent[]> {
  const h = held(prompt);
  if (!h) return failure('prompt/none', 'No advantage is waiting to be spent.');
  const buy = isRecord(given) ? given.buy : undefined;
  const offer = BUYS.find((b) => b.id === buy);
  if (buy !== null && (!offer || offer.rank > h.ranks)) return failure('ranks/advantage-buy', `An advantage of ${h.ranks} ${h.ranks === 1 ? 'rank' : 'ranks'} buys one of: ${BUYS.filter((b) => b.rank <= h.ranks).map((b) => b.label(h.skillFor)).join('; ')}.`);
  const label = offer ? offer.label(h.skillFor) : '';
  const bought: AdvantageBoughtEvent = { type: ADVANTAGE_BOUGHT, fromId: h.fromId, beneficiaryId: h.beneficiaryId, buy: offer ? offer.id : null, label };
  const condition = offer ? conditionFor(state, offer.id, h.beneficiaryId, h.skillFor, label) : null;
  return { ok: true, value: [bought, ...(condition ? [{ type: 'condition-added' as const, combatantId: h.beneficiaryId, condition }] : [])] };
}

const nameOf = (state: EncounterState, id: Id) => state.combatants.find((c) => c.id === id)?.name ?? 'someone';

export const ADVANTAGE_PROMPT: PromptKind = {
  code: 'ranks/advantage-first',
  message(state, prompt) {
    const h = held(prompt);
    if (!h) return 'An advantage waits to be spent.';
    const passed = h.fromId === h.beneficiaryId ? '' : ` (passed to ${nameOf(state, h.beneficiaryId)})`;
    return `${nameOf(state, h.fromId)}'s advantage of ${h.ranks} ${h.ranks === 1 ? 'rank' : 'ranks'}${passed}: what does it buy?`;
  },
  choices: (_state, prompt) => {
    const h = held(prompt);
    return [...BUYS.filter((b) => h && b.rank <= h.ranks).map((b) => ({ label: b.label(h?.skillFor ?? 'martial'), answer: { buy: b.id } })), { label: 'Nothing: let it go', answer: { buy: null } }];
  },
  // Who earned it, and who spends it when it was passed on.
  subjects: (_state, prompt) => {
    const h = held(prompt);
    if (!h) return [];
    return h.fromId === h.beneficiaryId ? [{ id: h.fromId, role: 'spends an advantage' }] : [{ id: h.beneficiaryId, role: 'spends an advantage' }, { id: h.fromId, role: 'passed it on' }];
  },
  answer: (state, prompt, given) => answer(state, prompt, given),
  callOff: (_state, prompt) => {
    const h = held(prompt);
    const letGo: AdvantageBoughtEvent = { type: ADVANTAGE_BOUGHT, fromId: h?.fromId ?? '', beneficiaryId: h?.beneficiaryId ?? '', buy: null, label: '' };
    return [letGo];
  },
};

function tell(e: AdvantageBoughtEvent, voice: Voice): Told | null {
  const who = voice.who(e.beneficiaryId);
  if (who === null || e.buy === null) return null;
  return told(`${who} takes the advantage: ${e.label.charAt(0).toLowerCase()}${e.label.slice(1)}.`, [e.beneficiaryId]);
}

export const ADVANTAGE_BOUGHT_EVENT = ruleEvent<AdvantageBoughtEvent>({
  kind: 'other',
  fightLog: true,
  schema: v.object({ fromId: v.pipe(v.string(), v.maxLength(200)), beneficiaryId: v.pipe(v.string(), v.maxLength(200)), buy: v.nullable(v.picklist(BUYS.map((b) => b.id))), label: v.pipe(v.string(), v.maxLength(200)) }),
  apply: (state, event) => withoutPrompt(state, advantagePromptId(event.beneficiaryId)),
  tell,
});
