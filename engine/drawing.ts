/**
 * The engine's second entry, for code that draws a battle map or the players' screen without
 * loading the rules: plane geometry, drawn zone maps and their borders, the stored picture check,
 * grid maps, the players' screen format and a character's health status. Nothing here registers a
 * ruleset, so the players' page (its own bundle, issue 14) and the preload that checks what it is
 * sent stay small; `engine/index.ts` loads every built-in ruleset. Outside code imports the engine
 * through `engine/index.ts`, this file, `engine/campaign/index.ts` or a ruleset's `index.ts` only.
 *
 * @packageDocumentation
 */

export type { Combatant, Id } from './core/state';
export type { Ruleset } from './core/ruleset';
export { statusOf } from './core/health';
export type { PlayerCombatant } from './views/player-view';
export { PLAYER_SCREEN_VERSION, type PlayerScreen, type ShownCountdown, type ShownRoll } from './campaign/player-screen';

export type { MapBackground, MapBorder, MapZone, Point, ZoneMap } from './core/maps/zone-map';
export { boundsTouch, distanceToSegment, pointInPolygon, polygonBounds, polygonCentroid, sharedSegments, type Bounds } from './space/zones/geometry';
export { deriveBorders } from './space/zones/borders';
export { isStoredPicture, MAX_BACKGROUND_CHARS } from './space/zones/check-map';
export { CELL_CODES, columnName, SLIT_OPENING, type Cell, type CellHeight, type CellKind, type EdgeKind, type GridAlignment } from './core/maps/grid-map';
