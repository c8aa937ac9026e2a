import { emptyCampaign, type Campaign } from '../campaign-schema';

/**
 * An empty, valid campaign of the current version for tests of the main process and the
 * renderer alike; `overrides` replaces any field.
 */
export function sampleCampaign(overrides: Partial<Campaign> = {}): Campaign {
  const at = '2025-01-01T00:00:00.000Z';
  return { ...emptyCampaign({ id: 'c1', name: 'Mine', rulesetId: 'zones', at }), ...overrides };
}
