import { EventChain } from '../../encounter/chain';
import { findPrompt, withoutPrompt, withPrompt } from '../../core/prompt-stack';
import type { PromptKind } from '../../core/prompt-kind';
import type { EncounterEvent } from '../../core/events';
import type { EncounterState, Id, Prompt } from '../../core/state';
import { isRecord } from '../../json';
import { failure } from '../../result';
import type { ZonesEventOf } from './events';

/**
 * A concealed attacker may be given away. The rule text: concealed characters "might be revealed
 * when they make noise or become visible, for example by attacking", so after their attack the
 * GM is asked: revealed (the first answer, and what usually happens) or still hidden.
 */
export const REVEAL_PROMPT = 'zones/reveal';

/**
 * After an action of the catalogue: a concealed character who says a few words ("talking" is one
 * of the text's actions that "might reveal a character") makes the GM answer the same question.
 */
export function revealAfterAction(state: EncounterState, combatantId: Id, actionId: string): EncounterEvent[] {
  const c = state.combatants.find((x) => x.id === combatantId);
  return actionId === 'speak' && c?.concealed ? [{ type: 'zones/reveal-asked', attackerId: combatantId, by: 'speaking' }] : [];
}

/** What the question is about: words spoken from hiding, a move made without sneaking, or else an attack. */
type RevealCause = 'speaking' | 'moving' | 'attack';
const causeOf = (prompt: Prompt): RevealCause => (isRecord(prompt.data) && (prompt.data.by === 'speaking' || prompt.data.by === 'moving') ? prompt.data.by : 'attack');

/** What the open reveal question is about (an attack when none is open). */
export function revealCause(state: EncounterState): RevealCause {
  const open = findPrompt(state, REVEAL_PROMPT);
  return open === undefined ? 'attack' : causeOf(open);
}

const ASKED: Readonly<Record<RevealCause, string>> = {
  speaking: 'spoke from hiding: do the words give them away?',
  moving: 'moved without sneaking: does the move give them away?',
  attack: 'attacked from hiding: does the attack give them away?',
};

/** The events that ask, after an attack, when its attacker is still concealed. */
export function askReveal(chain: EventChain, attackerId: Id): void {
  const attacker = chain.state.combatants.find((c) => c.id === attackerId);
  if (attacker?.concealed) chain.push({ type: 'zones/reveal-asked', attackerId });
}

export const REVEAL_PROMPT_KIND: PromptKind = {
  code: 'reveal/pending',
  message: (state, prompt) => `${nameOf(state, prompt.involves[0])} ${ASKED[causeOf(prompt)]}`,
  choices: (state, prompt) => [
    { label: `Reveal ${nameOf(state, prompt.involves[0])}`, answer: 'reveal' },
    { label: 'They stay hidden', answer: 'hidden' },
  ],
  answer(_state, prompt, answer) {
    if (answer !== 'reveal' && answer !== 'hidden') return failure('reveal/answer', 'Answer with "reveal" or "hidden".');
    return { ok: true, value: [{ type: 'zones/reveal-decided', attackerId: prompt.involves[0] ?? '', revealed: answer === 'reveal' }] };
  },
  subjects: (_state, prompt) => (prompt.involves[0] ? [{ id: prompt.involves[0], role: 'may be seen' }] : []),
  // Called off, nothing changes: they stay as they are.
  callOff: (_state, prompt) => [{ type: 'zones/reveal-decided', attackerId: prompt.involves[0] ?? '', revealed: false }],
};

/** Asked: the prompt opens. */
export function revealAsked(state: EncounterState, event: ZonesEventOf<'zones/reveal-asked'>): EncounterState {
  return withPrompt(state, { id: REVEAL_PROMPT, kind: REVEAL_PROMPT, involves: [event.attackerId], ...(event.by ? { data: { by: event.by } } : {}) });
}

/** Decided: the prompt closes, and a revealed attacker is concealed no more. */
export function revealDecided(state: EncounterState, event: ZonesEventOf<'zones/reveal-decided'>): EncounterState {
  const closed = findPrompt(state, REVEAL_PROMPT) ? withoutPrompt(state, REVEAL_PROMPT) : state;
  if (!event.revealed) return closed;
  return { ...closed, combatants: closed.combatants.map((c) => (c.id === event.attackerId ? { ...c, concealed: false } : c)) };
}

function nameOf(state: EncounterState, id: Id | undefined): string {
  return state.combatants.find((c) => c.id === id)?.name ?? 'The attacker';
}
