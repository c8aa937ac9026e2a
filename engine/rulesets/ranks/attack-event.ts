import * as v from 'valibot';
import type { RandomState } from '../../dice/random';
import type { Roll } from '../../dice/roll';
import { count, eventId, listOf, rngState, roll, text, whole } from '../../encounter/event-checks/common';
import type { RulesetEvent } from '../../encounter/events';
import type { EncounterState, Id } from '../../encounter/state';
import { logDice } from '../../log/dice';
import { told, type Told } from '../../log/describe-parts';
import type { Voice } from '../../log/voice';
import type { RuleEventDefinition } from '../ruleset';
import { applyFocus } from './engagement';
import { skillLabel, SKILLS, type SkillKey } from './tables';

// An attack as the log keeps it: the dice, what resisted it, its ranks and the damage roll. The
// conditions the damage makes follow as their own events.

export const ATTACKED = 'ranks/attacked';

/** What the attack was rolled against: the defender's fixed value, their defensive check + 10, or a readied defence (the greater of the fixed value and the check + 5). */
export interface Resistance {
  kind: 'fixed' | 'defending' | 'readied';
  skill: SkillKey;
  value: number;
  rolls: Roll[];
}

export interface AttackedEvent {
  type: typeof ATTACKED;
  attackerId: Id;
  targetId: Id;
  weapon: string;
  skill: SkillKey;
  rolls: Roll[];
  total: number;
  resistance: Resistance;
  success: boolean;
  points: number;
  ranks: number;
  /** The damage roll (its dice: the weapon's and 1D a rank past the first) against Strength with armour, and the ranks it makes. */
  damage: { dice: number; rolls: Roll[]; total: number; resist: number; ranks: number } | null;
  rng: RandomState;
  ruling?: true;
}

const skillKey = v.picklist(SKILLS.map((s) => s.key));

const SCHEMA = v.object({
  attackerId: eventId,
  targetId: eventId,
  weapon: text(120),
  skill: skillKey,
  rolls: listOf(roll, 2),
  total: count,
  resistance: v.object({ kind: v.picklist(['fixed', 'defending', 'readied']), skill: skillKey, value: count, rolls: listOf(roll, 2) }),
  success: v.boolean(),
  points: count,
  ranks: whole(0, 1000),
  damage: v.nullable(v.object({ dice: whole(1, 100), rolls: listOf(roll, 2), total: count, resist: count, ranks: whole(0, 1000) })),
  rng: rngState,
  ruling: v.optional(v.literal(true)),
});

// The attacker has the target as their focus from now on: the two are engaged.
const apply = (state: EncounterState, e: AttackedEvent): EncounterState => ({ ...applyFocus(state, e.attackerId, e.targetId), rng: e.rng });

function tell(e: AttackedEvent, voice: Voice): Told | null {
  const attacker = voice.who(e.attackerId);
  const target = voice.who(e.targetId);
  if (attacker === null || target === null) return null;
  const against = e.resistance.kind === 'defending' ? `their defensive ${skillLabel(e.resistance.skill)} ${e.resistance.value}` : e.resistance.kind === 'readied' ? `their readied ${skillLabel(e.resistance.skill)} ${e.resistance.value}` : `${skillLabel(e.resistance.skill)} ${e.resistance.value}`;
  const dice = [...e.rolls.map((r) => logDice(attacker, `${skillLabel(e.skill)} attack`, r)), ...e.resistance.rolls.map((r) => logDice(target, `defensive ${skillLabel(e.resistance.skill)}`, r)), ...(e.damage?.rolls ?? []).map((r) => logDice(attacker, 'damage', r))];
  const ruling = e.ruling ? ' (the GM\'s ruling)' : '';
  if (!e.success) return told(`${attacker}'s ${e.weapon} misses ${target} (${e.total} against ${against})${ruling}.`, [e.attackerId, e.targetId], dice, [`${attacker} misses ${target}`]);
  if (!e.damage) return told(`${attacker}'s ${e.weapon} reaches ${target} (${e.total} against ${against}) but makes no rank${ruling}.`, [e.attackerId, e.targetId], dice);
  const hurt = e.damage.ranks > 0 ? `${e.damage.ranks} ${e.damage.ranks === 1 ? 'rank' : 'ranks'} of damage` : 'no damage';
  return told(
    `${attacker}'s ${e.weapon} hits ${target} (${e.total} against ${against}, ${e.ranks} ${e.ranks === 1 ? 'rank' : 'ranks'}): damage ${e.damage.total} on ${e.damage.dice}D against Strength and armour ${e.damage.resist}, ${hurt}${ruling}.`,
    [e.attackerId, e.targetId],
    dice,
    [`${attacker} hits ${target}${e.damage.ranks > 0 ? ` (${e.damage.ranks})` : ''}`],
  );
}

export const ATTACKED_EVENT: RuleEventDefinition = {
  kind: 'attack',
  fightLog: true,
  schema: SCHEMA,
  refers: (state, event) => {
    const e = event as unknown as AttackedEvent;
    return [e.attackerId, e.targetId].some((id) => !state.combatants.some((c) => c.id === id)) ? 'it names someone who is not in the fight' : null;
  },
  apply: (state, event: RulesetEvent) => apply(state, event as unknown as AttackedEvent),
  tell: (event, voice) => tell(event as unknown as AttackedEvent, voice),
};
