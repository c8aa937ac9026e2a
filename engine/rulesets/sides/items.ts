import * as v from 'valibot';
import { checkCombatant, isFailure } from '../../core/checks';
import type { SidesCommandOf } from './commands';
import { eventId, listOf, text, whole } from '../../core/stored-event-parts';
import type { EncounterEvent } from '../../core/events';
import type { Combatant, EncounterState, Id } from '../../core/state';
import { told } from '../../core/told';
import { failure, ruleRefusal, type Failure, type Result } from '../../result';
import { gridOf } from '../../space/grid/battle-grid';
import { footprintDistance } from '../../space/grid/distance';
import { ruleEvent } from '../../core/typed';
import { actingRefusal } from './acting';
import { CARRIED, type Carried, type Weapon } from './gear';
import { OPPORTUNITY_ASKED } from './opportunity';
import { personOf, withPerson, type DropSquare } from './person';
import { sidesSettings } from './settings';
import { spendAction } from './spend';

// Where a character's pieces are: readied, stowed or dropped. "A character can Ready an item for
// use from their pack or stowage or Stow it" (a Main); "Sheathing or holstering a Readied weapon
// does not require this action": a sheathed weapon is still readied, so drawing and sheathing
// change nothing here (the GM may forbid swaps grown implausible). "Scoop up a dropped item within
// melee range, leaving it Readied in your hand" (a Move, provoking adjacent armed foes); "Rise from
// a prone position, picking up any dropped items as you do so". The text has no action for letting
// go of something: dropping is free. A dropped piece lies on the square its owner stood on.
// Only a readied weapon attacks (`notReadied`, which the GM may overrule).

export const ITEMS_MOVED = 'sides/items-moved';

/** How the pieces moved: readied or stowed (a Main), dropped (free), picked up (a Move), gathered on standing up. */
export type ItemMove = 'ready' | 'stow' | 'drop' | 'pick-up' | 'stand-up';

export type ItemsMovedEvent = {
  type: typeof ITEMS_MOVED;
  combatantId: Id;
  itemIds: Id[];
  /** Their names, for the log. */
  names: string[];
  /** Where they are afterwards. */
  carried: Carried;
  how: ItemMove;
  /** Dropped on the map: the square they lie on. */
  at?: DropSquare;
  /** Picked up from further than the text allows, by the GM's ruling. */
  ruling?: true;
};

/** How far from where it lies a dropped piece may be picked up: melee range. */
const PICK_UP_FEET = 5;

/** Why `c` can't attack with `weapon` (stowed, or on the ground), which the GM may overrule; null when it is readied. */
export function notReadied(c: Combatant, weapon: Weapon): Failure | null {
  if (weapon.carried === 'readied') return null;
  const name = weapon.name.toLowerCase();
  return ruleRefusal(
    'sides/not-readied',
    weapon.carried === 'stowed' ? `${c.name}'s ${name} is stowed: ready it first (a Main action), or rule it.` : `${c.name}'s ${name} lies on the ground: pick it up first (a Move action), or rule it.`,
  );
}

/** What may be done with a piece where it is, for the turn panel's buttons: the command and the action it takes. */
interface ItemMoveOption {
  command: 'sides/ready' | 'sides/stow' | 'sides/drop' | 'sides/pick-up';
  verb: string;
  cost: 'main' | 'move' | 'free';
}

export function itemMoves(w: Weapon): ItemMoveOption[] {
  if (w.carried === 'stowed') return [{ command: 'sides/ready', verb: 'Ready', cost: 'main' }];
  if (w.carried === 'dropped') return [{ command: 'sides/pick-up', verb: 'Pick up', cost: 'move' }];
  return [{ command: 'sides/stow', verb: 'Stow', cost: 'main' }, { command: 'sides/drop', verb: 'Drop', cost: 'free' }];
}

/** Feet from `c` to where their dropped piece lies; null when either is off the map (the GM's say: within reach). */
function feetToDrop(state: EncounterState, c: Combatant, itemId: Id): number | null {
  const at = personOf(c).droppedAt[itemId];
  if (!at || !c.square || !gridOf(state)) return null;
  return footprintDistance(c.square, { ...at, size: 1 }, sidesSettings(state.settings).diagonals) * (state.grid?.map.cellSize ?? 5);
}

const movedEvent = (c: Combatant, pieces: readonly Weapon[], carried: Carried, how: ItemMove, more: Partial<ItemsMovedEvent> = {}): EncounterEvent =>
  ({ type: ITEMS_MOVED, combatantId: c.id, itemIds: pieces.map((w) => w.id), names: pieces.map((w) => w.name), carried, how, ...more }) satisfies ItemsMovedEvent;

// The character, acting now, and the piece of theirs the command names.
function pieceFor(state: EncounterState, cmd: { combatantId: Id; itemId: Id }, doing: string): { c: Combatant; piece: Weapon } | Failure {
  const c = checkCombatant(state, cmd.combatantId);
  if (isFailure(c)) return c;
  const now = actingRefusal(state, c, doing);
  if (now) return now;
  const piece = personOf(c).gear.find((w) => w.id === cmd.itemId);
  if (!piece) return failure('sides/item', `${c.name} carries no such item; pick one of theirs.`);
  return { c, piece };
}

/** Decides `sides/ready` and `sides/stow`: a Main action moves a piece from the pack to hand, or back. */
export function decideReadyOrStow(state: EncounterState, cmd: SidesCommandOf<'sides/ready' | 'sides/stow'>, to: 'readied' | 'stowed'): Result<EncounterEvent[]> {
  const found = pieceFor(state, cmd, to === 'readied' ? 'Readying happens' : 'Stowing happens');
  if (isFailure(found)) return found;
  const { c, piece } = found;
  if (piece.carried === 'dropped') return failure('sides/on-the-ground', `${c.name}'s ${piece.name.toLowerCase()} lies on the ground: picking it up (a Move action) readies it.`);
  if (piece.carried === to) return failure('sides/already', `${c.name}'s ${piece.name.toLowerCase()} is already ${to}${to === 'readied' ? ' (drawing or sheathing a readied weapon takes no action)' : ''}.`);
  const paid = spendAction(state, c, 'ready', 'main', `${to === 'readied' ? 'readies' : 'stows'} ${piece.name}`);
  if (!paid.ok) return paid;
  return { ok: true, value: [...paid.value, movedEvent(c, [piece], to, to === 'readied' ? 'ready' : 'stow')] };
}

/** Decides `sides/drop`: a readied piece falls where its owner stands, a Free action. */
export function decideDrop(state: EncounterState, cmd: SidesCommandOf<'sides/drop'>): Result<EncounterEvent[]> {
  const found = pieceFor(state, cmd, 'Dropping happens');
  if (isFailure(found)) return found;
  const { c, piece } = found;
  if (piece.carried !== 'readied') return failure('sides/not-at-hand', `${c.name}'s ${piece.name.toLowerCase()} is ${piece.carried}: only a readied piece can be dropped.`);
  const paid = spendAction(state, c, 'drop', 'free', `drops ${piece.name}`);
  if (!paid.ok) return paid;
  const at = c.square ? { at: { x: c.square.x, y: c.square.y } } : {};
  return { ok: true, value: [...paid.value, movedEvent(c, [piece], 'dropped', 'drop', at)] };
}

/**
 * Decides `sides/pick-up`: a Move action readies a dropped piece lying within melee range (the
 * GM may rule a further one in reach). It comes up as the Move is taken; armed foes beside may
 * then strike (`opportunity.ts`), as they do at standing up.
 */
export function decidePickUp(state: EncounterState, cmd: SidesCommandOf<'sides/pick-up'>): Result<EncounterEvent[]> {
  const found = pieceFor(state, cmd, 'Picking up happens');
  if (isFailure(found)) return found;
  const { c, piece } = found;
  if (piece.carried !== 'dropped') return failure('sides/not-dropped', `${c.name}'s ${piece.name.toLowerCase()} isn't on the ground: it is ${piece.carried}${piece.carried === 'stowed' ? ' (readying it is a Main action)' : ''}.`);
  const feet = feetToDrop(state, c, piece.id);
  const far = feet !== null && feet > PICK_UP_FEET;
  if (far && cmd.gmRuling !== true) return ruleRefusal('sides/item-far', `${c.name}'s ${piece.name.toLowerCase()} lies ${feet} ft away, where it was dropped: it is picked up within melee range (${PICK_UP_FEET} ft). Move closer first, or rule it.`);
  const paid = spendAction(state, c, 'pick-up', 'move', `picks up ${piece.name}`);
  if (!paid.ok) return paid;
  const moved = movedEvent(c, [piece], 'readied', 'pick-up', far ? { ruling: true } : {});
  const asked = paid.value.findIndex((e) => e.type === OPPORTUNITY_ASKED);
  const at = asked < 0 ? paid.value.length : asked;
  return { ok: true, value: [...paid.value.slice(0, at), moved, ...paid.value.slice(at)] };
}

/** Standing up picks up the dropped pieces lying within melee range (all of them off the map). */
export function gatherOnStanding(state: EncounterState, combatantId: Id, actionId: string): EncounterEvent[] {
  if (actionId !== 'stand-up') return [];
  const c = state.combatants.find((x) => x.id === combatantId);
  if (!c) return [];
  const near = personOf(c).gear.filter((w) => w.carried === 'dropped' && (feetToDrop(state, c, w.id) ?? 0) <= PICK_UP_FEET);
  return near.length > 0 ? [movedEvent(c, near, 'readied', 'stand-up')] : [];
}

export const ITEMS_EVENT = ruleEvent<ItemsMovedEvent>({
  kind: 'other',
  fightLog: true,
  schema: v.object({
    combatantId: eventId,
    itemIds: listOf(eventId, 12),
    names: listOf(text(64), 12),
    carried: v.picklist(CARRIED),
    how: v.picklist(['ready', 'stow', 'drop', 'pick-up', 'stand-up']),
    at: v.optional(v.object({ x: whole(0, 10_000), y: whole(0, 10_000) })),
    ruling: v.optional(v.literal(true)),
  }),
  refers: (state, e) => {
    const c = state.combatants.find((x) => x.id === e.combatantId);
    if (!c) return 'it names someone who is not in the encounter';
    const gear = personOf(c).gear;
    return e.itemIds.every((id) => gear.some((w) => w.id === id)) ? null : 'it names a piece its owner does not carry';
  },
  apply: (state, e) => {
    return withPerson(state, e.combatantId, (p) => {
      const droppedAt = Object.fromEntries(Object.entries(p.droppedAt).filter(([id]) => !e.itemIds.includes(id)));
      if (e.carried === 'dropped' && e.at) for (const id of e.itemIds) droppedAt[id] = e.at;
      return { ...p, gear: p.gear.map((w) => (e.itemIds.includes(w.id) ? { ...w, carried: e.carried } : w)), droppedAt };
    });
  },
  // The action taken says the rest ("Ann: ready (readies Sword)"); standing up says nothing of what
  // it gathers, and a pick-up from afar is the GM's ruling. Only those who may know the gear hear it.
  tell: (e, voice) => {
    const who = voice.who(e.combatantId);
    if (who === null || !voice.exact(e.combatantId)) return null;
    if (e.how === 'stand-up') return told(`${who} picks up ${e.names.join(' and ')} on standing up.`, [e.combatantId]);
    if (e.ruling) return told(`${who} picks up ${e.names.join(' and ')} from further than melee range (the GM's ruling).`, [e.combatantId]);
    return null;
  },
});
