import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { shareableInterfaces } from './interfaces';

const v4 = (address: string, internal = false): NetworkInterfaceInfo => ({ address, netmask: '255.255.255.0', family: 'IPv4', mac: '00:00:00:00:00:00', internal, cidr: `${address}/24` });
const v6 = (address: string): NetworkInterfaceInfo => ({ address, netmask: 'ffff:ffff:ffff:ffff::', family: 'IPv6', mac: '00:00:00:00:00:00', internal: false, cidr: `${address}/64`, scopeid: 0 });

describe('shareableInterfaces', () => {
  it('lists the IPv4 addresses phones can reach, home networks first, never the loopback or IPv6', () => {
    expect(
      shareableInterfaces({
        lo: [v4('127.0.0.1', true)],
        tun0: [v4('100.64.3.2')],
        eth0: [v4('169.254.10.2')],
        wlan0: [v6('fe80::1'), v4('192.168.1.20')],
        docker0: [v4('172.17.0.1')],
        vpn: [v4('10.8.0.5')],
        gone: undefined,
      }),
    ).toEqual([
      { name: 'wlan0', address: '192.168.1.20' },
      { name: 'docker0', address: '172.17.0.1' },
      { name: 'vpn', address: '10.8.0.5' },
      { name: 'tun0', address: '100.64.3.2' },
      { name: 'eth0', address: '169.254.10.2' },
    ]);
  });

  it('lists nothing on a computer with only its loopback', () => {
    expect(shareableInterfaces({ lo: [v4('127.0.0.1', true)] })).toEqual([]);
  });

  it('reads this computer\'s own interfaces when given none', () => {
    for (const found of shareableInterfaces()) expect(found.address).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
  });
});
