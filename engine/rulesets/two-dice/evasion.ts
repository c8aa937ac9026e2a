import { checkCombatant, isFailure } from '../../core/checks';
import type { Combatant, EncounterState, Id } from '../../core/state';
import { failure, type Failure } from '../../result';
import { hasTrait } from '../../core/fields';
import { isOutOfFight } from '../../core/health';
import { findRuleset } from '../../core/registry';
import { skillWith, type Skill, type WeaponCategory } from './kit';
import { personOf } from './person';

// "Untrained unarmed evasion when facing a weapon that is being wielded proficiently is a
// Difficult test made at disadvantage. You can remove these penalties by taking the Unarmed
// Fighter trait." What an evasion faces is the last attack made on the evader in this fight, or
// an attacker the GM names (their weapon and skill read from their kit); the evader is unarmed
// when they carry no weapon outside the unarmed category, untrained without Unarmed Fighter.

/** The weapon an evasion faces, and how it is wielded. */
export interface Facing {
  attackerId: Id;
  attacker: string;
  /** The weapon's name, or "bare hands". */
  weapon: string;
  category: WeaponCategory;
  skill: Skill;
  /** Where it was read from: the last attack on them, or the attacker's kit. */
  from: 'last-attack' | 'kit';
}

/** What the evade command names: the attacker (null: nobody; absent: the last attack on them) and their weapon. */
export type EvadeAgainst = {
  againstId?: Id | null;
  /** One of the attacker's weapons; null for bare hands; absent: the one they carry. */
  againstWeaponId?: Id | null;
};

/** The one weapon an attacker named by the GM wields, read from their kit. */
function fromKit(attacker: Combatant, weaponId: Id | null | undefined): Facing | Failure {
  const kit = personOf(attacker);
  const armed = kit.weapons.filter((w) => w.category !== 'unarmed');
  let weapon = weaponId === null ? null : weaponId === undefined ? (armed.length === 1 ? armed[0]! : null) : (kit.weapons.find((w) => w.id === weaponId) ?? undefined);
  if (weapon === undefined) return failure('two-dice/weapon', `${attacker.name} carries no such weapon; pick one of theirs, or bare hands.`);
  if (weaponId === undefined && armed.length > 1) return failure('two-dice/which-weapon', `${attacker.name} carries ${armed.map((w) => w.name).join(' and ')}: say which one is being evaded.`);
  if (weapon && weapon.category === 'unarmed') weapon = null;
  const base = { attackerId: attacker.id, attacker: attacker.name, from: 'kit' as const };
  return weapon ? { ...base, weapon: weapon.name, category: weapon.category, skill: skillWith(kit, weapon).skill } : { ...base, weapon: 'bare hands', category: 'unarmed', skill: 'none' };
}

/** What the evasion faces, or null when nothing is (no attack on them yet, or the GM names nobody). */
export function facingOf(state: EncounterState, evader: Combatant, asked: EvadeAgainst): Facing | null | Failure {
  if (asked.againstId === null) return null;
  if (asked.againstId !== undefined) {
    const attacker = checkCombatant(state, asked.againstId);
    if (isFailure(attacker)) return attacker;
    if (attacker.id === evader.id) return failure('two-dice/self', `${evader.name} can't evade themselves; name the one they evade.`);
    return fromKit(attacker, asked.againstWeaponId);
  }
  const last = personOf(evader).lastAttack;
  const attacker = last ? state.combatants.find((c) => c.id === last.attackerId) : undefined;
  // An attacker since gone down or out wields nothing now.
  if (!last || !attacker || isOutOfFight(findRuleset(state.rulesetId), attacker)) return null;
  return { attackerId: attacker.id, attacker: attacker.name, weapon: last.weapon, category: last.category, skill: last.skill, from: 'last-attack' };
}

/** A weapon, not bare hands, wielded with proficiency or mastery. */
export const wieldedProficiently = (f: Facing): boolean => f.category !== 'unarmed' && f.skill !== 'none';

/** The evader carries no weapon outside the unarmed category. */
export const evadesUnarmed = (c: Combatant): boolean => personOf(c).weapons.every((w) => w.category === 'unarmed');

/** Why the evasion is a Difficult test at disadvantage, or null: unarmed, untrained, facing a weapon wielded proficiently. */
export function untrainedAgainst(evader: Combatant, facing: Facing | null): string | null {
  if (!facing || !wieldedProficiently(facing) || !evadesUnarmed(evader) || hasTrait(evader, 'unarmedFighter')) return null;
  return `${evader.name} evades unarmed and untrained ${facing.attacker}'s ${facing.weapon}, wielded ${facing.skill === 'mastery' ? 'with mastery' : 'proficiently'}`;
}

/** The facing in words, for the form and the log: "Orc's Cleaver, wielded proficiently (their last attack)". */
export function facingWords(f: Facing): string {
  const how = f.category === 'unarmed' ? '' : f.skill === 'none' ? ', without proficiency' : f.skill === 'mastery' ? ', with mastery' : ', wielded proficiently';
  return `${f.attacker}'s ${f.weapon}${how} (${f.from === 'last-attack' ? 'their last attack' : 'from their kit'})`;
}
