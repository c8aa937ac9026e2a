import * as v from 'valibot';
import { checkCombatant, isFailure } from '../../core/checks';
import { eventId, listOf, text } from '../../core/stored-event-parts';
import type { EncounterEvent } from '../../core/events';
import { openPrompt } from '../../encounter/prompts';
import type { Combatant, EncounterState, Id } from '../../core/state';
import { isRecord } from '../../json';
import { told, type Told } from '../../core/told';
import type { Voice } from '../../core/voice';
import { failure, type Failure, type Result } from '../../result';
import { checkThreeActionsGear, type Gear, type Weapon } from './gear';
import { opensWithRefusal } from './opening';
import { ownTurnRefusal } from './own-turn';
import { personOf, withPerson, type ThreeActionsPerson } from './person';
import { threeActionsSettings } from './settings';

// What a character holds in their hands. Only a wielded item blocks or parries (`blow.ts
// defencesOf`); Brandish (1 action of their own turn) names what they hold afterwards, no more
// items than the *Hands* setting; Drop item (free) lets one fall to the ground, where it is
// neither held nor carried: picking it up is an Interact, which the GM takes and then ticks the
// item in hand again under Edit. An attack doesn't ask for its weapon in hand: the text's Attack
// row ("an item or weapon") doesn't say wielded.

/** The ids of what `p` holds: as said, or (never said: old logs and entries) everything they carry but what they dropped. */
export function heldIds(p: ThreeActionsPerson): Id[] {
  return p.held ?? p.gear.filter((g) => !p.dropped.includes(g.id)).map((g) => g.id);
}

/** How many items a character may hold (the *Hands* setting). */
export const handsIn = (state: Pick<EncounterState, 'settings'>): number => threeActionsSettings(state.settings).hands;

/** Whether `c` holds the piece of gear with this id. */
export const holds = (c: Pick<Combatant, 'rules'>, id: Id): boolean => heldIds(personOf(c)).includes(id);

/** The gear `c` holds, in the order they carry it. */
export function heldGear(c: Pick<Combatant, 'rules'>): Gear[] {
  const p = personOf(c);
  const held = heldIds(p);
  return p.gear.filter((g) => held.includes(g.id));
}

/** The weapons `c` has to hand: all they carry but what they dropped (an attack needn't be made with one held). */
export function weaponsAtHand(c: Pick<Combatant, 'rules'>): Weapon[] {
  const p = personOf(c);
  return p.gear.filter((g): g is Weapon => g.kind === 'weapon' && !p.dropped.includes(g.id));
}

/** The weapon `c` attacks with, or why not: not theirs, or lying on the ground where they dropped it. */
export function weaponToHand(c: Combatant, id: unknown): Weapon | Failure {
  const p = personOf(c);
  const weapon = p.gear.find((g): g is Weapon => g.kind === 'weapon' && g.id === id);
  if (!weapon) return failure('three-actions/weapon', `${c.name} carries no such weapon; pick one of theirs.`);
  if (p.dropped.includes(weapon.id)) return failure('three-actions/on-the-ground', `${c.name}'s ${weapon.name} lies on the ground: picking it up is an Interact (then tick it in hand under Edit).`);
  return weapon;
}

/**
 * A gear list as the forms send it, with each piece's *In hand* (a piece that says nothing is in
 * hand, so entries saved before hands were kept hold what they carry, as they did), no more than
 * `hands` held: the first ones in the order carried, the rest carried only (the row shows which).
 */
export function checkGearInHand(input: unknown, current: readonly Gear[], freshId: (n: number) => Id, hands: number): { gear: Gear[]; held: Id[] } | Failure {
  const gear = checkThreeActionsGear(input, current, freshId);
  if (isFailure(gear)) return gear;
  const pieces = Array.isArray(input) ? input : [];
  // The checked list keeps the pieces' order, each field (In hand included) already checked.
  return { gear, held: gear.filter((_, i) => !(isRecord(pieces[i]) && pieces[i].inHand === false)).map((g) => g.id).slice(0, hands) };
}

/**
 * Why `c` can't block or parry with the item named (any, when none is) though they carry it
 * unbroken: it isn't in hand ("a wielded item"). Null when it is, or when they carry nothing fit.
 */
export function notInHand(c: Combatant, defence: 'block' | 'parry', itemId: unknown): Failure | null {
  const p = personOf(c);
  const held = heldIds(p);
  const fit = p.gear.find((g) => g.kind === 'item' && g.durability > 0 && (defence === 'parry' || g.block > 0) && !held.includes(g.id) && (itemId === undefined || g.id === itemId));
  if (!fit) return null;
  return failure('three-actions/not-in-hand', `${c.name} doesn't hold the ${fit.name} in hand: only a wielded item ${defence === 'block' ? 'blocks' : 'parries'}; Brandish it on their turn.`);
}

export type BrandishCommand = {
  type: 'three-actions/brandish';
  combatantId: Id;
  /** The ids of the gear held afterwards (none: empty hands). */
  held: Id[];
  /** While the opening is due to the one who started the fight: the GM's ruling. */
  gmRuling?: boolean;
};

/** Drop, a free action: one of the character's items falls to the ground (while the opening is due only by `gmRuling`). */
export type DropCommand = { type: 'three-actions/drop'; combatantId: Id; itemId: Id; gmRuling?: boolean };

/** Brandish: what the character holds now. */
export type BrandishedEvent = {
  type: 'three-actions/brandished';
  combatantId: Id;
  held: Id[];
  /** Their names, for the log. */
  names: string[];
};

/** Drop item: a held item falls to the ground. */
export type DroppedEvent = {
  type: 'three-actions/dropped';
  combatantId: Id;
  itemId: Id;
  name: string;
};

function notNow(state: EncounterState): Failure | null {
  if (state.status !== 'running') return failure('three-actions/not-running', 'What is held changes in the fight; before it, tick what is in hand under Edit.');
  const waiting = openPrompt(state);
  return waiting ? failure(waiting.code, waiting.message) : null;
}

/** Decides `three-actions/brandish`: 1 action of their own turn, naming what they hold afterwards. */
export function decideBrandish(state: EncounterState, cmd: BrandishCommand): Result<EncounterEvent[]> {
  const early = notNow(state);
  if (early) return early;
  const c = checkCombatant(state, cmd.combatantId);
  if (isFailure(c)) return c;
  const refused = ownTurnRefusal(state, c, 'one', { turn: 'brandishing takes one of their actions', spent: `${c.name} has no action left this turn to brandish.` });
  if (refused) return refused;
  const opening = opensWithRefusal(state, c, 'brandish');
  if (opening && cmd.gmRuling !== true) return opening;
  const event = brandished(state, c, cmd.held);
  if (isFailure(event)) return event;
  const names = event.names;
  return { ok: true, value: [{ type: 'action-used', combatantId: c.id, actionId: 'brandish', spends: 'one', note: names.length > 0 ? `in hand: ${names.join(', ')}` : 'empty hands', ...(opening ? { ruling: true as const } : {}) }, event] };
}

/** `c` holds `asked` (ids of their gear) afterwards: the event, or why not (not theirs, on the ground, more than their hands). */
export function brandished(state: EncounterState, c: Combatant, asked: unknown): BrandishedEvent | Failure {
  if (!Array.isArray(asked) || asked.some((id) => typeof id !== 'string')) return failure('input/held', 'Name what they hold afterwards: a list of their gear\'s ids (empty for empty hands).');
  const p = personOf(c);
  const held = [...new Set(asked as Id[])];
  for (const id of held) {
    const piece = p.gear.find((g) => g.id === id);
    if (!piece) return failure('three-actions/not-carried', `${c.name} carries nothing with the id "${id}"; give it to them under Edit first.`);
    if (p.dropped.includes(id)) return failure('three-actions/on-the-ground', `${c.name}'s ${piece.name} lies on the ground: picking it up is an Interact (then tick it in hand under Edit).`);
  }
  const hands = handsIn(state);
  if (held.length > hands) return failure('three-actions/hands', `${c.name} has ${hands} ${hands === 1 ? 'hand' : 'hands'} (the Hands setting): name at most ${hands} items to hold.`);
  return { type: 'three-actions/brandished', combatantId: c.id, held, names: p.gear.filter((g) => held.includes(g.id)).map((g) => g.name) };
}

/** Decides `three-actions/drop`: a free action of their own turn, letting a held item fall. */
export function decideDrop(state: EncounterState, cmd: DropCommand): Result<EncounterEvent[]> {
  const early = notNow(state);
  if (early) return early;
  const c = checkCombatant(state, cmd.combatantId);
  if (isFailure(c)) return c;
  const refused = ownTurnRefusal(state, c, 'free', { turn: 'dropping an item is a free action of their own turn', spent: `${c.name} can't drop anything now.` });
  if (refused) return refused;
  const opening = opensWithRefusal(state, c, 'drop-item');
  if (opening && cmd.gmRuling !== true) return opening;
  const piece = personOf(c).gear.find((g) => g.id === cmd.itemId);
  if (!piece || !holds(c, piece.id)) return failure('three-actions/not-in-hand', `${c.name} holds nothing like that: only an item in hand can be dropped.`);
  const event: DroppedEvent = { type: 'three-actions/dropped', combatantId: c.id, itemId: piece.id, name: piece.name };
  return { ok: true, value: [{ type: 'action-used', combatantId: c.id, actionId: 'drop-item', spends: 'free', note: piece.name, ...(opening ? { ruling: true as const } : {}) }, event] };
}

export const BRANDISHED_SCHEMA = v.object({ combatantId: eventId, held: listOf(eventId, 16), names: listOf(text(64), 16) });
export const DROPPED_SCHEMA = v.object({ combatantId: eventId, itemId: eventId, name: text(64) });

export const applyBrandished = (state: EncounterState, e: BrandishedEvent): EncounterState => withPerson(state, e.combatantId, (p) => ({ ...p, held: e.held }));

export const applyDropped = (state: EncounterState, e: DroppedEvent): EncounterState =>
  withPerson(state, e.combatantId, (p) => ({ ...p, held: heldIds(p).filter((id) => id !== e.itemId), dropped: p.dropped.includes(e.itemId) ? p.dropped : [...p.dropped, e.itemId] }));

/**
 * The GM's gear for a character, with what is in hand: the held list as the form says (an item
 * ticked in hand is picked up if it lay on the ground). A gear event from before hands were kept
 * names none, and what was held stays (everything, if nothing was ever said).
 */
export function withGearHeld(p: ThreeActionsPerson, gear: Gear[], held: Id[] | undefined): ThreeActionsPerson {
  const ids = gear.map((g) => g.id);
  const dropped = p.dropped.filter((id) => ids.includes(id) && !(held ?? []).includes(id));
  return { ...p, gear, held: held ?? (p.held === null ? null : p.held.filter((id) => ids.includes(id))), dropped };
}

// The players hear what the enemies hold no more than what they carry: only who may know a
// character's gear hears its names.
export function tellBrandished(e: BrandishedEvent, voice: Voice): Told | null {
  const who = voice.who(e.combatantId);
  if (who === null || !voice.exact(e.combatantId)) return null;
  return told(`${who} now holds ${e.names.length > 0 ? e.names.join(' and ') : 'nothing'}.`, [e.combatantId]);
}

export function tellDropped(e: DroppedEvent, voice: Voice): Told | null {
  const who = voice.who(e.combatantId);
  if (who === null || !voice.exact(e.combatantId)) return null;
  return told(`${who} drops ${e.name} to the ground.`, [e.combatantId]);
}
