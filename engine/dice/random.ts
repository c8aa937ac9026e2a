import { xoroshiro128plus, xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';

/**
 * The serialisable state of the seeded random source. It lives in the encounter state and in
 * every event that drew from it, so replay restores it without drawing again.
 */
export type RandomState = readonly number[];

/** A random source that draws integers and can hand back its state after drawing. */
export interface RandomSource {
  /** A uniform integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** The state after every draw made so far. */
  state(): RandomState;
}

/** The state of a fresh source for a seed (any 32-bit integer; larger numbers are truncated). */
export function seedState(seed: number): RandomState {
  return xoroshiro128plus(seed | 0).getState();
}

/**
 * A source that continues from a saved state. It mutates a private generator, never the state it
 * was given, so the encounter state it came from stays untouched.
 */
export function randomFrom(state: RandomState): RandomSource {
  const rng = xoroshiro128plusFromState(state);
  return {
    int: (min, max) => uniformInt(rng, min, max),
    state: () => rng.getState(),
  };
}
