import { describe, expect, it } from 'vitest';
import { FIT_VIEW, fitScale, mapToView, MAX_ZOOM, MIN_ZOOM, panBy, pinch, viewToMap, wheelZoomFactor, zoomAt } from './view';

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
});
