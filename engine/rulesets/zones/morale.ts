import { rollUnderChance, rollUnderSave } from '../../dice/checks';
import type { RandomSource } from '../../dice/random';
import type { MoraleResult } from './events';
import type { Combatant, EncounterState, Id, Mark, Track } from '../../core/state';
import { zonesFight } from './slice';

/** The track whose fall to zero takes a character out, and whose halving shakes a lone fighter. */
const HEALTH = 'health';

const OUT_OF_FIGHT: readonly Mark[] = ['dead', 'surrendered', 'retreated'];
const FEARLESS: readonly Mark[] = ['morale-immune', 'fear-immune'];

/**
 * Still in the fight: health above zero and not dead, surrendered or retreated. A character with
 * no health track can't be counted down, so only its marks take it out.
 */
export function isFighting(c: Combatant): boolean {
  const health = c.tracks[HEALTH];
  if (health && health.value <= 0) return false;
  return !c.marks.some((m) => OUT_OF_FIGHT.includes(m));
}

/**
 * Can still break: fighting, and neither passed a morale check this stretch (`morale-immune`)
 * nor immune to fear, which covers morale too.
 */
export function subjectToMorale(c: Combatant): boolean {
  return isFighting(c) && !c.marks.some((m) => FEARLESS.includes(m));
}

/** A group has lost half or more of its number, and someone left standing can still break. */
function groupShaken(members: readonly Combatant[], size: number): boolean {
  const fighting = members.filter(isFighting);
  return fighting.length * 2 <= size && fighting.some(subjectToMorale);
}

/** A lone fighter has been hurt down to half health or less and can still break. */
function loneShaken(members: readonly Combatant[]): boolean {
  return members.some((c) => {
    const health = c.tracks[HEALTH];
    return subjectToMorale(c) && health !== undefined && health.value * 2 <= health.max;
  });
}

/**
 * The factions whose numbers are where morale breaks now, in faction order: a group (largest number
 * this fight of 2 or more) down to half that number or fewer, a character who fought alone at half
 * health or less, and someone left who can still break. Whether a check is due also takes the
 * reduction happening during the fight (`morale-trigger.ts`). If the recorded size is missing or
 * smaller than the faction's current number, the current number is used, since a faction is never
 * smaller than who is in it.
 */
export function atMoraleThreshold(state: EncounterState): Id[] {
  return state.factions
    .filter((f) => {
      const members = state.combatants.filter((c) => c.factionId === f.id);
      const size = Math.max(zonesFight(state).factionSize[f.id] ?? 0, members.length);
      if (size === 0) return false;
      return size === 1 ? loneShaken(members) : groupShaken(members, size);
    })
    .map((f) => f.id);
}

/** Why a faction's morale is shaken, for the GM to read out: a thinned group or a hurt loner. */
export type MoraleReason = { kind: 'group'; fighting: number; size: number } | { kind: 'lone'; name: string; health: Track | null };

/**
 * The numbers behind a faction's morale check, counted the way `atMoraleThreshold` counts them: a group
 * against its largest number this fight (never less than who is in it now) with how many still
 * fight; a lone fighter by name with their health. Null for a faction with nobody in it. It
 * explains the check without deciding whether one is due.
 */
export function moraleReason(state: EncounterState, factionId: Id): MoraleReason | null {
  const members = state.combatants.filter((c) => c.factionId === factionId);
  const size = Math.max(zonesFight(state).factionSize[factionId] ?? 0, members.length);
  const [alone] = members;
  if (size === 0) return null;
  if (size === 1 && alone) return { kind: 'lone', name: alone.name, health: alone.tracks[HEALTH] ?? null };
  return { kind: 'group', fighting: members.filter(isFighting).length, size };
}

/**
 * The odds of a group WIT save, from each member's WIT: each one's chance to fail (and so
 * surrender or retreat), and how many are expected to break.
 */
export function moraleOdds(wits: readonly number[]): { failChances: number[]; expectedBreaks: number } {
  const failChances = wits.map((wit) => 1 - rollUnderChance(wit));
  return { failChances, expectedBreaks: failChances.reduce((sum, p) => sum + p, 0) };
}

/**
 * One faction's morale check: everyone in it still subject to morale makes a WIT save; those who
 * pass are steady for the rest of the fight, those who fail surrender or flee (as the GM chose for
 * them, else as the setting says).
 */
export function checkMorale(state: EncounterState, factionId: Id, outcomes: Record<Id, 'surrendered' | 'retreated'>, random: RandomSource): MoraleResult[] {
  const fallback = state.settings.moraleFailure === 'surrendered' ? 'surrendered' : 'retreated';
  return state.combatants
    .filter((c) => c.factionId === factionId && subjectToMorale(c))
    .map((c) => {
      const save = rollUnderSave(random, c.stats.wit ?? 0);
      const chosen = outcomes[c.id];
      const outcome = save.passed ? 'immune' : chosen === 'surrendered' || chosen === 'retreated' ? chosen : fallback;
      return { combatantId: c.id, save, outcome };
    });
}
