import { describe, expect, it } from 'vitest';
import { FIT_VIEW, fitScale, mapToView, MAX_ZOOM, MIN_ZOOM, panBy, pinch, viewAfterKey, viewToMap, wheelZoomFactor, zoomAt } from './view';

describe('pan and zoom', () => {
  it('zooms around a point, which stays where it was on screen', () => {
    const at = [300, 200] as const;
    const view = zoomAt(panBy(FIT_VIEW, 40, -10), 2, at);
    const before = viewToMap(panBy(FIT_VIEW, 40, -10), at);
    expect(mapToView(view, before)).toEqual([300, 200]);
    expect(view.k).toBe(2);
  });

  it('keeps the zoom within its limits', () => {
    expect(zoomAt(FIT_VIEW, 1000, [0, 0]).k).toBe(MAX_ZOOM);
    expect(zoomAt(FIT_VIEW, 0.001, [0, 0]).k).toBe(MIN_ZOOM);
  });

  it('a pinch keeps the map point under the fingers and zooms by their spread', () => {
    const start = { x: 10, y: 20, k: 1.5 };
    const under = viewToMap(start, [100, 100]);
    const view = pinch(start, [100, 100], 50, [160, 90], 100);
    expect(view.k).toBe(3);
    const [x, y] = mapToView(view, under);
    expect(x).toBeCloseTo(160);
    expect(y).toBeCloseTo(90);
  });

  it('fits a map into a box, letterboxed', () => {
    expect(fitScale(800, 800, 1600, 1000)).toBe(0.5);
    expect(fitScale(0, 800, 1600, 1000)).toBe(1);
  });

  it('a mouse wheel notch zooms by a capped step; a trackpad pinch step gently', () => {
    expect(wheelZoomFactor(-100, 0)).toBeCloseTo(Math.exp(0.48));
    expect(wheelZoomFactor(3, 1)).toBeCloseTo(Math.exp(-0.384));
    expect(wheelZoomFactor(2, 0)).toBeGreaterThan(0.98);
  });

  it('takes the map keys: + and - zoom around the middle, 0 fits, the arrows pan, others are not its', () => {
    const view = panBy(FIT_VIEW, 10, 20);
    expect(viewAfterKey(view, '+', 60, [50, 40])).toEqual(zoomAt(view, 1.25, [50, 40]));
    expect(viewAfterKey(view, '=', 60, [50, 40])).toEqual(zoomAt(view, 1.25, [50, 40]));
    expect(viewAfterKey(view, '-', 60, [50, 40])).toEqual(zoomAt(view, 0.8, [50, 40]));
    expect(viewAfterKey(view, '_', 60, [50, 40])).toEqual(zoomAt(view, 0.8, [50, 40]));
    expect(viewAfterKey(view, '0', 60, [50, 40])).toBe(FIT_VIEW);
    expect(viewAfterKey(view, 'ArrowLeft', 60, [50, 40])).toEqual({ x: 70, y: 20, k: 1 });
    expect(viewAfterKey(view, 'ArrowRight', 60, [50, 40])).toEqual({ x: -50, y: 20, k: 1 });
    expect(viewAfterKey(view, 'ArrowUp', 60, [50, 40])).toEqual({ x: 10, y: 80, k: 1 });
    expect(viewAfterKey(view, 'ArrowDown', 60, [50, 40])).toEqual({ x: 10, y: -40, k: 1 });
    expect(viewAfterKey(view, 'x', 60, [50, 40])).toBeNull();
  });
});
