import { possessive } from '../core/checks';
import { isRulesetEvent, type EncounterEvent, type EventOf } from '../core/events';
import { spaceEvent } from '../space/events';
import { isSpaceEvent } from '../core/maps/space-events';
import { startsAt } from '../space/voice';
import { logDice } from '../core/log-dice';
import {
  combatant,
  expiredText,
  healthLeft,
  plural,
  present,
  saveDice,
  told,
  verb,
  type Told,
} from '../core/told';
import { markNamed } from '../core/marks';
import type { ConditionTimer, Id } from '../core/state';
import type { Voice } from '../core/voice';
import { slotLabel } from '../core/economy';
import { statusOf } from '../core/health';

export type { Told } from '../core/told';


// Events told in plain sentences, for one audience (see voice.ts). The GM hears everything; the
// players hear only what the player view would let them see: nothing about hidden characters,
// factions or places, no GM notes or free text the GM typed, no stats, no gear or conditions and
// no exact health of characters outside the player factions. Event types that only concern the
// GM (display settings, notes, stats, gear, settings, the dice roller, laying out the space) are not told to
// the players at all.

/**
 * One event in words for the voice's audience, or null when there is nothing to tell it (an
 * event without news, or one the audience may not hear about).
 */
export function describe(event: EncounterEvent, v: Voice): Told | null {
  if (isRulesetEvent(event)) return v.ruleset.own?.events?.[event.type]?.tell(event, v) ?? null;
  if (isSpaceEvent(event)) return spaceEvent(event).tell(event, v);
  const gm = v.audience === 'gm';
  const who = v.who.bind(v);
  switch (event.type) {
    case 'encounter-created':
      return told(`The encounter "${event.name}" is set up for ${v.ruleset.name ?? event.rulesetId}.`);
    case 'faction-added':
      return gm ? told(`${event.faction.name} join the encounter as a faction.`) : null;
    case 'combatant-added': {
      const name = who(event.combatant.id);
      if (name === null) return null;
      const where = startsAt(v, event.combatant);
      const hidden = gm && event.combatant.concealed ? ', hidden from the players' : '';
      const init = event.initiative;
      const dice = init ? [...present([init.roll]).map((r) => logDice(name, 'initiative', r)), ...init.tiebreaks.map((r) => logDice(name, 'initiative tie-break', r))] : [];
      const joins = v.before.status === 'running' ? 'joins the fight' : 'is added';
      return told(`${name} ${joins}${where}${hidden}${init ? ` (initiative ${init.total})` : ''}${gmRuled(event, gm)}.`, [event.combatant.id], dice);
    }
    case 'combat-started': {
      const byId = new Map(event.initiative.map((e) => [e.combatantId, e]));
      const shown = event.order.filter((id) => who(id) !== null);
      const order = shown.map((id) => `${who(id)}${byId.has(id) ? ` ${byId.get(id)?.total}` : ''}`);
      const dice = shown.flatMap((id) => {
        const e = byId.get(id);
        if (!e) return [];
        return [...present([e.roll]).map((r) => logDice(who(id), 'initiative', r)), ...e.tiebreaks.map((r) => logDice(who(id), 'initiative tie-break', r))];
      });
      const initiative = event.initiative.length > 0 && order.length > 0 ? ` Initiative: ${order.join(', ')}.` : '';
      return told(`The fight begins.${initiative}${openingText(event, v)}${expiredText(v, event.expired)}`, shown, dice);
    }
    case 'turn-advanced': {
      const name = who(event.activeId);
      const round = event.round !== v.before.round ? `Round ${event.round}` : '';
      if (name === null) return round ? told(`${round}.${expiredText(v, event.expired)}`) : null;
      if (event.passedOver) {
        const fallen = fallenWord(v, event.activeId);
        return told(`${round ? `${round}: ` : ''}The turn passes over ${name}${fallen ? ` (${fallen})` : ''}.${expiredText(v, event.expired)}`, [event.activeId]);
      }
      return told(`${round ? `${round}: ` : ''}${possessive(name)} turn.${expiredText(v, event.expired)}`, [event.activeId]);
    }
    case 'turn-set': {
      const name = who(event.activeId);
      return name === null ? null : told(`The turn goes back to ${name} (round ${event.round}).`, [event.activeId]);
    }
    case 'combat-ended':
      return told(`The fight is over.${expiredText(v, event.expired)}`, (event.expired ?? []).map((x) => x.combatantId).filter((id) => who(id) !== null));
    case 'scene-ended':
      return told(`The scene ends.${expiredText(v, event.expired)}`, (event.expired ?? []).map((x) => x.combatantId).filter((id) => who(id) !== null));
    case 'combatant-damaged': {
      const name = who(event.combatantId);
      if (name === null) return null;
      return told(`${name} takes ${event.amount} damage${healthLeft(v, event.combatantId, event.tracks)}.`, [event.combatantId], [], [`${name} takes ${event.amount}`]);
    }
    case 'combatant-healed': {
      const name = who(event.combatantId);
      if (name === null) return null;
      return told(`${name} heals ${event.amount}${healthLeft(v, event.combatantId, event.tracks)}.`, [event.combatantId], [], [`${name} heals ${event.amount}`]);
    }
    case 'track-set': {
      const name = who(event.combatantId);
      if (name === null || !v.exact(event.combatantId)) return null;
      const label = v.ruleset.character.tracks.find((t) => t.key === event.track)?.label.toLowerCase() ?? event.track;
      // "The GM sets…": a label may be plural ("hit points"), so no verb has to agree with it.
      return told(`The GM sets ${possessive(name)} ${label} to ${event.value.value} of ${event.value.max}.`, [event.combatantId]);
    }
    case 'stat-set': {
      const name = who(event.combatantId);
      if (!gm || name === null) return null;
      const label = v.ruleset.character.stats.find((s) => s.key === event.stat)?.label ?? event.stat;
      return told(`${possessive(name)} ${label} is set to ${event.value}${gmRuled(event, gm)}.`, [event.combatantId]);
    }
    case 'condition-added': {
      const name = who(event.combatantId);
      if (name === null || !v.exact(event.combatantId)) return null;
      const dice = event.roll ? [logDice(name, `${event.condition.name}: rounds`, event.roll)] : [];
      const timer = event.condition.timer;
      return told(`${name} is now ${event.condition.name}${timer ? ` (${durationWords(timer, v)})` : ''}.`, [event.combatantId], dice);
    }
    case 'condition-timer-set': {
      const name = who(event.combatantId);
      if (name === null || !v.exact(event.combatantId)) return null;
      const condition = combatant(v.before, event.combatantId)?.conditions.find((c) => c.id === event.conditionId)?.name ?? 'a condition';
      const dice = event.roll ? [logDice(name, `${condition}: rounds`, event.roll)] : [];
      return told(`${possessive(name)} ${condition} now lasts ${event.timer ? durationWords(event.timer, v) : 'until removed'}.`, [event.combatantId], dice);
    }
    case 'condition-removed': {
      const name = who(event.combatantId);
      if (name === null || !v.exact(event.combatantId)) return null;
      const condition = combatant(v.before, event.combatantId)?.conditions.find((c) => c.id === event.conditionId)?.name ?? 'a condition';
      return told(`${name} is no longer ${condition}.`, [event.combatantId]);
    }
    case 'combatant-renamed': {
      const was = v.was(event.combatantId);
      const now = who(event.combatantId);
      // The players hear of it only when they saw the real name before and see it now.
      if (was === null || now === null || (!gm && now !== event.name)) return null;
      if (!gm && was !== combatant(v.before, event.combatantId)?.name) return null;
      return told(`${was} is now called ${event.name}.`, [event.combatantId]);
    }
    case 'faction-changed': {
      const name = who(event.combatantId);
      const faction = v.faction(event.factionId);
      if (name === null || faction === null) return null;
      return told(`${name} now fights for ${faction}.`, [event.combatantId]);
    }
    case 'concealment-set': {
      const name = who(event.combatantId);
      if (name === null) return null;
      if (event.concealed) return gm ? told(`${name} is hidden from the players.`, [event.combatantId]) : null;
      return told(`${name} is revealed.`, [event.combatantId], [], [`${name} is revealed`]);
    }
    case 'notes-set': {
      const name = who(event.combatantId);
      return gm && name !== null ? told(`${possessive(name)} notes are changed.`, [event.combatantId]) : null;
    }
    case 'order-set': {
      if (!gm) return null;
      if (event.initiative) return told(`${possessive(who(event.initiative.combatantId) ?? 'someone')} initiative is set to ${event.initiative.total}.`, [event.initiative.combatantId]);
      return told(`The turn order is changed: ${event.order.map((id) => who(id)).join(', ')}.`, [...event.order]);
    }
    case 'combatant-removed': {
      const name = who(event.combatantId);
      return name === null ? null : told(`${name} is removed from the encounter.`, [event.combatantId]);
    }
    // The name, maximum and count are the event's own, so the line reads as it was then.
    case 'resource-used': {
      const name = who(event.combatantId);
      if (!gm || name === null) return null;
      return told(`${name} uses ${event.name}${event.amount > 1 ? ` ×${event.amount}` : ''} (${Math.max(0, event.max - event.used)} of ${event.max} left).`, [event.combatantId]);
    }
    case 'resource-set': {
      const name = who(event.combatantId);
      if (!gm || name === null) return null;
      return told(`${possessive(name)} ${event.name} is set to ${Math.max(0, event.max - event.used)} of ${event.max} left.`, [event.combatantId]);
    }
    case 'dice-rolled':
      // The GM's own dice roller: the label is free text, so the players never get it.
      if (!gm) return null;
      return told(`The GM rolls ${event.roll.notation}${event.label ? ` for "${event.label}"` : ''}: ${event.roll.total}.`, [], [logDice(null, event.label || 'roll', event.roll)]);
    case 'sides-ordered': {
      const shown = event.order.flatMap((id) => event.rolls.filter((r) => r.factionId === id && v.faction(id) !== null));
      const places = shown.map((r) => `${v.faction(r.factionId)} ${r.roll.total}${r.wonTie ? ' (wins the tie)' : ''}${r.tiebreaks.length ? ` (tie broken: ${r.tiebreaks.map((t) => t.total).join(', ')})` : ''}`);
      const dice = shown.flatMap((r) => [logDice(v.faction(r.factionId), 'side initiative', r.roll), ...r.tiebreaks.map((t) => logDice(v.faction(r.factionId), 'side initiative tie-break', t))]);
      if (!event.joined) return told(`The sides roll for their place in the round: ${places.join(', ')}.`, [], dice);
      const order = event.order.map((id) => v.faction(id)).filter((name) => name !== null);
      return told(`${places.join(', ').replace(/ (\d+)( \(wins the tie\))?(?=,|$)/g, ' join the order with $1$2')}: ${order.join(', ')}.`, [], dice);
    }
    case 'initiative-held': {
      const faction = v.faction(event.factionId);
      if (faction === null) return null;
      return told(`${faction} hold the initiative${event.roll ? ' (drawn at random)' : ''}.`, [], event.roll ? [logDice(null, 'who holds the initiative', event.roll)] : []);
    }
    case 'phase-started':
      return phaseStarted(event, v);
    case 'first-faction-chosen': {
      const faction = v.faction(event.factionId);
      return faction === null ? null : told(`${faction} go first.`);
    }
    case 'turn-taken': {
      const name = who(event.combatantId);
      return name === null ? null : told(`${name} takes their turn.${expiredText(v, event.expired)}`, [event.combatantId]);
    }
    case 'turn-ended': {
      const name = who(event.combatantId);
      return name === null ? null : told(`${name} ends their turn.${expiredText(v, event.expired)}`, [event.combatantId]);
    }
    case 'faction-passed': {
      const faction = v.faction(event.factionId);
      return faction === null ? null : told(`${faction} pass.`);
    }
    case 'go-moved': {
      const skipped = present(event.skipped.map((id) => v.faction(id)));
      return skipped.length > 0 ? told(`${skipped.join(', ')}: nobody left to act, so they pass.`) : null;
    }
    case 'reaction-taken': {
      const name = who(event.combatantId);
      if (name === null) return null;
      const what = gm && event.what ? ` (${event.what})` : '';
      return told(`${name} reacts${what}, spending their turn.`, [event.combatantId]);
    }
    case 'action-used': {
      const name = who(event.combatantId);
      if (name === null) return null;
      const note = gm && event.note ? ` (${event.note})` : '';
      const outOfTurn = v.before.activeId !== event.combatantId ? ', out of turn' : '';
      const label = event.uses ? (v.ruleset.character.tracks.find((t) => t.key === event.uses?.track)?.label.toLowerCase() ?? event.uses.track) : '';
      const uses = event.uses && v.exact(event.combatantId) ? ` (${event.uses.amount} ${label})` : '';
      return told(`${name}${outOfTurn}: ${event.actionId.replace('-', ' ')}${uses}${note}${gmRuled(event, gm)}.${expiredText(v, event.expired)}`, [event.combatantId]);
    }
    case 'mark-set': {
      const name = who(event.combatantId);
      // A mark this version doesn't know (from a newer or damaged log) is told by its id, to the GM only.
      const mark = markNamed(v.ruleset, event.mark) ?? { set: `is marked ${event.mark}`, cleared: `is no longer marked ${event.mark}`, gmOnly: true };
      if (name === null || (!gm && mark.gmOnly)) return null;
      return told(`${name} ${event.on ? mark.set : mark.cleared}.`, [event.combatantId]);
    }
    case 'trait-set': {
      // A character's traits are the GM's notes on them: the players hear of them in play.
      const name = who(event.combatantId);
      if (name === null || !gm) return null;
      const trait = v.ruleset.character.traits?.find((t) => t.key === event.trait)?.label ?? event.trait;
      return told(`${name} ${event.on ? 'is now' : 'is no longer'} ${trait}${gmRuled(event, gm)}.`, [event.combatantId]);
    }
    case 'team-order-set': {
      const names = event.order.map((id) => v.faction(id)).filter((n): n is string => n !== null);
      return names.length > 0 ? told(`The teams take their goes in this order: ${names.join(', ')}${gmRuled(event, gm)}.`) : null;
    }
    case 'initiative-faction-set':
      if (!gm) return null;
      return told(event.factionId ? `${v.faction(event.factionId)} will hold the initiative when the fight starts.` : 'Who holds the initiative will be drawn when the fight starts.');
    case 'setting-set': {
      if (!gm) return null;
      const setting = v.ruleset.settings.find((s) => s.key === event.key);
      const label = setting?.label ?? event.key;
      if (typeof event.value === 'boolean') return told(`The setting "${label}" is turned ${event.value ? 'on' : 'off'}.`);
      // A choice reads as the option's own words, not its stored value.
      const option = setting?.kind === 'choice' ? setting.options.find((o) => o.value === event.value)?.label : undefined;
      return told(`The setting "${label}" is set to ${option ?? String(event.value)}.`);
    }
    // What the players see (the player view): the GM's business.
    case 'player-factions-set':
      if (!gm) return null;
      return told(event.factionIds.length ? `The players see ${event.factionIds.map((id) => v.faction(id)).join(', ')} in full.` : 'The players see no faction in full.');
    case 'enemy-health-set':
      if (!gm) return null;
      return told(event.mode === 'none' ? 'The players no longer see how hurt anyone else is.' : 'The players see how hurt everyone else looks.');
    case 'player-name-set': {
      const name = who(event.combatantId);
      if (!gm || name === null) return null;
      return told(event.name === null ? `The players see ${name} under the default name again.` : `The players see ${name} as "${event.name}".`, [event.combatantId]);
    }
    case 'name-revealed': {
      const name = who(event.combatantId);
      if (!gm || name === null) return null;
      return told(`The players ${event.revealed ? 'now see' : 'no longer see'} ${possessive(name)} real name.`, [event.combatantId]);
    }
    case 'conditions-shown-set': {
      const name = who(event.combatantId);
      if (!gm || name === null) return null;
      return told(`The players ${event.shown ? 'now see' : 'no longer see'} ${possessive(name)} conditions.`, [event.combatantId]);
    }
    case 'hidden-until-turn-set': {
      const name = who(event.combatantId);
      if (!gm || name === null) return null;
      return told(event.hidden ? `${name} stays off the players' view until their first turn.` : `${name} is shown to the players.`, [event.combatantId]);
    }
  }
}

// How long a timed condition lasts: "2 rounds", "2 rounds, counted at each round's end",
// "until the fight ends".
// How the one passed over is out of the fight, in the words the mark that took them out was told
// in; "down" only to an audience that may know how hurt they are (else nothing: null).
function fallenWord(v: Voice, id: Id): string | null {
  const c = v.before.combatants.find((x) => x.id === id);
  const status = c ? statusOf(v.ruleset, c) : null;
  if (status?.level === 'out') return status.why;
  return v.exact(id) || v.looks(id) !== null ? 'down' : null;
}

function durationWords(timer: ConditionTimer, v: Voice): string {
  if (timer.endsOn === 'fight-end') return 'until the fight ends';
  if (timer.endsOn === 'scene-end') return 'until the scene ends';
  if (timer.endsOn === 'next-action') {
    const slot = slotLabel(v.ruleset.turn.economy, timer.slot);
    return `until ${possessive(v.who(timer.anchorId) ?? 'someone')} next ${slot}`;
  }
  const rounds = `${timer.remaining} ${plural(timer.remaining, 'round')}`;
  return timer.endsOn === 'round-end' ? `${rounds}, counted at each round's end` : rounds;
}

// The opening phase a fight in a fixed order begins with, in its procedure's words.
function openingText(event: EventOf<'combat-started'>, v: Voice): string {
  const opening = v.ruleset.turn.order.opening;
  if (!event.opening || !opening) return '';
  return ` ${v.audience === 'gm' ? opening.started.gm : opening.started.players}`;
}

// A phase opening, in the words its procedure declares (an opening phase, the two halves of a
// gated round); a plain round is just its number.
function phaseStarted(event: EventOf<'phase-started'>, v: Voice): Told {
  const proc = v.ruleset.turn.order;
  const alternating = proc?.kind === 'alternating' ? proc : null;
  const gate = alternating?.gate ?? null;
  const dice = event.gate ? [logDice(null, gate?.dieLabel ?? 'gate die', event.gate)] : [];
  const opening = proc?.opening;
  const ended = expiredText(v, event.expired);
  const ids = (event.expired ?? []).map((x) => x.combatantId).filter((id) => v.who(id) !== null);
  if (opening && event.phase === opening.phase) return told(v.audience === 'gm' ? opening.started.gm : opening.started.players, [], dice);
  if (gate && event.phase === gate.second) return told(gate.secondStarted(event.round) + ended, ids, dice);
  if (gate && event.phase === gate.first) return told(gate.firstStarted(event.round, event.gate?.total ?? null) + ended, ids, dice);
  return told(`Round ${event.round}.${ended}`, ids, dice);
}



/** ", the GM's ruling" after a step the ruleset refused and the GM overruled; the GM's log only. */
function gmRuled(event: { ruling?: true }, gm: boolean): string {
  return event.ruling && gm ? " (the GM's ruling)" : '';
}
