import { expect } from 'vitest';
import { displayOf, playerFactionIds, PLAYER_VIEW_VERSION, type EncounterState, type PlayerView } from '../index';
import { SEED, shownIds } from './secret-fights';
import type { ZonesPlayerPart } from '../rulesets/zones/index';

// The no-leak check of the players' side of random Zones & Factions fights (secret-fights.ts).
// In those fights on a drawn map with random hidden things: hidden zones, concealed
// characters, characters kept off until their first turn, GM notes, hazard notes, real names the
// players haven't been told, typed names, enemies' exact health. Every hidden thing carries a
// marker string of its own ("Cname3Q", "Note3Q"…), so one search of the serialised projection
// finds any leak. After every step of a random command sequence the projection must hold none of
// them, no combatant id at all, not the seed or the random source's state, and no enemy's health.

/**
 * Fails the test when `json`, what the players were sent of `state` (its projection `view`, or a
 * whole screen holding it), holds anything the GM keeps secret.
 */
export function expectNoSecrets(state: EncounterState, view: PlayerView, json: string): void {
  const leak = (text: string, what: string) => expect(json.includes(text), `${what} leaked: ${text}`).toBe(false);
  // A number counts as shown only standing on its own: its digits may well occur inside a colour
  // ("#123456") or a longer number.
  const leakNumber = (n: number, what: string) => expect(new RegExp(`(?<![\\d#.-])${n}(?![\\d.])`).test(json), `${what} leaked: ${n}`).toBe(false);

  // Never, whatever is shown: ids, notes, gear, hazard notes, the map's id and name, the seed and
  // the random source, the encounter's id, GM-only marks.
  leak(String(SEED), 'the seed');
  for (const n of state.rng) if (Math.abs(n) >= 1000) leakNumber(n, 'the random state');
  for (const secret of ['EncId1Q', 'MapId1Q', 'Mapname1Q', 'Hazard', 'Note', 'Gear', 'morale-immune', 'fear-immune', 'Zid']) leak(secret, 'a GM-only value');

  if (state.status === 'setup') {
    expect(view).toEqual({ version: PLAYER_VIEW_VERSION, status: 'waiting' });
    return;
  }
  if (view.status === 'waiting') throw new Error('a running fight projected as waiting');

  const shown = shownIds(state);
  const players = new Set(playerFactionIds(state));
  const display = displayOf(state);
  for (const c of state.combatants) {
    leak(`"${c.id}"`, `${c.name}'s id`);
    const player = players.has(c.factionId);
    if (!shown.has(c.id)) {
      leak(c.name, `hidden ${c.name}'s name`);
      if (Object.hasOwn(display.shownNames, c.id)) leak(display.shownNames[c.id] as string, `hidden ${c.name}'s typed name`);
      for (const k of c.conditions) leak(k.name, `hidden ${c.name}'s condition`);
    } else if (!player && !display.revealedNames.includes(c.id)) {
      leak(c.name, `${c.name}'s unrevealed name`);
    }
    if (!player || !shown.has(c.id)) for (const k of c.conditions) leak(k.name, `${c.name}'s condition`);
    if (!player) {
      const health = c.tracks.health;
      for (const n of [health?.value, health?.max]) if (n !== undefined && n > 40 && n % 10 !== 0) leakNumber(n, `${c.name}'s exact health`);
    }
  }
  for (const [i, z] of state.zones.entries()) if (z.hidden) leak(`Zname${i}Q`, 'a hidden zone');
  const factionShown = state.factions.some((f) => f.name === 'Faction3Q' && (players.has(f.id) || state.combatants.some((c) => c.factionId === f.id && shown.has(c.id))));
  if (!factionShown) leak('Faction3Q', 'a faction with nobody shown');

  // Exactly those shown, numbered without gaps; and what they point at exists in the view.
  expect(view.combatants.map((c) => c.key)).toEqual([...shown].map((_, i) => `p${i + 1}`));
  const zoneKeys = new Set(view.zones.map((z) => z.key));
  const keys = new Set(view.combatants.map((c) => c.key));
  for (const c of view.combatants) if (c.zoneKey !== null) expect(zoneKeys.has(c.zoneKey)).toBe(true);
  for (const b of view.borders) expect(zoneKeys.has(b.a) && zoneKeys.has(b.b)).toBe(true);
  if (view.acting !== null) expect(keys.has(view.acting)).toBe(true);
  // Zones & Factions' part names those in the attack waiting for reactions by their keys too.
  const attack = (view.rules as ZonesPlayerPart | undefined)?.pendingAttack;
  if (attack) for (const k of [attack.attackerKey, ...attack.targetKeys]) expect(keys.has(k)).toBe(true);
  expect(view.zones).toHaveLength(state.zones.filter((z) => !z.hidden).length);
}

