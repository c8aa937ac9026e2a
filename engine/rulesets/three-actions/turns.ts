import { hasTrait } from '../../core/fields';
import type { AlternatingProcedure } from '../../core/turn-procedure';
import { isUnconscious } from './health';
import { markedOut } from '../../core/health';
import { starterWaits } from './starter';
import { teamOrderRefusal } from './opening';

// Teams take turns: the team that started the fight first (its first pick opens with the action
// that started it), the team it attacked second, the others in the GM's order (`set-team-order`).
// Each team picks one member who hasn't acted this round, then the go passes; a team with nobody
// left is skipped. No passing. Someone unable to act loses their turn; brought round before acting
// this round, they act at their team's next go. A surprise round, when the GM says so, belongs to
// the team that started the fight, and to anyone who can't be surprised.

export const threeActionsTurns: AlternatingProcedure = {
  kind: 'alternating',
  id: 'teams',
  allowPass: false,
  canAct: (c) => markedOut(c) === null && !isUnconscious(c),
  opening: {
    phase: 'surprise',
    setting: 'surprise',
    heading: 'Surprise round',
    mayAct: (c, state) => c.factionId === state.initiativeFactionId || hasTrait(c, 'cannotBeSurprised'),
    waits: (c) => `${c.name}'s team was taken by surprise; they wait for round 1.`,
    reactionCode: 'turn/surprised',
    reactionRefusal: 'Those taken by surprise can\'t act in the surprise round.',
    started: { gm: 'Surprise round: only the team that struck first acts, and anyone who can\'t be surprised.', players: 'Surprise!' },
  },
  // Whoever started the fight has their team's first turn.
  waitsFor: starterWaits,
  // The team the starter attacked keeps the second place unless the GM rules otherwise.
  teamOrderRefusal,
  gate: null,
  roundEnd: null,
};
