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

/** What one event means at the table, or null for events the other panels already show. */
export function narrate(event: EncounterEvent, state: EncounterState): string | null {
  const name = (id: string | null) => state.combatants.find((c) => c.id === id)?.name ?? 'someone';
  const faction = (id: string | null) => state.factions.find((f) => f.id === id)?.name ?? 'nobody';
  const zone = (id: string | null) => state.zones.find((z) => z.id === id)?.name ?? 'nowhere';
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
    case 'moved':
      return `${name(event.combatantId)} moves from ${zone(event.from)} to ${zone(event.to)}${event.carried.length ? `, dragging ${event.carried.map(name).join(', ')}` : ''}.`;
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
  for (let i = events.length - 1; i >= 0 && lines.length < limit; i--) {
    const event = events[i];
    const text = event ? narrate(event, state) : null;
    if (text) lines.push({ key: String(i), text });
  }
  return lines;
}
