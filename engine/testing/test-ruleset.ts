import { rulesetCatalogue, type RulesetCatalogue } from '../core/catalogue';
import { createEncounter, type Encounter } from '../encounter/encounter';
import type { CharacterRules, HealthRules, Ruleset, TurnRules } from '../core/ruleset';
import { markedOut, trackStatus } from '../core/health';
import { withTrackValue } from '../core/tracks';
import type { ActionEconomy } from '../core/economy';
import { individualInitiative } from '../turns/individual';
import type { OrderProcedure } from '../core/turn-procedure';
import { BUILTIN_RULESETS } from '../all-rulesets';

/**
 * The parts of a ruleset a test writes: its turn order at least, and whatever else the test is
 * about, group by group; each group given is laid over the test ruleset's own.
 */
export type TestRulesetParts = Partial<Omit<Ruleset, 'id' | 'character' | 'turn' | 'health'>> & {
  character?: Partial<CharacterRules>;
  turn: Pick<TurnRules, 'order'> & Partial<TurnRules>;
  health?: Partial<HealthRules>;
};

/**
 * A ruleset for a test that needs one of its own: the parts the test is about (its turn
 * procedure, economy, actions…), and for the rest a hit-point track, no stats or settings and no
 * end-of-round steps. Open its encounters with `withRulesets(ruleset)`.
 */
export function testRuleset(id: string, parts: TestRulesetParts): Ruleset {
  const { character, turn, health, ...rest } = parts;
  return {
    id,
    name: id,
    summary: `A ruleset made for a test (${id}).`,
    settings: [],
    references: [],
    ...rest,
    character: { stats: [], tracks: [{ key: 'hp', label: 'Hit points', shortLabel: 'HP', min: 1, max: 99, default: 5 }], ...character },
    turn: { actions: [], endOfRound: () => [], ...turn },
    health: {
      damage: (c, amount) => withTrackValue(c, 'hp', (hp) => hp.value - amount),
      heal: (c, amount) => withTrackValue(c, 'hp', (hp) => hp.value + amount),
      status: (c) => markedOut(c) ?? trackStatus(c, 'hp', 'HP'),
      ...health,
    },
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

/** A new encounter under a ruleset of `rulesets` (the built-in ones unless the test gives its own), with the default factions f1 and f2. */
export function testEncounter(rulesetId: string, name: string, seed = 1, rulesets: RulesetCatalogue = BUILTIN_RULESETS): Encounter {
  const created = createEncounter({ id: 'e', name, rulesetId, seed }, rulesets);
  if (!created.ok) throw new Error(created.message);
  return created.encounter;
}

/** The built-in rulesets and a test's own, as the catalogue the test opens its encounters with. */
export function withRulesets(...own: Ruleset[]): RulesetCatalogue {
  return rulesetCatalogue([...BUILTIN_RULESETS.all, ...own]);
}
