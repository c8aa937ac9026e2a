import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import type { CampaignSession } from '../campaigns/session.svelte';
import CampaignMaps from '../manager/CampaignMaps.svelte';
import { MAP_TEMPLATES } from './editor-model';

const textOf = (html: string) => html.replace(/<!--[^>]*-->/g, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

// The Maps tab reads only `campaign.maps` and calls `edit`; a plain object stands in for the session.
function sessionWith(maps: { id: string; name: string; data: Record<string, unknown> }[]): CampaignSession {
  return { campaign: { maps }, edit: () => {} } as unknown as CampaignSession;
}

describe('the Maps tab', () => {
  it('lists each map with a picture, its zone count and its buttons; a damaged one says what is wrong and cannot be edited', () => {
    const tavern = MAP_TEMPLATES[0]!.build();
    const html = render(CampaignMaps, {
      props: {
        session: sessionWith([
          { id: 'm1', name: 'Tavern', data: tavern as unknown as Record<string, unknown> },
          { id: 'm2', name: 'Old mill', data: { width: 100, height: 100, zones: [{ id: 'a', name: '', colour: '#ffffff', points: [[0, 0], [1, 0], [0, 1]] }] } },
        ]),
      },
    }).body;
    const text = textOf(html);
    expect(text).toContain('Maps (2)');
    expect(text).toContain('Tavern 6 zones');
    expect(html).toContain('role="img"');
    expect(text).toContain('Needs fixing: The map "Old mill": zone 1\'s name is empty; give the zone a name.');
    expect(html).toMatch(/<button[^>]*disabled[^>]*aria-label="Edit Old mill"|<button[^>]*aria-label="Edit Old mill"[^>]*disabled/);
    expect(html).toContain('aria-label="Delete Old mill"');
    expect(text).toContain('Template: Forest clearing');
  });

  it('says how to start when there are no maps', () => {
    const text = textOf(render(CampaignMaps, { props: { session: sessionWith([]) } }).body);
    expect(text).toContain('No maps yet.');
  });
});
