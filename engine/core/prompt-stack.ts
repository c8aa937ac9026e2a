import type { EncounterState, Id, Prompt } from './state';

// The stack of open prompts in the encounter state, as the reducer and the rulesets' events change
// it (what a prompt is and how it is answered: `prompts.ts`).

/** The prompts open now, the one opened first first. */
export function promptsOf(state: Pick<EncounterState, 'prompts'>): readonly Prompt[] {
  return state.prompts ?? [];
}

/** The open prompt with this id, if any. */
export function findPrompt(state: Pick<EncounterState, 'prompts'>, id: Id): Prompt | undefined {
  return promptsOf(state).find((p) => p.id === id);
}

/** The state with `prompt` opened on top of the stack, or changed in its place if one by its id is open. */
export function withPrompt(state: EncounterState, prompt: Prompt): EncounterState {
  const open = promptsOf(state);
  const at = open.findIndex((p) => p.id === prompt.id);
  return { ...state, prompts: at < 0 ? [...open, prompt] : open.map((p, i) => (i === at ? prompt : p)) };
}

/** The state with the prompt `id` closed (unchanged when none by that id is open). */
export function withoutPrompt(state: EncounterState, id: Id): EncounterState {
  const open = promptsOf(state);
  return open.some((p) => p.id === id) ? { ...state, prompts: open.filter((p) => p.id !== id) } : state;
}

/** The state with no prompt open (a fight starts or ends). */
export function withoutPrompts(state: EncounterState): EncounterState {
  return state.prompts && state.prompts.length > 0 ? { ...state, prompts: [] } : state;
}
