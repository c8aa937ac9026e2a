import type { RandomSource, RandomState } from '../../dice/random';
import { manualRoll, rollNotation, type Roll } from '../../dice/roll';
import { checkCombatant, isFailure } from '../../encounter/checks';
import type { RulesetCommand } from '../../encounter/commands';
import type { EncounterEvent } from '../../encounter/events';
import { openPrompt } from '../../encounter/prompts';
import type { Combatant, EncounterState, Id, Track } from '../../encounter/state';
import { failure, ruleRefusal, type Failure, type Result } from '../../result';
import { costAllowed, turnEndedBy } from '../../turns/economy';
import { THREE_ACTIONS_ACTIONS, THREE_ACTIONS_ECONOMY } from './economy';
import { extendedFirst } from './extended';
import { flankedOnGrid, nextTo } from './grid-reading';
import { afterDamage, mayDefend } from './blow';
import type { DamageType, Weapon } from './gear';
import { damaged, isUnconscious } from './health';
import { attacksThisRound, personOf } from './person';
import { threeActionsSettings } from './settings';

// An attack: the weapon's test (attribute die + combat skill die + proficiency) against the
// target's evasion, a tie hitting; −2 for each attack the attacker made before it this round;
// advantage for a sneak attack and for a flanked target (double for both); the size difference
// moving the target's evasion and deflection. The luck die rolls beside it: at or above the
// weapon's critical threshold the attack can't miss and deals critical damage; at 1 or less a
// thrown or shot weapon strays onto someone within 1 m of the target. Damage is the test's result
// plus the weapon's damage, less deflection (physical and elemental), at least 1.

export interface AttackCommand {
  type: 'three-actions/attack';
  attackerId: Id;
  targetId: Id;
  weaponId: Id;
  /** The target can't see the attacker. */
  sneak?: boolean;
  /** The target is surrounded on two opposite sides (the attacker need not be one of them); on the grid, read from the squares unless given. */
  flank?: boolean;
  /** Who stands within 1 m of the target, where a stray shot may land; on the grid, read from the squares unless given. */
  nearTarget?: Id[];
  /** Dice rolled at the table: the test's (one value per die) and the luck die's. */
  dice?: { test?: number[]; luck?: number };
  gmRuling?: boolean;
}

/** What the attack will be before any die is rolled. */
export interface AttackPlan {
  attacker: Combatant;
  target: Combatant;
  weapon: Weapon;
  /** The target is flanked (as the GM said, or as the grid shows). */
  flank: boolean;
  /** Advantages: sneak, flank (two is double advantage). */
  advantages: number;
  /** The multiple-attack penalty: −2 for each earlier attack this round. */
  penalty: number;
}

/** The target's evasion and deflection as this attacker finds them: moved by the size difference. */
export function defencesAgainst(attacker: Combatant, target: Combatant): { evasion: number; deflection: number; sizeDifference: number } {
  const difference = (attacker.stats.size ?? 4) - (target.stats.size ?? 4);
  return { evasion: (target.stats.evasion ?? 0) + difference, deflection: Math.max(0, (target.stats.deflection ?? 0) - difference), sizeDifference: difference };
}

export function planAttack(state: EncounterState, cmd: Omit<AttackCommand, 'type' | 'dice' | 'nearTarget'>): AttackPlan | Failure {
  const attacker = checkCombatant(state, cmd.attackerId);
  if (isFailure(attacker)) return attacker;
  const target = checkCombatant(state, cmd.targetId);
  if (isFailure(target)) return target;
  if (target.id === attacker.id) return failure('three-actions/self', `${attacker.name} can't attack themselves; pick another target.`);
  const weapon = personOf(attacker).gear.find((g): g is Weapon => g.kind === 'weapon' && g.id === cmd.weaponId);
  if (!weapon) return failure('three-actions/weapon', `${attacker.name} carries no such weapon; pick one of theirs.`);
  // Flanked as the GM says, else as the grid shows (foes on two opposite sides of the target).
  const flank = typeof cmd.flank === 'boolean' ? cmd.flank : (flankedOnGrid(state, target) ?? false);
  return { attacker, target, weapon, flank, advantages: (cmd.sneak === true ? 1 : 0) + (flank ? 1 : 0), penalty: -2 * attacksThisRound(state, attacker) };
}

function roll(notation: string, random: RandomSource, typed: readonly number[] | undefined): Result<Roll> {
  return typed ? manualRoll(notation, typed) : rollNotation(notation, random);
}

/** The attack as rolled. */
export interface AttackedEvent {
  type: 'three-actions/attacked';
  attackerId: Id;
  /** Who was aimed at, and who was struck (another, when a stray shot landed elsewhere). */
  aimedAtId: Id;
  targetId: Id;
  weapon: string;
  luck: Roll;
  /** A stray shot among several near the target: the die that picked who it struck instead (none when one stood there). */
  stray: Roll | null;
  /** Every roll of the test (one more per advantage when advantage rerolls); `kept` is the one used. */
  tests: Roll[];
  kept: number;
  /** Everything added to the kept test: the multiple-attack penalty, and +2 an advantage where the setting says so. */
  modifier: number;
  result: number;
  evasion: number;
  critical: boolean;
  hit: boolean;
  /** Damage before deflection (0 on a miss), and the deflection against it (0 for typeless). */
  raw: number;
  deflection: number;
  damageType: DamageType;
  /** The hit waits for the target to block, parry or take it (a prompt); the damage lands then. */
  awaitsDefence: boolean;
  /** Damage taken now, and the target's tracks after it (0 and null on a miss or while the defence is awaited). */
  damage: number;
  tracks: Record<string, Track> | null;
  rng: RandomState;
  ruling?: true;
}

/** Decides `three-actions/attack`. */
export function decideAttack(state: EncounterState, cmd: RulesetCommand, random: () => RandomSource): Result<EncounterEvent[]> {
  if (state.status !== 'running') return failure('three-actions/not-running', 'Attacks are made during the fight; start combat first.');
  const waiting = openPrompt(state);
  if (waiting) return failure(waiting.code, waiting.message);
  const asked = cmd as unknown as AttackCommand;
  const plan = planAttack(state, asked);
  if (isFailure(plan)) return plan;
  const { attacker, weapon } = plan;
  // An extended action under way comes first (the GM may rule otherwise).
  const under = extendedFirst(state, attacker);
  const refusal = turnRefusal(state, attacker) ?? (under ? ruleRefusal(under.code, under.message) : null);
  if (refusal && asked.gmRuling !== true) return refusal;
  const settings = threeActionsSettings(state.settings);
  const source = random();
  const typed = asked.dice ?? {};
  const luck = roll(settings.luckDie, source, typeof typed.luck === 'number' ? [typed.luck] : undefined);
  if (!luck.ok) return luck;
  // A luck roll of 1 or less sends a thrown or shot weapon onto someone within 1 m of the target.
  let target = plan.target;
  let stray: Roll | null = null;
  // Who is within 1 m: as the GM says, else read from the grid.
  const given = Array.isArray(asked.nearTarget) ? asked.nearTarget.map((id) => state.combatants.find((c) => c.id === id)).filter((c): c is Combatant => c !== undefined) : null;
  const near = (given ?? nextTo(state, plan.target, [attacker.id]) ?? []).filter((c) => c.id !== attacker.id && c.id !== plan.target.id);
  if (luck.value.total <= 1 && weapon.delivery !== 'melee' && near.length > 0) {
    // One near the target: it strikes them; several: a die picks.
    if (near.length > 1) {
      const picked = rollNotation(`d${near.length}`, source);
      if (!picked.ok) return picked;
      stray = picked.value;
    }
    target = near[(stray?.total ?? 1) - 1] ?? target;
  }
  const extra = settings.advantage === 'reroll' ? plan.advantages : 0;
  const tests: Roll[] = [];
  for (let i = 0; i <= extra; i++) {
    const t = roll(weapon.test, source, i === 0 && Array.isArray(typed.test) ? typed.test : undefined);
    if (!t.ok) return t;
    tests.push(t.value);
  }
  const kept = tests.reduce((best, t, i) => (t.total > (tests[best]?.total ?? -Infinity) ? i : best), 0);
  const modifier = plan.penalty + (settings.advantage === 'plus-two' ? 2 * plan.advantages : 0);
  const result = (tests[kept]?.total ?? 0) + modifier;
  const { evasion, deflection } = defencesAgainst(attacker, target);
  const critical = luck.value.total >= weapon.critOn;
  const hit = critical || result >= evasion;
  const raw = hit ? Math.max(0, result + (critical ? weapon.critDamage : weapon.damage)) : 0;
  const reduced = weapon.damageType === 'typeless' ? 0 : deflection;
  // A target who may block or parry chooses before the damage lands; otherwise it lands now.
  const awaitsDefence = hit && mayDefend(state, target);
  const damage = hit && !awaitsDefence ? Math.max(1, raw - reduced) : 0;
  const tracks = damage > 0 ? damaged(target, damage) : null;
  const event: AttackedEvent = {
    type: 'three-actions/attacked',
    attackerId: attacker.id,
    aimedAtId: plan.target.id,
    targetId: target.id,
    weapon: weapon.name,
    luck: luck.value,
    stray,
    tests,
    kept,
    modifier,
    result,
    evasion,
    critical,
    hit,
    raw,
    deflection: reduced,
    damageType: weapon.damageType,
    awaitsDefence,
    damage,
    tracks,
    rng: source.state(),
    ...(refusal ? { ruling: true as const } : {}),
  };
  const follows = tracks ? afterDamage(state, target, tracks, damage) : [];
  return { ok: true, value: [event as unknown as EncounterEvent, ...follows] };
}

// The rules' objections to this attacker now, which the GM may overrule.
function turnRefusal(state: EncounterState, attacker: Combatant): Failure | null {
  if (state.activeId !== attacker.id) return ruleRefusal('three-actions/not-acting', `It isn't ${attacker.name}'s turn; an attack takes one of their actions.`);
  if (isUnconscious(attacker)) return ruleRefusal('three-actions/unconscious', `${attacker.name} is unconscious.`);
  const ender = state.turn ? turnEndedBy(THREE_ACTIONS_ACTIONS, state.turn.budget) : undefined;
  if (ender) return ruleRefusal('action/turn-ended', `${attacker.name} took ${ender.name.toLowerCase()}, which ends the turn; end it.`);
  if (state.turn && !costAllowed(THREE_ACTIONS_ECONOMY, state.turn.budget, 'one')) return ruleRefusal('action/spent', `${attacker.name} has no action left this turn.`);
  return null;
}
