import { checkCombatant, isFailure } from '../../core/checks';
import type { EncounterEvent } from '../../core/events';
import { openPrompt } from '../../encounter/prompts';
import type { Combatant, EncounterState, Id } from '../../core/state';
import { told, type Told } from '../../core/told';
import type { Voice } from '../../core/voice';
import { failure, ruleRefusal, type Failure, type Result } from '../../result';
import { costAllowed } from '../../core/economy';
import { ZONES_ECONOMY } from './actions';
import type { ZonesCommandOf } from './commands';
import type { ZonesEventOf } from './events';
import { inPlace, placeOf, type GearItem, type GearPlace } from './gear';
import { releaseHolds } from './holds';
import { isFighting } from './morale';
import { gearOf, withZonesPerson } from './slice';

// Which weapon or shield is in hand. "Pick up or put down something" and "Equip or unequip an
// item" are bonus actions ("Swapping two items is two bonus actions": two of them). A piece
// entered without a place is equipped, so gear from before places were kept reads as it did.
// Only an equipped weapon attacks or counters (`notEquipped`, which the GM may overrule). A piece
// put down, knocked away by a disarm or thrown away on surrendering lies in its owner's zone and
// is picked up there (`item/not-here` elsewhere, which the GM may overrule).

/** What is done with a piece: equipped, unequipped, put down, picked up, or thrown away on surrendering. */
export type ItemMove = 'equip' | 'unequip' | 'put-down' | 'pick-up' | 'surrender';

/** What a character does with a piece on their turn (a bonus action each). */
export type HandMove = Exclude<ItemMove, 'surrender'>;

/** The catalogue action each move spends: the bonus action the text names for it. */
const ACTION_OF: Readonly<Record<HandMove, string>> = { equip: 'equip', unequip: 'equip', 'put-down': 'pick-up', 'pick-up': 'pick-up' };
const MOVES: readonly HandMove[] = ['equip', 'unequip', 'put-down', 'pick-up'];

/** Where a piece is after each move. */
const PLACE_AFTER: Readonly<Record<ItemMove, GearPlace>> = { equip: 'equipped', unequip: 'unequipped', 'put-down': 'dropped', 'pick-up': 'equipped', surrender: 'dropped' };

/** Why `c` can't strike with `weapon` (put away, or on the ground), for the attack form; null when it is in hand. */
export function notEquippedReason(c: Combatant, weapon: GearItem): string | null {
  const place = placeOf(weapon);
  if (place === 'equipped') return null;
  const where = place === 'dropped' ? 'lies on the ground: pick it up first' : 'is put away: equip it first';
  return `${c.name}'s ${weapon.name} ${where} (a bonus action).`;
}

/** The same as a refusal the GM may overrule. */
export function notEquipped(c: Combatant, weapon: GearItem, code: 'attack/not-equipped' | 'react/not-equipped'): Failure | null {
  const why = notEquippedReason(c, weapon);
  return why === null ? null : ruleRefusal(code, `${why} As GM you may rule otherwise.`);
}

/** What may be done with a piece where it is, for the turn panel's buttons. Armour can't be changed in a fight. */
export function itemMoves(g: GearItem): HandMove[] {
  if (g.kind === 'armour') return [];
  const place = placeOf(g);
  if (place === 'dropped') return ['pick-up'];
  return place === 'equipped' ? ['unequip', 'put-down'] : ['equip', 'put-down'];
}

/** Why a move can't be made on this piece where it is (not the place for it), or null. */
function wrongPlace(c: Combatant, g: GearItem, move: ItemMove): Failure | null {
  const place = placeOf(g);
  if (g.kind === 'armour') return failure('item/armour', `${c.name}'s ${g.name} is worn armour, and armour can't be changed during a fight; edit the gear to change it.`);
  if (move === 'pick-up' && place !== 'dropped') return failure('item/not-dropped', `${c.name}'s ${g.name} isn't on the ground: it is ${place}.`);
  if (move !== 'pick-up' && place === 'dropped') return failure('item/on-ground', `${c.name}'s ${g.name} lies on the ground: pick it up first.`);
  if (move === 'equip' && place === 'equipped') return failure('item/already', `${c.name}'s ${g.name} is already equipped.`);
  if (move === 'unequip' && place === 'unequipped') return failure('item/already', `${c.name}'s ${g.name} is already put away.`);
  return null;
}

/**
 * Decides `zones/handle-item`: on the character's own turn, a bonus action equips, unequips, puts
 * down or picks up one of their weapons or shields. Picking up is done where it lies: in another
 * zone only by the GM's ruling.
 */
export function handleItem(state: EncounterState, cmd: ZonesCommandOf<'zones/handle-item'>): Result<EncounterEvent[]> {
  const prompt = openPrompt(state);
  if (prompt) return failure(prompt.code, prompt.message);
  const c = checkCombatant(state, cmd.combatantId);
  if (isFailure(c)) return c;
  if (!MOVES.includes(cmd.how)) return failure('item/how', 'Say what is done with the item: equip, unequip, put-down or pick-up.');
  if (state.status !== 'running' || !state.turn) return failure('combat/not-running', 'Combat has not started; outside a fight, change where gear is with Gear.');
  if (state.activeId !== c.id) return failure('turn/not-acting', `It isn't ${c.name}'s turn; pick them to act first.`);
  if (!isFighting(c)) return failure('turn/out', `${c.name} is out of the fight and can't act.`);
  const piece = gearOf(c).find((g) => g.id === cmd.itemId);
  if (!piece) return failure('item/unknown', `${c.name} carries no such item; pick one of theirs.`);
  const wrong = wrongPlace(c, piece, cmd.how);
  if (wrong) return wrong;
  if (!costAllowed(ZONES_ECONOMY, state.turn.budget, 'bonus')) return failure('action/spent', `${c.name} has no bonus action left this turn (${ZONES_ECONOMY.left(state.turn.budget)}).`);
  const lies = piece.droppedIn ?? null;
  const elsewhere = cmd.how === 'pick-up' && lies !== null && c.zoneId !== null && lies !== c.zoneId;
  if (elsewhere && cmd.gmRuling !== true) {
    const zone = state.zones.find((z) => z.id === lies)?.name ?? 'another zone';
    return ruleRefusal('item/not-here', `${c.name}'s ${piece.name} lies in ${zone}, not where ${c.name} stands: move there first. As GM you may rule otherwise.`);
  }
  const ruled = elsewhere ? { ruling: true as const } : {};
  return {
    ok: true,
    value: [
      ...releaseHolds(state, c.id),
      { type: 'action-used', combatantId: c.id, actionId: ACTION_OF[cmd.how], spends: 'bonus', note: '', ...ruled },
      movedEvent(c, [piece], cmd.how, ruled),
    ],
  };
}

function movedEvent(c: Combatant, pieces: readonly GearItem[], how: ItemMove, more: { ruling?: true } = {}): EncounterEvent {
  const place = PLACE_AFTER[how];
  return { type: 'zones/items-moved', combatantId: c.id, itemIds: pieces.map((g) => g.id), names: pieces.map((g) => g.name), how, place, zoneId: place === 'dropped' ? c.zoneId : null, ...more };
}

/** Surrendering is "throwing their weapons away": every weapon and shield not on the ground already falls in their zone. */
export function throwAwayOnSurrender(state: EncounterState, combatantId: Id, actionId: string): EncounterEvent[] {
  const c = state.combatants.find((x) => x.id === combatantId);
  if (actionId !== 'surrender' || !c) return [];
  const held = gearOf(c).filter((g) => g.kind !== 'armour' && placeOf(g) !== 'dropped');
  return held.length > 0 ? [movedEvent(c, held, 'surrender')] : [];
}

/** The pieces moved: each in its new place (dropped ones in the zone named). */
export function itemsMoved(state: EncounterState, event: ZonesEventOf<'zones/items-moved'>): EncounterState {
  return {
    ...state,
    combatants: state.combatants.map((c) =>
      c.id === event.combatantId ? withZonesPerson(c, { gear: gearOf(c).map((g) => (event.itemIds.includes(g.id) ? inPlace(g, event.place, event.zoneId) : g)) }) : c,
    ),
  };
}

const VERB: Readonly<Record<ItemMove, string>> = { equip: 'equips', unequip: 'puts away', 'put-down': 'puts down', 'pick-up': 'picks up', surrender: 'throws away' };

/** "Sword", "Sword and Shield", "Sword, Dagger and Shield". */
function listed(names: readonly string[]): string {
  return names.length < 2 ? (names[0] ?? 'nothing') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * In words: who did what with which pieces (the GM's ruling told to the GM). The players hear
 * how many, not which: gear is on the GM's sheet, as a disarm's effect is.
 */
export function tellItemsMoved(event: ZonesEventOf<'zones/items-moved'>, v: Voice): Told | null {
  const who = v.who(event.combatantId);
  if (who === null) return null;
  const ruled = event.ruling && v.audience === 'gm' ? " (by the GM's ruling)" : '';
  const where = event.how === 'pick-up' || event.place !== 'dropped' || event.zoneId === null ? '' : ` in ${v.zone(event.zoneId)}`;
  const n = event.names.length;
  const what = v.audience === 'gm' ? listed(event.names) : n === 1 ? 'an item' : `${n} items`;
  return told(`${who}${ruled} ${VERB[event.how]} ${what}${where}.`, [event.combatantId]);
}
