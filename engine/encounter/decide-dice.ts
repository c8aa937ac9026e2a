import type { RandomSource } from '../dice/random';
import { manualRoll, rollNotation } from '../dice/roll';
import type { Result } from '../result';
import type { Command } from '../core/commands';
import type { EncounterEvent } from '../core/events';

const LABEL_MAX = 80;

/** A roll from the dice roller: rolled from the encounter's source, or entered by hand. */
export function decideRoll(cmd: Extract<Command, { type: 'roll' }>, random: () => RandomSource): Result<EncounterEvent[]> {
  const label = typeof cmd.label === 'string' ? cmd.label.trim().slice(0, LABEL_MAX) : '';
  const notation = typeof cmd.notation === 'string' ? cmd.notation : '';
  if (cmd.manualDice) {
    const rolled = manualRoll(notation, cmd.manualDice);
    return rolled.ok ? { ok: true, value: [{ type: 'dice-rolled', label, roll: rolled.value, rng: null }] } : rolled;
  }
  const source = random();
  const rolled = rollNotation(notation, source);
  return rolled.ok ? { ok: true, value: [{ type: 'dice-rolled', label, roll: rolled.value, rng: source.state() }] } : rolled;
}
