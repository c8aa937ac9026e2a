import { NEUTRAL_ROLE, type OpenPrompt, type PromptKind, type PromptSubject } from '../core/prompt-kind';
import type { RandomSource } from '../dice/random';
import { failure, type Result } from '../result';
import type { Ruleset } from '../core/ruleset';
import { EventChain } from './chain';
import type { Command } from '../core/commands';
import type { EncounterEvent } from '../core/events';
import { promptsOf } from '../core/prompt-stack';
import type { EncounterState, Id, Prompt } from '../core/state';
import { fightEnded } from './timers';

/**
 * Waiting for a choice. A ruleset's events open prompts (a target choosing how to react, a
 * character deciding whether to strike as someone moves away, a death test to roll) on a stack
 * kept in the encounter state; while one is open the core holds back everything else, and the GM
 * answers or calls off the one on top first. Opening, changing and closing a prompt is part of
 * applying the ruleset's own events, so undo, replay and old logs need nothing more; the GM's
 * answers are commands like any other.
 */

function kindOf(ruleset: Ruleset, prompt: Prompt): PromptKind | undefined {
  return ruleset.own?.prompts?.[prompt.kind];
}

function described(state: EncounterState, ruleset: Ruleset, prompt: Prompt): OpenPrompt {
  const kind = kindOf(ruleset, prompt);
  return {
    id: prompt.id,
    kind: prompt.kind,
    // A prompt its ruleset doesn't declare still holds the fight, until the fight ends.
    code: kind?.code ?? 'prompt/open',
    message: kind?.message(state, prompt, ruleset) ?? `The fight is waiting for an answer this version doesn't know (${prompt.kind}); end the fight to go on.`,
    involves: prompt.involves,
    choices: kind?.choices?.(state, prompt, ruleset) ?? [],
    subjects: subjectsOf(state, ruleset, prompt, kind),
  };
}

// Each character once (the first part named wins), and only those still in the fight: a prompt
// outlives nobody, but a kind that reads its data may name someone removed since.
function subjectsOf(state: EncounterState, ruleset: Ruleset, prompt: Prompt, kind: PromptKind | undefined): PromptSubject[] {
  const named = kind?.subjects?.(state, prompt, ruleset) ?? prompt.involves.map((id) => ({ id, role: NEUTRAL_ROLE }));
  const seen = new Set<Id>();
  return named.filter((s) => {
    if (seen.has(s.id) || !state.combatants.some((c) => c.id === s.id)) return false;
    seen.add(s.id);
    return true;
  });
}

/** The prompt that must be answered before anything else may happen (the one on top), in an encounter of `ruleset`, or null. */
export function openPrompt(state: EncounterState, ruleset: Ruleset): OpenPrompt | null {
  const open = promptsOf(state);
  const top = open[open.length - 1];
  return top ? described(state, ruleset, top) : null;
}

/** Every open prompt, the one to answer first first. */
export function openPrompts(state: EncounterState, ruleset: Ruleset): OpenPrompt[] {
  return [...promptsOf(state)].reverse().map((p) => described(state, ruleset, p));
}

/** The open prompt that concerns this character, if any (they can't be removed while it is open). */
export function promptInvolving(state: EncounterState, ruleset: Ruleset, combatantId: Id): OpenPrompt | null {
  const prompt = [...promptsOf(state)].reverse().find((p) => p.involves.includes(combatantId));
  return prompt ? described(state, ruleset, prompt) : null;
}

/**
 * The events that call off every open prompt, the one on top first (the fight is ending). A
 * prompt its ruleset can't call off is closed by the fight's end itself.
 */
function callOffPrompts(state: EncounterState, ruleset: Ruleset): EncounterEvent[] {
  const chain = new EventChain(state, ruleset);
  // Calling one off may open another (a blow landing asks to fortify): go on until none is left,
  // stopping at one that stays open when called off (the fight's end closes it).
  const tried = new Set<Id>();
  for (let top = promptsOf(chain.state).at(-1); top && !tried.has(top.id); top = promptsOf(chain.state).at(-1)) {
    tried.add(top.id);
    chain.push(...(kindOf(ruleset, top)?.callOff(chain.state, top, ruleset) ?? []));
  }
  return chain.events;
}

/** What the GM ending the fight causes: every open prompt called off, then the fight's end. */
export function endingFight(state: EncounterState, ruleset: Ruleset): EncounterEvent[] {
  const chain = new EventChain(state, ruleset).push(...callOffPrompts(state, ruleset));
  return chain.push(fightEnded(chain.state)).events;
}

// Only the prompt on top can be answered or called off: the others wait under it (an attack waits
// for the reaction that interrupted it).
function topPrompt(state: EncounterState, ruleset: Ruleset, promptId: unknown): Result<Prompt> {
  const open = promptsOf(state);
  const prompt = open.find((p) => p.id === promptId);
  if (!prompt) return failure('prompt/none', open.length > 0 ? 'That question is no longer open; answer the one the screen shows.' : 'Nothing is waiting for an answer.');
  const top = open[open.length - 1]!;
  if (top !== prompt) return failure('prompt/not-top', `Another question came up since; first: ${described(state, ruleset, top).message}`);
  return { ok: true, value: prompt };
}

/** Answers the prompt on top, through the ruleset that opened it, or calls it off. */
export function decidePrompt(state: EncounterState, command: Extract<Command, { type: 'answer-prompt' | 'call-off-prompt' }>, ruleset: Ruleset, random: () => RandomSource): Result<EncounterEvent[]> {
  const prompt = topPrompt(state, ruleset, command.promptId);
  if (!prompt.ok) return prompt;
  const kind = kindOf(ruleset, prompt.value);
  if (!kind) return failure('prompt/unknown', `This version doesn't know how to answer "${prompt.value.kind}"; end the fight to close it.`);
  if (command.type === 'call-off-prompt') return { ok: true, value: kind.callOff(state, prompt.value, ruleset) };
  return kind.answer(state, prompt.value, command.answer, random, ruleset);
}
