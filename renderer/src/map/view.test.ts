import { describe, expect, it } from 'vitest';
import { broughtIntoView, centredOn, FIT_VIEW, keptOnMap, fitScale, mapToView, MAX_ZOOM, MIN_ZOOM, panBy, pinch, shownArea, viewAfterKey, viewToMap, wheelZoomFactor, zoomAt } from './view';

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

  it('knows what a box shows of the map: the map and the letterbox beside it', () => {
    // 800 × 400 pixels showing a 20 × 10 map: it fills the box exactly.
    expect(shownArea(800, 400, 20, 10)).toEqual({ x0: 0, y0: 0, x1: 20, y1: 10 });
    // 800 × 800 pixels showing the same map: 40 px a square, 5 squares of letterbox above and below.
    expect(shownArea(800, 800, 20, 10)).toEqual({ x0: 0, y0: -5, x1: 20, y1: 15 });
  });

  it('centres on a map point at the same zoom', () => {
    const area = shownArea(800, 400, 20, 10);
    const view = centredOn({ x: 3, y: -2, k: 2 }, [15, 8], area);
    expect(view.k).toBe(2);
    expect(mapToView(view, [15, 8])).toEqual([10, 5]);
  });
});

describe('following the one acting', () => {
  const area = shownArea(800, 400, 20, 10);

  it('leaves a view showing the whole map as it is, even for a token at its very edge', () => {
    expect(broughtIntoView(FIT_VIEW, [19.5, 9.5], area, 20, 10)).toBeNull();
    expect(broughtIntoView(zoomAt(FIT_VIEW, 0.5, [10, 5]), [0.5, 0.5], area, 20, 10)).toBeNull();
  });

  it('leaves the view as it is while the token is comfortably inside it', () => {
    // Zoomed in twice on the middle: the view shows squares 5 to 15 across, 2.5 to 7.5 down.
    const zoomed = zoomAt(FIT_VIEW, 2, [10, 5]);
    expect(broughtIntoView(zoomed, [10, 5], area, 20, 10)).toBeNull();
    expect(broughtIntoView(zoomed, [7, 4], area, 20, 10)).toBeNull();
  });

  it('centres on a token outside the view, or too near its edge, keeping the zoom', () => {
    const zoomed = zoomAt(FIT_VIEW, 2, [10, 5]);
    const away = broughtIntoView(panBy(zoomed, 12, 6), [14, 7], area, 20, 10);
    expect(away?.k).toBe(2);
    expect(away && mapToView(away, [14, 7])).toEqual([10, 5]);
    // Half a square inside the view's left edge: within the margin, so it is brought to the middle too.
    const edge = broughtIntoView(zoomed, [5.5, 5], area, 20, 10);
    expect(edge && mapToView(edge, [5.5, 5])).toEqual([10, 5]);
  });

  it("stops at the map's edge: a token in a corner comes into view with the corner at the view's corner", () => {
    const zoomed = zoomAt(FIT_VIEW, 2, [10, 5]);
    const corner = broughtIntoView(zoomed, [19.5, 9.5], area, 20, 10);
    // The map's far corner (20, 10) is at the view's (20, 10): the map 40 × 20 units across at this zoom, from -20, -10.
    expect(corner).toEqual({ k: 2, x: -20, y: -10 });
    // Asked again there, it stays.
    expect(corner && broughtIntoView(corner, [19.5, 9.5], area, 20, 10)).toBeNull();
  });

  it('keeps the map over the view where it is larger, and in the middle where it is smaller', () => {
    const wide = shownArea(800, 800, 20, 10); // 5 units of letterbox above and below the fitted map
    expect(keptOnMap({ x: 3, y: 4, k: 1 }, wide, 20, 10)).toEqual({ x: 0, y: 0, k: 1 });
    expect(keptOnMap({ x: 3, y: 4, k: 2 }, wide, 20, 10)).toEqual({ x: 0, y: -5, k: 2 });
    expect(keptOnMap({ x: -50, y: -30, k: 3 }, wide, 20, 10)).toEqual({ x: -40, y: -15, k: 3 });
  });
});
