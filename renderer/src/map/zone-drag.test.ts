import { describe, expect, it } from 'vitest';
import { addRectangle, blankMap, zoneById } from './editor-model';
import { draggedMap, sideHandleNear, startZoneDrag } from './zone-drag';

// A map with no snap grid and one zone from (100, 100) to (300, 200).
const map = addRectangle(blankMap(1000, 1000, 0), [100, 100], [300, 200], { id: 'z' });
const zone = zoneById(map, 'z')!;
const loose = { radius: 0, snap: false };

describe('dragging a zone or a corner in the editor', () => {
  it('picks up a corner first, then a side\'s dot as a new corner, then the zone itself', () => {
    expect(startZoneDrag(map, zone, [104, 98], 'z', 10, 'g')).toMatchObject({ kind: 'vertex', index: 0, inserted: false, start: map });
    const side = startZoneDrag(map, zone, [200, 102], 'z', 10, 'g');
    expect(side).toMatchObject({ kind: 'vertex', index: 1, inserted: true });
    expect(zoneById(side!.start, 'z')?.points).toHaveLength(5);
    expect(startZoneDrag(map, zone, [150, 150], 'z', 10, 'g')).toMatchObject({ kind: 'zone', zoneId: 'z' });
    expect(startZoneDrag(map, zone, [500, 500], null, 10, 'g')).toBeNull();
    expect(sideHandleNear(zone, [300, 150], 5)).toEqual({ after: 1, at: [300, 150] });
  });

  it('moves nothing until the pointer has gone a few pixels, then keeps the corner\'s offset from the pointer', () => {
    const drag = startZoneDrag(map, zone, [104, 98], 'z', 10, 'g')!;
    expect(draggedMap(drag, [105, 99], 2, loose, true)).toBeNull();
    const moved = draggedMap(drag, [124, 118], 2, loose, true);
    expect(zoneById(moved!, 'z')?.points[0]).toEqual([120, 120]);
    const whole = startZoneDrag(map, zone, [150, 150], 'z', 10, 'g')!;
    expect(zoneById(draggedMap(whole, [160, 170], 1, loose, true)!, 'z')?.points[0]).toEqual([110, 120]);
  });
});
