import { displayOf, playerFactionIds, shownNameOf } from '../core/display';
import type { Combatant, EncounterState, Faction, Id, Phase } from '../core/state';
import type { JsonValue } from '../json';
import { outOfSight, spaceForPlayers, spaceSight, type PlaceForPlayers, type SpaceForPlayers, type SpaceSight } from '../space/for-players';
import { isOutOfFight, statusOf, type OutKind, type StatusLevel } from '../core/health';
import type { Ruleset } from '../core/ruleset';
import { factionsInFight, whyNotEligible } from '../turns/alternating';
import type { AlternatingProcedure } from '../core/turn-procedure';
import { fightClock } from '../turns/clock';

// The player view: what the players' screen may show of an encounter, as a pure function of its
// state. It builds a new plain JSON value field by field from an allow-list: nothing is spread
// from the state or from a combatant, so a field added to the state later never reaches the
// players by accident. The player window receives this projection and nothing else.
//
// What is left out, and why:
// - a planned encounter (status `setup`): only `{ status: 'waiting' }`, not even its name;
// - concealed characters, characters waiting for their first turn, and characters outside the
//   player factions who stand where the players can't see (the space's rule: `space/for-players.ts`
//   and the space's own module say what is hidden, and how player characters there are placed);
// - every id (combatants, factions, the space's places, the map), GM notes, stats, gear,
//   resources, the marks a ruleset keeps from the players, condition timers, the seed and the
//   random source's state, and whatever the space keeps from them;
// - real names of characters outside the player factions until the GM reveals them;
// - exact health of characters outside the player factions: a descriptor or nothing.
//
// Keys. Everything the players see is named by an opaque key made from its position among the
// things shown (`p1`, `p2`… for characters, `side-1`… for factions, and the space's own), so
// nothing hidden leaves a gap in the numbering: the keys never reveal that something is hidden.
// The price: a key can move to another character when someone is hidden or shown, so the player
// window must treat keys as valid for one projection only.

/** Bumped when the shape of {@link PlayerView} changes. */
export const PLAYER_VIEW_VERSION = 3;

/**
 * How hurt a character outside the player factions looks, from their ruleset's `status`: `unhurt`,
 * `hurt`, `badly hurt`, or `down` for anyone down or out of the fight (at 0, dead, surrendered,
 * fled). Who retreated or surrendered is told apart by {@link PlayerCombatant.left}.
 */
export type HealthDescriptor = 'unhurt' | 'hurt' | 'badly hurt' | 'down';

/** A faction as the players see it. */
export interface PlayerFaction {
  key: string;
  name: string;
  /** `#rrggbb`. */
  colour: string;
  /** Its characters are shown in full. */
  isPlayer: boolean;
}

/** One health track of a player character, labelled as the ruleset labels it. */
export interface PlayerTrack {
  label: string;
  shortLabel: string;
  value: number;
  max: number;
}

/** A character's health as the players may see it. */
export type PlayerHealth =
  /** Player characters: every track in numbers, and whether they are out of the fight. */
  | { kind: 'full'; tracks: PlayerTrack[]; out: boolean }
  /** Everyone else, when the GM shows descriptors; `words`, where the ruleset has its own for it (harmed, bloodied). */
  | { kind: 'descriptor'; descriptor: HealthDescriptor; words?: string }
  /** Everyone else, when the GM shows no health. */
  | { kind: 'none' };

/** How a character left the fight, in the players' words. */
export type LeftHow = 'retreated' | 'surrendered';

/** A character the players may see; where they stand is the space's part (`PlaceForPlayers`). */
export interface PlayerCombatant extends PlaceForPlayers {
  key: string;
  /** The real name for player characters and revealed ones, else the name the GM typed, else "<faction> <n>". */
  name: string;
  factionKey: string;
  isPlayer: boolean;
  health: PlayerHealth;
  /**
   * Left the fight where the whole table saw it: `retreated` (fled) or `surrendered`; null while
   * fighting, down or dead (health tells those). Given whatever the GM shows of health, as the
   * players' log tells it (engine/log/entries.ts).
   */
  left: LeftHow | null;
  /** Condition names, for player characters only; [] for everyone else. */
  conditions: string[];
  /** Taking their turn right now. */
  acting: boolean;
  /** Factions alternate: has used their turn this round. Null where turns follow an order. */
  acted: boolean | null;
  /** Factions alternate: may still take a turn in this phase. Null where turns follow an order. */
  mayStillAct: boolean | null;
  /** Turns follow an order: their place among the characters shown (1 = first). Null otherwise. */
  position: number | null;
}

/** The player view of an encounter being fought (or just over); the space's part is `SpaceForPlayers`. */
export interface PlayerFight extends SpaceForPlayers {
  version: typeof PLAYER_VIEW_VERSION;
  status: 'running' | 'ended';
  /** The encounter's name. */
  name: string;
  round: number;
  /** The time the fight has run as this round began ("0:10"), where the ruleset times its rounds; null otherwise. */
  elapsed: string | null;
  /** How turns go: one order (individual initiative), or factions alternating. */
  procedure: 'order' | 'alternating';
  /** The phase the procedure names (`main` for a plain round where factions alternate); in a fixed order, only an opening phase's, else null. */
  phase: Phase | null;
  /** The gate die this round (rounds split by a gate), once rolled; null otherwise. */
  gateDie: number | null;
  /**
   * Factions alternate: the faction whose go it is, when one of its shown characters is acting or
   * may still act; null otherwise (so a go held only by hidden characters shows as nobody's).
   */
  whoseGo: PlayerFaction | null;
  /** The key of the shown character taking their turn, or null. */
  acting: string | null;
  /** Turns follow an order: the shown characters' keys in that order. [] where factions alternate. */
  order: string[];
  /** The player factions, and every faction with a shown character, in the encounter's order. */
  factions: PlayerFaction[];
  /** The shown factions' keys in the order they take their goes: as rolled (side initiative), or, once the fight runs, as the GM ordered the teams, from the one holding the initiative; [] otherwise. */
  sideOrder: string[];
  combatants: PlayerCombatant[];
  /** The ruleset's own part, as its `players.view` projects it; absent for rulesets without one. */
  rules?: JsonValue;
}

/** What the player window receives: a fight, or a planned encounter that hasn't started. */
export type PlayerView = { version: typeof PLAYER_VIEW_VERSION; status: 'waiting' } | PlayerFight;

/** Numbers a list of ids as `prefix1`, `prefix2`… in the order given. */
function keyed(ids: readonly Id[], prefix: string): Map<Id, string> {
  return new Map(ids.map((id, i) => [id, `${prefix}${i + 1}`]));
}

// Down and out look the same from across the table.
const DESCRIPTORS: Record<StatusLevel, HealthDescriptor> = { fine: 'unhurt', hurt: 'hurt', 'badly-hurt': 'badly hurt', down: 'down', out: 'down' };

/** How hurt a character looks (see {@link HealthDescriptor}). */
export function healthDescriptor(c: Combatant, ruleset: Ruleset | undefined): HealthDescriptor {
  return DESCRIPTORS[statusOf(ruleset, c).level];
}

// The shared descriptor, with the ruleset's own words for how the character looks where it has them.
function descriptorOf(c: Combatant, ruleset: Ruleset | undefined): PlayerHealth {
  const words = ruleset?.players?.words?.(c) ?? null;
  return { kind: 'descriptor', descriptor: healthDescriptor(c, ruleset), ...(words ? { words } : {}) };
}

// Dead and down are health, which the players may not be shown; fleeing and surrendering they saw.
const LEFT: Partial<Record<OutKind, LeftHow>> = { fled: 'retreated', surrendered: 'surrendered' };

/** How a character left the fight (see {@link PlayerCombatant.left}). */
function leftHow(c: Combatant, ruleset: Ruleset | undefined): LeftHow | null {
  const how = statusOf(ruleset, c).how;
  return how === null ? null : (LEFT[how] ?? null);
}

function fullHealth(c: Combatant, ruleset: Ruleset | undefined): PlayerHealth {
  const defs = ruleset?.character.tracks ?? Object.keys(c.tracks).map((key) => ({ key, label: key, shortLabel: key }));
  const tracks: PlayerTrack[] = [];
  for (const def of defs) {
    const t = Object.hasOwn(c.tracks, def.key) ? c.tracks[def.key] : undefined;
    if (t) tracks.push({ label: String(def.label), shortLabel: String(def.shortLabel), value: Number(t.value), max: Number(t.max) });
  }
  return { kind: 'full', tracks, out: isOutOfFight(ruleset, c) };
}

/**
 * The characters the player view shows, in the state's order, whatever the encounter's status:
 * everyone in an existing faction except the concealed, those waiting for their first turn, and
 * characters outside the player factions who stand where the players can't see (the space's
 * rule). The encounter log's players'
 * version uses the same rule.
 */
export function shownCombatants(state: EncounterState, sight: SpaceSight = spaceSight(state)): Combatant[] {
  return state.combatants.filter(shownTest(state, sight));
}

/** The test {@link shownCombatants} applies to each character, for callers that check one at a time. */
export function shownTest(state: EncounterState, sight: SpaceSight = spaceSight(state)): (c: Combatant) => boolean {
  const players = new Set(playerFactionIds(state));
  const waiting = new Set(displayOf(state).waitingForTurn);
  const factionIds = new Set(state.factions.map((f) => f.id));
  return (c) => factionIds.has(c.factionId) && c.concealed !== true && !waiting.has(c.id) && !(!players.has(c.factionId) && outOfSight(sight, c));
}

/**
 * The player view of an encounter: a new plain JSON value holding only what the players may see
 * (see the notes at the top of this file), by the rules of `ruleset`, the encounter's. Pure: the
 * same state always gives the same view.
 */
export function projectPlayerView(state: EncounterState, ruleset: Ruleset): PlayerView {
  if (state.status !== 'running' && state.status !== 'ended') return { version: PLAYER_VIEW_VERSION, status: 'waiting' };
  const display = displayOf(state);
  const players = new Set(playerFactionIds(state));

  // The space: what of it is hidden, and where the shown stand, is the space's rule.
  const sight = spaceSight(state);
  const space = spaceForPlayers(state, sight);

  // Characters.
  const isPlayer = (c: Combatant) => players.has(c.factionId);
  const shown = shownCombatants(state, sight);
  const combatantKeys = keyed(shown.map((c) => c.id), 'p');

  // Factions: the player factions, and any with a character shown.
  const factionsShown = state.factions.filter((f) => players.has(f.id) || shown.some((c) => c.factionId === f.id));
  const factions: PlayerFaction[] = factionsShown.map((f, i) => ({ key: `side-${i + 1}`, name: String(f.name), colour: String(f.colour), isPlayer: players.has(f.id) }));
  const factionOf = new Map(factionsShown.map((f, i) => [f.id, factions[i] as PlayerFaction]));

  // Turns.
  const proc = ruleset.turn.order;
  const alternating = proc?.kind === 'alternating' ? proc : null;
  const turn = alternating ? state.turn : null;
  const running = state.status === 'running';
  const actingKey = state.activeId === null ? null : (combatantKeys.get(state.activeId) ?? null);
  const order = alternating ? [] : state.order.filter((id) => combatantKeys.has(id));
  const position = new Map(order.map((id, i) => [id, i + 1]));
  const spent = new Set(turn?.spent ?? []);

  const revealed = new Set(display.revealedNames);
  // Others' conditions only where the GM lets the players see them, by name.
  const conditionsShown = new Set(display.conditionsShown);
  const defaultCount = new Map<Id, number>();
  const combatants: PlayerCombatant[] = shown.map((c) => {
    const player = isPlayer(c);
    const faction = factionOf.get(c.factionId) as PlayerFaction;
    const typed = shownNameOf(display, c.id);
    let name: string;
    if (revealed.has(c.id) || (player && typed === null)) name = String(c.name);
    else if (typed !== null) name = String(typed);
    else {
      const n = (defaultCount.get(c.factionId) ?? 0) + 1;
      defaultCount.set(c.factionId, n);
      name = `${faction.name} ${n}`;
    }
    const health: PlayerHealth = player
      ? fullHealth(c, ruleset)
      : display.enemyHealth === 'none'
        ? { kind: 'none' }
        : descriptorOf(c, ruleset);
    const pos = position.get(c.id);
    return {
      key: combatantKeys.get(c.id) as string,
      name,
      factionKey: faction.key,
      isPlayer: player,
      health,
      left: leftHow(c, ruleset),
      conditions: player || conditionsShown.has(c.id) ? c.conditions.map((k) => String(k.name)) : [],
      ...space.place(c),
      acting: running && state.activeId === c.id,
      acted: alternating ? spent.has(c.id) : null,
      mayStillAct: alternating ? running && whyNotEligible(alternating, state, c) === null : null,
      position: pos ?? null,
    };
  });

  // Whose go: only when a character shown carries it, so a go held by hidden ones shows as nobody's.
  let whoseGo: PlayerFaction | null = null;
  const go = turn?.factionId ?? null;
  const hiddenActing = state.activeId !== null && actingKey === null;
  if (running && go !== null && !hiddenActing) {
    const faction = factionOf.get(go);
    const carried = combatants.some((p) => p.factionKey === faction?.key && (p.acting || p.mayStillAct === true));
    if (faction && carried) whoseGo = faction;
  }

  return {
    version: PLAYER_VIEW_VERSION,
    status: state.status,
    name: String(state.name),
    round: Number(state.round),
    elapsed: fightClock(ruleset.turn.roundSeconds, Number(state.round)),
    procedure: alternating ? 'alternating' : 'order',
    // In a fixed order only an opening phase (round 0) has a name of its own.
    phase: alternating ? (turn?.phase ?? null) : state.round === 0 ? (state.turn?.phase ?? null) : null,
    gateDie: turn?.gate ?? null,
    whoseGo: whoseGo ? { ...whoseGo } : null,
    acting: running ? actingKey : null,
    order: order.map((id) => combatantKeys.get(id) as string),
    factions,
    sideOrder: goesInOrder(state, alternating).flatMap((f) => (factionOf.has(f.id) ? [(factionOf.get(f.id) as PlayerFaction).key] : [])),
    combatants,
    ...space.field,
    ...rulesPart(state, ruleset, [combatantKeys, ...space.keys]),
  };
}

/**
 * The order the sides take their goes in, where the players can know it: as rolled (side
 * initiative), or as the GM (or the ruleset, for them) set it, from the side holding the
 * initiative round again; none where nobody ordered the teams.
 */
function goesInOrder(state: EncounterState, alternating: AlternatingProcedure | null): Faction[] {
  if (!alternating) return [];
  const factions = factionsInFight(state);
  if (alternating.sideInitiative) return factions;
  if ((state.sideOrder ?? []).length === 0 || state.status !== 'running') return [];
  const from = Math.max(0, factions.findIndex((f) => f.id === state.initiativeFactionId));
  return [...factions.slice(from), ...factions.slice(0, from)];
}

// The ruleset's own part, as the ruleset projects it, naming characters only by their keys here.
function rulesPart(state: EncounterState, ruleset: Ruleset | undefined, keys: readonly ReadonlyMap<Id, string>[]): { rules?: JsonValue } {
  if (!ruleset?.players?.view) return {};
  const keyOf = (id: Id) => keys.map((k) => k.get(id)).find((k) => k !== undefined) ?? null;
  return { rules: ruleset.players.view(state, keyOf) };
}
