import type { EncounterState, Id, OpenPrompt } from '../../../engine/index';
import type { Aim } from '../store/encounter-store.svelte';

/**
 * What the battle maps mark on the tokens besides who acts and who is picked: whom the open form
 * aims at (and who aims), and who is who in the question waiting (each with their part, "may
 * strike"). Both maps (zones and grid) read them from here, so they say the same.
 */
export interface MapMarks {
  /** The attacker's name, for a token aimed at; else null. */
  aimedBy(id: Id): string | null;
  /** The targets' names, for the attacker's token; else null. */
  aimingAt(id: Id): string | null;
  /** The part this one plays in the question waiting ("may strike"); else null. */
  asked(id: Id): string | null;
  /** The labels of the question's subjects, in its order (see `labelsAbove` for where they go). */
  readonly labels: readonly { id: Id; text: string }[];
  /** The aim's lines on the map: from the attacker to each target. */
  readonly lines: readonly { from: Id; to: Id }[];
  /** The tokens in the order to draw them: the question's subjects last, so no other token covers their labels. */
  inDrawOrder<T extends { readonly id: Id }>(tokens: readonly T[]): T[];
  /** All of it in words, for screen readers ("Aiming: Mira → Bandit 1. Asked: Ann moves away; Orc may strike."). */
  readonly words: string;
}

export function mapMarks(state: Pick<EncounterState, 'combatants'> | null, aim: Aim | null, prompt: OpenPrompt | null): MapMarks {
  const nameOf = (id: Id) => state?.combatants.find((c) => c.id === id)?.name ?? null;
  // Only those still in the fight: a form can outlive someone removed meanwhile.
  const targets = aim ? aim.targetIds.filter((id) => nameOf(id) !== null) : [];
  const attacker = aim && targets.length > 0 ? nameOf(aim.attackerId) : null;
  const aimed = new Set(attacker ? targets : []);
  const roles = new Map((prompt?.subjects ?? []).map((s) => [s.id, s.role]));
  const targetNames = targets.map(nameOf).join(', ');
  const asked = [...roles].map(([id, role]) => `${nameOf(id) ?? 'someone'} ${role}`);
  const words = [attacker ? `Aiming: ${attacker} → ${targetNames}.` : '', asked.length > 0 ? `Asked: ${asked.join('; ')}.` : ''].filter((w) => w !== '').join(' ');
  return {
    aimedBy: (id) => (aimed.has(id) ? attacker : null),
    aimingAt: (id) => (attacker && aim?.attackerId === id ? targetNames : null),
    asked: (id) => roles.get(id) ?? null,
    labels: [...roles].map(([id, text]) => ({ id, text })),
    lines: attacker && aim ? targets.map((to) => ({ from: aim.attackerId, to })) : [],
    inDrawOrder: (tokens) => [...tokens.filter((t) => !roles.has(t.id)), ...tokens.filter((t) => roles.has(t.id))],
    words,
  };
}
