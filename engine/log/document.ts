import type { Encounter } from '../encounter/encounter';
import { namesToIsolate } from './bidi';
import { displayOf } from '../core/display';
import type { CombatStatus, Combatant, EncounterState, Faction, Id } from '../core/state';
import { findRuleset } from '../core/registry';
import type { Ruleset } from '../core/ruleset';
import { gmEntriesOf, headingOf, outOf, walkLog, type LogLine } from './entries';
import { playerEntriesOf, withOptions, type LogAudience, type LogOptions } from './player-log';
import { logSections, sectionSummary, type LogSection } from './summary';
import type { Sight } from './voice';

// The content every export shares, built once: the heading facts, the participants, the entries
// under their round headings with each round's summary, and the outcome. The Markdown and HTML
// exports only lay it out.

/** What an export says about where it comes from. */
export interface LogMeta {
  /** The campaign's name, shown at the top. */
  campaignName: string;
  /** When the export was made, as an ISO 8601 timestamp (passed in: the engine has no clock). */
  exportedAt: string;
}

/** An entry as an export shows it. */
export interface DocumentLine extends LogLine {
  /** Marked "GM only" in the GM's version (never present in the players'). */
  gmOnly: boolean;
}

/** A section of an export: its heading, its round's summary line, its entries. */
export interface DocumentSection extends LogSection<DocumentLine> {
  summary: string | null;
}

/** Who took part, by faction, in the faction order. */
export interface Participants {
  faction: string;
  /** `#rrggbb`. */
  colour: string;
  /** Names, with earlier names the players knew them by ("Grak (first seen as Bandits 3)"). */
  names: string[];
}

/** How one side ended the fight. */
export interface OutcomeSide {
  faction: string;
  colour: string;
  standing: string[];
  down: string[];
  dead: string[];
  surrendered: string[];
  fled: string[];
  /** Players' version: characters seen during the fight whom the players no longer see. */
  unseen: string[];
}

/** How the encounter stands at the end of the log. */
export interface Outcome {
  status: CombatStatus;
  round: number;
  /** "The fight ended in round 3.", "The fight was still going on in round 2 when the log was exported." */
  progress: string;
  sides: OutcomeSide[];
  /** "Heroes hold the field.", "Nobody is left standing.", "Still standing: Heroes, Bandits." */
  verdict: string;
}

/** Everything an export shows. */
export interface LogDocument {
  audience: LogAudience;
  options: LogOptions;
  /** The encounter's name. */
  title: string;
  campaign: string;
  exportedAt: string;
  /** The date part of `exportedAt` (YYYY-MM-DD), or `exportedAt` as given. */
  date: string;
  ruleset: string;
  participants: Participants[];
  sections: DocumentSection[];
  outcome: Outcome;
  /**
   * The texts of the encounter (names of characters, factions, places, items, conditions; the
   * campaign's) that hold right-to-left letters or bidirectional controls: the exports isolate
   * them wherever they appear (see `bidi.ts`).
   */
  isolate: string[];
}

type Group = { faction: Faction; members: { name: string; out: ReturnType<typeof outOf> | 'unseen' }[] };

function progressOf(state: EncounterState): string {
  if (state.status === 'setup') return 'The fight has not started.';
  if (state.status === 'ended') return `The fight ended in round ${state.round}.`;
  return `The fight was still going on in round ${state.round} when the log was exported.`;
}

function outcomeOf(state: EncounterState, groups: Group[]): Outcome {
  const sides: OutcomeSide[] = groups.map(({ faction, members }) => {
    const pick = (out: ReturnType<typeof outOf> | 'unseen') => members.filter((m) => m.out === out).map((m) => m.name);
    return {
      faction: faction.name,
      colour: faction.colour,
      standing: pick(null),
      down: pick('down'),
      dead: pick('dead'),
      surrendered: pick('surrendered'),
      fled: pick('fled'),
      unseen: pick('unseen'),
    };
  });
  const standing = sides.filter((s) => s.standing.length > 0);
  let verdict: string;
  if (state.status === 'setup') verdict = 'Nobody has fought yet.';
  else if (standing.length === 0) verdict = 'Nobody is left standing.';
  else if (standing.length === 1) verdict = `${standing[0]?.faction} ${state.status === 'ended' ? 'hold the field' : 'are still standing'}.`;
  else verdict = `Still standing: ${standing.map((s) => s.faction).join(', ')}.`;
  return { status: state.status, round: state.round, progress: progressOf(state), sides, verdict };
}

function byFaction(state: EncounterState, people: { factionId: Id; name: string; out: ReturnType<typeof outOf> | 'unseen' }[]): Group[] {
  return state.factions
    .map((faction) => ({ faction, members: people.filter((p) => p.factionId === faction.id).map(({ name, out }) => ({ name, out })) }))
    .filter((g) => g.members.length > 0);
}

function gmPart(state: EncounterState, ruleset: Ruleset | undefined): { participants: Participants[]; outcome: Outcome } {
  const people = state.combatants.map((c) => ({ factionId: c.factionId, name: c.name, out: outOf(c, ruleset) }));
  const groups = byFaction(state, people);
  return {
    participants: groups.map((g) => ({ faction: g.faction.name, colour: g.faction.colour, names: g.members.map((m) => m.name) })),
    outcome: outcomeOf(state, groups),
  };
}

/** The players' participants and outcome: who they saw during the fight, and how those stand as they see it now. */
function playersPart(state: EncounterState, ruleset: Ruleset | undefined, sights: readonly Sight[]): { participants: Participants[]; outcome: Outcome } {
  const seen = new Map<Id, { names: string[]; factionId: Id }>();
  let previous: ReadonlyMap<Id, string> | null = null;
  for (const sight of sights) {
    // Most events change nothing the players see, and keep the same names map.
    if (sight.names === previous) continue;
    previous = sight.names;
    const byId = new Map(sight.state.combatants.map((c) => [c.id, c]));
    for (const [id, name] of sight.names) {
      const c = byId.get(id) as Combatant;
      const known = seen.get(id);
      if (!known) seen.set(id, { names: [name], factionId: c.factionId });
      else {
        if (!known.names.includes(name)) known.names.push(name);
        known.factionId = c.factionId;
      }
    }
  }
  const last = sights[sights.length - 1];
  const display = displayOf(state);
  const people = [...seen].map(([id, s]) => {
    const c = state.combatants.find((x) => x.id === id);
    // Their side as it is now, or as it was when last seen.
    if (c) s.factionId = c.factionId;
    const name = s.names[s.names.length - 1] as string;
    const shown = last?.names.has(id) === true && c !== undefined;
    let out: ReturnType<typeof outOf> | 'unseen' = shown ? outOf(c, ruleset) : 'unseen';
    // Health shows only for the player factions, and as descriptors for the others when the GM allows.
    if (out === 'down' && c && !last?.playerFactions.has(c.factionId) && display.enemyHealth === 'none') out = null;
    return { id, factionId: s.factionId, name, earlier: s.names.slice(0, -1), out };
  });
  const groups = byFaction(state, people);
  const participants = state.factions
    .map((f) => ({
      faction: f.name,
      colour: f.colour,
      names: people.filter((p) => p.factionId === f.id).map((p) => (p.earlier.length ? `${p.name} (first seen as ${p.earlier.join(', then ')})` : p.name)),
    }))
    .filter((p) => p.names.length > 0);
  return { participants, outcome: outcomeOf(state, groups) };
}

/** The date part of an ISO timestamp, or the text as given. */
export function dateOf(iso: string): string {
  return /^\d{4}-\d{2}-\d{2}/.test(iso) ? iso.slice(0, 10) : iso;
}

/**
 * Builds what an export shows: the GM's entries (GM-only ones marked) or the players' version,
 * with the dice and overrides options applied, under round headings with a summary per round,
 * the participants and the outcome. One replay of the log.
 */
export function logDocument(encounter: Encounter, meta: LogMeta, options: LogOptions): LogDocument {
  const players = options.audience === 'players';
  const walked = walkLog(encounter, { gm: !players, players: true });
  const state = encounter.state;
  const ruleset = findRuleset(state.rulesetId);
  let lines: DocumentLine[];
  let part: { participants: Participants[]; outcome: Outcome };
  if (players) {
    lines = withOptions(playerEntriesOf(walked), options).map((e) => ({ round: e.round, stage: e.stage, kind: e.kind, text: e.text, dice: e.dice, summary: e.summary, gmOnly: false, ...headingOf(e) }));
    const sights = walked.filter((w) => w.stage !== 'setup' && w.sight !== null).map((w) => w.sight as Sight);
    part = playersPart(state, ruleset, sights);
  } else {
    const entries = gmEntriesOf(walked);
    lines = withOptions(entries, options).map((e) => ({ round: e.round, stage: e.stage, kind: e.kind, text: e.text, dice: e.dice, summary: e.summary, gmOnly: e.gmOnly, ...headingOf(e) }));
    part = gmPart(state, ruleset);
  }
  const sections = logSections(lines).map((s) => ({ ...s, summary: sectionSummary(s)?.text ?? null }));
  return {
    audience: options.audience,
    options,
    title: state.name,
    campaign: meta.campaignName,
    exportedAt: meta.exportedAt,
    date: dateOf(meta.exportedAt),
    ruleset: ruleset?.name ?? state.rulesetId,
    participants: part.participants,
    sections,
    outcome: part.outcome,
    isolate: [...namesToIsolate(encounter.events, [meta.campaignName, state.name])],
  };
}
