/**
 * The bounds of the phone-sharing server, each a number a test can lower. The server runs in the
 * main process, on the table's network, for as long as the GM shares: whoever is on that network
 * may send it anything, so every resource it spends for a stranger is bounded here.
 */

export interface PhoneLimits {
  /** Largest request head (request line and headers), in bytes: Node's `maxHeaderSize`. */
  readonly maxHeaderBytes: number;
  /** Longest request target (`/ab3k9xq2/assets/index-Bx3.js`) answered; longer is a 404. */
  readonly maxPathLength: number;
  /** Time for a client to send its request head (a connection sending nothing is closed then). */
  readonly headersTimeoutMs: number;
  /** Time for a client to send its whole request. */
  readonly requestTimeoutMs: number;
  /** How long an idle connection is kept open after an answer, for the page's next file. */
  readonly keepAliveTimeoutMs: number;
  /** Open connections from one address (a phone's browser uses up to 6 for the page, 1 for the stream). */
  readonly connectionsPerAddress: number;
  /** Open connections in all (200 phones watching must fit). */
  readonly connections: number;
  /** Requests one address may send per second, on average (a token bucket)… */
  readonly requestsPerSecond: number;
  /** …and at once (the bucket's size: loading the page and opening the stream takes a handful). */
  readonly requestBurst: number;
  /** Wrong codes one address may send within `lockoutMs` before it is locked out. */
  readonly wrongCodes: number;
  /** How long a locked-out address gets only 404s (its right code included). */
  readonly lockoutMs: number;
  /** Screens sent per second at most; between two sends the latest screen wins, the last is always sent. */
  readonly screensPerSecond: number;
  /** A watcher with more bytes than this waiting to go out gets no new screen until it has taken them. */
  readonly maxBufferedBytes: number;
  /** A watcher over `maxBufferedBytes` for longer than this is dropped (its phone reconnects). */
  readonly maxStuckMs: number;
  /** A comment line (`: ping`) to every watcher this often: keeps the connection and lets the page notice a dead one. */
  readonly pingMs: number;
  /** Addresses remembered at once (their connections, requests and wrong codes); a new one past this is turned away. */
  readonly trackedAddresses: number;
  /** Files of the phone page read at start, at most… */
  readonly pageFiles: number;
  /** …and their bytes in all (they are kept in memory and never read again while sharing). */
  readonly pageBytes: number;
}

/**
 * The defaults.
 *
 * Guessing the code: a code is 40 random bits (2^40 ≈ 1.1 × 10^12 codes; join-code.ts). One
 * address may try `wrongCodes` = 5 codes per `lockoutMs` = 1 minute, so 7,200 a day: finding the
 * code takes on average 2^39 / 7,200 ≈ 76 million days (≈ 209,000 years). Every address of a home
 * network at once (254 of them) would still need ≈ 820 years on average; over a 6-hour session
 * their chance is about 1 in 2.4 million. (Each address also holds at most 8 connections and 30
 * requests at once, so trying faster is turned away before a code is even read.)
 */
export const PHONE_LIMITS: PhoneLimits = Object.freeze({
  maxHeaderBytes: 8 * 1024,
  maxPathLength: 256,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 15_000,
  keepAliveTimeoutMs: 5_000,
  connectionsPerAddress: 8,
  connections: 256,
  requestsPerSecond: 10,
  requestBurst: 30,
  wrongCodes: 5,
  lockoutMs: 60_000,
  screensPerSecond: 10,
  maxBufferedBytes: 1024 * 1024,
  maxStuckMs: 30_000,
  pingMs: 15_000,
  trackedAddresses: 1024,
  pageFiles: 200,
  pageBytes: 32 * 1024 * 1024,
});
