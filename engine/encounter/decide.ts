import { randomFrom, type RandomSource } from '../dice/random';
import { failure, type Result } from '../result';
import { findRuleset } from '../rulesets/index';
import type { Command } from './commands';
import { decideCombatant } from './decide-combatant';
import { decideRoll } from './decide-dice';
import { decideSetup } from './decide-setup';
import { decideTurns } from './decide-turns';
import type { EncounterEvent } from './events';
import type { EncounterState } from './state';

/**
 * Turns a command into the events it causes, or refuses it with a reason. Pure: the random
 * source starts from the state's saved state, and whatever it draws is written into the events.
 */
export function decide(state: EncounterState, command: Command): Result<EncounterEvent[]> {
  const ruleset = findRuleset(state.rulesetId);
  if (!ruleset) return failure('ruleset/unknown', `This encounter uses the ruleset "${state.rulesetId}", which this version doesn't have.`);
  const random = (): RandomSource => randomFrom(state.rng);
  if (typeof command !== 'object' || command === null) return failure('command/unknown', 'That is not a command.');
  switch (command.type) {
    case 'add-faction':
    case 'add-combatant':
      return decideSetup(state, command, ruleset, random);
    case 'start-combat':
    case 'next-turn':
    case 'previous-turn':
    case 'end-combat':
      return decideTurns(state, command, ruleset, random);
    case 'roll':
      return decideRoll(command, random);
    case 'damage':
    case 'heal':
    case 'set-track':
    case 'set-stat':
    case 'add-condition':
    case 'remove-condition':
    case 'rename':
    case 'set-faction':
    case 'set-concealed':
    case 'set-notes':
    case 'move-in-order':
    case 'set-initiative':
    case 'remove-combatant':
      return decideCombatant(state, command, ruleset, random);
    default:
      return failure('command/unknown', `Unknown command "${String((command as { type?: unknown }).type)}".`);
  }
}
