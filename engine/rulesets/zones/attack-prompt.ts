import { isRecord } from '../../json';
import type { PromptKind } from '../../core/prompt-kind';
import { failure } from '../../result';
import type { PendingAttack } from './attack';
import { ZONES_COMMANDS } from './commands';


/**
 * An attack waiting for its targets' reactions, as a prompt: the fight holds until each target
 * has reacted (or someone has for them), and the GM may call the attack off. An answer is one
 * reaction, `{ reactorId, targetId, reaction }`, the same as `zones/react-to-attack` takes.
 */
export const ATTACK_PROMPT_KIND: PromptKind = {
  code: 'attack/pending',
  message: () => 'An attack is waiting for reactions; resolve or cancel it first.',
  answer(state, _prompt, answer, random, ruleset) {
    if (!isRecord(answer)) return failure('react/unknown', 'Answer an attack with who reacts, for which target, and how: { reactorId, targetId, reaction }.');
    // The command checks every field, as it does when sent from a script.
    return ZONES_COMMANDS['zones/react-to-attack'](state, { type: 'zones/react-to-attack', reactorId: answer.reactorId, targetId: answer.targetId, reaction: answer.reaction }, random, ruleset);
  },
  callOff: () => [{ type: 'zones/attack-cancelled' }],
  // The attacker, and each target: struck, and whether they may still react themselves.
  subjects(_state, prompt) {
    const attack = prompt.data as PendingAttack | undefined;
    if (!attack) return [];
    const role = (id: string) => (attack.awaiting.includes(id) && attack.selfReact.includes(id) ? 'struck, may react' : 'struck');
    return [{ id: attack.attackerId, role: 'attacks' }, ...attack.targets.map((id) => ({ id, role: role(id) }))];
  },
};
