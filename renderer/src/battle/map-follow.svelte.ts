import type { Id, Point } from '../../../engine/index';

/** What following needs of the map's canvas (MapCanvas's `follow` and `measured`). */
export interface FollowingCanvas {
  follow(p: Point): boolean;
  measured(): boolean;
}

/**
 * Which turn the map has followed. A turn is followed once: when its token is on the map and the
 * canvas is there with its box measured, the canvas is asked to bring the token into view (it
 * may keep the GM's view, see MapCanvas.follow). Until then the turn waits: a turn that starts
 * before its token is placed or before the map is laid out is followed as soon as both are.
 */
export class ActingFollower {
  #followed: Id | null = null;

  /** One look at the fight: the one acting, where their token is (none: not placed), the canvas. */
  step(acting: Id | null, at: Point | null | undefined, canvas: FollowingCanvas | undefined): void {
    if (acting === this.#followed) return;
    if (acting === null) {
      this.#followed = null;
      return;
    }
    if (!at || !canvas?.measured()) return;
    canvas.follow(at);
    this.#followed = acting;
  }
}

/**
 * The map follows the fight: as the turn passes (or a faction's character takes their turn), the
 * one acting comes into view. Both battle maps (zones and grid) call it once, as they start, with
 * how to read the one acting, where a token is on this map and the canvas.
 */
export function followActing(acting: () => Id | null, placeOf: (id: Id) => Point | null | undefined, canvas: () => FollowingCanvas | undefined): void {
  const follower = new ActingFollower();
  $effect(() => {
    const id = acting();
    follower.step(id, id ? placeOf(id) : null, canvas());
  });
}
