import { isRecord } from '../../json';
import { failure, type Result } from '../../result';
import { isStoredPicture } from '../zones/check-map';
import type { MapBackground } from '../../core/maps/zone-map';
import { checkGridMap } from './check-grid';
import { emptyGridMap, type GridMap } from '../../core/maps/grid-map';

// A grid map as the campaign keeps it among its maps: the map, marked `kind: 'grid'` (zone maps,
// which came first, carry no kind), with its background picture (whose bytes never go into a fight's log).

/** A grid map entry's data in the campaign. */
export interface StoredGridMap extends GridMap {
  readonly kind: 'grid';
  readonly background: MapBackground | null;
}

/** Whether a map entry's data is a grid map (else it is a zone map). */
export function isGridEntry(data: unknown): boolean {
  return isRecord(data) && data.kind === 'grid';
}

/** Checks a stored grid map: the map as `checkGridMap` does, and its picture. */
export function checkStoredGridMap(value: unknown, label: string): Result<StoredGridMap> {
  const map = checkGridMap(value, label);
  if (!map.ok) return map;
  const background = isRecord(value) ? (value.background ?? null) : null;
  if (background !== null && !isStoredPicture(background)) {
    return failure('grid/invalid', `${label}: the background picture must be a PNG, JPEG or WebP picture in base64, under about 3 MB, with its size; import it again.`);
  }
  return { ok: true, value: { ...map.value, kind: 'grid', background: background === null ? null : { ...background } } };
}

/** A blank grid map to start drawing on. */
export function blankStoredGrid(width?: number, height?: number, cellSize?: number, unit?: 'ft' | 'm'): StoredGridMap {
  return { ...emptyGridMap(width, height, cellSize, unit), kind: 'grid', background: null };
}
