import type { RandomSource } from '../dice/random';
import type { EventOf, SideRoll } from '../core/events';
import type { EncounterState, Faction, Id } from '../core/state';
import { displayOf } from '../core/display';
import { factionsInFight } from './alternating';
import type { RollingSide, SideInitiative } from '../core/turn-procedure';

// Side initiative: every side rolls once for its place, highest first, and keeps it every round.
// A side that wins ties goes ahead of those it ties with without rolling again (the party); other
// tied sides roll again, each re-roll kept, or keep the encounter's listed order if the fight's
// settings say so. A side joining the running fight rolls once and takes its place among the
// others, behind any it ties with (they were there first) unless it wins ties.

/** What a side's place is sorted by: its roll, then winning ties, then each re-roll. */
export function sideKey(r: SideRoll): number[] {
  return [r.roll.total, r.wonTie ? 1 : 0, ...r.tiebreaks.map((t) => t.total)];
}

// Negative when `a` goes first.
function ahead(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (b[i] ?? 0) - (a[i] ?? 0);
  return 0;
}

function rollingSide(state: EncounterState, faction: Faction): RollingSide {
  return { faction, members: state.combatants.filter((c) => c.factionId === faction.id), players: displayOf(state).playerFactions.includes(faction.id) };
}

function rollEach(rules: SideInitiative, state: EncounterState, factions: readonly Faction[], random: RandomSource): SideRoll[] {
  return factions.map((faction) => {
    const side = rollingSide(state, faction);
    const roll = rules.roll(side, random, state.settings);
    return { factionId: faction.id, roll, tiebreaks: [] };
  });
}

// Marks who wins a tie on the first roll: a side that wins ties, tied on its total with one that
// doesn't (among those rolling now and those already placed, by their totals).
function markTieWinners(rules: SideInitiative, state: EncounterState, rolls: SideRoll[], placed: readonly { factionId: Id; total: number }[]): void {
  const wins = (factionId: Id) => {
    const faction = state.factions.find((x) => x.id === factionId);
    return faction !== undefined && rules.winsTies?.(rollingSide(state, faction)) === true;
  };
  const everyone = [...rolls.map((r) => ({ factionId: r.factionId, total: r.roll.total })), ...placed];
  for (const r of rolls) {
    const rivals = everyone.filter((o) => o.factionId !== r.factionId && o.total === r.roll.total);
    if (wins(r.factionId) && rivals.some((o) => !wins(o.factionId))) r.wonTie = true;
  }
}

/** Every side in the fight rolls for its place as the fight's first round opens. */
export function rollSides(rules: SideInitiative, state: EncounterState, random: RandomSource): EventOf<'sides-ordered'> {
  const factions = factionsInFight({ ...state, sideOrder: [] });
  const rolls = rollEach(rules, state, factions, random);
  markTieWinners(rules, state, rolls, []);
  const same = (a: SideRoll, b: SideRoll) => ahead(sideKey(a), sideKey(b)) === 0;
  if (rules.rerollsTies?.(state.settings) ?? true) {
    for (let guard = 0; guard < 50; guard++) {
      const tied = rolls.filter((r) => rolls.some((o) => o !== r && same(o, r)));
      if (tied.length === 0) break;
      for (const r of tied) r.tiebreaks.push(rules.tiebreak(factions.find((x) => x.id === r.factionId) ?? (factions[0] as Faction), random));
    }
  }
  // Still tied (re-rolls off): the encounter's listed order, which a stable sort keeps.
  const order = [...rolls].sort((a, b) => ahead(sideKey(a), sideKey(b))).map((r) => r.factionId);
  return { type: 'sides-ordered', rolls, order, rng: random.state() };
}

/**
 * Sides in the fight that have no place yet (they joined after the roll) roll once and take their
 * places, or null when there are none or the procedure has joiners act last.
 */
export function rollJoiners(rules: SideInitiative, state: EncounterState, random: RandomSource): EventOf<'sides-ordered'> | null {
  const placed = state.sideOrder ?? [];
  const keys = state.sideKeys ?? {};
  const joining = factionsInFight(state).filter((f) => !placed.includes(f.id));
  if (joining.length === 0 || placed.length === 0 || !(rules.joinerRolls?.(state.settings) ?? true)) return null;
  const rolls = rollEach(rules, state, joining, random);
  markTieWinners(rules, state, rolls, placed.map((id) => ({ factionId: id, total: keys[id]?.[0] ?? 0 })));
  let order: Id[] = [...placed];
  for (const r of [...rolls].sort((a, b) => ahead(sideKey(a), sideKey(b)))) {
    const key = sideKey(r);
    // In front of the first side it beats; behind those it ties with, unless it wins ties.
    const at = order.findIndex((id) => ahead(key, keys[id] ?? [0]) < 0);
    order = at < 0 ? [...order, r.factionId] : [...order.slice(0, at), r.factionId, ...order.slice(at)];
  }
  return { type: 'sides-ordered', rolls, order, rng: random.state(), joined: true };
}
