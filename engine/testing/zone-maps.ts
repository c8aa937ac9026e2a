import type { ZoneMap } from '../core/maps/zone-map';
import { mapZone, rectPoints } from '../test-support';

/** Zone maps that tests of more than one kind (engine and end-to-end) lay out. */

/** The yard, with a bonfire in it (a hazard), beside the hall. */
export const BONFIRE_YARD: ZoneMap = {
  width: 200,
  height: 100,
  background: null,
  zones: [mapZone('yard', rectPoints(0, 0, 100), { name: 'Yard', hazard: 'Bonfire: d6 burns' }), mapZone('hall', rectPoints(100, 0, 100), { name: 'Hall' })],
  links: [],
  barriers: [],
  grid: 10,
};
