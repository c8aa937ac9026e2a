import { spentOf, type ActionEconomy } from '../../core/economy';
import type { ActionDefinition } from '../../core/ruleset';

/** What a character can do on a turn, in our words, with what each spends. */
export const ZONES_ACTIONS: ActionDefinition[] = [
  { id: 'attack', name: 'Attack', cost: 'Main action', provokes: 'Reactions from the target', summary: 'Melee, ranged, indirect or blast; hits unless the situation calls for a WIT save.', spends: 'main' },
  { id: 'pick-up', name: 'Pick up or put down', cost: 'Bonus action', provokes: null, summary: 'Take something from the ground or set it down.', spends: 'bonus' },
  { id: 'equip', name: 'Equip or unequip', cost: 'Bonus action', provokes: null, summary: 'Draw or stow one item. Armour stays as it is until the fight ends.', spends: 'bonus' },
  { id: 'swap', name: 'Swap two items', cost: 'Two bonus actions', provokes: null, summary: 'Put one item away and take out another.', spends: 'two-bonus' },
  { id: 'consumable', name: 'Use a consumable', cost: 'Bonus action', provokes: null, summary: 'Drink a draught, apply an antidote or a dose of poison.', spends: 'bonus' },
  { id: 'interact', name: 'Interact', cost: 'Bonus action (GM may say main)', provokes: null, summary: 'Open a door, pull a lever; a complicated job can take the main action.', spends: ['bonus', 'main'] },
  { id: 'speak', name: 'Say a few words', cost: 'Bonus action', provokes: null, summary: 'A short sentence to allies or enemies.', spends: 'bonus' },
  { id: 'surrender', name: 'Surrender', cost: 'Whole turn', provokes: null, summary: 'Drop weapons and give up; the enemy may spare them. Harm from the enemy lets them fight again.', spends: 'turn', marks: 'surrendered' },
  { id: 'other', name: 'Something else', cost: 'Bonus or main, GM decides', provokes: null, summary: 'Describe it; the GM rules which action it takes.', spends: ['bonus', 'main'] },
  { id: 'move', name: 'Move one zone', cost: 'Movement', provokes: 'Opportunity attacks from nearby enemies when leaving', summary: 'Once per turn, before, between or after the actions.' },
  { id: 'reaction', name: 'React', cost: 'Whole turn, out of order', provokes: null, summary: 'Dodge, counter, hide behind someone, guard someone, or attack someone moving away. No movement or bonus action that round.' },
];

/**
 * A turn holds a main action and a bonus action; the main one may be taken as a second bonus
 * action. Surrendering takes the whole turn, moving included. Moving costs no action.
 */
export const ZONES_ECONOMY: ActionEconomy = {
  slots: [
    { id: 'bonus', perTurn: 1, label: 'bonus action' },
    { id: 'main', perTurn: 1, label: 'main action' },
  ],
  trades: [{ give: 'main', as: 'bonus' }],
  costs: { bonus: { bonus: 1 }, main: { main: 1 }, 'two-bonus': { bonus: 2 }, turn: 'turn' },
  left: (budget) => {
    const bonus = spentOf(budget, 'bonus');
    const main = spentOf(budget, 'main');
    if (main === 0 && bonus === 0) return 'a bonus action and a main action (or two bonus actions) left';
    if (main === 0 && bonus === 1) return 'a main action or a bonus action left';
    if (main === 1 && bonus === 0) return 'a bonus action left';
    return 'no actions left this turn';
  },
};
