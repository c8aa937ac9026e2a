/**
 * The phone page's policy is written in two places that must agree: the header the laptop's server
 * sends (answers.ts) and the page's own meta tag and the e2e stand-in (renderer/src/phone/policy.ts),
 * which the renderer keeps since it takes nothing from electron/ but the IPC contract's types.
 */
import { describe, expect, it } from 'vitest';
import { PHONE_CONTENT_SECURITY_POLICY, PHONE_META_CONTENT_SECURITY_POLICY } from '../../renderer/src/phone/policy';
import { PHONE_PAGE_POLICY } from './answers';

describe('the phone page\'s policy', () => {
  it('is the same in the server\'s header and in the page', () => {
    expect(PHONE_PAGE_POLICY).toBe(PHONE_CONTENT_SECURITY_POLICY);
    // The meta tag's copy lacks only what a meta tag cannot carry.
    expect(PHONE_META_CONTENT_SECURITY_POLICY).toBe(PHONE_PAGE_POLICY.replace("; frame-ancestors 'none'", ''));
  });
});
