/**
 * What the legacy fixtures are checked against: what an encounter SHOWS (its exports, the player
 * view, plain facts about the fight), never how the engine keeps it. Built from the engine's
 * public API only, so that after the engine's state and events are restructured only the few
 * lines that read a fact from the state here change, and the expected files stay as they are.
 *
 * Pure (no Node).
 */
import {
  exportDiceCsv,
  exportHtml,
  exportMarkdown,
  findRuleset,
  isOutOfFight,
  projectPlayerView,
  redo,
  replay,
  type Encounter,
  type EncounterState,
  type LogMeta,
  type LogOptions,
  type PlayerView,
  BUILTIN_RULESETS,
} from '../../engine/index';

/** The export meta of every expected export: a fixed time, and the campaign's name. */
export const EXPORTED_AT = '2025-03-14T19:30:00.000Z';

const GM: LogOptions = { audience: 'gm', dice: true, overrides: true };
const PLAYERS: LogOptions = { audience: 'players', dice: true, overrides: true };

/** One character as the table knows them. */
export interface CombatantFacts {
  readonly name: string;
  /** The faction's name (null: a faction that no longer exists). */
  readonly faction: string | null;
  /** Every track by key: where it stands and its maximum. */
  readonly tracks: Readonly<Record<string, { readonly current: number; readonly max: number }>>;
  /** Conditions in the order they were put on, with the rounds left (null: until removed). */
  readonly conditions: readonly { readonly name: string; readonly remaining: number | null }[];
  /** The name of the zone they stand in (null: none, or a ruleset without zones). */
  readonly zone: string | null;
  /** Out of the fight by the ruleset's reckoning (down, dead, surrendered, retreated…). */
  readonly out: boolean;
}

/** An encounter at one moment, as the table knows it. */
export interface EncounterFacts {
  readonly round: number;
  readonly status: string;
  /** The name of whoever is taking their turn (null: nobody). */
  readonly active: string | null;
  readonly combatants: readonly CombatantFacts[];
}

/** The facts of one state. */
export function factsOf(state: EncounterState): EncounterFacts {
  const ruleset = findRuleset(state.rulesetId);
  return {
    round: state.round,
    status: state.status,
    active: state.combatants.find((c) => c.id === state.activeId)?.name ?? null,
    combatants: state.combatants.map((c) => ({
      name: c.name,
      faction: state.factions.find((f) => f.id === c.factionId)?.name ?? null,
      tracks: Object.fromEntries(Object.entries(c.tracks).map(([key, track]) => [key, { current: track.value, max: track.max }])),
      conditions: c.conditions.map((k) => ({ name: k.name, remaining: k.timer?.remaining ?? null })),
      zone: state.zones.find((z) => z.id === c.zoneId)?.name ?? null,
      out: ruleset ? isOutOfFight(ruleset, c) : false,
    })),
  };
}

/**
 * The state after every GM step of the history (step 0 created the encounter), then after each
 * redo of the steps left undone, in the order redo would bring them back.
 */
export function statesAfterEveryStep(encounter: Encounter): EncounterState[] {
  const states = encounter.steps.map((end) => replay(encounter.events.slice(0, end), BUILTIN_RULESETS));
  for (let at = encounter; at.redoable.length > 0; ) {
    at = redo(at).encounter;
    states.push(at.state);
  }
  return states;
}

/** Plain JSON, as it would travel (to the player window, into a file). */
function plain<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/**
 * A player view in the shape b2dfe7f recorded it: the attack waiting for reactions and the
 * chaos-of-combat countdown stood at the top of every fight's view then (null outside Zones &
 * Factions); they are Zones & Factions' own part (`rules`) now. Version 2 (issue 16) added to each
 * character how they left the fight (`left`: retreated or surrendered), which version 1 did not
 * tell; it is left out here and checked by the player view's own tests. Everything version 1
 * showed must show the same.
 */
function asRecorded(view: PlayerView): unknown {
  const recorded = { ...view, version: 1 };
  if (view.status === 'waiting') return recorded;
  const { rules, ...rest } = view;
  const zones = (rules ?? {}) as { pendingAttack?: unknown; chaos?: unknown };
  // The square grid came after these fixtures: a fight with no grid and nobody on a square shows
  // what they recorded (anything else is left in, to differ).
  // So did the fight clock: an untimed fight (elapsed null) shows what they recorded.
  // And side initiative's order of sides: none rolled ([]) shows what they recorded.
  const { grid, elapsed, sideOrder, ...gridless } = rest;
  const clocked = { ...(elapsed === null ? {} : { elapsed }), ...(sideOrder.length === 0 ? {} : { sideOrder }) };
  const offGrid = <C extends { square: unknown }>({ square, ...c }: C) => (square === null ? c : { square, ...c });
  const unleft = { ...(grid === null ? gridless : { ...gridless, grid }), ...clocked, version: 1, combatants: rest.combatants.map(({ left: _left, ...c }) => offGrid(c)) };
  // The gate die was recorded as `threshold`, in the same place.
  const renamed = Object.fromEntries(Object.entries(unleft).map(([k, v]) => [k === 'gateDie' ? 'threshold' : k, v]));
  return { ...renamed, pendingAttack: zones.pendingAttack ?? null, chaos: zones.chaos ?? null };
}

/** The expected files of one encounter: name → content. */
export type EncounterOutputs = Readonly<Record<string, string>>;

/** The names of {@link encounterOutputs}' files, in a fixed order. */
export const OUTPUT_FILES = ['gm.md', 'players.md', 'gm.html', 'players.html', 'gm.dice.csv', 'players.dice.csv', 'player-views.json', 'facts.json'] as const;

/** A JSON list with one entry per line: readable diffs, one line per step. */
export function jsonLines(values: readonly unknown[]): string {
  return `[\n${values.map((v) => JSON.stringify(v)).join(',\n')}\n]\n`;
}

/**
 * Everything an encounter shows: the Markdown, HTML and dice CSV exports for the GM and for the
 * players, the player view after every step, and the facts after every step.
 */
export function encounterOutputs(encounter: Encounter, campaignName: string): EncounterOutputs {
  const meta: LogMeta = { campaignName, exportedAt: EXPORTED_AT };
  const states = statesAfterEveryStep(encounter);
  return {
    'gm.md': exportMarkdown(encounter, meta, GM),
    'players.md': exportMarkdown(encounter, meta, PLAYERS),
    'gm.html': exportHtml(encounter, meta, GM),
    'players.html': exportHtml(encounter, meta, PLAYERS),
    'gm.dice.csv': exportDiceCsv(encounter, meta, GM),
    'players.dice.csv': exportDiceCsv(encounter, meta, PLAYERS),
    'player-views.json': jsonLines(states.map((s) => plain(asRecorded(projectPlayerView(s, encounter.ruleset))))),
    'facts.json': jsonLines(states.map(factsOf)),
  };
}
