/**
 * What each remote address may still do: its open connections (per address and in all), its
 * requests (a token bucket per address) and its wrong codes (a few per `lockoutMs`, then only
 * 404s for `lockoutMs`). Pure bookkeeping on a clock passed in, so each bound is tested with a fake
 * one; server.ts asks it before doing any work for a connection or a request.
 */
import type { PhoneLimits } from './limits';

interface AddressState {
  connections: number;
  /** Requests it may still send now, refilled at `requestsPerSecond` up to `requestBurst`. */
  tokens: number;
  tokensAt: number;
  /** Wrong codes since `wrongSince` (a window of `lockoutMs`). */
  wrongCodes: number;
  wrongSince: number;
  /** Only 404s for this address before this time. */
  lockedUntil: number;
}

export type GuardLimits = Pick<
  PhoneLimits,
  'connectionsPerAddress' | 'connections' | 'requestsPerSecond' | 'requestBurst' | 'wrongCodes' | 'lockoutMs' | 'trackedAddresses'
>;

export class AddressGuard {
  private readonly states = new Map<string, AddressState>();
  private open = 0;

  constructor(
    private readonly limits: GuardLimits,
    private readonly now: () => number,
  ) {}

  /** Open connections in all. */
  connections(): number {
    return this.open;
  }

  /** Counts a new connection from `address`, or says it must be closed at once (false). */
  admitConnection(address: string): boolean {
    if (this.open >= this.limits.connections) return false;
    const state = this.stateOf(address);
    if (state === null || state.connections >= this.limits.connectionsPerAddress) return false;
    state.connections++;
    this.open++;
    return true;
  }

  /** A connection `admitConnection` counted has closed. */
  releaseConnection(address: string): void {
    const state = this.states.get(address);
    if (state === undefined || state.connections === 0) return;
    state.connections--;
    this.open--;
  }

  /** Takes one request from `address`'s bucket; false when it is empty or the address is locked out. */
  admitRequest(address: string): boolean {
    const state = this.stateOf(address);
    if (state === null) return false;
    const now = this.now();
    if (now < state.lockedUntil) return false;
    const refill = ((now - state.tokensAt) * this.limits.requestsPerSecond) / 1000;
    state.tokens = Math.min(this.limits.requestBurst, state.tokens + Math.max(0, refill));
    state.tokensAt = now;
    if (state.tokens < 1) return false;
    state.tokens--;
    return true;
  }

  /** `address` sent a code that is not the current one; the `wrongCodes`-th in a window locks it out. */
  wrongCode(address: string): void {
    const state = this.stateOf(address);
    if (state === null) return;
    const now = this.now();
    if (now - state.wrongSince >= this.limits.lockoutMs) {
      state.wrongCodes = 0;
      state.wrongSince = now;
    }
    state.wrongCodes++;
    if (state.wrongCodes >= this.limits.wrongCodes) {
      state.lockedUntil = now + this.limits.lockoutMs;
      state.wrongCodes = 0;
    }
  }

  /** Whether `address` gets only 404s now. */
  isLockedOut(address: string): boolean {
    const state = this.states.get(address);
    return state !== undefined && this.now() < state.lockedUntil;
  }

  /**
   * Forgets the addresses that hold nothing: no connection, a full bucket by now, no lockout and no
   * wrong code still counted. (Forgetting one earlier would give it a fresh bucket or lockout.)
   */
  forgetIdle(): void {
    const now = this.now();
    for (const [address, state] of this.states) {
      const full = state.tokens + ((now - state.tokensAt) * this.limits.requestsPerSecond) / 1000 >= this.limits.requestBurst;
      const wrongExpired = state.wrongCodes === 0 || now - state.wrongSince >= this.limits.lockoutMs;
      if (state.connections === 0 && full && now >= state.lockedUntil && wrongExpired) this.states.delete(address);
    }
  }

  /** The state of `address`, new if need be; null when too many addresses are remembered already. */
  private stateOf(address: string): AddressState | null {
    const known = this.states.get(address);
    if (known !== undefined) return known;
    if (this.states.size >= this.limits.trackedAddresses) this.forgetIdle();
    if (this.states.size >= this.limits.trackedAddresses) return null;
    const now = this.now();
    const state: AddressState = { connections: 0, tokens: this.limits.requestBurst, tokensAt: now, wrongCodes: 0, wrongSince: now, lockedUntil: -Infinity };
    this.states.set(address, state);
    return state;
  }
}
