import type { RandomSource } from '../../dice/random';
import { rollNotation, type Roll } from '../../dice/roll';
import type { SettingValue } from '../../core/state';
import { standing } from './health';
import type { AlternatingProcedure, RollingSide } from '../../core/turn-procedure';
import { sidesSettings } from './settings';
import { surprisers } from './surprise';

// Sides take turns as blocks: each rolls 1d8 once, as round 1 opens (after any surprise round),
// the party adding its highest DEX; the highest goes first, and each of its members takes all
// their actions in whatever order the side likes; then the next side. The same order every round,
// never rolled again; the party wins ties. A surprise round, when the GM gives one, belongs to the
// surprising sides alone.

function d8(random: RandomSource): Roll {
  const rolled = rollNotation('1d8', random);
  // '1d8' is always valid notation.
  if (!rolled.ok) throw new Error(rolled.message);
  return rolled.value;
}

/** What the party adds to its d8, by the setting: its best DEX modifier (the default), its best score, or nothing. */
export function partyBonus(side: Pick<RollingSide, 'members'>, settings: Readonly<Record<string, SettingValue>>): number {
  const how = sidesSettings(settings).partyBonus;
  if (how === 'none' || side.members.length === 0) return 0;
  return Math.max(...side.members.map((m) => (how === 'dex-score' ? (m.stats.dexScore ?? 10) : (m.stats.dex ?? 0))));
}

export const sidesTurns: AlternatingProcedure = {
  kind: 'alternating',
  id: 'sides',
  allowPass: false,
  canAct: standing,
  opening: {
    phase: 'surprise',
    heading: 'Surprise round',
    mayAct: (c, state) => surprisers(state).includes(c.factionId),
    waits: (c) => `${c.name}'s side was caught unawares; they wait for round 1.`,
    reactionCode: 'turn/surprised',
    reactionRefusal: 'Those caught unawares can\'t act in the surprise round.',
    started: { gm: 'Surprise round: only the surprising side acts, before initiative is rolled.', players: 'Surprise!' },
    // "A full free round of action": what lasts to the end of the round ends with it.
    isRound: true,
  },
  gate: null,
  roundEnd: null,
  goes: 'whole-side',
  sideInitiative: {
    roll(side, random, settings) {
      const die = d8(random);
      const bonus = side.players ? partyBonus(side, settings) : 0;
      return bonus === 0 ? die : { ...die, notation: `1d8${bonus > 0 ? '+' : ''}${bonus}`, total: die.total + bonus };
    },
    tiebreak: (_side, random) => d8(random),
    winsTies: (side) => side.players,
    rerollsTies: (settings) => sidesSettings(settings).otherTies === 'reroll',
    joinerRolls: (settings) => sidesSettings(settings).joining === 'rolls',
  },
};
