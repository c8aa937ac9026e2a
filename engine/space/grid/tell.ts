import { told, verb, type Told } from '../../core/told';
import type { Voice } from '../../core/voice';
import type { Footprint } from '../../core/maps/grid-map';
import type { GridSpaceEvent, GridSpaceEventOf } from '../../core/maps/grid-events';

// The grid's events in the log's sentences, for the voice's audience: laying out maps and fog is
// the GM's business; where someone is placed or walks, and a door, everyone who may see them hears.

/** One of the grid's events in a sentence for the voice's audience, or null to say nothing. */
export function tellGridEvent(event: GridSpaceEvent, v: Voice): Told | null {
  const gm = v.audience === 'gm';
  const who = v.who.bind(v);
  switch (event.type) {
    case 'grid-set': {
      if (!gm) return null;
      const { width, height, cellSize, unit } = event.grid.map;
      const off = event.unplaced.length ? ` ${verb(event.unplaced.map((id) => who(id) ?? 'someone'), 'no longer has room on it and is taken off', 'no longer have room on it and are taken off')}.` : '';
      return told(`The grid map "${event.grid.name}" is laid out: ${width} × ${height} squares of ${cellSize} ${unit}.${off}`, [...event.unplaced]);
    }
    case 'grid-cleared': {
      // The players hear no names: some may have stood in the fog until now.
      if (!gm) return told('The grid map is taken away.', []);
      const off = event.unplaced.filter((id) => who(id) !== null);
      return told(`The grid map is taken away${off.length ? `; ${verb(off.map((id) => who(id) ?? ''), 'no longer stands', 'no longer stand')} on it` : ''}.`, off);
    }
    case 'placed-on-grid': {
      const name = who(event.combatantId);
      if (name === null) return null;
      return told(event.square ? `${name} is placed on ${where(v, event.square)}.` : `${name} is taken off the map.`, [event.combatantId]);
    }
    case 'walked':
      return walked(event, v);
    case 'door-set': {
      const where = v.edge(event);
      return where === null ? null : told(`The door on ${where} ${event.open ? 'opens' : 'shuts'}.`, []);
    }
    case 'fog-set': {
      if (!gm) return null;
      const n = event.cells.length;
      return told(`${n} square${n === 1 ? '' : 's'} ${n === 1 ? 'is' : 'are'} ${event.hidden ? 'hidden from' : 'shown to'} the players.`, []);
    }
  }
}

/** "C4", or "C4 (2 × 2 squares)" for a large creature. */
function where(v: Voice, at: Footprint): string {
  return at.size > 1 ? `${v.square(at)} (${at.size} × ${at.size} squares)` : v.square(at);
}

function walked(event: GridSpaceEventOf<'walked'>, v: Voice): Told | null {
  const name = v.who(event.combatantId);
  if (name === null) return null;
  const from = event.path[0];
  const to = event.path[event.path.length - 1];
  if (!from || !to) return null;
  // The foes whose reach the walker leaves for good along the way, each named once.
  const left = [...new Set(event.leaving.flatMap((l) => l.before.filter((id) => !l.after.includes(id))))].map((id) => v.who(id)).filter((n): n is string => n !== null);
  const leaving = left.length ? `, leaving the reach of ${left.join(', ')}` : '';
  return told(`${name} walks from ${v.square(from)} to ${v.square(to)} (${v.length(event.distance)})${leaving}.`, [event.combatantId]);
}
