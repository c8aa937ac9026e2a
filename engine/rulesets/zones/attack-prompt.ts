import { isRecord } from '../../json';
import type { PromptKind } from '../../core/prompt-kind';
import { failure } from '../../result';
import { ZONES_COMMANDS } from './commands';


/**
 * An attack waiting for its targets' reactions, as a prompt: the fight holds until each target
 * has reacted (or someone has for them), and the GM may call the attack off. An answer is one
 * reaction, `{ reactorId, targetId, reaction }`, the same as `zones/react-to-attack` takes.
 */
export const ATTACK_PROMPT_KIND: PromptKind = {
  code: 'attack/pending',
  message: () => 'An attack is waiting for reactions; resolve or cancel it first.',
  answer(state, _prompt, answer, random) {
    if (!isRecord(answer)) return failure('react/unknown', 'Answer an attack with who reacts, for which target, and how: { reactorId, targetId, reaction }.');
    // The command checks every field, as it does when sent from a script.
    return ZONES_COMMANDS['zones/react-to-attack'](state, { type: 'zones/react-to-attack', reactorId: answer.reactorId, targetId: answer.targetId, reaction: answer.reaction }, random);
  },
  callOff: () => [{ type: 'zones/attack-cancelled' }],
};
