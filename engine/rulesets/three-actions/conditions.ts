import type { ConditionDefinition } from '../../core/conditions';
import type { Combatant } from '../../core/state';

// The states the action tables leave a character in until their next turn (or until they get up),
// as conditions the actions put on (`ActionDefinition.gives`): what the engine can apply itself is
// an effect; what only an attack can read (cover, lying prone) the attack reads by name.

const UNTIL_NEXT_TURN = { rounds: 1, endsOn: 'turn-start' } as const;

export const GUARDING: ConditionDefinition = {
  id: 'guarding',
  name: 'Guarding',
  effects: [
    { kind: 'stat', amount: 1, stat: 'evasion' },
    { kind: 'stat', amount: 1, stat: 'deflection' },
    { kind: 'stat', amount: 1, stat: 'elementalDeflection' },
  ],
  duration: UNTIL_NEXT_TURN,
};

export const BEHIND_COVER: ConditionDefinition = { id: 'behind-cover', name: 'Behind cover', effects: [], duration: UNTIL_NEXT_TURN };

export const PRONE: ConditionDefinition = { id: 'prone', name: 'Prone', effects: [] };

export const WAITING: ConditionDefinition = { id: 'waiting', name: 'Waiting', effects: [{ kind: 'more-slot', slot: 'reaction', amount: 1 }], duration: UNTIL_NEXT_TURN };

export const READIED: ConditionDefinition = { id: 'readied', name: 'Action readied', effects: [], duration: UNTIL_NEXT_TURN };

export const THREE_ACTIONS_CONDITIONS: readonly ConditionDefinition[] = [GUARDING, BEHIND_COVER, PRONE, WAITING, READIED];

/** Whether the character is under this condition of the catalogue. */
export function isUnder(c: Pick<Combatant, 'conditions'>, definition: ConditionDefinition): boolean {
  return c.conditions.some((k) => k.name === definition.name);
}
