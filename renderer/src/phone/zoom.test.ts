import { describe, expect, it } from 'vitest';
import { FIT_VIEW, gestureView, isDoubleTap, keptInBox, PHONE_MAX_ZOOM, zoomedBy } from './zoom';

const box = { width: 400, height: 300 };

describe('pinch to zoom and drag to pan on the phone', () => {
  it('zooms by how far two fingers spread, keeping the point between them under them', () => {
    const view = gestureView(FIT_VIEW, [[150, 150], [250, 150]], [[100, 150], [300, 150]], box);
    expect(view.k).toBe(2);
    // The map point at (200, 150) was between the fingers; it still is: x + k·200 = 200.
    expect(view.x + view.k * 200).toBeCloseTo(200);
    expect(view.y + view.k * 150).toBeCloseTo(150);
  });

  it('pans with one finger once zoomed, and never past the map\'s edge', () => {
    const zoomed = { k: 2, x: -200, y: -150 };
    expect(gestureView(zoomed, [[100, 100]], [[150, 80]], box)).toEqual({ k: 2, x: -150, y: -170 });
    // Dragged far right and down: the map's top left corner stops at the box's.
    expect(gestureView(zoomed, [[100, 100]], [[900, 900]], box)).toEqual({ k: 2, x: 0, y: 0 });
    // Not zoomed, the whole map is in view: a drag moves nothing.
    expect(gestureView(FIT_VIEW, [[100, 100]], [[160, 40]], box)).toEqual(FIT_VIEW);
  });

  it('zooms no further out than the whole map, nor in than its limit, the pinch point staying put', () => {
    expect(gestureView(FIT_VIEW, [[100, 150], [300, 150]], [[190, 150], [210, 150]], box)).toEqual(FIT_VIEW);
    const far = gestureView(FIT_VIEW, [[190, 150], [210, 150]], [[0, 150], [400, 150]], box);
    expect(far.k).toBe(PHONE_MAX_ZOOM);
    expect(far.x + far.k * 200).toBeCloseTo(200);
  });

  it('keeps any view within the box', () => {
    expect(keptInBox({ k: 0.5, x: 40, y: -10 }, 400, 300)).toEqual(FIT_VIEW);
    expect(keptInBox({ k: 3, x: -2000, y: 10 }, 400, 300)).toEqual({ k: 3, x: -800, y: 0 });
  });

  it('zooms about the middle with the buttons', () => {
    const view = zoomedBy(FIT_VIEW, 2, box);
    expect(view).toEqual({ k: 2, x: -200, y: -150 });
    expect(zoomedBy(view, 0.5, box)).toEqual(FIT_VIEW);
  });

  it('tells a double tap from two taps apart in time or place', () => {
    const first = { at: 1000, x: 50, y: 50 };
    expect(isDoubleTap(first, { at: 1300, x: 60, y: 45 })).toBe(true);
    expect(isDoubleTap(first, { at: 1400, x: 50, y: 50 })).toBe(false);
    expect(isDoubleTap(first, { at: 1100, x: 120, y: 50 })).toBe(false);
    expect(isDoubleTap(null, first)).toBe(false);
  });
});
