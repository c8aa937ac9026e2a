import { emptyCampaign, type Campaign } from '../campaign-schema';

/**
 * An empty, valid campaign of the current version for tests; `overrides` replaces any field.
 * Node-free, so renderer tests use it too.
 */
export function sampleCampaign(overrides: Partial<Campaign> = {}): Campaign {
  const at = '2025-01-01T00:00:00.000Z';
  return { ...emptyCampaign({ id: 'c1', name: 'Mine', rulesetId: 'zones', at }), ...overrides };
}
