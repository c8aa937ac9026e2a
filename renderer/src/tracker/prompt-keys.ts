import type { OpenPrompt, PromptChoice } from '../../../engine/index';
import type { ShortcutAction } from '../shortcuts';

/**
 * The answer a number key gives the prompt on top, when the generic panel asks it (its ruleset
 * has no panel of its own for it): 1 is its first answer, 2 its second. Null when the key is not
 * a number, the prompt has its own panel, or it has no answer by that number.
 */
export function choiceForKey(action: ShortcutAction, prompt: OpenPrompt | undefined, ownPanel: boolean): PromptChoice | null {
  if (!prompt || ownPanel || !action.startsWith('pick-')) return null;
  const n = Number(action.slice('pick-'.length));
  return prompt.choices[n - 1] ?? null;
}
