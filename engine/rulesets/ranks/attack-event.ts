import * as v from 'valibot';
import type { RandomState } from '../../dice/random';
import type { Roll } from '../../dice/roll';
import { count, eventId, listOf, rngState, roll, text, whole } from '../../core/stored-event-parts';
import type { EncounterState, Id } from '../../core/state';
import { logDice } from '../../core/log-dice';
import { told, type Told } from '../../core/told';
import type { Voice } from '../../core/voice';
import { ruleEvent } from '../../core/typed';
import { applyFocus } from './engagement';
import { skillLabel, SKILLS, type SkillKey } from './tables';

// An attack as the log keeps it: the dice, what resisted it, its ranks and the damage roll. The
// conditions the damage makes follow as their own events.

export const ATTACKED = 'ranks/attacked';

/**
 * What the attack was rolled against: the fixed value of the defence that stood, the defender's
 * defensive check + 10, or a readied defence's check + 5 (either kept only when better than the
 * fixed value: `value` is what stood). Older logs have no `fixed`, `check`, `with` or `undefended`.
 */
export interface Resistance {
  kind: 'fixed' | 'defending' | 'readied';
  /** The skill of what stood (null: nothing of theirs could defend and the average of one die stood). */
  skill: SkillKey | null;
  value: number;
  rolls: Roll[];
  /** With a check: the fixed value it was weighed against, and the check with its bonus. */
  fixed?: number;
  check?: number;
  /** The defender's weapon (or bare hands) that defended. */
  with?: string;
  /** Nothing of the defender's could meet the attack here (its kind, distance or clearance). */
  undefended?: true;
}

export type AttackedEvent = {
  type: typeof ATTACKED;
  attackerId: Id;
  targetId: Id;
  weapon: string;
  skill: SkillKey;
  rolls: Roll[];
  total: number;
  resistance: Resistance;
  success: boolean;
  /** The result points against the resistance; for an object not shifted, against its difficulty. */
  points: number;
  ranks: number;
  /** The damage roll (its dice: the weapon's and 1D a rank past the first) against Strength with armour, and the ranks it makes. */
  damage: { dice: number; rolls: Roll[]; total: number; resist: number; ranks: number } | null;
  /** A shift attack: the object's difficulty and whether the check shifted it. */
  object?: { difficulty: number; moved: boolean };
  rng: RandomState;
  ruling?: true;
};

const skillKey = v.picklist(SKILLS.map((s) => s.key));

const SCHEMA = v.object({
  attackerId: eventId,
  targetId: eventId,
  weapon: text(120),
  skill: skillKey,
  rolls: listOf(roll, 2),
  total: count,
  resistance: v.object({
    kind: v.picklist(['fixed', 'defending', 'readied']),
    skill: v.nullable(skillKey),
    value: count,
    rolls: listOf(roll, 2),
    fixed: v.optional(count),
    check: v.optional(count),
    with: v.optional(text(120)),
    undefended: v.optional(v.literal(true)),
  }),
  success: v.boolean(),
  points: count,
  ranks: whole(0, 1000),
  damage: v.nullable(v.object({ dice: whole(1, 100), rolls: listOf(roll, 2), total: count, resist: count, ranks: whole(0, 1000) })),
  object: v.optional(v.object({ difficulty: whole(1, 25), moved: v.boolean() })),
  rng: rngState,
  ruling: v.optional(v.literal(true)),
});

// The attacker has the target as their focus from now on: the two are engaged.
const apply = (state: EncounterState, e: AttackedEvent): EncounterState => ({ ...applyFocus(state, e.attackerId, e.targetId), rng: e.rng });

/** What the attack was weighed against, in words. */
function against(r: Resistance): string {
  const named = r.skill === null ? 'no defence' : skillLabel(r.skill);
  if (r.kind === 'fixed') return r.undefended ? `${named} ${r.value}${r.skill === null ? '' : ', nothing to defend with'}` : `${named} ${r.value}`;
  const how = r.kind === 'defending' ? 'defensive' : 'readied';
  // The check kept only when better than the fixed value (older logs kept it always).
  if (r.fixed !== undefined && r.check !== undefined && r.check < r.fixed) return `their fixed ${r.fixed} (their ${how} ${named} check made only ${r.check})`;
  return `their ${how} ${named} ${r.value}`;
}

function tell(e: AttackedEvent, voice: Voice): Told | null {
  const attacker = voice.who(e.attackerId);
  const target = voice.who(e.targetId);
  if (attacker === null || target === null) return null;
  const checkSkill = e.resistance.skill === null ? 'defence' : skillLabel(e.resistance.skill);
  const dice = [...e.rolls.map((r) => logDice(attacker, `${skillLabel(e.skill)} attack`, r)), ...e.resistance.rolls.map((r) => logDice(target, `defensive ${checkSkill}`, r)), ...(e.damage?.rolls ?? []).map((r) => logDice(attacker, 'damage', r))];
  const ruling = e.ruling ? ' (the GM\'s ruling)' : '';
  if (e.object && !e.object.moved) return told(`${attacker} can't shift the ${e.weapon} to hurl it at ${target} (${e.total} against its ${e.object.difficulty})${ruling}.`, [e.attackerId, e.targetId], dice, [`${attacker} can't shift the ${e.weapon}`]);
  const vs = against(e.resistance);
  if (!e.success) return told(`${attacker}'s ${e.weapon} misses ${target} (${e.total} against ${vs})${ruling}.`, [e.attackerId, e.targetId], dice, [`${attacker} misses ${target}`]);
  if (!e.damage) return told(`${attacker}'s ${e.weapon} reaches ${target} (${e.total} against ${vs}) but makes no rank${ruling}.`, [e.attackerId, e.targetId], dice);
  const hurt = e.damage.ranks > 0 ? `${e.damage.ranks} ${e.damage.ranks === 1 ? 'rank' : 'ranks'} of damage` : 'no damage';
  return told(
    `${attacker}'s ${e.weapon} hits ${target} (${e.total} against ${vs}, ${e.ranks} ${e.ranks === 1 ? 'rank' : 'ranks'}): damage ${e.damage.total} on ${e.damage.dice}D against Strength and armour ${e.damage.resist}, ${hurt}${ruling}.`,
    [e.attackerId, e.targetId],
    dice,
    [`${attacker} hits ${target}${e.damage.ranks > 0 ? ` (${e.damage.ranks})` : ''}`],
  );
}

export const ATTACKED_EVENT = ruleEvent<AttackedEvent>({
  kind: 'attack',
  fightLog: true,
  schema: SCHEMA,
  refers: (state, e) => [e.attackerId, e.targetId].some((id) => !state.combatants.some((c) => c.id === id)) ? 'it names someone who is not in the fight' : null,
  apply,
  tell,
});
