import { spentOf, type ActionEconomy } from '../../core/economy';
import type { ActionDefinition } from '../../core/ruleset';

// One full action and one bonus action a round, in any order, and free actions within reason.
// Either may be spent out of turn to respond to an engaged opponent, and then the character's own
// turn lacks it: both come back as the next round begins. The action tables in our own words.

export const RANKS_ECONOMY: ActionEconomy = {
  slots: [
    { id: 'full', perTurn: 1, label: 'full action', refresh: 'round', offTurn: true },
    { id: 'bonus', perTurn: 1, label: 'bonus action', refresh: 'round', offTurn: true },
  ],
  trades: [],
  costs: { full: { full: 1 }, bonus: { bonus: 1 }, free: {} },
  left: (budget) => {
    const full = spentOf(budget, 'full') <= 0;
    const bonus = spentOf(budget, 'bonus') <= 0;
    if (full && bonus) return 'the full action and the bonus action left, and free actions';
    if (full) return 'the full action left, and free actions';
    if (bonus) return 'the bonus action left, and free actions';
    return 'only free actions left';
  },
};

const full = (id: string, name: string, summary: string, gives?: string): ActionDefinition => ({ id, name, cost: 'Full action', provokes: null, summary, spends: 'full', ...(gives ? { gives } : {}) });
const bonus = (id: string, name: string, summary: string): ActionDefinition => ({ id, name, cost: 'Bonus action', provokes: null, summary, spends: 'bonus' });
const free = (id: string, name: string, summary: string): ActionDefinition => ({ id, name, cost: 'Free action', provokes: null, summary, spends: 'free' });

export const RANKS_ACTIONS: ActionDefinition[] = [
  full('attack', 'Attack', 'Skill dice against the fixed defence the defender\'s own weapon (or bare hands) gives, with room to use it; the first rank rolls damage, each further rank adds 1D. A heavy object knocked over or hurled (15 ft) is Lifting: shift.'),
  full('defend', 'Defend', 'Until their next full action, against an attack that beats their fixed value they may roll a relevant skill + 10; the better of the two stands.', 'defending'),
  full('move-full', 'Move', 'Their whole Move, with an Athletics or Acrobatics check over obstacles; a failure still moves but tires them.'),
  full('recover', 'Recover a condition', 'A check whose ranks remove a condition or shorten how long it lasts.'),
  full('force', 'Force an opponent to move', 'Arena or grapple against the opponent\'s fixed value: 5 ft a rank, in the direction they choose.'),
  bonus('advantage', 'Gain an advantage', 'Misdirection, memory or awareness: the ranks buy a bonus from the advantage table.'),
  bonus('interact', 'Interact', 'Taunt, intimidate or command an opponent: the ranks make a composure condition.'),
  bonus('move-half', 'Move half', 'Half their Move; an engaged opponent may match it (tumble makes the follower check too).'),
  bonus('ready', 'Ready an action', 'A check held for a trigger: it resolves just before the trigger; the bonus action is spent even if nothing comes.'),
  bonus('combine', 'Combine actions', 'Help an ally\'s action or hinder an opponent\'s, with a skill that fits.'),
  { id: 'check', name: 'A check', cost: 'Full or bonus action', provokes: null, summary: 'A skill against a difficulty the GM sets; out of turn without an action it stands at the fixed value.', spends: ['full', 'bonus'] },
  free('trash-talk', 'Trash talk', 'Words for an opponent; memorable lines may earn a luck point.'),
  free('banter', 'Banter', 'Words with allies; memorable lines may earn a luck point.'),
  free('move-incidental', 'Incidental movement', 'Half their Move over open ground without a check; an engaged opponent may match it.'),
  free('ready-equipment', 'Ready equipment', 'Draw, stow or reload something close at hand.'),
  free('plan', 'Plan', 'Shout a plan to allies who can hear.'),
];
