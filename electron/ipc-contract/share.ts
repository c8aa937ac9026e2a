// The IPC contract's `share:*` channels: the players' screen on the players' phones, over the
// table's local network (issue 44). The main process runs the server (electron/phone-share/);
// the GM window's "Share with phones…" dialog asks it through these channels.
import * as v from 'valibot';
import type { Result } from '../../engine/campaign/index';
import { objectMessage } from '../ipc-messages';
import { folderField } from './campaigns';
import { channel, noPayload } from './channel';

/** A network interface the server may listen on. */
export interface ShareInterface {
  /** Its name on this machine ("wlan0", "Wi-Fi", "en0"). */
  readonly name: string;
  /** Its IPv4 address ("192.168.1.20"). */
  readonly address: string;
}

/** A QR code as its modules: `size` × `size`, row after row, "1" dark, "0" light. */
export interface QrModules {
  readonly size: number;
  readonly dark: string;
}

/** Sharing as the dialog shows it. */
export interface ShareStatus {
  readonly sharing: boolean;
  /** Where the server may listen (IPv4, not the loopback). */
  readonly interfaces: readonly ShareInterface[];
  /** The address it listens on while sharing, else null. */
  readonly address: string | null;
  /** The address phones open ("http://192.168.1.20:5199/ab3k-9xq2/"), while sharing. */
  readonly url: string | null;
  /** The join code in it ("ab3k-9xq2"), while sharing. */
  readonly code: string | null;
  /** The address as a QR code, while sharing. */
  readonly qr: QrModules | null;
  /** How many phones are watching now. */
  readonly watchers: number;
  /** Whether players may pick their character on their phone. */
  readonly pick: boolean;
  /**
   * Why sharing stopped by itself (its server kept stopping, or could not start again), in words
   * the GM can act on, until the GM starts or stops sharing; null otherwise.
   */
  readonly stopped: string | null;
}

/** The first and last port the GM may choose (below 1024 needs privileges). */
export const MIN_SHARE_PORT = 1024;
export const MAX_SHARE_PORT = 65535;

const ipv4 = v.pipe(
  v.string('address must be a string'),
  v.maxLength(15, 'address must be an IPv4 address such as 192.168.1.20'),
  v.ipv4('address must be an IPv4 address such as 192.168.1.20'),
);

/**
 * A `ShareStatus` as the main process pushes it to the GM window (share-pushes.ts): the GM
 * preload reads each push with this and drops one that is not a status. Bounded, so a bad message
 * stays small: a machine has a handful of networks; a QR code is 21 to 177 modules a side.
 */
const MAX_LISTED_INTERFACES = 64;
const MAX_INTERFACE_NAME_LENGTH = 256;
const MAX_SHARE_URL_LENGTH = 2048;
/** The longest reason for sharing stopping by itself a status carries (phone-sharing.ts cuts it to this). */
export const MAX_SHARE_STOPPED_LENGTH = 1000;
const qrSchema = v.pipe(
  v.strictObject({
    size: v.pipe(v.number(), v.integer(), v.minValue(21), v.maxValue(177)),
    dark: v.pipe(v.string(), v.regex(/^[01]*$/)),
  }),
  v.check((qr) => qr.dark.length === qr.size * qr.size, 'a QR code has size × size modules'),
);
export const shareStatusSchema = v.strictObject({
  sharing: v.boolean(),
  interfaces: v.pipe(
    v.array(v.strictObject({ name: v.pipe(v.string(), v.maxLength(MAX_INTERFACE_NAME_LENGTH)), address: ipv4 })),
    v.maxLength(MAX_LISTED_INTERFACES),
  ),
  address: v.nullable(ipv4),
  url: v.nullable(v.pipe(v.string(), v.maxLength(MAX_SHARE_URL_LENGTH), v.startsWith('http://'))),
  // The join code as shown: 4 + 4 letters of its alphabet (phone-share/join-code.ts).
  code: v.nullable(v.pipe(v.string(), v.regex(/^[a-km-np-z2-9]{4}-[a-km-np-z2-9]{4}$/))),
  qr: v.nullable(qrSchema),
  watchers: v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
  pick: v.boolean(),
  stopped: v.nullable(v.pipe(v.string(), v.maxLength(MAX_SHARE_STOPPED_LENGTH))),
}) satisfies v.GenericSchema<unknown, ShareStatus>;

/** A status the main process pushed, or null when the message is not one (it is dropped). */
export function shareStatusOf(message: unknown): ShareStatus | null {
  const parsed = v.safeParse(shareStatusSchema, message);
  return parsed.success ? parsed.output : null;
}

const startPayload = v.strictObject(
  {
    address: ipv4,
    port: v.optional(
      v.pipe(
        v.number('port must be a number'),
        v.integer('port must be a whole number'),
        v.minValue(MIN_SHARE_PORT, `port must be at least ${MIN_SHARE_PORT}`),
        v.maxValue(MAX_SHARE_PORT, `port must be at most ${MAX_SHARE_PORT}`),
      ),
    ),
    /** The open campaign's folder: sharing starts again when it next opens, until the GM stops it. */
    campaign: v.optional(folderField),
  },
  objectMessage('{ address: string, port?: number, campaign?: string }'),
);

export const shareChannels = {
  /** Whether sharing is on, where, with which code, and how many phones watch. */
  'share:status': channel<Result<ShareStatus>>()('shareStatus', noPayload),
  /** Starts sharing on one of this machine's interfaces (a new code), or moves it there. */
  'share:start': channel<Result<ShareStatus>>()('startSharing', startPayload),
  /**
   * A campaign opened: sharing starts again as it was if it was on when this campaign was last
   * open (and the network it was on is still there); otherwise nothing starts.
   */
  'share:resume': channel<Result<ShareStatus>>()(
    'resumeSharing',
    v.strictObject({ campaign: folderField }, objectMessage('{ campaign: string }')),
  ),
  /** Ends sharing: every phone is told, the server stops listening, and the campaign no longer shares when it opens. */
  'share:stop': channel<Result<ShareStatus>>()('stopSharing', noPayload),
  /** A new join code: every phone holding the old one is dropped. */
  'share:new-code': channel<Result<ShareStatus>>()('newShareCode', noPayload),
  /** Whether players may pick their character on their phone. */
  'share:allow-pick': channel<Result<ShareStatus>>()(
    'allowPick',
    v.strictObject({ allow: v.boolean('allow must be true or false') }, objectMessage('{ allow: boolean }')),
  ),
} as const;
