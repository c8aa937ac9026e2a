/**
 * Maps to start from. Each is drawn with our own shapes: zones that touch share their corners
 * exactly, so their borders derive by themselves; the hand-made links and barriers show what a
 * map can say beyond that (a cellar reached by the stairs, a drop off a bridge, a ruined wall).
 */
import { borderId, type Id, type MapLink, type MapZone, type Point, type ZoneMap, type ZoneTraits } from '../../../engine/index';

export interface MapTemplate {
  readonly id: string;
  /** What the new map is called. */
  readonly name: string;
  /** One line for the GM choosing. */
  readonly description: string;
  /** A fresh copy of the map. */
  readonly build: () => ZoneMap;
}

function zone(id: Id, name: string, colour: string, points: Point[], traits: Partial<ZoneTraits> = {}): MapZone {
  return { id, name, colour, points, hazard: null, difficult: false, concealment: false, cover: false, hidden: false, ...traits };
}

const link = (a: Id, b: Id, kind: MapLink['kind']): MapLink => ({ a, b, kind });

function tavern(): ZoneMap {
  return {
    width: 1600,
    height: 1000,
    background: null,
    grid: 50,
    zones: [
      zone('stairs', 'Stairs', '#c792ea', [[0, 0], [300, 0], [300, 300], [0, 300]], { difficult: true }),
      zone('common-room', 'Common room', '#ffb347', [[0, 300], [300, 300], [1000, 300], [1000, 850], [0, 850]], { cover: true }),
      zone('bar', 'Behind the bar', '#a1887f', [[1000, 300], [1300, 300], [1300, 850], [1000, 850]], { cover: true }),
      zone('kitchen', 'Kitchen', '#ff7a7a', [[1300, 300], [1600, 300], [1600, 850], [1300, 850]], {
        hazard: 'Open hearth and a boiling pot: whoever is shoved into them is burnt.',
      }),
      zone('cellar', 'Cellar', '#4dd0e1', [[1000, 40], [1580, 40], [1580, 250], [1000, 250]], { concealment: true }),
      zone('street', 'Street', '#4f8cff', [[0, 850], [1000, 850], [1300, 850], [1600, 850], [1600, 1000], [0, 1000]]),
    ],
    links: [
      // The stairs go down into the cellar, drawn apart from the ground floor.
      link('stairs', 'cellar', 'open'),
      // No way out from behind the bar but through the room: the front wall.
      link('bar', 'street', 'closed'),
    ],
    barriers: [],
  };
}

function bridge(): ZoneMap {
  return {
    width: 1600,
    height: 1000,
    background: null,
    grid: 50,
    zones: [
      zone('west-bank', 'West bank', '#6fe0a0', [[0, 0], [500, 0], [500, 420], [500, 580], [500, 1000], [0, 1000]], { cover: true }),
      zone('upstream', 'River, upstream', '#4dd0e1', [[500, 0], [1100, 0], [1100, 420], [500, 420]], { difficult: true }),
      zone('bridge', 'Bridge', '#ffb347', [[500, 420], [1100, 420], [1100, 580], [500, 580]]),
      zone('downstream', 'River, downstream', '#4f8cff', [[500, 580], [1100, 580], [1100, 1000], [500, 1000]], {
        difficult: true,
        hazard: 'Strong current: at the end of each round, swim against it or be carried off the map.',
      }),
      zone('east-bank', 'East bank', '#a1887f', [[1100, 0], [1600, 0], [1600, 1000], [1100, 1000], [1100, 580], [1100, 420]], {
        concealment: true,
      }),
    ],
    links: [
      // Over the parapet and into the water; no climbing back up.
      link('bridge', 'downstream', 'one-way'),
      link('bridge', 'upstream', 'one-way'),
      // The water flows on under the bridge.
      link('upstream', 'downstream', 'open'),
    ],
    barriers: [],
  };
}

function forestClearing(): ZoneMap {
  return {
    width: 1600,
    height: 1000,
    background: null,
    grid: 50,
    zones: [
      zone('north-thicket', 'North thicket', '#6fe0a0', [[0, 0], [1250, 0], [1225, 250], [1000, 230], [700, 300], [350, 250], [0, 250]], {
        concealment: true,
      }),
      zone('ruin', 'Ruined shrine', '#a1887f', [[0, 250], [350, 250], [350, 750], [0, 750]], { cover: true }),
      zone('clearing', 'Clearing', '#ffd75e', [[350, 250], [700, 300], [1000, 230], [1225, 250], [1175, 500], [1200, 750], [900, 780], [600, 720], [350, 750]]),
      zone('south-thicket', 'Bramble thicket', '#c792ea', [[0, 750], [350, 750], [600, 720], [900, 780], [1200, 750], [1270, 1000], [0, 1000]], {
        concealment: true,
        difficult: true,
      }),
      zone('stream', 'Stream', '#4dd0e1', [[1250, 0], [1400, 0], [1370, 250], [1330, 500], [1350, 750], [1420, 1000], [1270, 1000], [1200, 750], [1175, 500], [1225, 250]], {
        difficult: true,
      }),
      zone('far-bank', 'Far bank', '#4f8cff', [[1400, 0], [1600, 0], [1600, 1000], [1420, 1000], [1350, 750], [1330, 500], [1370, 250]]),
    ],
    links: [],
    // The shrine's wall still stands between it and the clearing: no shot goes through.
    barriers: [borderId('ruin', 'clearing')],
  };
}

/** The maps a new map can start from. */
export const MAP_TEMPLATES: readonly MapTemplate[] = [
  { id: 'tavern', name: 'Tavern', description: 'Common room, bar, kitchen, stairs down to the cellar, the street outside.', build: tavern },
  { id: 'bridge', name: 'Bridge', description: 'Two banks, the bridge between them and the river below: a drop with no way back up.', build: bridge },
  {
    id: 'forest-clearing',
    name: 'Forest clearing',
    description: 'A clearing between thickets, a stream to wade and a ruined shrine behind a wall.',
    build: forestClearing,
  },
];
