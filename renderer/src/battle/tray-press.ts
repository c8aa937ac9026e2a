// Pressing a token in the tray of those not on the map yet, which becomes a drag onto the map
// once the pointer moves: the same on a zone map and on a grid map.
import type { Id, Point } from '../../../engine/index';

/** A press on a token in the tray. */
export interface TrayPress {
  readonly id: Id;
  readonly pointerId: number;
  readonly x: number;
  readonly y: number;
  /** It has gone far enough to be a drag, not a press of the button. */
  readonly moved: boolean;
}

/** How far the pointer goes, in pixels, before a press becomes a drag. */
const DRAG_AFTER_PX = 5;

/** A press starting on a tray button (the main button only), the pointer held to the button. */
export function startPress(event: PointerEvent, id: Id): TrayPress | null {
  if (event.button !== 0) return null;
  (event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
  return { id, pointerId: event.pointerId, x: event.clientX, y: event.clientY, moved: false };
}

/** The press once its pointer has moved far enough to drag; null for another pointer, or before then. */
export function dragOf(press: TrayPress | null, event: PointerEvent): TrayPress | null {
  if (!press || press.pointerId !== event.pointerId) return null;
  if (!press.moved && Math.hypot(event.clientX - press.x, event.clientY - press.y) < DRAG_AFTER_PX) return null;
  return press.moved ? press : { ...press, moved: true };
}

/** Where a pointer on the page is on the map, or null when it isn't over the map's box. */
export function pointOverMap(event: PointerEvent, box: HTMLElement | undefined, canvas: { toMapPoint(x: number, y: number): Point } | undefined): Point | null {
  const rect = box?.getBoundingClientRect();
  if (!rect || !canvas) return null;
  const inside = event.clientX >= rect.left && event.clientX <= rect.right && event.clientY >= rect.top && event.clientY <= rect.bottom;
  return inside ? canvas.toMapPoint(event.clientX, event.clientY) : null;
}
