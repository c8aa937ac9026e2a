import type { Roll } from '../../dice/roll';
import { possessive } from '../../core/checks';
import type { Blow, NoReactionReason } from './attack';
import { noReactionsOf } from './no-reaction';
import { markNamed } from '../../core/marks';
import { healthLeft, mainTrack, present, saveDice, told, type Told } from '../../core/told';
import { logDice, type LogDice } from '../../core/log-dice';
import type { Voice } from '../../core/voice';
import type { MoraleResult, ZonesEventOf } from './events';
import type { Id } from '../../core/state';
import { zonesFight } from './slice';
import { revealCause } from './reveal';

// Zones & Factions' own events in words, for the GM and for the players: the players' words leave
// out whoever they can't see, and the names, gear and GM text that a blow's recorded effect may
// hold.

function damageDice(v: Voice, b: Blow): LogDice[] {
  const who = v.who(b.attackerId);
  const target = v.who(b.targetId);
  if (who === null) return [];
  const rolls: Roll[] = b.rolls && b.rolls.length > 0 ? b.rolls : b.roll ? [b.roll] : [];
  const purpose = `damage to ${target ?? 'someone'}${rolls.length > 1 ? ' (impaired: the lower counts)' : ''}`;
  return rolls.map((r) => logDice(who, purpose, r));
}

/** A blow's effect in words the audience may hear: no names, gear or GM text the players may not see. */
function effectText(v: Voice, b: Blow): string | null {
  const effect = b.effect;
  if (effect === null || v.audience === 'gm') return effect;
  const fixed = ['impaired', 'dodged', 'killed by a final blow', 'kept hold of their weapon', 'broke free of the grapple'];
  if (fixed.includes(effect)) return effect;
  if (effect.startsWith('grabbed by ')) {
    const by = v.who(b.attackerId);
    return by ? `grabbed by ${by}` : 'grabbed';
  }
  if (effect.startsWith('dropped ')) return v.exact(b.targetId) ? effect : 'dropped their weapon';
  if (effect.startsWith('accepted: ')) return 'accepted the stunt';
  if (effect.endsWith(' went down before this blow landed') || effect.endsWith(' went down before the hold landed')) {
    const who = v.who(b.attackerId);
    return `${who ?? 'the attacker'} went down before ${effect.endsWith('blow landed') ? 'this blow' : 'the hold'} landed`;
  }
  return null;
}

function blowText(v: Voice, b: Blow): { text: string; clause: string | null } | null {
  const target = v.who(b.targetId);
  if (target === null) return null;
  const attacker = v.who(b.attackerId);
  const effect = effectText(v, b);
  const broke = b.broke.length === 0 ? '' : v.audience === 'gm' ? ` ${b.broke.join(', ')} broke.` : ' Equipment breaks.';
  if (!b.roll) {
    const clause =
      b.effect === 'dodged' && attacker ? `${target} dodges ${attacker}` : b.effect?.startsWith('grabbed by ') && attacker ? `${attacker} grabs ${target}` : b.effect?.startsWith('dropped ') && attacker ? `${attacker} disarms ${target}` : null;
    return { text: `${target}: ${effect ?? 'no effect'}.${broke}`, clause };
  }
  const exact = v.exact(b.targetId);
  const armour = exact ? ` (${b.raw} − ${b.armour} armour)` : '';
  const how = effect && effect !== 'impaired' ? `: ${effect}` : '';
  const impaired = effect === 'impaired' ? ', impaired' : '';
  // The health the blow left, as recorded then; logs from before it was recorded say nothing.
  const main = mainTrack(v);
  const left = exact ? (typeof b.healthAfter === 'number' ? ` (${b.healthAfter} ${main.label} left)` : '') : healthLeft(v, b.targetId, undefined);
  const hits = attacker ? `${attacker} hits ${target}` : `${target} is hit`;
  return { text: `${hits} for ${b.damage}${armour}${how}${impaired}${left}.${broke}`, clause: attacker ? `${attacker} hits ${target} (${b.damage})` : `${target} is hit (${b.damage})` };
}

/** A blow, or a few, told. */
export function attackResolved(event: ZonesEventOf<'zones/attack-resolved'>, v: Voice): Told | null {
  const parts = present(event.blows.map((b) => blowText(v, b)));
  if (parts.length === 0) return null;
  const shown = event.blows.filter((b) => v.who(b.targetId) !== null);
  const ids = [...new Set(shown.flatMap((b) => [b.attackerId, b.targetId]).filter((id) => v.who(id) !== null))];
  const dice = shown.flatMap((b) => [
    ...(b.save ? [saveDice(v.who(b.targetId), 'STR save', b.save, b.save.passed ? 'passed' : 'failed', v, b.targetId)] : []),
    ...damageDice(v, b),
  ]);
  return told(parts.map((p) => p.text).join(' '), ids, dice, present(parts.map((p) => p.clause)));
}

// Why a target had no reaction, after "<name> can't react: " (the refusals of react.ts, told).
const CANT_REACT: Readonly<Record<NoReactionReason, string>> = {
  'own-attack': 'it is their own attack',
  out: 'they are out of the fight',
  opportunity: 'an opportunity attack normally allows no reaction',
  surprised: 'they are taken by surprise',
  acted: 'they have already used their turn this round',
  ambush: 'only the ambushers act during the ambush',
  guarded: 'they have spent their reaction guarding',
};

/**
 * Why the targets the audience sees could not react themselves, a sentence per reason. To the
 * players, "out of the fight" is told only of those whose health they may know: for anyone else it
 * could give away that their health is gone.
 */
function noReactionText(event: ZonesEventOf<'zones/attack-declared'>, v: Voice): string {
  const byReason = new Map<NoReactionReason, string[]>();
  for (const n of noReactionsOf(event.attack, v.before)) {
    const name = v.who(n.targetId);
    if (name === null || (n.reason === 'out' && v.audience !== 'gm' && !v.exact(n.targetId) && v.looks(n.targetId) === null)) continue;
    byReason.set(n.reason, [...(byReason.get(n.reason) ?? []), name]);
  }
  return [...byReason].map(([reason, names]) => ` ${names.join(', ')} can't react: ${CANT_REACT[reason]}.`).join('');
}

/**
 * An attack declared: who attacks whom, or a blast on a zone, a miss, or where a missed blast
 * went; and which targets could not react, and why.
 */
export function attackDeclared(event: ZonesEventOf<'zones/attack-declared'>, v: Voice): Told | null {
  const told = toldDeclared(event, v);
  const why = told === null ? '' : noReactionText(event, v);
  return told && why ? { ...told, text: told.text + why } : told;
}

function toldDeclared(event: ZonesEventOf<'zones/attack-declared'>, v: Voice): Told | null {
  const attacker = v.who(event.attack.attackerId);
  const targets = event.attack.targets.filter((id) => v.who(id) !== null);
  const dice: LogDice[] = [];
  if (attacker !== null && event.hitSave) dice.push(saveDice(attacker, 'WIT save to hit', event.hitSave, event.hitSave.passed ? 'hit' : 'miss', v, event.attack.attackerId));
  if (attacker !== null && event.deviation?.roll) dice.push(logDice(attacker, 'blast deviation: neighbouring zone', event.deviation.roll));
  const ids = attacker === null ? targets : [event.attack.attackerId, ...targets];
  if (attacker === null) {
    // An attack from someone the players can't see: only what lands on those they can.
    if (event.missed || targets.length === 0) return null;
    return told(`${targets.map((id) => v.who(id)).join(', ')} ${targets.length === 1 ? 'is' : 'are'} attacked.`, ids);
  }
  const who = `${attacker}${event.asReaction ? ' (out of turn)' : ''}${event.ruling && v.audience === 'gm' ? " (by the GM's ruling)" : ''}`;
  if (event.missed) return told(`${who} attacks and misses.`, ids, dice, [`${attacker} misses`]);
  if (event.deviation) {
    const d = event.deviation;
    const numbered = d.numbered.map((id, i) => `${i + 1} ${v.zone(id)}`).join(', ');
    const how = d.roll && v.audience === 'gm' ? ` (neighbours ${numbered}; the d${d.numbered.length} shows ${d.roll.total})` : '';
    return told(`${who}'s blast misses ${v.zone(d.from)} and lands in ${v.zone(d.to)}${how}.`, ids, dice);
  }
  const whom = targets.map((id) => v.who(id)).join(', ');
  if (event.attack.zoneId !== null) return told(`${who} attacks ${v.zone(event.attack.zoneId)} with a blast${whom ? `, catching ${whom}` : ''}.`, ids, dice);
  if (!whom && event.attack.targets.length > 0) return told(`${who} attacks.`, ids, dice);
  return told(`${who} attacks ${whom || 'an empty zone'}.`, ids, dice);
}

/** A target's answer to an attack. */
export function reactionChosen(event: ZonesEventOf<'zones/reaction-chosen'>, v: Voice): Told | null {
  const reactor = v.who(event.reactorId);
  if (reactor === null) return null;
  const r = event.reaction;
  const counter = r.kind === 'counter';
  const [what, pass, fail] = counter ? ['WIT save to hit', 'hit', 'missed'] : ['AGI save to dodge', 'dodged', 'failed'];
  const dice = event.save ? [saveDice(reactor, what, event.save, event.save.passed ? pass : fail, v, event.reactorId)] : [];
  const ids = [event.reactorId];
  // A reaction the text rules out, made by the GM's ruling: the GM's log says so.
  const who = `${reactor}${event.ruling && v.audience === 'gm' ? " (by the GM's ruling)" : ''}`;
  if (r.kind === 'hide-behind') {
    const helper = v.who(r.helperId);
    return helper === null ? told(`${who} takes cover.`, ids, dice) : told(`${who} hides behind ${helper}.`, [...ids, r.helperId], dice);
  }
  if (r.kind === 'guard') {
    const target = v.who(event.targetId);
    return target === null ? told(`${who} stands guard.`, ids, dice) : told(`${who} guards ${target}.`, [...ids, event.targetId], dice);
  }
  if (r.kind === 'dodge') return told(`${who} tries to dodge.`, ids, dice);
  if (counter) return told(`${who} counters${event.save && !event.save.passed ? ' and misses' : ''}.`, ids, dice);
  if (r.kind === 'accept-stunt') return told(`${reactor} accepts the stunt.`, ids, dice);
  return null;
}

/** An attack called off before it landed. */
export function attackCancelled(v: Voice): Told | null {
  const pending = zonesFight(v.before).pendingAttack;
  const attacker = pending ? v.who(pending.attackerId) : null;
  if (v.audience !== 'gm' && attacker === null) return null;
  return told('The attack is called off.', pending && attacker !== null ? [pending.attackerId] : []);
}

/** Who escaped a long chase and who was caught. */
export function chaseResolved(event: ZonesEventOf<'zones/chase-resolved'>, v: Voice): Told | null {
  const results = event.results.filter((r) => v.who(r.combatantId) !== null);
  if (results.length === 0) return null;
  const dice = results.flatMap((r) => (r.save ? [saveDice(v.who(r.combatantId), 'AGI save to escape', r.save, r.escaped ? 'escaped' : 'caught', v, r.combatantId)] : []));
  const words = results.map((r) => `${v.who(r.combatantId)} ${r.escaped ? 'escapes' : 'is caught'}`);
  return told(words.join(', ') + '.', results.map((r) => r.combatantId), dice, words);
}

/** The durability rolls after a fight; gear the audience may not know of stays untold. */
export function gearWorn(event: ZonesEventOf<'zones/gear-worn'>, v: Voice): Told | null {
  const results = event.results.filter((r) => v.who(r.combatantId) !== null && v.exact(r.combatantId));
  if (v.audience !== 'gm' && results.length === 0) return null;
  const worn = results.filter((r) => r.after !== r.before);
  const dice = results.map((r) => logDice(v.who(r.combatantId), `durability of ${r.name} (${r.before} → ${r.after})`, r.roll));
  const text = worn.length ? `Wear: ${worn.map((r) => `${v.who(r.combatantId)}'s ${r.name} is ${r.after}`).join(', ')}.` : 'Wear: all gear holds up.';
  return told(text, [...new Set(results.map((r) => r.combatantId))], dice);
}

/** A grab taken or let go. */
export function grabSet(event: ZonesEventOf<'zones/grab-set'>, v: Voice): Told | null {
  const name = v.who(event.combatantId);
  if (name === null) return null;
  if (!event.grabbedBy) return told(`${name} is free.`, [event.combatantId]);
  const by = v.who(event.grabbedBy);
  return by === null ? null : told(`${name} is held by ${by}.`, [event.combatantId, event.grabbedBy]);
}

/** A concealed attacker given away by the attack (everyone sees it), or still hidden (the GM's business). */
export function revealDecided(event: ZonesEventOf<'zones/reveal-decided'>, v: Voice): Told | null {
  if (event.revealed) {
    const name = v.who(event.attackerId);
    // The question open before the answer says what gave them away: words, or else an attack.
    const cause = revealCause(v.before);
    const what = cause === 'speaking' ? 'Their words give' : cause === 'moving' ? 'The move gives' : 'The attack gives';
    return name === null ? null : told(`${what} ${name} away.`, [event.attackerId]);
  }
  const name = v.audience === 'gm' ? v.who(event.attackerId) : null;
  return name === null ? null : told(`${name} stays hidden.`, [event.attackerId]);
}

/** Someone moving away from enemies who may strike at them first. */
export function leavingAsked(event: ZonesEventOf<'zones/leaving-asked'>, v: Voice): Told | null {
  const mover = v.who(event.moverId);
  const strikers = present(event.strikers.map((id) => v.who(id)));
  if (mover === null || strikers.length === 0) return null;
  return told(`${mover} moves away from ${strikers.join(', ')}, who may strike first.`, [event.moverId, ...event.strikers.filter((id) => v.who(id) !== null)]);
}

/** The move held up goes on (the move itself says where) or doesn't. */
export function leavingDecided(event: ZonesEventOf<'zones/leaving-decided'>, v: Voice): Told | null {
  const mover = v.who(event.moverId);
  return event.goes || mover === null ? null : told(`${mover} stays.`, [event.moverId]);
}

/** A shove: who, where to, into what hazard (its text for the GM only), and that it frees them. */
export function shoved(event: ZonesEventOf<'zones/shoved'>, v: Voice): Told | null {
  const grabber = v.who(event.grabberId);
  const target = v.who(event.targetId);
  if (grabber === null || target === null) return null;
  const to = event.to;
  const gm = v.audience === 'gm';
  const where = to === null ? '' : to.borderId ? ` onto ${v.border(to.borderId)}` : ` into ${v.zone(to.zoneId)}`;
  const hazard = event.hazard === null ? '' : gm ? ` into the hazard there (${event.hazard})` : ' into a hazard';
  const ruled = event.ruling && gm ? " (by the GM's ruling)" : '';
  const effect = event.hazard !== null && gm ? ' What the hazard does is the GM’s call.' : '';
  return told(`${grabber}${ruled} shoves ${target}${where}${where && hazard ? ' and' : ''}${hazard}, freeing them.${effect}`, [event.grabberId, event.targetId]);
}

/** The GM calls for a morale check at the round's end: the GM's ruling, the GM's business. */
export function moraleCalled(event: ZonesEventOf<'zones/morale-called'>, v: Voice): Told | null {
  const faction = v.faction(event.factionId);
  return v.audience === 'gm' && faction !== null ? told(`By the GM's ruling, ${faction} must check morale at the end of the round.`) : null;
}

/** The GM sets someone's gear: the GM's business. */
export function gearSet(event: ZonesEventOf<'zones/gear-set'>, v: Voice): Told | null {
  const name = v.who(event.combatantId);
  if (v.audience !== 'gm' || name === null) return null;
  const ruling = event.ruling ? ' (armour changed mid-fight: the GM\'s ruling)' : '';
  return told(`${possessive(name)} gear is set: ${event.gear.map((g) => g.name).join(', ') || 'nothing'}${ruling}.`, [event.combatantId]);
}

/** The morale phase opening, and who must check. */
export function moralePhaseStarted(event: ZonesEventOf<'zones/morale-phase-started'>, v: Voice): Told | null {
  const due = present(event.due.map((id) => v.faction(id)));
  return told(due.length ? `Morale phase: ${due.join(', ')} must check.` : 'Morale phase.');
}

/** A morale check's outcome in clauses: a whole faction breaking together, or each character. */
function moraleClauses(v: Voice, factionId: Id, results: readonly MoraleResult[]): string[] {
  const failed = results.filter((r) => r.outcome !== 'immune');
  const faction = v.faction(factionId);
  const all = failed.length === results.length && failed.length >= 2;
  const same = failed.every((r) => r.outcome === failed[0]?.outcome);
  if (all && same && faction) {
    return [failed[0]?.outcome === 'surrendered' ? `the ${faction} surrender` : `the ${faction} break and flee`];
  }
  return results.map((r) => `${v.who(r.combatantId)} ${r.outcome === 'immune' ? 'holds firm' : r.outcome === 'surrendered' ? 'surrenders' : 'flees'}`);
}

/** A faction's morale check: who holds and who breaks, with every save. */
export function moraleChecked(event: ZonesEventOf<'zones/morale-checked'>, v: Voice): Told | null {
  const results = event.results.filter((r) => v.who(r.combatantId) !== null);
  if (results.length === 0) return null;
  const words = (r: MoraleResult) => (r.outcome === 'immune' ? 'holds' : (markNamed(undefined, r.outcome)?.set ?? r.outcome));
  const dice = results.map((r) => saveDice(v.who(r.combatantId), 'morale, WIT save', r.save, words(r), v, r.combatantId));
  return told(results.map((r) => `${v.who(r.combatantId)} ${words(r)}`).join(', ') + '.', results.map((r) => r.combatantId), dice, moraleClauses(v, event.factionId, results));
}

export function moraleSkipped(event: ZonesEventOf<'zones/morale-skipped'>, v: Voice): Told | null {
  const faction = v.faction(event.factionId);
  return faction === null ? null : told(`${possessive(faction)} morale check is skipped.`);
}
