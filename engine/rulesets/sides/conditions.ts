import type { ConditionDefinition } from '../../core/conditions';
import type { Combatant } from '../../core/state';

// The states the action table leaves a character in: what the engine can apply itself is an
// effect (AC); what only an attack or a move reads, it reads by name.

const UNTIL_NEXT_TURN = { rounds: 1, endsOn: 'turn-start' } as const;
const UNTIL_ROUND_ENDS = { rounds: 1, endsOn: 'round-end' } as const;

/** What total defence adds to AC until the next turn. */
export const TOTAL_DEFENCE_AC = 2;
export const TOTAL_DEFENCE: ConditionDefinition = { id: 'total-defence', name: 'Total defence', effects: [{ kind: 'stat', amount: TOTAL_DEFENCE_AC, stat: 'ac' }], duration: UNTIL_NEXT_TURN };
export const CHARGING: ConditionDefinition = { id: 'charging', name: 'Charged', effects: [{ kind: 'stat', amount: -2, stat: 'ac' }], duration: UNTIL_ROUND_ENDS };
export const DISENGAGED: ConditionDefinition = { id: 'disengaged', name: 'Disengaged', effects: [], duration: UNTIL_ROUND_ENDS };
export const HOLDING: ConditionDefinition = { id: 'holding', name: 'Holding an action', effects: [], duration: UNTIL_ROUND_ENDS };
export const PRONE: ConditionDefinition = { id: 'prone', name: 'Prone', effects: [] };

export const SIDES_CONDITIONS: readonly ConditionDefinition[] = [TOTAL_DEFENCE, CHARGING, DISENGAGED, HOLDING, PRONE];

/** Whether the character is under this condition of the catalogue. */
export function isUnder(c: Pick<Combatant, 'conditions'>, definition: ConditionDefinition): boolean {
  return c.conditions.some((k) => k.name === definition.name);
}
