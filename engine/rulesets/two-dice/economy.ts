import { spentOf, type ActionEconomy } from '../../core/economy';
import type { ActionDefinition } from '../../core/ruleset';

// A turn, as the text's movement options have it: one attack, evasion or attempt to extricate,
// after advancing at most a normal move (advancing further ends the turn). The one action is the
// economy's slot, which the turn panel shows and the core refreshes at each turn.

export const TWO_DICE_ECONOMY: ActionEconomy = {
  slots: [{ id: 'action', perTurn: 1, label: 'attack, evade or extricate' }],
  trades: [],
  costs: { action: { action: 1 } },
  left: (budget) => (spentOf(budget, 'action') === 0 ? 'an attack, an evasion or an attempt to extricate left' : 'their action is spent; moving is all that is left'),
};

export const TWO_DICE_ACTIONS: ActionDefinition[] = [
  { id: 'attack', name: 'Attack', cost: 'The turn\'s action', provokes: null, summary: 'A test against the difficulty; skill with the weapon gives disadvantage, normal or advantage.', spends: 'action' },
  { id: 'evade', name: 'Evade', cost: 'The turn\'s action', provokes: null, summary: 'A test to keep out of harm while in combat.', spends: 'action' },
  { id: 'extricate', name: 'Extricate', cost: 'The turn\'s action', provokes: null, summary: 'A test to get clear of combat; on a success they may move away.', spends: 'action' },
  { id: 'other', name: 'Something else', cost: 'The turn\'s action, GM decides', provokes: null, summary: 'Describe it; the GM rules what it takes.', spends: 'action' },
  { id: 'advance', name: 'Advance', cost: 'Movement', provokes: null, summary: 'Up to a normal move and attack, or up to twice that and the turn ends.' },
];
