import type { Combatant } from '../../core/state';
import { failure, type Failure } from '../../result';
import type { RanksSettings } from './settings';
import { skillOf, untrainedValue, weaponsOf, type SkillInUse } from './sheet';
import { ATTACK_SKILL, DEFENCE, skillLabel, type AttackKind, type DefenceRow, type SkillKey, type WeaponCategory } from './tables';

// Which defence stands against an attack, read from the defender's own sheet.
//
// How the two tables combine: the defence table says which defensive weapon (or none: bare hands)
// gives which skill, against which attacks, and the room it needs ("In order to defend … a
// character must have distance and clearance"); the attack table's "Defended by" names the same
// skill for each attack (the tables agree row by row). So the defender's defences are the rows of
// the weapons they carry, and bare hands, whose "defends against" holds the attack, with the
// distance and clearance met. A close weapon has no row: its bearer defends bare-handed. An
// unarmed defender can block a fist or a dagger, not a sword.
//
// With none of theirs able to meet the attack the text is silent on what stands, so it is the
// fight's setting: the average of one die (the value of a skill one can't use, the default), or
// the fixed value of the skill the attack table names, as though weapon and room didn't matter.

/** Bare hands, as the defence the defender picks: every defender has them. */
export const BARE_HANDS = 'unarmed';

/** One defence of the defender's: a weapon of theirs (or bare hands), its row, skill, and why it can't meet this attack. */
export interface DefenceOption {
  /** A weapon of theirs by id, or `BARE_HANDS`. */
  id: string;
  name: string;
  row: DefenceRow;
  skill: SkillInUse;
  /** Why it can't meet this attack here (what it defends against, distance, clearance), or null. */
  problem: string | null;
}

/** The room the defender has, in feet, as the GM gives it (null: not given, taken as enough). */
export interface Room {
  distance: number | null;
  clearance: number | null;
}

/** The defence that stands against an attack, and the defender's others. */
export interface DefenceChoice {
  options: DefenceOption[];
  /** The defence used: the defender's pick, or the best of theirs that can meet the attack; null when none can. */
  used: DefenceOption | null;
  /** Whether the defender picked it (else the engine did). */
  picked: boolean;
  /** The defender's pick can't meet this attack: why (the GM may rule it anyway). */
  refusal: string | null;
  /** What resists without a check: the used defence's skill, or, with none, the setting's (skill null: none named). */
  skill: SkillKey | null;
  fixed: number;
}

const ROW: Readonly<Partial<Record<WeaponCategory, DefenceRow>>> = { light: 'light', martial: 'martial', long: 'long' };

export const ATTACK_WORDS: Readonly<Record<AttackKind, string>> = {
  unarmed: 'a bare-handed strike',
  close: 'a close weapon',
  light: 'a light weapon',
  martial: 'a martial weapon',
  long: 'a long weapon',
  object: 'a hurled object',
};

/** Every defence the defender has against an attack of `kind`, and why each can't meet it here. */
function defenceOptions(target: Combatant, kind: AttackKind, room: Room, die: number): DefenceOption[] {
  const own: { id: string; name: string; row: DefenceRow }[] = [
    { id: BARE_HANDS, name: 'Bare hands', row: 'none' },
    ...weaponsOf(target).flatMap((w) => {
      const row = ROW[w.category];
      return row ? [{ id: w.id, name: w.name, row }] : [];
    }),
  ];
  return own.map((o) => {
    const d = DEFENCE[o.row];
    const problem = !d.against.includes(kind)
      ? `${skillLabel(d.skill)} doesn't meet ${ATTACK_WORDS[kind]}`
      : room.distance !== null && room.distance < d.distance
        ? `it needs ${d.distance} ft of distance (${room.distance} ft)`
        : room.clearance !== null && room.clearance < d.clearance
          ? `it needs ${d.clearance} ft of clearance (${room.clearance} ft)`
          : null;
    return { ...o, skill: skillOf(target, d.skill, die), problem };
  });
}

/**
 * The defence against an attack of `kind`: the one the defender picks (`pickId`, a weapon of theirs
 * or bare hands), else the best fixed value of those that can meet it; with none, the setting's value.
 */
export function chooseDefence(target: Combatant, kind: AttackKind, room: Room, settings: RanksSettings, pickId: string | null): DefenceChoice | Failure {
  const options = defenceOptions(target, kind, room, settings.die);
  if (pickId !== null) {
    const pick = options.find((o) => o.id === pickId);
    if (!pick) return failure('ranks/defence', `${target.name} has no such defence: pick bare hands or a light, martial or long weapon of theirs, or leave it to the table.`);
    return { options, used: pick, picked: true, refusal: pick.problem ? `${target.name}'s ${pick.name} can't defend here: ${pick.problem}.` : null, skill: pick.skill.key, fixed: pick.skill.fixed };
  }
  const best = options.filter((o) => o.problem === null).sort((a, b) => b.skill.fixed - a.skill.fixed)[0] ?? null;
  if (best) return { options, used: best, picked: false, refusal: null, skill: best.skill.key, fixed: best.skill.fixed };
  const named = kind === 'object' ? null : ATTACK_SKILL[kind].defence;
  if (settings.undefended === 'table' && named) return { options, used: null, picked: false, refusal: null, skill: named, fixed: skillOf(target, named, settings.die).fixed };
  return { options, used: null, picked: false, refusal: null, skill: null, fixed: untrainedValue(target, settings.die) };
}

/** The defence in a sentence, for the attack form: what stands and why. */
export function defenceWords(target: Combatant, kind: AttackKind, choice: DefenceChoice): string {
  const used = choice.used;
  if (used) {
    const how = `${used.id === BARE_HANDS ? 'bare-handed' : `with their ${used.name}`}: ${skillLabel(used.skill.key)} ${used.skill.fixed}${used.skill.trained ? '' : ' (untrained)'}`;
    if (choice.refusal) return `${choice.refusal} (${how}, only if the GM rules it)`;
    return `${target.name} defends ${how}${choice.picked ? ', their pick' : ''}.`;
  }
  const why = choice.options.map((o) => `${o.name}: ${o.problem}`).join('; ');
  const stands = choice.skill ? `the fixed ${skillLabel(choice.skill)} ${choice.fixed}` : `${choice.fixed}, the average of one die,`;
  return `Nothing of ${target.name}'s meets ${ATTACK_WORDS[kind]} here (${why}): ${stands} stands (the setting "Resistance with nothing to defend with").`;
}
