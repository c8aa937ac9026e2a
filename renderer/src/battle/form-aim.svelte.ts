import type { Aim } from '../store/encounter-store.svelte';
import { encounterStore as store } from '../store/index';

/**
 * A form that picks whom it acts on marks them on the battle map while it is open (`store.aim`):
 * called once as the form starts, with how to read whom it aims at (null: nobody picked yet). The
 * mark follows the pick and is taken back as the form closes. The frames the forms share call it
 * (AttackFrame, Sides & Shock's ActionFrame), and the few forms with a frame of their own.
 */
export function marksAim(aim: () => Aim | null): void {
  // aimAt's return takes the mark back, as the pick changes and as the form closes.
  $effect(() => store.aimAt(aim()));
}

/** The aim of `by` at one picked character, or at nobody while none is picked. */
export const aimOf = (by: Aim['attackerId'], picked: Aim['attackerId'] | null | undefined): Aim | null => (picked ? { attackerId: by, targetIds: [picked] } : null);
