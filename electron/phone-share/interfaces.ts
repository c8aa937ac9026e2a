/**
 * The network interfaces a GM may share on: IPv4, not the loopback. Phones on the table's Wi-Fi
 * reach the laptop at one of these; the dialog lists them, home-network addresses first.
 */
import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';

export interface ShareableInterface {
  /** The operating system's name for it (`wlan0`, `Wi-Fi`, `en0`). */
  readonly name: string;
  readonly address: string;
}

/** `os.networkInterfaces()`'s shape, passed in by tests. */
export type InterfaceTable = Readonly<Record<string, readonly NetworkInterfaceInfo[] | undefined>>;

/** Private ranges first (where a table's Wi-Fi is), then other addresses, link-local (169.254.x.x) last. */
function rank(address: string): number {
  if (/^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)/.test(address)) return 0;
  if (address.startsWith('169.254.')) return 2;
  return 1;
}

export function shareableInterfaces(table: InterfaceTable = networkInterfaces()): ShareableInterface[] {
  const found: ShareableInterface[] = [];
  for (const [name, infos] of Object.entries(table)) {
    for (const info of infos ?? []) {
      if (info.family === 'IPv4' && !info.internal) found.push({ name, address: info.address });
    }
  }
  // A stable sort: within a rank, the system's order.
  return found.sort((a, b) => rank(a.address) - rank(b.address));
}
