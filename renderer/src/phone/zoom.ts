/**
 * Pinch to zoom and drag to pan on the phone's map, as plain numbers: the map's box is drawn with
 * the CSS transform `translate(x, y) scale(k)` (origin at its top left), in CSS pixels of the box.
 * The two-finger maths are the map canvas's own (map/view.ts); here, the phone's limits: never
 * smaller than the whole map, never dragged off the box.
 */
import type { Point } from '../../../engine/drawing';
import { FIT_VIEW, panBy, pinch, type View } from '../map/view';

export { FIT_VIEW, type View };

export const PHONE_MAX_ZOOM = 6;
/** Two taps within this long, and this close, are a double tap (which shows the whole map again). */
export const DOUBLE_TAP_MS = 350;
export const DOUBLE_TAP_PX = 30;

/** The view within the phone's limits: zoomed 1× to PHONE_MAX_ZOOM, the box always covered by the map. */
export function keptInBox(view: View, width: number, height: number): View {
  const k = Math.min(PHONE_MAX_ZOOM, Math.max(1, view.k));
  const clamp = (v: number, size: number) => Math.min(0, Math.max(size - size * k, v));
  return { k, x: clamp(view.x, width), y: clamp(view.y, height) };
}

const mid = (a: Point, b: Point): Point => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
const distance = (a: Point, b: Point): number => Math.hypot(a[0] - b[0], a[1] - b[1]);

/**
 * The view while fingers move: `start` was the view when the fingers were put down at `from`
 * (box pixels), and they are now at `to` (the same fingers, in the same order). One finger pans;
 * two pinch about their midpoint; more are read as the first two.
 */
export function gestureView(start: View, from: readonly Point[], to: readonly Point[], box: { width: number; height: number }): View {
  const [a0, b0] = from;
  const [a1, b1] = to;
  if (!a0 || !a1) return start;
  if (!b0 || !b1) return keptInBox(panBy(start, a1[0] - a0[0], a1[1] - a0[1]), box.width, box.height);
  // The zoom kept within the phone's limits first, so the point under the fingers stays under them.
  const spread = distance(a0, b0) > 0 ? distance(a1, b1) / distance(a0, b0) : 1;
  const k = Math.min(PHONE_MAX_ZOOM, Math.max(1, start.k * spread));
  return keptInBox(pinch(start, mid(a0, b0), 1, mid(a1, b1), k / start.k), box.width, box.height);
}

/** The view zoomed by `factor` about the box's middle (the + and − buttons). */
export function zoomedBy(view: View, factor: number, box: { width: number; height: number }): View {
  const centre: Point = [box.width / 2, box.height / 2];
  return gestureView(view, [centre, [centre[0] + 100, centre[1]]], [centre, [centre[0] + 100 * factor, centre[1]]], box);
}

/** A tap (a press released without moving), as the double-tap check keeps it. */
export interface Tap {
  at: number;
  x: number;
  y: number;
}

/** Whether `tap` follows `previous` closely enough in time and place to make a double tap. */
export function isDoubleTap(previous: Tap | null, tap: Tap): boolean {
  return previous !== null && tap.at - previous.at <= DOUBLE_TAP_MS && Math.hypot(tap.x - previous.x, tap.y - previous.y) <= DOUBLE_TAP_PX;
}
