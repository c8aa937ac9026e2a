import { describe, expect, it } from 'vitest';
import { findRuleset } from '../../engine/core/registry';
import './campaign-transfer';

// The main process replays an imported file's fights before writing it (issue 14), which needs
// the rulesets: importing the transfer module alone registers them. Nothing else in this file
// registers any, so the check can fail.

describe('the main process knows the rulesets an import replays', () => {
  it('has the built-in rulesets once the transfer module is loaded', () => {
    expect(findRuleset('freeform')?.name).toBe('Freeform');
    expect(findRuleset('zones')?.name).toBe('Zones & Factions');
  });
});
