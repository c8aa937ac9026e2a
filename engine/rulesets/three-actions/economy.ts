import { spentOf, type ActionEconomy } from '../../core/economy';
import type { SettingValue } from '../../core/state';
import type { ActionDefinition } from '../../core/ruleset';

// Three actions a turn and one reaction, which may be spent on anyone's turn and comes back at the
// start of the character's own. Most actions take one action; a few take two or three. Free
// actions take none. The action tables, in our own words.

const ECONOMY: ActionEconomy = {
  slots: [
    { id: 'action', perTurn: 3, label: 'action' },
    { id: 'reaction', perTurn: 1, label: 'reaction', offTurn: true },
  ],
  trades: [],
  costs: { one: { action: 1 }, two: { action: 2 }, three: { action: 3 }, reaction: { reaction: 1 }, free: {} },
  left: (budget) => {
    const actions = 3 - spentOf(budget, 'action');
    // Below 0 where a condition gives one more (Waiting).
    const reaction = spentOf(budget, 'reaction') <= 0;
    const words = actions === 0 ? 'no actions' : actions === 1 ? '1 action' : `${actions} actions`;
    return `${words} left${reaction ? ', and the reaction' : ''}`;
  },
};

/** The reaction back at the start of the character's own turn (the default). */
export const THREE_ACTIONS_ECONOMY: ActionEconomy = ECONOMY;

/** The reaction back once a round, spent on one's own turn or another's. */
const ROUND_ECONOMY: ActionEconomy = {
  ...ECONOMY,
  slots: ECONOMY.slots.map((s) => (s.id === 'reaction' ? { ...s, refresh: 'round' as const } : s)),
};

/** The economy as the setting has the reaction coming back. */
export function threeActionsEconomy(settings: Readonly<Record<string, SettingValue>>): ActionEconomy {
  return settings.reactionBack === 'round' ? ROUND_ECONOMY : THREE_ACTIONS_ECONOMY;
}

export const THREE_ACTIONS_ACTIONS: ActionDefinition[] = [
  { id: 'attack', name: 'Attack', cost: '1 action', provokes: null, summary: 'Strike or shoot at a target with a weapon or item.', spends: 'one' },
  { id: 'brandish', name: 'Brandish', cost: '1 action', provokes: null, summary: 'Change what is held in the hands.', spends: 'one' },
  { id: 'command', name: 'Command', cost: '1 action, 2 focus', provokes: null, summary: 'Once a turn for each ally: they take one action now.', spends: 'one', uses: { track: 'focus', amount: 2 } },
  { id: 'interact', name: 'Interact', cost: '1 action', provokes: null, summary: 'Use something close by: a door, something from the pack.', spends: 'one' },
  { id: 'guard', name: 'Guard', cost: '1 action, ends the turn', provokes: null, summary: '+1 to every defence and defence test until the next turn.', spends: 'one', endsTurn: true, gives: 'guarding' },
  { id: 'move', name: 'Move', cost: '1 action, once a turn', provokes: null, summary: 'Move up to their speed.', spends: 'one', perTurn: 1 },
  { id: 'ready', name: 'Ready an action', cost: '1 action, ends the turn', provokes: null, summary: 'Name an action and what sets it off; it is taken as a reaction, until the next turn.', spends: 'one', endsTurn: true, gives: 'readied' },
  { id: 'resuscitate', name: 'Resuscitate', cost: '2 actions', provokes: null, summary: 'Go prone beside someone unconscious and test to bring them round.', spends: 'two', gives: 'prone' },
  { id: 'seek-cover', name: 'Seek cover', cost: '1 action', provokes: null, summary: 'Behind cover: ranged attacks against them are at disadvantage until the next turn.', spends: 'one', gives: 'behind-cover' },
  { id: 'short-task', name: 'Short task', cost: '3 actions', provokes: null, summary: 'A brief job that takes a test.', spends: 'three' },
  { id: 'sprint', name: 'Sprint', cost: '1 action, 1 stamina, after moving', provokes: null, summary: 'Another move, once they have moved this turn.', spends: 'one', after: 'move', uses: { track: 'stamina', amount: 1 } },
  { id: 'stand-up', name: 'Stand up', cost: '1 action', provokes: null, summary: 'Get up off the ground.', spends: 'one', ends: 'prone' },
  { id: 'wait', name: 'Wait', cost: '1 action, ends the turn', provokes: null, summary: 'An extra reaction until the next turn.', spends: 'one', endsTurn: true, gives: 'waiting' },
  { id: 'other', name: 'Something else', cost: 'GM decides', provokes: null, summary: 'Describe it; the GM rules how many actions it takes.', spends: ['one', 'two', 'three'] },
  { id: 'block', name: 'Block', cost: 'Reaction, 1 stamina', provokes: null, summary: 'A shield takes the blow: its block value instead of damage reduction.', spends: 'reaction', uses: { track: 'stamina', amount: 1 } },
  { id: 'dodge', name: 'Dodge', cost: 'Reaction, 1 stamina', provokes: null, summary: 'A test to get out of the way of an attack.', spends: 'reaction', uses: { track: 'stamina', amount: 1 } },
  { id: 'fortify', name: 'Fortify', cost: 'Reaction, 1 stamina', provokes: null, summary: 'A test to shrug off a physical effect, or to stay conscious.', spends: 'reaction', uses: { track: 'stamina', amount: 1 } },
  { id: 'intercept', name: 'Intercept', cost: 'Reaction, 1 stamina', provokes: null, summary: 'Step in to become the target instead of an ally; then a defensive reaction for free.', spends: 'reaction', uses: { track: 'stamina', amount: 1 } },
  { id: 'parry', name: 'Parry', cost: 'Reaction, 1 stamina', provokes: null, summary: 'An item adds its parry value (or 1) to physical deflection, and loses 1 durability.', spends: 'reaction', uses: { track: 'stamina', amount: 1 } },
  { id: 'resist', name: 'Resist', cost: 'Reaction, 1 focus', provokes: null, summary: 'A test to shrug off a mental effect.', spends: 'reaction', uses: { track: 'focus', amount: 1 } },
  { id: 'drop-item', name: 'Drop an item', cost: 'Free', provokes: null, summary: 'Let something fall to the ground.', spends: 'free' },
  { id: 'drop-prone', name: 'Drop prone', cost: 'Free', provokes: null, summary: 'Down on the ground: ranged attacks against them at disadvantage, melee at advantage.', spends: 'free', gives: 'prone' },
  { id: 'step', name: 'Step', cost: 'Free, once a turn', provokes: null, summary: 'A 1 m step instead of a move.', spends: 'free', perTurn: 1 },
];
