/** Milliseconds from some fixed point; `performance.now` in the app, a fake in tests. */
export type Clock = () => number;

/**
 * A pausable countdown driven by an injected clock, so it never keeps time itself: the caller
 * polls `tick()` (from a timer in the app, by hand in tests) and learns once when it hits zero.
 * Time is measured from the clock rather than by counting ticks, so a late or skipped timer
 * callback can't make the countdown drift.
 */
export class Countdown {
  #length: number;
  readonly #clock: Clock;
  /** Clock reading when the current run started; null while paused or stopped. */
  #startedAt: number | null = null;
  /** Time used up by earlier runs, before the last pause. */
  #spent = 0;
  #finished = false;

  constructor(lengthMs: number, clock: Clock) {
    this.#length = Math.max(0, lengthMs);
    this.#clock = clock;
  }

  get running(): boolean {
    return this.#startedAt !== null;
  }

  /** Reached zero; only `reset` starts it over. */
  get finished(): boolean {
    return this.#finished;
  }

  get length(): number {
    return this.#length;
  }

  /** Milliseconds left, never below zero. */
  remaining(): number {
    const current = this.#startedAt === null ? 0 : this.#clock() - this.#startedAt;
    return Math.max(0, this.#length - this.#spent - current);
  }

  /** Whole seconds left, rounded up so "1" shows until the very end and "0" only at zero. */
  seconds(): number {
    return Math.ceil(this.remaining() / 1000);
  }

  /** Starts or resumes; does nothing while running or after it has finished. */
  start(): void {
    if (this.#startedAt !== null || this.#finished) return;
    if (this.remaining() === 0) {
      this.#finished = true;
      return;
    }
    this.#startedAt = this.#clock();
  }

  /** Stops the clock, keeping the time left. */
  pause(): void {
    if (this.#startedAt === null) return;
    this.#spent += this.#clock() - this.#startedAt;
    this.#startedAt = null;
  }

  /** Stopped and full again, optionally with a new length. */
  reset(lengthMs: number = this.#length): void {
    this.#length = Math.max(0, lengthMs);
    this.#startedAt = null;
    this.#spent = 0;
    this.#finished = false;
  }

  /** Checks the clock; returns true exactly once, on the call that finds the time is up. */
  tick(): boolean {
    if (this.#startedAt === null || this.remaining() > 0) return false;
    this.#startedAt = null;
    this.#spent = this.#length;
    this.#finished = true;
    return true;
  }
}
