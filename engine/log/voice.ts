import type { Voice } from '../core/voice';
import { displayOf, playerFactionIds, shownNameOf } from '../core/display';
import type { Combatant, EncounterState, Id, PlayerDisplay } from '../core/state';
import { findRuleset } from '../core/registry';
import { healthDescriptor, shownTest } from '../views/player-view';
import { sameSpace, spaceSight, type SpaceSight } from '../space/for-players';
import { gmSpaceVoice, playersSpaceVoice, type Places } from '../space/voice';

export { learnPlaces, learnStatePlaces, noPlaces, type Places } from '../space/voice';

// Who tells the log, and to whom. A voice names characters, factions and places (the space's
// words: `space/voice.ts`) for one audience at the moment of one event, and says what that
// audience may know about a character. The GM's voice knows everything; the players' voice follows
// the player view's rules (see `views/player-view.ts`): hidden characters, factions nobody shown
// belongs to and places they can't see have no name, and only the player factions' characters have exact health, armour, gear,
// conditions and stats.

const find = (state: EncounterState, id: Id | null): Combatant | undefined => (id === null ? undefined : state.combatants.find((c) => c.id === id));

/**
 * The GM's voice: everyone by their real name (as it was just before the event, or just after
 * for someone the event adds), every place by its name from anything the encounter has laid out.
 * `gone` names characters removed earlier.
 */
export function gmVoice(before: EncounterState, after: EncounterState, places: Places, gone?: ReadonlyMap<Id, string>): Voice {
  const name = (id: Id | null) => find(before, id)?.name ?? find(after, id)?.name ?? (id === null ? undefined : gone?.get(id)) ?? 'someone';
  return {
    audience: 'gm',
    before,
    after,
    ruleset: findRuleset(after.rulesetId),
    who: name,
    was: name,
    faction: (id) => before.factions.find((f) => f.id === id)?.name ?? after.factions.find((f) => f.id === id)?.name ?? 'nobody',
    exact: () => true,
    looks: () => null,
    // Last: V8 builds a literal that starts with a spread many times slower (measured in the log bench).
    ...gmSpaceVoice(places),
  };
}

/** What the players can see in one state: who is shown (by the name they see), which factions, and what of the space. */
export interface Sight {
  readonly state: EncounterState;
  /** Shown characters' ids and the names the players see them by. */
  readonly names: ReadonlyMap<Id, string>;
  /** Factions the players may know of: the player factions and any with a character shown. */
  readonly factions: ReadonlySet<Id>;
  readonly playerFactions: ReadonlySet<Id>;
  readonly space: SpaceSight;
}

/**
 * The players' eyes over a whole log. Names follow the player view: real names for the player
 * factions (unless the GM typed one) and for revealed characters, a typed name, or a generic
 * "<faction> <n>". Generic numbers are handed out once, in the order characters are first shown
 * (state order among those shown at the same moment), and kept: in the log "Enemies 2" is always
 * the same character, although the live player view numbers by position and may renumber when
 * someone is revealed.
 *
 * Built for a walk over thousands of events: while the display settings, factions and space
 * stay the same objects and no character changes in a way the players could see (shown or not,
 * real name, side), the sight before is kept with the new state, names and all.
 */
export class PlayerEyes {
  readonly #generic = new Map<Id, { factionId: Id; name: string }>();
  readonly #counts = new Map<Id, number>();
  #last: Sight | null = null;

  /** What the players see of a state; registers generic names for characters shown for the first time. */
  see(state: EncounterState): Sight {
    const last = this.#last;
    const same = last !== null && last.state.display === state.display && last.state.factions === state.factions && sameSpace(last.state, state);
    if (same && unchangedForPlayers(last, state)) return (this.#last = { ...last, state });
    const space = spaceSight(state);
    const playerFactions = new Set(playerFactionIds(state));
    const display = displayOf(state);
    const shown = shownTest(state, space);
    const names = new Map<Id, string>();
    const factions = new Set(playerFactions);
    for (const c of state.combatants) {
      if (!shown(c)) continue;
      names.set(c.id, this.#nameOf(state, display, playerFactions, c));
      factions.add(c.factionId);
    }
    return (this.#last = { state, names, factions, playerFactions, space });
  }

  #nameOf(state: EncounterState, display: PlayerDisplay, playerFactions: ReadonlySet<Id>, c: Combatant): string {
    const player = playerFactions.has(c.factionId);
    const typed = shownNameOf(display, c.id);
    if (display.revealedNames.includes(c.id) || (player && typed === null)) return String(c.name);
    if (typed !== null) return String(typed);
    const known = this.#generic.get(c.id);
    if (known !== undefined && known.factionId === c.factionId) return known.name;
    const n = (this.#counts.get(c.factionId) ?? 0) + 1;
    this.#counts.set(c.factionId, n);
    const name = `${state.factions.find((f) => f.id === c.factionId)?.name ?? 'Someone'} ${n}`;
    this.#generic.set(c.id, { factionId: c.factionId, name });
    return name;
  }
}

/**
 * Whether the players see the same characters under the same names in `state` as in the last
 * sight, the display, factions and space being the same objects: every character object
 * that changed keeps its id, real name, side and whether it is shown.
 */
function unchangedForPlayers(last: Sight, state: EncounterState): boolean {
  const before = last.state.combatants;
  const now = state.combatants;
  if (before === now) return true;
  if (before.length !== now.length) return false;
  let shown: ((c: Combatant) => boolean) | null = null;
  for (let i = 0; i < now.length; i++) {
    const c = now[i] as Combatant;
    const b = before[i] as Combatant;
    if (c === b) continue;
    if (c.id !== b.id || c.name !== b.name || c.factionId !== b.factionId) return false;
    shown ??= shownTest(state, last.space);
    if (shown(c) !== last.names.has(c.id)) return false;
  }
  return true;
}

/**
 * The players' voice for one event: a character is named when shown just after the event (or,
 * for their removal, just before it); everything else follows the player view.
 */
export function playersVoice(before: Sight, after: Sight, removal: Id | null): Voice {
  const state = after.state;
  const ruleset = findRuleset(state.rulesetId);
  const display = displayOf(state);
  const exact = (id: Id) => {
    const c = find(state, id);
    return c !== undefined && after.names.has(id) && after.playerFactions.has(c.factionId);
  };
  return {
    audience: 'players',
    before: before.state,
    after: state,
    ruleset,
    who: (id) => (id === null ? null : (after.names.get(id) ?? (id === removal ? (before.names.get(id) ?? null) : null))),
    was: (id) => before.names.get(id) ?? null,
    faction: (id) => (id !== null && after.factions.has(id) ? (state.factions.find((f) => f.id === id)?.name ?? null) : null),
    exact,
    looks: (id) => {
      const c = find(state, id);
      if (!c || exact(id) || display.enemyHealth === 'none') return null;
      return healthDescriptor(c, ruleset);
    },
    ...playersSpaceVoice(state, after.space),
  };
}

