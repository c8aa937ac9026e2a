import { usesSpace, type Ruleset } from '../../../engine/index';

/** The tabs of a campaign's screen. */
export type CampaignTab = 'encounters' | 'party' | 'bestiary' | 'maps' | 'rules';

const TABS: readonly { id: CampaignTab; label: string }[] = [
  { id: 'encounters', label: 'Encounters' },
  { id: 'party', label: 'Party' },
  { id: 'bestiary', label: 'Bestiary' },
  { id: 'maps', label: 'Maps' },
  { id: 'rules', label: 'Rules' },
];

/**
 * The tabs a campaign shows. Maps are zone maps and square grids: a ruleset whose fights use
 * neither has no use for them, but a campaign that already holds some still shows them, so
 * nothing is out of reach.
 */
export function campaignTabs(ruleset: Ruleset | null, maps: number): readonly { id: CampaignTab; label: string }[] {
  const withMaps = maps > 0 || (ruleset !== null && (usesSpace(ruleset, 'zones') || usesSpace(ruleset, 'grid')));
  return withMaps ? TABS : TABS.filter((t) => t.id !== 'maps');
}
