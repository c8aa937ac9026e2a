import { describe, expect, it } from 'vitest';
import { findRuleset, type Ruleset } from '../../../engine/index';
import { testRuleset } from '../../../engine/testing/test-ruleset';
import { campaignTabs } from './campaign-tabs';

const ids = (tabs: readonly { id: string }[]) => tabs.map((t) => t.id);
const noSpace = testRuleset('no-space-tabs', {
  turn: {
    order: (findRuleset('freeform') as Ruleset).turn.order,
  },
});

describe('campaignTabs', () => {
  it('offers maps where the fights use zones or the square grid', () => {
    expect(ids(campaignTabs(findRuleset('zones') ?? null, 0))).toEqual(['encounters', 'party', 'bestiary', 'maps', 'rules']);
    expect(ids(campaignTabs(findRuleset('freeform') ?? null, 0))).toContain('maps');
    expect(ids(campaignTabs(testRuleset('grid-only-tabs', {
      space: { kinds: ['grid'] },
      turn: {
        order: (findRuleset('freeform') as Ruleset).turn.order,
      },
    }), 0))).toContain('maps');
  });

  it('leaves maps out for a ruleset without a space, unless the campaign already holds some', () => {
    expect(ids(campaignTabs(noSpace, 0))).toEqual(['encounters', 'party', 'bestiary', 'rules']);
    expect(ids(campaignTabs(noSpace, 2))).toContain('maps');
  });
});
