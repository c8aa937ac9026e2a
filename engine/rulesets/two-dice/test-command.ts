import type { Edge } from '../../dice/checks';
import type { RandomSource, RandomState } from '../../dice/random';
import type { Roll } from '../../dice/roll';
import { checkCombatant, isFailure } from '../../core/checks';
import { openPrompt } from '../../encounter/prompts';
import type { EncounterEvent } from '../../core/events';
import type { Combatant, EncounterState, Id } from '../../core/state';
import { failure, ruleRefusal, type Failure, type Result } from '../../result';
import { facingOf, untrainedAgainst, type EvadeAgainst, type Facing } from './evasion';
import { cannotSneak, hindered, type TestKind } from './hindrance';
import { personOf } from './person';
import { twoDiceSettings } from './settings';
import { netEdge, rollTest, typedDice } from './test-roll';
import { actionUsed, ranThisTurn, usedWords } from './turn';

// A test a character makes: evading, extricating themselves from combat, sneaking, or anything
// else the GM calls for. Evading and extricating are what a turn in combat holds (with attacking).
// Unarmed and untrained, evading a weapon wielded proficiently is a Difficult test at
// disadvantage, unless they are an Unarmed Fighter: what the evasion faces is read from the last
// attack on them or the attacker the GM names (`evasion.ts`).

export const TEST_KINDS: readonly TestKind[] = ['evade', 'extricate', 'sneak', 'other'];

export type TestCommand = EvadeAgainst & {
  type: 'two-dice/test';
  combatantId: Id;
  test: Exclude<TestKind, 'attack'>;
  /** What is tested, for "other" ("climb the wall"). */
  label?: string;
  difficult?: boolean;
  situation?: Edge;
  dice?: number[];
  gmRuling?: boolean;
};

/** A test before it is rolled: what the form shows. */
export interface TestPlan {
  who: Combatant;
  test: Exclude<TestKind, 'attack'>;
  difficulty: number;
  difficult: boolean;
  edge: Edge;
  /** Each advantage, disadvantage and reason for a Difficult test, in words. */
  reasons: string[];
  /** For an evasion: the weapon it faces (the last attack on them, or the attacker named), or null. */
  facing: Facing | null;
}

/** The test's plan, or why it can't be made. */
export function planTest(state: EncounterState, cmd: Omit<TestCommand, 'type' | 'dice'>): TestPlan | Failure {
  const who = checkCombatant(state, cmd.combatantId);
  if (isFailure(who)) return who;
  if (!TEST_KINDS.includes(cmd.test)) return failure('input/choice', 'A test is one of: evade, extricate, sneak, other.');
  const settings = twoDiceSettings(state.settings);
  const reasons: string[] = [];
  let advantages = 0;
  let disadvantages = 0;
  let difficult = cmd.difficult === true;
  const armour = hindered(who, cmd.test, settings);
  if (armour) {
    disadvantages++;
    reasons.push(`disadvantage: ${armour}`);
  }
  const facing = cmd.test === 'evade' ? facingOf(state, who, cmd) : null;
  if (isFailure(facing)) return facing;
  const untrained = untrainedAgainst(who, facing);
  if (untrained) {
    difficult = true;
    disadvantages++;
    reasons.push(`Difficult, at disadvantage: ${untrained}`);
  }
  if (cmd.situation === 'advantage') {
    advantages++;
    reasons.push('advantage: the situation');
  } else if (cmd.situation === 'disadvantage') {
    disadvantages++;
    reasons.push('disadvantage: the situation');
  }
  return { who, test: cmd.test, difficult, difficulty: difficult ? settings.hardDifficulty : settings.difficulty, edge: netEdge(advantages, disadvantages), reasons, facing };
}

/** Why the rules refuse this test now (the GM may overrule), or null. */
function refusal(state: EncounterState, plan: TestPlan): Failure | null {
  const c = plan.who;
  if (plan.test === 'sneak') {
    const no = cannotSneak(c);
    return no ? ruleRefusal('two-dice/no-sneaking', `${no} Heavy armour rules sneaking out.`) : null;
  }
  if (plan.test !== 'evade' && plan.test !== 'extricate') return null;
  if (state.activeId !== c.id) return ruleRefusal('two-dice/not-acting', `It isn't ${c.name}'s turn; evading and extricating are what a turn in combat holds.`);
  if ((c.tracks.hp?.value ?? 1) <= 0 || personOf(c).stable) return ruleRefusal('two-dice/unconscious', `${c.name} is unconscious.`);
  const used = actionUsed(state, c.id);
  if (used) return ruleRefusal('two-dice/turn-used', `${c.name} has already ${usedWords(used)} this turn; a turn holds one attack, evasion or extrication.`);
  if (ranThisTurn(state, c)) return ruleRefusal('two-dice/ran', `${c.name} advanced more than a normal move this turn, which ends the turn.`);
  return null;
}

export type TestedEvent = {
  type: 'two-dice/tested';
  combatantId: Id;
  test: Exclude<TestKind, 'attack'>;
  label: string;
  difficulty: number;
  edge: Edge;
  reasons: string[];
  roll: Roll;
  success: boolean;
  rng: RandomState;
  ruling?: true;
};

/** Decides `two-dice/test`. */
export function decideTest(state: EncounterState, asked: TestCommand, random: () => RandomSource): Result<EncounterEvent[]> {
  if (state.status !== 'running') return failure('two-dice/not-running', 'Tests in the fight are made once it has started; use the dice roller before it.');
  // A question the fight waits for (a stabilisation test) comes first.
  const waiting = openPrompt(state);
  if (waiting) return failure(waiting.code, waiting.message);
  const plan = planTest(state, asked);
  if (isFailure(plan)) return plan;
  const refused = refusal(state, plan);
  if (refused && asked.gmRuling !== true) return refused;
  const dice = typedDice(asked.dice);
  if (dice === 'bad') return failure('input/dice', 'Dice typed in are a list of whole numbers, one per die.');
  const source = random();
  const rolled = rollTest(source, { edge: plan.edge, difficulty: plan.difficulty, dice }, twoDiceSettings(state.settings));
  if (!rolled.ok) return rolled;
  const label = plan.test === 'other' ? (typeof asked.label === 'string' && asked.label.trim() ? asked.label.trim().slice(0, 60) : 'a test') : plan.test;
  const event: TestedEvent = {
    type: 'two-dice/tested',
    combatantId: plan.who.id,
    test: plan.test,
    label,
    difficulty: plan.difficulty,
    edge: plan.edge,
    reasons: plan.reasons,
    roll: rolled.value.roll,
    success: rolled.value.success,
    rng: source.state(),
    ...(refused ? { ruling: true as const } : {}),
  };
  return { ok: true, value: [event] };
}
