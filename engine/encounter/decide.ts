import { randomFrom, type RandomSource } from '../dice/random';
import { failure, type Result } from '../result';
import type { Ruleset } from '../core/ruleset';
import { isRulesetCommand, type Command } from '../core/commands';
import { decideAlternating, settleGo } from './decide-alternating';
import { decideCombatant } from './decide-combatant';
import { decideDisplay } from '../core/display';
import { decideField } from './decide-field';
import { decideSpace, isSpaceCommand, movesOnTurn, spaceRefusal } from '../space/decide';
import { decideRoll } from './decide-dice';
import { decideSetup } from './decide-setup';
import { decideEndScene } from './between-fights';
import { decideTurns, liveOrderFight, turnGoesOn } from './decide-turns';
import { decideUseAction } from './decide-action';
import { isOutOfFight } from '../core/health';
import { decidePrompt } from './prompts';
import type { EncounterEvent } from '../core/events';
import type { EncounterState } from '../core/state';

/**
 * Turns a command into the events it causes, or refuses it with a reason. Pure: the random
 * source starts from the state's saved state, and whatever it draws is written into the events.
 */
export function decide(
  state: EncounterState,
  command: Command,
  /** The encounter's ruleset, handed in where the encounter was opened. */
  ruleset: Ruleset,
  /** Where the dice come from; by default the encounter's own seeded source. Tests force dice here. */
  random: () => RandomSource = () => randomFrom(state.rng),
): Result<EncounterEvent[]> {
  if (typeof command !== 'object' || command === null) return failure('command/unknown', 'That is not a command.');
  // One source for the whole command, so whatever follows on from it draws after its own dice.
  let source: RandomSource | null = null;
  const once = (): RandomSource => (source ??= random());
  const decided = decideCommand(state, command, ruleset, once);
  if (!decided.ok || ruleset.turn.order.kind !== 'alternating') return decided;
  return { ok: true, value: settleGo(state, decided.value, ruleset, ruleset.turn.order, once) };
}

function decideCommand(state: EncounterState, command: Command, ruleset: Ruleset, random: () => RandomSource): Result<EncounterEvent[]> {
  if (isRulesetCommand(command)) {
    const handler = ruleset.own?.commands?.[command.type];
    if (!handler) return failure('command/unknown', `${ruleset.name} has no command "${command.type}".`);
    return handler(state, command, random, ruleset);
  }
  if (isSpaceCommand(command)) {
    const refused = spaceRefusal(ruleset, command);
    if (refused) return refused;
    // A move on a turn is the turn procedure's to allow first; the rest lay out the space or place someone.
    if (!movesOnTurn(command)) return decideSpace(state, ruleset, command);
  }
  switch (command.type) {
    case 'add-faction':
    case 'add-combatant':
      return decideSetup(state, command, ruleset, random);
    case 'start-combat':
    case 'next-turn':
    case 'previous-turn':
    case 'end-combat':
      return ruleset.turn.order.kind === 'order'
        ? decideTurns(state, command, ruleset, ruleset.turn.order, random)
        : decideAlternating(state, command, ruleset, ruleset.turn.order, random);
    case 'end-scene':
      return decideEndScene(state);
    case 'choose-first-faction':
    case 'take-turn':
    case 'end-turn':
    case 'pass':
    case 'react':
    case 'move':
    case 'set-gate':
      if (ruleset.turn.order.kind !== 'alternating') {
        return failure('turn/not-alternating', `${ruleset.name} runs turns in initiative order; use Next turn instead.`);
      }
      return decideAlternating(state, command, ruleset, ruleset.turn.order, random);
    case 'use-action':
      return ruleset.turn.order.kind === 'order'
        ? decideUseAction(state, command, ruleset, { live: liveOrderFight, canAct: (c) => !isOutOfFight(ruleset, c) })
        : decideAlternating(state, command, ruleset, ruleset.turn.order, random);
    case 'set-mark':
    case 'set-trait':
    case 'set-initiative-faction':
    case 'set-team-order':
    case 'set-setting':
      return decideField(state, command, ruleset);
    case 'roll':
      return decideRoll(command, random);
    case 'answer-prompt':
    case 'call-off-prompt': {
      const answered = decidePrompt(state, command, ruleset, random);
      return answered.ok ? { ok: true, value: [...answered.value, ...turnGoesOn(state, answered.value, ruleset, random)] } : answered;
    }
    case 'set-player-factions':
    case 'set-enemy-health':
    case 'set-player-name':
    case 'reveal-name':
    case 'show-conditions':
    case 'hide-until-turn':
      return decideDisplay(state, command);
    case 'damage':
    case 'heal':
    case 'set-track':
    case 'set-stat':
    case 'add-condition':
    case 'set-condition-timer':
    case 'remove-condition':
    case 'rename':
    case 'set-faction':
    case 'set-concealed':
    case 'set-notes':
    case 'move-in-order':
    case 'set-initiative':
    case 'remove-combatant':
    case 'use-resource':
    case 'set-resource-used':
      return decideCombatant(state, command, ruleset, random);
    default:
      return failure('command/unknown', `Unknown command "${String((command as { type?: unknown }).type)}".`);
  }
}
