import type { Ruleset } from './ruleset';
import type { EncounterState, Id } from './state';
import type { GridEdge, Cell } from './maps/grid-map';

// How the log's sentences name things for one audience: the interface every event's `tell` is
// given (the core's, a space's, a ruleset's). Built by `log/voice.ts` (who and what) and
// `space/voice.ts` (places).

/** How a voice names zones and borders. */
export interface ZonesVoice {
  /** A zone's name; 'nowhere' for none, 'somewhere out of sight' for a zone this audience can't see. */
  zone(id: Id | null): string;
  /** "the border between Ford and Bank", or "a border". */
  border(id: Id): string;
}

/** How a voice names squares, edges and lengths on the grid. */
export interface GridVoice {
  /** "C4", or "somewhere out of sight" for a square this audience can't see. */
  square(cell: Cell): string;
  /** "20 ft", "3 m". */
  length(distance: number): string;
  /** "the left edge of C4", "the bottom edge of H12"; null for an edge this audience can't see (both sides in the fog). */
  edge(edge: Pick<GridEdge, 'x' | 'y' | 'side'>): string | null;
}

/** How a voice names places: the part of `Voice` that is the space's. */
export type SpaceVoice = ZonesVoice & GridVoice;

/** Where the log is told from. */
export type Audience = 'gm' | 'players';

/** Names and knowledge for one audience at the moment of one event; places are named by the space's part. */
export interface Voice extends SpaceVoice {
  readonly audience: Audience;
  /** The state just before the event and just after it. */
  readonly before: EncounterState;
  readonly after: EncounterState;
  readonly ruleset: Ruleset | undefined;
  /** The character's name as this audience knows them, or null when they may not see them. */
  who(id: Id | null): string | null;
  /** Their name just before the event (for renames). */
  was(id: Id): string | null;
  /** A faction's name, or null when this audience may not know of it. */
  faction(id: Id | null): string | null;
  /** May know this character's exact health, armour, gear, conditions and stats. */
  exact(id: Id): boolean;
  /** How hurt a character this audience may not know exactly looks after the event, or null to say nothing. */
  looks(id: Id): string | null;
}
