/**
 * Helpers for the engine's tests: encounters set up in one line, commands that must succeed, and a
 * random source that hands out chosen dice. Pure like the rest of `engine/`; not exported from
 * `index.ts`. Helpers throw when a step that the test needs fails, so the test stops at the cause.
 */
import type { RandomSource, RandomState } from './dice/random';
import type { Command } from './core/commands';
import { createEncounter, dispatch, type Encounter } from './encounter/encounter';
import type { CoreEvent, EncounterEvent, EventType } from './core/events';
import type { ZonesEventOf, ZonesEventType } from './rulesets/zones/events';
import type { Combatant, Id } from './core/state';
import type { GearInput, GearItem } from './rulesets/zones/gear';
import { gearOf } from './rulesets/zones/slice';
import type { Failure } from './result';
import { openPrompt } from './encounter/prompts';
import type { MapZone, Point } from './core/maps/zone-map';
import { BUILTIN_RULESETS } from './all-rulesets';

/** The default factions' ids. */
export const HEROES = 'f1';
export const ENEMIES = 'f2';

/** A fresh Freeform encounter with the default factions. */
export function newEncounter(seed = 1): Encounter {
  const created = createEncounter({ id: 'e1', name: 'Test fight', rulesetId: 'freeform', seed }, BUILTIN_RULESETS);
  if (!created.ok) throw new Error(`createEncounter failed: ${created.code} ${created.message}`);
  return created.encounter;
}

/** Dispatches commands that must all succeed and returns the encounter after the last one. */
export function run(encounter: Encounter, ...commands: Command[]): Encounter {
  return commands.reduce((enc, command) => step(enc, command).encounter, encounter);
}

/** Dispatches one command that must succeed; returns the encounter and the events it made. */
export function step(encounter: Encounter, command: Command): { encounter: Encounter; events: EncounterEvent[] } {
  const result = dispatch(encounter, command);
  if (!result.ok) throw new Error(`${command.type} was refused: ${result.code} ${result.message}`);
  return { encounter: result.encounter, events: result.events };
}

/** Dispatches a command that must be refused and returns the failure with the encounter it came with. */
export function refuse(encounter: Encounter, command: unknown): Failure & { encounter: Encounter } {
  const result = dispatch(encounter, command as Command);
  if (result.ok) throw new Error(`${String((command as { type?: unknown }).type)} was accepted but should have been refused`);
  return result;
}

/** Adds a combatant (Freeform) with an initiative modifier and hit points. */
export function add(name: string, options: { initMod?: number; hp?: number; factionId?: Id; quantity?: number } = {}): Command {
  return {
    type: 'add-combatant',
    name,
    factionId: options.factionId ?? HEROES,
    stats: { initMod: options.initMod ?? 0 },
    tracks: { hp: options.hp ?? 10 },
    quantity: options.quantity ?? 1,
  };
}

export function combatantNamed(encounter: Encounter, name: string): Combatant {
  const found = encounter.state.combatants.find((c) => c.name === name);
  if (!found) throw new Error(`no combatant called ${name}`);
  return found;
}

export function idOf(encounter: Encounter, name: string): Id {
  return combatantNamed(encounter, name).id;
}

export function nameOf(encounter: Encounter, id: Id | null): string {
  return encounter.state.combatants.find((c) => c.id === id)?.name ?? `<${String(id)}>`;
}

/** The names in turn order, for readable assertions. */
export function orderNames(encounter: Encounter): string[] {
  return encounter.state.order.map((id) => nameOf(encounter, id));
}

/** Presses Next turn until it is `name`'s turn (at most one full round plus one). */
export function nextUntil(encounter: Encounter, name: string): Encounter {
  let enc = encounter;
  for (let i = 0; i <= enc.state.order.length; i++) {
    if (nameOf(enc, enc.state.activeId) === name) return enc;
    enc = run(enc, { type: 'next-turn' });
  }
  throw new Error(`${name} never got a turn`);
}

/**
 * A random source that hands out chosen dice in order, so a test can force a tie or a natural 20.
 * It refuses a value the die can't show and running out, so a test can't pass on wrong dice.
 */
export function forcedDice(values: readonly number[]): RandomSource & { used(): number } {
  let next = 0;
  return {
    int(min, max) {
      const value = values[next];
      if (value === undefined) throw new Error(`forcedDice ran out after ${values.length} dice`);
      if (value < min || value > max) throw new Error(`forced die ${value} is outside ${min}..${max}`);
      next++;
      return value;
    },
    state: (): RandomState => [next],
    used: () => next,
  };
}

/** A fresh Zones & Factions encounter with the default factions. */
export function newZonesEncounter(seed = 1): Encounter {
  const created = createEncounter({ id: 'z1', name: 'Zones test', rulesetId: 'zones', seed }, BUILTIN_RULESETS);
  if (!created.ok) throw new Error(`createEncounter failed: ${created.code} ${created.message}`);
  return created.encounter;
}

/** Adds a Zones & Factions character. */
export function addZ(
  name: string,
  options: { factionId?: Id; str?: number; agi?: number; wit?: number; health?: number; zoneId?: Id; concealed?: boolean; gear?: GearInput[]; quantity?: number } = {},
): Command {
  return {
    type: 'add-combatant',
    name,
    factionId: options.factionId ?? HEROES,
    stats: { str: options.str ?? 10, agi: options.agi ?? 10, wit: options.wit ?? 10 },
    tracks: { health: options.health ?? 10 },
    quantity: options.quantity ?? 1,
    concealed: options.concealed ?? false,
    ...(options.zoneId ? { zoneId: options.zoneId } : {}),
    ...(options.gear ? { rules: { gear: options.gear } } : {}),
  };
}

/**
 * Dispatches a command that must succeed with exactly these dice. The source's saved state stays
 * the encounter's own, so later commands roll from the seed as usual.
 */
export function stepWithDice(encounter: Encounter, dice: readonly number[], command: Command): { encounter: Encounter; events: EncounterEvent[] } {
  const forced = forcedDice(dice);
  const source: RandomSource = { int: (min, max) => forced.int(min, max), state: () => encounter.state.rng };
  const result = dispatch(encounter, command, () => source);
  if (!result.ok) throw new Error(`${command.type} was refused: ${result.code} ${result.message}`);
  if (forced.used() !== dice.length) throw new Error(`${command.type} used ${forced.used()} of the ${dice.length} dice given`);
  return { encounter: result.encounter, events: result.events };
}

/** The faction whose go it is (alternating procedures), or null. */
export function goOf(encounter: Encounter): Id | null {
  return encounter.state.turn?.factionId ?? null;
}

/** A Zones & Factions character's health. */
export function healthOf(encounter: Encounter, name: string): number {
  return combatantNamed(encounter, name).tracks.health?.value ?? Number.NaN;
}

/** A piece of gear a combatant carries, found by its name; throws if they don't carry it. */
export function gearNamed(encounter: Encounter, who: string, gearName: string): GearItem {
  const found = gearOf(combatantNamed(encounter, who)).find((g) => g.name === gearName);
  if (!found) throw new Error(`${who} carries no ${gearName}`);
  return found;
}

/** An event of this type, typed: one of the core's, or one of Zones & Factions' own. */
export type EventOfType<T extends EventType | ZonesEventType> = T extends ZonesEventType ? ZonesEventOf<T> : Extract<CoreEvent, { type: T }>;

/** The events of one type from a list, typed. */
export function eventsOfType<T extends EventType | ZonesEventType>(events: readonly EncounterEvent[], type: T): EventOfType<T>[] {
  return events.filter((e) => e.type === type) as unknown as EventOfType<T>[];
}

/** A rectangle's corners, clockwise from the top left (a square when `h` is left out). */
export function rectPoints(x: number, y: number, w: number, h: number = w): Point[] {
  return [
    [x, y],
    [x + w, y],
    [x + w, y + h],
    [x, y + h],
  ];
}

/** A drawn zone without traits, named by its id; `fields` overrides any of it. */
export function mapZone(id: Id, points: Point[], fields: Partial<MapZone> = {}): MapZone {
  return { id, name: id, colour: '#557799', points, hazard: null, difficult: false, concealment: false, cover: false, hidden: false, ...fields };
}

/**
 * A move on a turn, let go on if it waits for enemies beside the mover ("Characters can make an
 * opportunity attack as a reaction against nearby enemies moving away"): nobody strikes, and the
 * GM answers that the move goes on. The events are the move's own.
 */
export function moveOn(encounter: Encounter, move: Command): { encounter: Encounter; events: EncounterEvent[] } {
  const asked = step(encounter, move);
  if (openPrompt(asked.encounter.state, asked.encounter.ruleset)?.kind !== 'zones/leaving') return asked;
  const went = step(asked.encounter, { type: 'answer-prompt', promptId: 'zones/leaving', answer: 'go' });
  return { encounter: went.encounter, events: went.events.filter((e) => e.type === 'moved') };
}

