import type { Id } from '../../core/state';
import type { MoveHow } from './move';
import type { SkillKey } from './tables';

// The names and shapes of a step held while those holding something ready say whether it sets
// them off: a move (the text's own example) or an attack. Apart, so that the move and the attack
// can hold themselves without importing the question that resolves them.

export const TRIGGER = 'ranks/trigger';
/** A move held (the event's name from the first logs). */
export const TRIGGER_ASKED = 'ranks/trigger-asked';
/** An attack held. */
export const TRIGGER_ATTACK_ASKED = 'ranks/trigger-attack-asked';
export const TRIGGER_SETTLED = 'ranks/trigger-settled';

export const triggerPromptId = (moverId: Id) => `${TRIGGER}:${moverId}`;

export type TriggerAskedEvent = {
  type: typeof TRIGGER_ASKED;
  moverId: Id;
  how: MoveHow;
  note: string;
  readierIds: Id[];
};

/** An attack as checked before it was held: planned again, and paid for, once it goes on. */
export interface HeldAttack {
  targetId: Id;
  weaponId: Id | null;
  distance: number | null;
  clearance: number | null;
  defenceId: string | null;
  /** Undefined: the defence's own check; null: the defender doesn't roll. */
  defensive?: SkillKey | null;
  object: { name: string; difficulty: number; dice: number } | null;
  gmRuling: boolean;
}

export type AttackHeldEvent = {
  type: typeof TRIGGER_ATTACK_ASKED;
  /** The attacker. */
  moverId: Id;
  attack: HeldAttack;
  readierIds: Id[];
};

/** The question is settled (answered, or called off): the prompt closes. */
export type TriggerSettledEvent = {
  type: typeof TRIGGER_SETTLED;
  moverId: Id;
};
