/**
 * The share:* channels' payloads as the contract checks them before any handler runs: an IPv4
 * address, a port the GM may choose, a campaign's folder name (never a path), true or false.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ipcContract, shareStatusOf } from './ipc-contract';

const check = (channel: 'share:start' | 'share:resume' | 'share:allow-pick', payload: unknown) => {
  const parsed = v.safeParse(ipcContract[channel].request, payload);
  return parsed.success ? 'ok' : parsed.issues[0].message;
};

describe('the share:* payloads', () => {
  it('takes an IPv4 address of the network, an optional port from 1024 and the open campaign', () => {
    expect(check('share:start', { address: '192.168.1.20' })).toBe('ok');
    expect(check('share:start', { address: '10.0.0.5', port: 6000, campaign: 'lost-mine' })).toBe('ok');
  });

  it.each([
    [{ address: '192.168.1.256' }, 'address must be an IPv4 address such as 192.168.1.20'],
    [{ address: 'laptop.local' }, 'address must be an IPv4 address such as 192.168.1.20'],
    [{ address: '::1' }, 'address must be an IPv4 address such as 192.168.1.20'],
    [{ address: '192.168.1.20', port: 80 }, 'port must be at least 1024'],
    [{ address: '192.168.1.20', port: 70000 }, 'port must be at most 65535'],
    [{ address: '192.168.1.20', port: 5199.5 }, 'port must be a whole number'],
    [{ address: '192.168.1.20', campaign: '../other' }, 'folder must be a folder name from the campaign list, not a path'],
  ])('refuses %j: %s', (payload, message) => {
    expect(check('share:start', payload)).toBe(message);
  });

  it('resumes only by a folder name, and allows picking only with true or false', () => {
    expect(check('share:resume', { campaign: 'lost-mine' })).toBe('ok');
    expect(check('share:resume', { campaign: '/home/gm/lost-mine' })).toBe('folder must be a folder name from the campaign list, not a path');
    expect(check('share:allow-pick', { allow: false })).toBe('ok');
    expect(check('share:allow-pick', { allow: 'yes' })).toBe('allow must be true or false');
  });

  it("reads a pushed status's reason for stopping by itself only as a bounded text, or none", () => {
    const off = { sharing: false, interfaces: [], address: null, url: null, code: null, qr: null, watchers: 0, pick: true, stopped: null };
    const why = 'Sharing stopped by itself: its server kept stopping. Start sharing again; if it stops again, restart GM Screen.';
    expect(shareStatusOf(off)).toEqual(off);
    expect(shareStatusOf({ ...off, stopped: why })).toEqual({ ...off, stopped: why });
    const { stopped: _left, ...without } = off;
    for (const bad of [without, { ...off, stopped: 3 }, { ...off, stopped: 'x'.repeat(1001) }]) expect(shareStatusOf(bad)).toBeNull();
  });
});
