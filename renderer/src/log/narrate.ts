import { possessive, type EncounterEvent, type EncounterState } from '../../../engine/index';

/** One line of the fight log: what happened, in words for the GM. */
export interface Line {
  key: string;
  text: string;
}

const MARK_WORDS: Record<string, string> = {
  dead: 'is dead',
  surrendered: 'surrenders',
  retreated: 'retreats',
  'morale-immune': 'holds their nerve',
  'fear-immune': 'is fearless',
};

/** Zone names and borders by id, from every zone list and map an encounter has had. */
export interface Places {
  zones: Map<string, string>;
  borders: Map<string, { a: string; b: string }>;
}

/**
 * The zones and borders named anywhere in the log, the state's own last, so a line about a zone
 * still names it after the map was changed or taken away.
 */
export function placesOf(events: readonly EncounterEvent[], state: EncounterState): Places {
  const places: Places = { zones: new Map(), borders: new Map() };
  const add = (zones: readonly { id: string; name: string }[], borders: readonly { id: string; a: string; b: string }[]) => {
    for (const z of zones) places.zones.set(z.id, z.name);
    for (const b of borders) places.borders.set(b.id, { a: b.a, b: b.b });
  };
  for (const e of events) {
    if (e.type === 'zones-set') add(e.zones, []);
    if (e.type === 'map-set') add(e.zones, e.borders);
  }
  add(state.zones, state.borders ?? []);
  return places;
}

/** "Goblin no longer stands", "Goblin, Orc no longer stand". */
const verb = (names: string[], one: string, many: string) => `${names.join(', ')} ${names.length === 1 ? one : many}`;

/** What one event means at the table, or null for events the other panels already show. */
export function narrate(event: EncounterEvent, state: EncounterState, places: Places = placesOf([], state)): string | null {
  const name = (id: string | null) => state.combatants.find((c) => c.id === id)?.name ?? 'someone';
  const faction = (id: string | null) => state.factions.find((f) => f.id === id)?.name ?? 'nobody';
  const zone = (id: string | null) => (id === null ? undefined : places.zones.get(id)) ?? 'nowhere';
  const border = (id: string) => {
    const b = places.borders.get(id);
    return b ? `the border between ${zone(b.a)} and ${zone(b.b)}` : 'a border';
  };
  switch (event.type) {
    case 'initiative-held':
      return `${faction(event.factionId)} hold the initiative${event.roll ? ' (drawn at random)' : ''}.`;
    case 'phase-started':
      if (event.phase === 'ambush') return 'Ambush: only concealed characters act.';
      if (event.phase === 'slow') return `Round ${event.round}, slow phase.`;
      if (event.phase === 'fast' && !event.threshold) return `Round ${event.round}, fast phase: waiting for the threshold d20.`;
      return `Round ${event.round}${event.phase === 'fast' ? `, fast phase (threshold ${event.threshold?.total})` : ''}.`;
    case 'turn-taken':
      return `${name(event.combatantId)} takes their turn.`;
    case 'faction-passed':
      return `${faction(event.factionId)} pass.`;
    case 'go-moved':
      return event.skipped.length > 0 ? `${event.skipped.map(faction).join(', ')}: nobody left to act, so they pass.` : null;
    case 'reaction-taken':
      return `${name(event.combatantId)} reacts${event.what ? ` (${event.what})` : ''}, spending their turn.`;
    case 'action-used':
      return `${name(event.combatantId)}: ${event.actionId.replace('-', ' ')}${event.note ? ` (${event.note})` : ''}.`;
    case 'moved': {
      const dragging = event.carried.length ? `, dragging ${event.carried.map(name).join(', ')}` : '';
      // Logs from before borders have neither field: a move from zone to zone.
      const fromBorder = event.fromBorder ?? null;
      const toBorder = event.toBorder ?? null;
      if (toBorder && fromBorder) return `${name(event.combatantId)} moves from ${border(fromBorder)} onto ${border(toBorder)}${dragging}.`;
      if (toBorder) return `${name(event.combatantId)} steps onto ${border(toBorder)}${dragging}.`;
      if (fromBorder) return `${name(event.combatantId)} steps off ${border(fromBorder)} into ${zone(event.to)}${dragging}.`;
      return `${name(event.combatantId)} moves from ${zone(event.from)} to ${zone(event.to)}${dragging}.`;
    }
    case 'map-set': {
      const n = event.zones.length;
      const unplaced = event.unplaced.length ? ` ${verb(event.unplaced.map(name), 'no longer stands', 'no longer stand')} in any zone.` : '';
      const off = event.offBorder.length ? ` ${verb(event.offBorder.map(name), 'steps off a border that is gone', 'step off borders that are gone')}.` : '';
      return `The map "${event.map.name}" is laid out: ${n} zone${n === 1 ? '' : 's'}.${unplaced}${off}`;
    }
    case 'map-cleared':
      return `The map is taken away${event.unplaced.length ? `; ${verb(event.unplaced.map(name), 'no longer stands', 'no longer stand')} in any zone` : ''}.`;
    case 'morale-phase-started':
      return `Morale phase: ${event.due.map(faction).join(', ')} must check.`;
    case 'morale-skipped':
      return `${faction(event.factionId)}'s morale check is skipped.`;
    case 'attack-declared': {
      const who = `${name(event.attack.attackerId)}${event.asReaction ? ' (out of turn)' : ''}`;
      if (event.missed) return `${who} attacks and misses.`;
      if (event.deviation) {
        const d = event.deviation;
        const numbered = d.numbered.map((id, i) => `${i + 1} ${zone(id)}`).join(', ');
        const how = d.roll ? ` (neighbours ${numbered}; the d${d.numbered.length} shows ${d.roll.total})` : '';
        return `${who}'s blast misses ${zone(d.from)} and lands in ${zone(d.to)}${how}.`;
      }
      return `${who} attacks ${event.attack.targets.map(name).join(', ') || 'an empty zone'}.`;
    }
    case 'reaction-chosen': {
      const r = event.reaction;
      if (r.kind === 'hide-behind') return `${name(event.reactorId)} hides behind ${name(r.helperId)}.`;
      if (r.kind === 'guard') return `${name(event.reactorId)} guards ${name(event.targetId)}.`;
      if (r.kind === 'dodge') return `${name(event.reactorId)} tries to dodge.`;
      if (r.kind === 'counter') return `${name(event.reactorId)} counters.`;
      if (r.kind === 'accept-stunt') return `${name(event.reactorId)} accepts the stunt.`;
      return null;
    }
    case 'attack-resolved':
      return event.blows
        .map((b) => {
          const broke = b.broke.length ? ` ${b.broke.join(', ')} broke.` : '';
          if (!b.roll) return `${name(b.targetId)}: ${b.effect ?? 'no effect'}.${broke}`;
          // The health the blow left, as recorded then; logs from before it was recorded say nothing.
          const left = typeof b.healthAfter === 'number' ? ` (${b.healthAfter} health left)` : '';
          return `${name(b.attackerId)} hits ${name(b.targetId)} for ${b.damage} (${b.raw} − ${b.armour} armour)${b.effect && b.effect !== 'impaired' ? `: ${b.effect}` : ''}${b.effect === 'impaired' ? ', impaired' : ''}${left}.${broke}`;
        })
        .join(' ');
    case 'attack-cancelled':
      return 'The attack is called off.';
    case 'morale-checked':
      return event.results.map((r) => `${name(r.combatantId)} ${r.outcome === 'immune' ? 'holds' : MARK_WORDS[r.outcome]}`).join(', ') + '.';
    case 'chase-resolved':
      return event.results.map((r) => `${name(r.combatantId)} ${r.escaped ? 'escapes' : 'is caught'}`).join(', ') + '.';
    case 'gear-worn': {
      const worn = event.results.filter((r) => r.after !== r.before);
      return worn.length ? `Wear: ${worn.map((r) => `${name(r.combatantId)}'s ${r.name} is ${r.after}`).join(', ')}.` : 'Wear: all gear holds up.';
    }
    case 'grab-set':
      return event.grabbedBy ? `${name(event.combatantId)} is held by ${name(event.grabbedBy)}.` : `${name(event.combatantId)} is free.`;
    case 'mark-set':
      return event.on ? `${name(event.combatantId)} ${MARK_WORDS[event.mark]}.` : null;
    case 'concealment-set':
      return event.concealed ? null : `${name(event.combatantId)} is revealed.`;
    case 'combat-ended':
      return 'The fight is over.';
    // What the players see (the player view).
    case 'player-factions-set':
      return event.factionIds.length ? `The players see ${event.factionIds.map(faction).join(', ')} in full.` : 'The players see no faction in full.';
    case 'enemy-health-set':
      return event.mode === 'none' ? 'The players no longer see how hurt anyone else is.' : 'The players see how hurt everyone else looks.';
    case 'player-name-set':
      return event.name === null ? `The players see ${name(event.combatantId)} under the default name again.` : `The players see ${name(event.combatantId)} as "${event.name}".`;
    case 'name-revealed':
      return `The players ${event.revealed ? 'now see' : 'no longer see'} ${possessive(name(event.combatantId))} real name.`;
    case 'hidden-until-turn-set':
      return event.hidden ? `${name(event.combatantId)} stays off the players' view until their first turn.` : `${name(event.combatantId)} is shown to the players.`;
    // The name, maximum and count are the event's own, so the line reads as it was then.
    case 'resource-used':
      return `${name(event.combatantId)} uses ${event.name}${event.amount > 1 ? ` ×${event.amount}` : ''} (${Math.max(0, event.max - event.used)} of ${event.max} left).`;
    case 'resource-set':
      return `${possessive(name(event.combatantId))} ${event.name} is set to ${Math.max(0, event.max - event.used)} of ${event.max} left.`;
    default:
      return null;
  }
}

/** The fight log, newest first, from the event list (so undo takes lines out too). */
export function fightLog(events: readonly EncounterEvent[], state: EncounterState, limit = 60): Line[] {
  const lines: Line[] = [];
  const places = placesOf(events, state);
  for (let i = events.length - 1; i >= 0 && lines.length < limit; i--) {
    const event = events[i];
    const text = event ? narrate(event, state, places) : null;
    if (text) lines.push({ key: String(i), text });
  }
  return lines;
}
