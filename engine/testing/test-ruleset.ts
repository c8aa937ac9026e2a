import { createEncounter, type Encounter } from '../encounter/encounter';
import type { Ruleset } from '../core/ruleset';
import { markedOut, trackStatus } from '../core/health';
import { withTrackValue } from '../core/tracks';
import type { ActionEconomy } from '../core/economy';
import { individualInitiative } from '../turns/individual';
import type { OrderProcedure } from '../core/turn-procedure';

/**
 * A ruleset for a test that needs one of its own: the parts the test is about (its turn
 * procedure, economy, actions…), and for the rest a hit-point track, no stats or settings and no
 * end-of-round steps. Register it with `registerRuleset` in the test.
 */
export function testRuleset(id: string, parts: Pick<Ruleset, 'turns'> & Partial<Ruleset>): Ruleset {
  return {
    id,
    name: id,
    summary: `A ruleset made for a test (${id}).`,
    stats: [],
    tracks: [{ key: 'hp', label: 'Hit points', shortLabel: 'HP', min: 1, max: 99, default: 5 }],
    settings: [],
    actions: [],
    references: [],
    applyDamage: (c, amount) => withTrackValue(c, 'hp', (hp) => hp.value - amount),
    applyHealing: (c, amount) => withTrackValue(c, 'hp', (hp) => hp.value + amount),
    status: (c) => markedOut(c) ?? trackStatus(c, 'hp', 'HP'),
    endOfRound: () => [],
    ...parts,
  };
}

/** A fixed order by one stat, highest first, no roll; the test gives everyone a different value. */
export function orderedBy(stat: string): OrderProcedure {
  return individualInitiative({
    score: (c) => ({ roll: null, total: c.stats[stat] ?? 0 }),
    breakTie: (a, b) => a.name.localeCompare(b.name),
    tiebreak: () => {
      throw new Error(`The test gives everyone a different ${stat}.`);
    },
  });
}

/**
 * Skill Ranks' round: one full action and one bonus action, each once per round and either
 * spendable out of turn; `full` and `bonus` cost one of each.
 */
export function fullAndBonus(left: ActionEconomy['left']): ActionEconomy {
  return {
    slots: [
      { id: 'full', perTurn: 1, label: 'full action', refresh: 'round', offTurn: true },
      { id: 'bonus', perTurn: 1, label: 'bonus action', refresh: 'round', offTurn: true },
    ],
    trades: [],
    costs: { full: { full: 1 }, bonus: { bonus: 1 } },
    left,
  };
}

/** A new encounter under a ruleset (registered by the test), with the default factions f1 and f2. */
export function testEncounter(rulesetId: string, name: string, seed = 1): Encounter {
  const created = createEncounter({ id: 'e', name, rulesetId, seed });
  if (!created.ok) throw new Error(created.message);
  return created.encounter;
}
