import type { Action } from 'svelte/action';

/**
 * `use:reveal` on a panel that opens when a step comes due (a reaction asked, an end-of-round
 * check, a roll after the fight): it scrolls its column to it once it is there, so the GM sees what the number keys now
 * answer. 'nearest' leaves a panel already in view where it is.
 */
export const reveal: Action<HTMLElement> = (panel) => {
  panel.scrollIntoView({ block: 'nearest' });
};
