import { spentOf, type ActionEconomy } from '../../core/economy';
import type { ActionDefinition } from '../../core/ruleset';

// One Main and one Move action a round (a Main may be spent as a second Move), Free actions as
// the GM finds plausible, and Instant actions any time, even out of turn. The Main is what a snap
// attack or total defence gives up, so it may be spent out of turn, and the character's own turn
// then lacks it; both come back as the next round begins. The action table, in our own words.

export const SIDES_ECONOMY: ActionEconomy = {
  slots: [
    { id: 'main', perTurn: 1, label: 'Main action', refresh: 'round', offTurn: true },
    { id: 'move', perTurn: 1, label: 'Move action', refresh: 'round', offTurn: true },
  ],
  trades: [{ give: 'main', as: 'move' }],
  costs: { main: { main: 1 }, move: { move: 1 }, 'main-move': { main: 1, move: 1 }, free: {}, instant: {}, 'instant-main': { main: 1 } },
  left: (budget) => {
    const main = spentOf(budget, 'main') <= 0;
    const move = spentOf(budget, 'move') <= 0;
    if (main && move) return 'the Main and the Move action left';
    if (main) return 'the Main action left (it can be a second Move)';
    if (move) return 'the Move action left';
    return 'only Free and Instant actions left';
  },
};

/** What an action that provokes says, in the catalogue and the log. */
export const PROVOKES = 'Yes: adjacent foes with melee weapons may strike';

const act = (id: string, name: string, cost: string, spends: string, provokes: string | null, summary: string, more: Partial<ActionDefinition> = {}): ActionDefinition => ({ id, name, cost, provokes, summary, spends, ...more });

export const SIDES_ACTIONS: ActionDefinition[] = [
  act('melee', 'Make a melee attack', 'Main', 'main', null, 'Strike a target within reach, armed or bare-handed (Brawl or Stab).'),
  act('ranged', 'Make a ranged attack', 'Main', 'main', null, 'Shoot or throw (Shoot; Stab or Exert may throw): −4 with a foe in melee range, and a bow or crossbow not at all.'),
  act('swarm', 'Make a swarm attack', 'Main', 'main', null, 'Join up to four allies on one target; one of them strikes at +2 to hit and +1 damage for each other.'),
  act('charge', 'Charge', 'Main and Move', 'main-move', 'Yes, when they start next to an armed foe', 'Up to twice their movement in a straight line (at least 5 ft), then attack at +2; −2 AC until the round ends.', { gives: 'charging', perTurn: 1 }),
  act('skill', 'Use a skill', 'Main', 'main', PROVOKES, 'First aid, a call for parley, anything a skill does in a few seconds.'),
  act('reload', 'Reload a weapon', 'Main', 'main', null, 'A crossbow from a readied quiver; a bow reloads freely at Shoot-1, else as a Move.', { spends: ['main', 'move', 'free'] }),
  act('ready', 'Ready or stow an item', 'Main', 'main', null, 'Take something from the pack into hand, or put it away.'),
  act('disengage', 'Disengage', 'Main', 'main', null, 'For the rest of the round, the foes beside them now get no attack of opportunity, whatever they do; a foe met later still may.', { gives: 'disengaged' }),
  act('screen', 'Screen an ally', 'Move', 'move', 'Yes, when they start next to an armed foe', 'Move next to an ally and block attacks on them until their next turn: attackers win an opposed combat check first.', { perTurn: 1 }),
  // Counted (at most twice, the Main as a second Move) so the map knows how far they may walk.
  act('run', 'Run', 'Move', 'move', 'Yes, on leaving a foe\'s reach', 'Their normal movement (30 ft for most people); a second Run takes the Main.', { perTurn: 2 }),
  act('pick-up', 'Pick up an item', 'Move', 'move', PROVOKES, 'Take up something within reach, ready in hand.'),
  // Not in the text's table, which has no action for letting go: dropping is free.
  act('drop', 'Drop an item', 'Free', 'free', null, 'Let something readied fall where one stands; picking it up again is a Move.'),
  act('stand-up', 'Stand up', 'Move', 'move', PROVOKES, 'Rise from prone, picking up what was dropped.', { ends: 'prone' }),
  act('hold', 'Hold an action', 'Move', 'move', null, 'Wait: the rest of the turn may be taken any time until the round ends, and resolves first when it answers another action.', { gives: 'holding', endsTurn: true }),
  act('prone', 'Go prone', 'Free', 'free', null, 'Down on the ground: ranged attacks against them at −2, melee ones at +2; movement halved.', { gives: 'prone' }),
  act('total-defence', 'Total defence', 'Instant, gives up the Main', 'instant-main', null, '+2 AC and immune to Shock (even a swarm\'s) until their next turn; may follow an attack roll against them.', { gives: 'total-defence' }),
  act('snap', 'Make a snap attack', 'Instant, gives up the Main', 'instant-main', null, 'A melee or ranged attack at −4, even out of turn, while the Main is unspent; it may strike before a foe\'s damage lands.'),
  act('break-free', 'Break free', 'Main', 'main', null, 'The grappled: one STR/Brawl roll against each grappler; each beaten lets go.'),
  act('drag', 'Drag or throw', 'Main', 'main', null, 'A grappler: STR/Brawl to move the grappled 10 ft along, or throw them 5 ft prone; losing, they break free.'),
  act('other', 'Something else', 'GM decides', 'main', null, 'Describe it; the GM rules what it takes and whether it provokes.', { spends: ['main', 'move', 'free'] }),
];
