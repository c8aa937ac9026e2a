/**
 * Grid maps to start from: a tavern, a corridor with arrow slits, a courtyard with a ledge. Each is
 * built from rows drawn as text, so what it looks like can be read here.
 */
import { blankStoredGrid, type CellHeight, type GridEdge, type StoredGridMap } from '../../../engine/index';

export interface GridTemplate {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  build(): StoredGridMap;
}

const wall = (x: number, y: number, side: 'top' | 'left', kind: GridEdge['kind'] = 'wall'): GridEdge => ({ x, y, side, kind, open: false });

/** Walls all round a map's border, with gaps where `doors` say (which become doors). */
function borderWalls(width: number, height: number, doors: readonly GridEdge[] = []): GridEdge[] {
  const edges: GridEdge[] = [];
  for (let x = 0; x < width; x++) edges.push(wall(x, 0, 'top'), wall(x, height, 'top'));
  for (let y = 0; y < height; y++) edges.push(wall(0, y, 'left'), wall(width, y, 'left'));
  const key = (e: GridEdge) => `${e.side}:${e.x}:${e.y}`;
  const doorKeys = new Set(doors.map(key));
  return [...edges.filter((e) => !doorKeys.has(key(e))), ...doors];
}

function drawn(rows: readonly string[], edges: GridEdge[], heights: CellHeight[] = []): StoredGridMap {
  const width = rows[0]?.length ?? 1;
  return { ...blankStoredGrid(width, rows.length), rows: [...rows], edges, heights };
}

//   a bar (#) along the back, tables (#), a hearth (!) in the snug behind a wall with a door,
//   spilled ale (~) by the bar; the front door in the bottom wall
const TAVERN_ROWS = [
  '................',
  '..######...|....',
  '...~~~.....|....',
  '...........|....',
  '...##......|....',
  '...........|....',
  '........##.|....',
  '...........|.!!.',
  '...##......|....',
  '................',
  '................',
  '................',
].map((row) => row.replaceAll('|', '.'));

const CORRIDOR_ROWS = [
  '........................',
  '........................',
  '........................',
  '........................',
  '........................',
  '........................',
  '###########..###########',
  '###########..###########',
];

const COURTYARD_ROWS = [
  '....................',
  '....................',
  '....................',
  '....................',
  '....................',
  '.......~~...........',
  '.........##.........',
  '.........##....!....',
  '....................',
  '..~~~...............',
  '....................',
  '....................',
];

export const GRID_TEMPLATES: readonly GridTemplate[] = [
  {
    id: 'tavern',
    name: 'Tavern',
    description: 'A taproom of 16 × 12 squares: the bar, tables to fight round, a snug with a hearth behind a wall and a door, the front door in the bottom wall.',
    build: () => {
      const snug = Array.from({ length: 12 }, (_, y) => (y === 3 ? wall(11, y, 'left', 'door') : wall(11, y, 'left')));
      return drawn(TAVERN_ROWS, [...borderWalls(16, 12, [wall(7, 12, 'top', 'door')]), ...snug]);
    },
  },
  {
    id: 'corridor',
    name: 'Corridor with arrow slits',
    description: 'A corridor 3 squares wide under a gallery: the wall between them has arrow slits, so archers in the gallery shoot with full cover.',
    build: () => {
      const slits = new Set([3, 8, 15, 20]);
      const gallery = Array.from({ length: 24 }, (_, x) => wall(x, 3, 'top', slits.has(x) ? 'slit' : 'wall'));
      return drawn(CORRIDOR_ROWS, [...borderWalls(24, 8, [wall(0, 1, 'left', 'door')]), ...gallery]);
    },
  },
  {
    id: 'courtyard',
    name: 'Courtyard with a ledge',
    description: 'An open courtyard with a walkway 10 ft up along its top (reached by a step 5 ft up in the middle), a well, rubble and a brazier.',
    build: () => {
      const heights: CellHeight[] = [];
      for (let y = 0; y < 3; y++) for (let x = 0; x < 20; x++) heights.push({ x, y, height: 10 });
      heights.push({ x: 9, y: 3, height: 5 }, { x: 10, y: 3, height: 5 });
      return drawn(COURTYARD_ROWS, borderWalls(20, 12), heights);
    },
  },
];
