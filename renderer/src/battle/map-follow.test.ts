import { describe, expect, it } from 'vitest';
import type { Point } from '../../../engine/index';
import { ActingFollower, type FollowingCanvas } from './map-follow.svelte';

/** A canvas that notes where it was asked to follow; `laidOut` false: its box is not measured yet. */
function canvasOn(laidOut = true) {
  const asked: Point[] = [];
  const canvas: FollowingCanvas & { laidOut: boolean } = { laidOut, follow: (p) => (asked.push(p), true), measured: () => canvas.laidOut };
  return { canvas, asked };
}

describe('the map following the one acting', () => {
  it('follows each turn once, as it passes', () => {
    const { canvas, asked } = canvasOn();
    const follower = new ActingFollower();
    follower.step('a', [1, 2], canvas);
    follower.step('a', [1, 3], canvas);
    follower.step('b', [5, 5], canvas);
    expect(asked).toEqual([[1, 2], [5, 5]]);
  });

  it('follows a turn that started before the token was placed once it is', () => {
    const { canvas, asked } = canvasOn();
    const follower = new ActingFollower();
    follower.step('a', null, canvas);
    follower.step('a', [4, 4], canvas);
    expect(asked).toEqual([[4, 4]]);
  });

  it('follows a turn that started before the map was there or laid out once it is measured', () => {
    const { canvas, asked } = canvasOn(false);
    const follower = new ActingFollower();
    follower.step('a', [4, 4], undefined);
    follower.step('a', [4, 4], canvas);
    expect(asked).toEqual([]);
    canvas.laidOut = true;
    follower.step('a', [4, 4], canvas);
    follower.step('a', [4, 4], canvas);
    expect(asked).toEqual([[4, 4]]);
  });

  it('follows the same one again when their turn comes back after nobody acted', () => {
    const { canvas, asked } = canvasOn();
    const follower = new ActingFollower();
    follower.step('a', [1, 1], canvas);
    follower.step(null, null, canvas);
    follower.step('a', [1, 1], canvas);
    expect(asked).toEqual([[1, 1], [1, 1]]);
  });
});
