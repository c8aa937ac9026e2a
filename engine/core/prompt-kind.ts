import type { RandomSource } from '../dice/random';
import type { JsonValue } from '../json';
import type { Result } from '../result';
import type { EncounterEvent } from './events';
import type { NamespacedType } from './namespaced';
import type { Ruleset } from './ruleset';
import type { EncounterState, Id, Prompt } from './state';

// What a ruleset declares for each kind of prompt its events open (`Ruleset.own.prompts`), and how an
// open prompt looks to the screens; `encounter/prompts.ts` answers and calls them off.

/** A way to answer a prompt the GM can pick with one press, for screens that have no panel of their own for it. */
export interface PromptChoice {
  label: string;
  /** What `answer-prompt` is sent with. */
  answer: JsonValue;
}

/**
 * Someone a prompt is about, and what part they play in it, in a few words the map shows by their
 * token ("may strike", "moving away", "struck", "defends", "rolls to stay up").
 */
export interface PromptSubject {
  id: Id;
  role: string;
}

/** The role each character a prompt involves gets when its kind doesn't say who is who. */
export const NEUTRAL_ROLE = 'asked about';

/**
 * How a ruleset asks, and takes the answer to, one kind of prompt it opens. `ruleset` is the
 * encounter's own (the one declaring the prompt), for the core's helpers that apply events.
 */
export interface PromptKind {
  /** The refusal code for commands that must wait ("attack/pending"). */
  code: string;
  /** What the GM must do first, in a sentence. */
  message(state: EncounterState, prompt: Prompt, ruleset: Ruleset): string;
  /** The events an answer causes (closing the prompt among them), or why the answer doesn't fit. */
  answer(state: EncounterState, prompt: Prompt, answer: unknown, random: () => RandomSource, ruleset: Ruleset): Result<EncounterEvent[]>;
  /** The events that close it unanswered: the GM calls it off, or ends the fight with it open. */
  callOff(state: EncounterState, prompt: Prompt, ruleset: Ruleset): EncounterEvent[];
  /** The answers to offer as buttons, when they are few and plain; none leaves it to the ruleset's own panel. */
  choices?(state: EncounterState, prompt: Prompt, ruleset: Ruleset): PromptChoice[];
  /**
   * Who is who in it, read from the prompt's data (those still to answer, not those who have):
   * the screens mark them on the map and name their parts. None: each of `involves`, neutrally.
   */
  subjects?(state: EncounterState, prompt: Prompt, ruleset: Ruleset): PromptSubject[];
}

/** An open prompt as the screens and the core's refusals see it. */
export interface OpenPrompt {
  id: Id;
  kind: NamespacedType;
  /** The refusal code for commands that must wait. */
  code: string;
  /** What the GM must do first, in a sentence. */
  message: string;
  /** The characters it concerns: none of them can be removed while it is open. */
  involves: Id[];
  /** The answers to offer as buttons (none: the ruleset's panel asks). */
  choices: PromptChoice[];
  /** Who is who in it, each once, for the map's marks and the words beside the question. */
  subjects: PromptSubject[];
}
