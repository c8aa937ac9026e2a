import type { EncounterState, Id } from '../../core/state';
import type { Failure } from '../../result';
import { isFailure } from '../../core/checks';
import { fightOf } from './fight';
import { UNARMED } from './gear';
import { SIZE_PENALTY, type Size } from './maneuver';
import { opposedOdds } from './odds';
import { bonusOf, checkParts, type Bonus } from './opposed';
import { planAttack, type AttackPlan } from './plan';
import { sidesSettings } from './settings';
import { hitVerdict, type HitVerdict } from './verdict';

// A grapple or a shove before any die is rolled: the attack roll as planned (a grapple bare-handed),
// then the opposed check in lieu of damage, each side's bonus with its parts named (STR and the
// better of the skills; the attacker's less the size penalty), and the odds of winning it. The
// forms show this plan; `sides/grapple` and `sides/shove` roll it.

export interface ManeuverAsked {
  attackerId: Id;
  targetId: Id;
  /** A shove's weapon (bare hands when not given); a grapple is always bare-handed. */
  weaponId?: Id;
  size?: Size;
}

export interface ManeuverPlan {
  attack: AttackPlan;
  verdict: HitVerdict;
  /** The check, in the text's words ("STR/Brawl"). */
  check: string;
  attackerBonus: Bonus;
  defenderBonus: Bonus;
  /** The fight's check dice. */
  dice: string;
  /** The chance the attacker wins the check once the attack hits, ties rolled again. */
  winChance: number;
}

/** The part a larger target takes off the attacker's checks: "significantly larger" −2, "barely plausible" −4. */
export const SIZE_LABEL: Readonly<Record<Size, string>> = { same: 'Man-sized target', larger: 'Much larger target', huge: 'Barely manageable target' };

function planManeuver(state: EncounterState, asked: ManeuverAsked, weaponId: Id, skills: readonly string[], check: string): ManeuverPlan | Failure {
  const attack = planAttack(state, { attackerId: asked.attackerId, targetId: asked.targetId, weaponId }, fightOf(state).swarms);
  if (isFailure(attack)) return attack;
  const size = asked.size ?? 'same';
  const ours = checkParts(attack.attacker, 'str', skills);
  const attackerBonus = SIZE_PENALTY[size] === 0 ? ours : bonusOf([...ours.parts, { label: SIZE_LABEL[size], amount: SIZE_PENALTY[size] }]);
  const defenderBonus = checkParts(attack.target, 'str', skills);
  const dice = sidesSettings(state.settings).checkDice;
  return { attack, verdict: hitVerdict(attack), check, attackerBonus, defenderBonus, dice, winChance: opposedOdds(dice, attackerBonus.total, defenderBonus.total) };
}

/** A grapple: an unarmed attack roll, then STR/Brawl against STR/Brawl. */
export const planGrapple = (state: EncounterState, asked: ManeuverAsked): ManeuverPlan | Failure => planManeuver(state, asked, UNARMED, ['brawl'], 'STR/Brawl');

/** A shove: an attack roll with the weapon or bare hands, then STR/Brawl or STR/Exert, each side its better. */
export const planShove = (state: EncounterState, asked: ManeuverAsked): ManeuverPlan | Failure => planManeuver(state, asked, asked.weaponId ?? UNARMED, ['brawl', 'exert'], 'STR/Brawl or STR/Exert');
