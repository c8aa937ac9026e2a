import type { CampaignItem } from '../campaigns/backend';

/**
 * A list of campaign entries without one of them, and the entry that takes its place on screen
 * (the next one, or the last when it was last), so the focus has somewhere sensible to go.
 */
export function removeItem(items: readonly CampaignItem[], id: string): { next: CampaignItem[]; neighbour: CampaignItem | undefined } {
  const at = items.findIndex((i) => i.id === id);
  const next = items.filter((i) => i.id !== id);
  return { next, neighbour: next[Math.min(at, next.length - 1)] };
}
