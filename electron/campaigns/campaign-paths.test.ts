import { describe, expect, it } from 'vitest';
import { folderNameFor } from '../../engine/campaign/index';
import { campaignPaths, checkCampaignFolder, eventLogPath } from './campaign-paths';

// The name checks themselves are the campaign format's (engine/campaign/safe-names.test.ts); these
// are the paths the disk store builds from them.

describe('checkCampaignFolder', () => {
  it('refuses hidden folders and the archive on top of unsafe names', () => {
    expect(checkCampaignFolder('.lost-mine.creating').ok).toBe(false);
    expect(checkCampaignFolder('archive').ok).toBe(false);
    expect(checkCampaignFolder('Archive').ok).toBe(false);
    expect(checkCampaignFolder('../other').ok).toBe(false);
    expect(checkCampaignFolder('lost-mine-k3x9q2').ok).toBe(true);
  });

  it('accepts every folder name the store makes', () => {
    for (const name of ['CON', 'nul.', '..', 'a<b>c', 'tab\tname', 'x'.repeat(200), '', 'archive', '.hidden']) {
      expect(checkCampaignFolder(folderNameFor(name)).ok).toBe(true);
    }
  });

  it('never builds a path outside the root', () => {
    for (const folder of ['..', '../x', '/abs', 'C:\\x', 'a/../../b', '\\\\server\\share']) {
      expect(campaignPaths({ root: '/campaigns', folder }).ok).toBe(false);
    }
    expect(() => campaignPaths({ root: 'relative/root', folder: 'x' })).toThrow(/absolute/);
  });
});

describe('eventLogPath', () => {
  it('keeps event log names inside the encounters folder', () => {
    expect(eventLogPath({ root: '/r', folder: 'c' }, '../../campaign').ok).toBe(false);
    expect(eventLogPath({ root: '/r', folder: 'c' }, 'con').ok).toBe(false);
    const ok = eventLogPath({ root: '/r', folder: 'c' }, 'abc-123');
    expect(ok.ok && ok.value.label).toBe('c/encounters/abc-123.jsonl');
  });
});
