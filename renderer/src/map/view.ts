/**
 * Pan and zoom of a map on screen, as plain numbers. The map's <svg> has a viewBox of the map's
 * size, so with no pan or zoom the whole map fits; the pan and zoom are a transform on a group
 * inside it: `translate(x y) scale(k)`, in viewBox units.
 */
import type { Point } from '../../../engine/index';

export interface View {
  readonly x: number;
  readonly y: number;
  readonly k: number;
}

/** The whole map, fitted to the view. */
export const FIT_VIEW: View = { x: 0, y: 0, k: 1 };
/** Zoom limits, relative to the fitted map. */
export const MIN_ZOOM = 0.4;
export const MAX_ZOOM = 24;

const clampZoom = (k: number): number => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, k));

/** The view zoomed by `factor`, keeping the point `at` (viewBox units) where it is on screen. */
export function zoomAt(view: View, factor: number, at: Point): View {
  const k = clampZoom(view.k * factor);
  const f = k / view.k;
  return { k, x: at[0] - (at[0] - view.x) * f, y: at[1] - (at[1] - view.y) * f };
}

/** The view moved by (dx, dy) viewBox units. */
export function panBy(view: View, dx: number, dy: number): View {
  return { ...view, x: view.x + dx, y: view.y + dy };
}

/**
 * A two-finger gesture: the view that keeps the map point that was under the fingers' first
 * midpoint under their midpoint now, zoomed by how far they spread. Points in viewBox units.
 */
export function pinch(start: View, startMid: Point, startDistance: number, mid: Point, distance: number): View {
  const k = clampZoom(start.k * (startDistance > 0 ? distance / startDistance : 1));
  const mapX = (startMid[0] - start.x) / start.k;
  const mapY = (startMid[1] - start.y) / start.k;
  return { k, x: mid[0] - mapX * k, y: mid[1] - mapY * k };
}

/** A point in viewBox units as a map point under the view. */
export function viewToMap(view: View, p: Point): Point {
  return [(p[0] - view.x) / view.k, (p[1] - view.y) / view.k];
}

/** A map point in viewBox units under the view. */
export function mapToView(view: View, p: Point): Point {
  return [p[0] * view.k + view.x, p[1] * view.k + view.y];
}

/** Screen pixels per viewBox unit for a box of `width` × `height` pixels showing a map "meet" (letterboxed). */
export function fitScale(boxWidth: number, boxHeight: number, mapWidth: number, mapHeight: number): number {
  if (boxWidth <= 0 || boxHeight <= 0 || mapWidth <= 0 || mapHeight <= 0) return 1;
  return Math.min(boxWidth / mapWidth, boxHeight / mapHeight);
}

/** How much one notch or one trackpad step of a Ctrl+wheel zooms: gentle for small deltas, capped for mouse wheels. */
export function wheelZoomFactor(deltaY: number, deltaMode: number): number {
  const pixels = deltaMode === 1 ? deltaY * 16 : deltaMode === 2 ? deltaY * 400 : deltaY;
  return Math.exp(-Math.max(-60, Math.min(60, pixels)) * 0.008);
}

/** A wheel's delta in pixels (lines and pages converted). */
export function wheelPixels(delta: number, deltaMode: number, page: number): number {
  return deltaMode === 1 ? delta * 16 : deltaMode === 2 ? delta * page : delta;
}

/**
 * The view after a key pressed on the map: + and - zoom around `middle` (viewBox units), 0 fits
 * the whole map, the arrows pan by `step` (the map moves the other way, as if the view did);
 * null for any other key.
 */
export function viewAfterKey(view: View, key: string, step: number, middle: Point): View | null {
  switch (key) {
    case '+':
    case '=':
      return zoomAt(view, 1.25, middle);
    case '-':
    case '_':
      return zoomAt(view, 0.8, middle);
    case '0':
      return FIT_VIEW;
    case 'ArrowLeft':
      return panBy(view, step, 0);
    case 'ArrowRight':
      return panBy(view, -step, 0);
    case 'ArrowUp':
      return panBy(view, 0, step);
    case 'ArrowDown':
      return panBy(view, 0, -step);
    default:
      return null;
  }
}

/** The part of the viewBox a box shows, in viewBox units: "meet" letterboxes the map in the middle. */
export interface Area {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/** What a box of `boxWidth` × `boxHeight` pixels shows of a map's viewBox (the whole viewBox, and the letterbox around it). */
export function shownArea(boxWidth: number, boxHeight: number, mapWidth: number, mapHeight: number): Area {
  const per = fitScale(boxWidth, boxHeight, mapWidth, mapHeight);
  const w = boxWidth > 0 ? boxWidth / per : mapWidth;
  const h = boxHeight > 0 ? boxHeight / per : mapHeight;
  return { x0: (mapWidth - w) / 2, y0: (mapHeight - h) / 2, x1: (mapWidth + w) / 2, y1: (mapHeight + h) / 2 };
}

/** The view at the same zoom, panned so the map point `p` is in the middle of `area`. */
export function centredOn(view: View, p: Point, area: Area): View {
  return { k: view.k, x: (area.x0 + area.x1) / 2 - p[0] * view.k, y: (area.y0 + area.y1) / 2 - p[1] * view.k };
}

/**
 * The view panned (never zoomed) so the map shows no more empty ground beside it than it must:
 * along each axis the map covers `area` where it is larger than it, and sits in its middle where
 * it is smaller.
 */
export function keptOnMap(view: View, area: Area, mapWidth: number, mapHeight: number): View {
  const along = (at: number, size: number, from: number, to: number): number => {
    const span = size * view.k;
    return span <= to - from ? from + (to - from - span) / 2 : Math.min(from, Math.max(to - span, at));
  };
  return { k: view.k, x: along(view.x, mapWidth, area.x0, area.x1), y: along(view.y, mapHeight, area.y0, area.y1) };
}

/**
 * The view that brings the map point `p` into view, or null when it needn't move: the whole map
 * is in view (a fitted view; panning would only push part of it off the screen), or `p` is
 * comfortably inside `area`, `margin` (a fraction of its width and height) clear of every edge.
 * It centres on `p` as far as the map allows: near the map's edge the map's edge stays at the
 * view's, rather than half the view showing nothing.
 */
export function broughtIntoView(view: View, p: Point, area: Area, mapWidth: number, mapHeight: number, margin = 0.15): View | null {
  const [x0, y0] = mapToView(view, [0, 0]);
  const [x1, y1] = mapToView(view, [mapWidth, mapHeight]);
  const eps = 1e-6;
  if (x0 >= area.x0 - eps && y0 >= area.y0 - eps && x1 <= area.x1 + eps && y1 <= area.y1 + eps) return null;
  const [x, y] = mapToView(view, p);
  const mx = (area.x1 - area.x0) * margin;
  const my = (area.y1 - area.y0) * margin;
  if (x >= area.x0 + mx && x <= area.x1 - mx && y >= area.y0 + my && y <= area.y1 - my) return null;
  const next = keptOnMap(centredOn(view, p, area), area, mapWidth, mapHeight);
  return next.x === view.x && next.y === view.y ? null : next;
}
