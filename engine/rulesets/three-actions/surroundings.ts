import type { Combatant, EncounterState, Id } from '../../core/state';
import { flankersOnGrid, mapCantTell, nextTo } from './grid-reading';

// Who stands round an attack's target: whether they are flanked ("surrounded on two opposite
// sides"; the attacker need not be one of them) and who is within 1 m of them (where a thrown or
// shot weapon's stray lands). Where a grid map can tell, the squares say it, and the GM's word
// against them is a ruling; where it can't (no map, someone not on it), the GM says it.

/** Who said it: the squares of the map, the GM where the map can't tell, or the GM's ruling against the map. */
export type ReadFrom = 'map' | 'gm' | 'ruling';

/** What the map shows round the target. */
export interface MapReading {
  flank: boolean;
  /** The two foes on opposite sides of the target (empty when not flanked). */
  flankers: Id[];
  /** Those within 1 m of the target, the attacker left out, in the encounter's order. */
  near: Id[];
}

/** Who stands round the target as the attack counts it, and who said so. */
export interface Surroundings {
  flank: boolean;
  flankFrom: ReadFrom;
  /** Within 1 m of the target (the attacker left out); a stray shot lands on one of them. */
  near: Id[];
  nearFrom: ReadFrom;
  /** What the map shows, where it can tell; null where it can't, `offMap` saying why. */
  map: MapReading | null;
  offMap: string | null;
  /** The GM's word against the map without a ruling, in a sentence saying what the map shows; null when there is none. */
  against: string | null;
}

/** What the GM says round the target, where the map can't or as a ruling against it. */
interface SaidAround {
  flank?: boolean;
  nearTarget?: Id[];
  gmRuling?: boolean;
}

const sameSet = (a: readonly Id[], b: readonly Id[]): boolean => a.length === b.length && a.every((id) => b.includes(id));

/** Names joined for a sentence: "Ana", "Ana and Bo", "Ana, Bo and Cai"; "nobody" for none. */
export function namesOf(state: EncounterState, ids: readonly Id[]): string {
  const names = ids.map((id) => state.combatants.find((c) => c.id === id)?.name ?? id);
  if (names.length === 0) return 'nobody';
  return names.length === 1 ? (names[0] as string) : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1] as string}`;
}

/** What the squares show round `target` for `attacker`'s attack, or null where they can't tell. */
function readMap(state: EncounterState, attacker: Combatant, target: Combatant): MapReading | null {
  if (mapCantTell(state, target) !== null) return null;
  const flankers = flankersOnGrid(state, target) ?? [];
  const near = (nextTo(state, target, [attacker.id]) ?? []).map((c) => c.id);
  return { flank: flankers.length > 0, flankers: flankers.map((c) => c.id), near };
}

/**
 * Who stands round the target as this attack counts it. `strays`: the weapon is thrown or shot,
 * so who is within 1 m matters (for a melee blow it is left empty and never argued over).
 */
export function surroundingsOf(state: EncounterState, attacker: Combatant, target: Combatant, said: SaidAround, strays: boolean): Surroundings {
  const given = Array.isArray(said.nearTarget) ? said.nearTarget.filter((id) => id !== attacker.id && id !== target.id && state.combatants.some((c) => c.id === id)) : null;
  const map = readMap(state, attacker, target);
  if (!map) {
    return { flank: said.flank === true, flankFrom: 'gm', near: strays ? (given ?? []) : [], nearFrom: 'gm', map: null, offMap: mapCantTell(state, target), against: null };
  }
  const flankAgainst = typeof said.flank === 'boolean' && said.flank !== map.flank;
  const nearAgainst = strays && given !== null && !sameSet(given, map.near);
  const ruled = said.gmRuling === true;
  const against: string[] = [];
  if (flankAgainst) against.push(map.flank ? `${target.name} flanked (${namesOf(state, map.flankers)} on opposite sides)` : `${target.name} not flanked`);
  if (nearAgainst) against.push(`${namesOf(state, map.near)} within 1 m of ${target.name}`);
  return {
    flank: flankAgainst && ruled ? (said.flank as boolean) : map.flank,
    flankFrom: flankAgainst && ruled ? 'ruling' : 'map',
    near: !strays ? [] : nearAgainst && ruled ? (given as Id[]) : map.near,
    nearFrom: nearAgainst && ruled ? 'ruling' : 'map',
    map,
    offMap: null,
    against: against.length > 0 && !ruled ? `The map shows ${against.join(', and ')}; move the tokens, or rule it otherwise.` : null,
  };
}
