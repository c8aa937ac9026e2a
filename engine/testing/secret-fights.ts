/**
 * Random Zones & Factions fights full of secrets, for property tests of what the players may see
 * (the player view and the players' version of the encounter log). Test support like
 * `test-support.ts`: not exported from `index.ts`.
 *
 * Fights on a drawn map with random hidden things: hidden zones, concealed characters, characters
 * kept off until their first turn, GM notes, hazard notes, real names the players haven't been
 * told, typed names, enemies' exact health. Every hidden thing carries a marker string of its own
 * ("Cname3Q", "Note3Q"…), so one search of what the players get finds any leak.
 */
import fc from 'fast-check';
import { createEncounter, dispatch, type Encounter } from '../encounter/encounter';
import type { Command } from '../core/commands';
import { displayOf, playerFactionIds } from '../core/display';
import type { EncounterState } from '../core/state';
import type { ZoneMap } from '../core/maps/zone-map';
import { mapZone, rectPoints } from '../test-support';
import { gearOf, zonesFight } from '../rulesets/zones/index';
import { BUILTIN_RULESETS } from '../all-rulesets';

/** The seed of every random fight: it must never reach the players. */
export const SEED = 8642135;
/** Health of everyone outside the player factions: a number that shows up if it leaks. */
export const ENEMY_HEALTH = 737;

export interface Setup {
  zones: { hidden: boolean; hazard: boolean }[];
  third: boolean;
  playerFactions: number[];
  people: { faction: number; zone: number | null; concealed: boolean; waiting: boolean; shownName: boolean; revealed: boolean; condition: boolean }[];
}

export type Shape =
  | { kind: 'take' | 'conceal' | 'wait' | 'reveal' | 'rename' | 'note' | 'condition' | 'surrender'; who: number; flag: boolean }
  | { kind: 'end' | 'pass' | 'next' | 'health' }
  | { kind: 'move' | 'place'; who: number; zone: number; border: boolean }
  | { kind: 'damage' | 'heal'; who: number; amount: number }
  | { kind: 'attack'; who: number; target: number }
  | { kind: 'react' | 'morale'; flag: boolean };

const who = fc.nat(30);
/** True one time in four: enough hidden characters without hiding nearly everyone. */
const often = fc.nat(3).map((n) => n === 0);
export const setup: fc.Arbitrary<Setup> = fc.record({
  zones: fc.array(fc.record({ hidden: fc.boolean(), hazard: fc.boolean() }), { minLength: 2, maxLength: 6 }),
  third: fc.boolean(),
  playerFactions: fc.subarray([0, 1, 2]),
  people: fc.array(
    fc.record({
      faction: fc.nat(2),
      zone: fc.option(fc.nat(5)),
      concealed: often,
      waiting: often,
      shownName: fc.boolean(),
      revealed: fc.boolean(),
      condition: fc.boolean(),
    }),
    { minLength: 1, maxLength: 10 },
  ),
});

export const shape: fc.Arbitrary<Shape> = fc.oneof(
  fc.record({ kind: fc.constantFrom('take' as const, 'conceal' as const, 'wait' as const, 'reveal' as const, 'rename' as const, 'note' as const, 'condition' as const, 'surrender' as const), who, flag: fc.boolean() }),
  fc.record({ kind: fc.constantFrom('end' as const, 'pass' as const, 'next' as const, 'health' as const) }),
  fc.record({ kind: fc.constantFrom('move' as const, 'place' as const), who, zone: fc.nat(5), border: fc.boolean() }),
  fc.record({ kind: fc.constantFrom('damage' as const, 'heal' as const), who, amount: fc.oneof(fc.integer({ min: 1, max: 9 }), fc.constantFrom(200, 400)) }),
  fc.record({ kind: fc.constant('attack' as const), who, target: who }),
  fc.record({ kind: fc.constantFrom('react' as const, 'morale' as const), flag: fc.boolean() }),
  // Taking turns and ending them is most of a fight.
  fc.record({ kind: fc.constant('take' as const), who, flag: fc.constant(true) }),
  fc.record({ kind: fc.constant('end' as const) }),
);

export const zoneId = (i: number) => `Zid${i}Q`;

export function mapOf(s: Setup): ZoneMap {
  return {
    width: s.zones.length * 100,
    height: 100,
    background: null,
    zones: s.zones.map((z, i) =>
      mapZone(zoneId(i), rectPoints(i * 100, 0, 100), { name: `Zname${i}Q`, hidden: z.hidden, hazard: z.hazard ? `Hazard${i}Q` : null }),
    ),
    links: [],
    barriers: [],
    grid: 10,
  };
}

export function attempt(enc: Encounter, command: Command): Encounter {
  const result = dispatch(enc, command);
  return result.ok ? result.encounter : enc;
}

export function build(s: Setup, start = true): Encounter {
  const created = createEncounter({ id: 'EncId1Q', name: 'Encname1Q', rulesetId: 'zones', seed: SEED }, BUILTIN_RULESETS);
  if (!created.ok) throw new Error(created.message);
  let enc = created.encounter;
  const must = (command: Command) => {
    const result = dispatch(enc, command);
    if (!result.ok) throw new Error(`${command.type}: ${result.message}`);
    enc = result.encounter;
  };
  must({ type: 'add-faction', name: 'Faction3Q', colour: '#123456' });
  must({ type: 'set-map', mapId: 'MapId1Q', name: 'Mapname1Q', map: mapOf(s) });
  const factionIds = enc.state.factions.map((f) => f.id);
  const players = s.playerFactions.map((i) => factionIds[i] as string);
  must({ type: 'set-player-factions', factionIds: players });
  s.people.forEach((p, i) => {
    const factionId = factionIds[s.third ? p.faction : p.faction % 2] as string;
    const player = players.includes(factionId);
    const zone = p.zone === null ? null : p.zone % s.zones.length;
    must({
      type: 'add-combatant',
      name: `Cname${i}Q`,
      factionId,
      stats: { str: 10, agi: 10, wit: 5 + ((i * 7) % 15) },
      // Player characters have little health; everyone else a number that shows up if it leaks.
      tracks: { health: player ? 20 + (i % 20) : ENEMY_HEALTH },
      notes: `Note${i}Q`,
      concealed: p.concealed,
      ...(zone === null ? {} : { zoneId: zoneId(zone) }),
      rules: { gear: [{ name: `Gear${i}Q`, kind: 'weapon', damage: 'd6', reach: 'ranged', range: 6 }] },
    });
    const id = enc.state.combatants[enc.state.combatants.length - 1]?.id as string;
    if (p.waiting) must({ type: 'hide-until-turn', combatantId: id, hidden: true });
    if (p.shownName) must({ type: 'set-player-name', combatantId: id, name: `Shown${i}Q` });
    if (p.revealed) must({ type: 'reveal-name', combatantId: id, revealed: true });
    if (p.condition) must({ type: 'add-condition', combatantId: id, name: `Cond${i}Q` });
  });
  return start ? attempt(enc, { type: 'start-combat' }) : enc;
}

export function resolve(shape: Shape, state: EncounterState): Command {
  const pick = <T>(list: readonly T[], i: number): T | undefined => list[i % Math.max(1, list.length)];
  const at = 'who' in shape ? shape.who % Math.max(1, state.combatants.length) : 0;
  const c = state.combatants[at];
  const id = c?.id ?? 'c999';
  const display = displayOf(state);
  switch (shape.kind) {
    case 'take':
      return { type: 'take-turn', combatantId: id };
    case 'end':
      return { type: 'end-turn' };
    case 'pass':
      return { type: 'pass' };
    case 'next':
      return { type: 'next-turn' };
    case 'health':
      return { type: 'set-enemy-health', mode: display.enemyHealth === 'none' ? 'descriptors' : 'none' };
    case 'conceal':
      return { type: 'set-concealed', combatantId: id, concealed: shape.flag };
    case 'wait':
      return { type: 'hide-until-turn', combatantId: id, hidden: shape.flag };
    case 'reveal':
      return { type: 'reveal-name', combatantId: id, revealed: shape.flag };
    case 'rename':
      return { type: 'set-player-name', combatantId: id, name: shape.flag ? `Shown${at}Q` : null };
    case 'note':
      return { type: 'set-notes', combatantId: id, notes: `Note${at}Q again` };
    case 'condition':
      return { type: 'add-condition', combatantId: id, name: `Cond${at}Q` };
    case 'surrender':
      return { type: 'set-mark', combatantId: id, mark: shape.flag ? 'surrendered' : 'fear-immune', on: true };
    case 'move':
    case 'place': {
      const zone = pick(state.zones, shape.zone)?.id ?? 'nowhere';
      const border = shape.border ? state.borders.find((b) => b.a === zone || b.b === zone)?.id : undefined;
      if (shape.kind === 'move') return border ? { type: 'move', combatantId: id, borderId: border } : { type: 'move', combatantId: id, zoneId: zone };
      return { type: 'set-zone', combatantId: id, zoneId: zone, ...(border ? { borderId: border } : {}) };
    }
    case 'damage':
    case 'heal':
      return { type: shape.kind, combatantId: id, amount: shape.amount };
    case 'attack': {
      // Mostly by whoever is acting, as attacks are made.
      const attacker = state.combatants.find((x) => x.id === state.activeId && shape.who % 4 !== 0) ?? c;
      const target = pick(state.combatants, shape.target)?.id ?? 'c999';
      return { type: 'zones/declare-attack', attackerId: attacker?.id ?? 'c999', weaponId: (attacker ? gearOf(attacker)[0]?.id : null) ?? null, targetIds: [target], situation: { targetsAware: shape.target % 3 !== 0 } };
    }
    case 'react': {
      const awaiting = zonesFight(state).pendingAttack?.awaiting[0];
      if (!awaiting) return { type: 'zones/cancel-attack' };
      return { type: 'zones/react-to-attack', reactorId: awaiting, targetId: awaiting, reaction: shape.flag ? { kind: 'none' } : { kind: 'dodge' } };
    }
    case 'morale': {
      const due = zonesFight(state).moraleDue[0];
      if (!due) return { type: 'pass' };
      return shape.flag ? { type: 'zones/morale-check', factionId: due } : { type: 'zones/skip-morale', factionId: due };
    }
  }
}

/** Who the players may see, worked out here on its own terms rather than by the code under test. */
export function shownIds(state: EncounterState): Set<string> {
  const players = new Set(playerFactionIds(state));
  const hiddenZones = new Set(state.zones.filter((z) => z.hidden).map((z) => z.id));
  const waiting = new Set(displayOf(state).waitingForTurn);
  return new Set(
    state.combatants
      .filter((c) => !c.concealed && !waiting.has(c.id) && (players.has(c.factionId) || c.zoneId === null || !hiddenZones.has(c.zoneId)))
      .map((c) => c.id),
  );
}
