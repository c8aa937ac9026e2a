// Engine benchmarks: printed figures, never asserted. Run through scripts/bench.mjs.
import {
  applyEvent,
  createEncounter,
  decide,
  dispatch,
  exportDiceCsv,
  exportHtml,
  exportJson,
  exportMarkdown,
  foldJournal,
  importEncounterLog,
  logEntries,
  playerLog,
  projectPlayerView,
  replay,
  redo,
  restoreEncounter,
  stepLines,
  undo,
  withSnapshot,
  type Command,
  type Encounter,
  type EncounterEvent,
  type EncounterState,
  type JournalLine,
  type SnapshotLine,
  type LogOptions,
  type MapZone,
} from '../engine/index';
import { BUILTIN_RULESETS } from '../engine/all-rulesets';
import { zonesBenchFight } from './bench-fights';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** A fight with 20 combatants and the state after it, grown to `count` events by real commands. */
// The two rulesets the benches play, handed to the core as the app hands it an encounter's.
const FREEFORM = BUILTIN_RULESETS.find('freeform')!;
const ZONES = BUILTIN_RULESETS.find('zones')!;

function fightLog(count: number): EncounterEvent[] {
  const created = createEncounter({ id: 'bench', name: 'Bench', rulesetId: 'freeform', seed: 7 }, BUILTIN_RULESETS);
  if (!created.ok) throw new Error(created.message);
  const events: EncounterEvent[] = [...created.encounter.events];
  const ruleset = created.encounter.ruleset;
  let state: EncounterState = created.encounter.state;
  const run = (command: Command) => {
    const result = decide(state, command, ruleset);
    if (!result.ok) throw new Error(`${command.type}: ${result.message}`);
    for (const event of result.value) {
      state = applyEvent(state, event, ruleset);
      events.push(event);
    }
  };
  run({ type: 'add-combatant', name: 'Goblin', quantity: 16, factionId: 'f2', tracks: { hp: 9999 } });
  run({ type: 'add-combatant', name: 'Hero', quantity: 4, factionId: 'f1', tracks: { hp: 9999 } });
  run({ type: 'start-combat' });
  for (let i = 0; events.length < count; i++) {
    const target = state.combatants[i % state.combatants.length]?.id ?? 'c1';
    switch (i % 5) {
      case 0:
        run({ type: 'damage', combatantId: target, amount: 3 });
        break;
      case 1:
        run({ type: 'heal', combatantId: target, amount: 3 });
        break;
      case 2:
        run({ type: 'roll', notation: '2d6+3' });
        break;
      case 3:
        run({ type: 'add-condition', combatantId: target, name: 'Dazed', duration: { rounds: 1, endsOn: 'turn-start', anchorId: target } });
        break;
      default:
        run({ type: 'next-turn' });
    }
  }
  return events.slice(0, count);
}

function time(fn: () => void): number {
  const start = performance.now();
  fn();
  return performance.now() - start;
}

const big = fightLog(100_000);
const state = replay(big.slice(0, 1_000), BUILTIN_RULESETS);
const damage = big.find((e) => e.type === 'combatant-damaged');
if (!damage) throw new Error('The bench log has no damage event.');

const samples: number[] = [];
for (let batch = 0; batch < 200; batch++) {
  const n = 1_000;
  samples.push(time(() => {
    for (let i = 0; i < n; i++) applyEvent(state, damage, FREEFORM);
  }) / n);
}
console.log(`apply one event (20 combatants): median ${median(samples).toFixed(4)} ms`);

for (const size of [1_000, 10_000, 100_000]) {
  const log = big.slice(0, size);
  const runs = Array.from({ length: size >= 100_000 ? 3 : 9 }, () => time(() => replay(log, BUILTIN_RULESETS)));
  const ms = median(runs);
  console.log(`replay ${size.toLocaleString('en')} events: ${ms.toFixed(1)} ms (${((ms * 1000) / size).toFixed(2)} µs per event)`);
}

// A GM step on a long fight: one command dispatched (decided, its events applied and appended to
// the history), and an undo with its redo, at 1,000 and at 50,000 events. The cost should not grow
// with the log (issue 43: appending once copied the whole event list).
for (const size of [1_000, 50_000]) {
  const events = big.slice(0, size);
  const restored = restoreEncounter({ events, steps: events.map((_, i) => i + 1) }, BUILTIN_RULESETS);
  if (!restored.ok) throw new Error(restored.message);
  // Steps taken one after another, as the GM takes them: each on the encounter the last one left.
  let long = restored.value;
  const target = long.state.combatants[0]?.id ?? 'c1';
  const steps = Array.from({ length: 400 }, () =>
    time(() => {
      const done = dispatch(long, { type: 'damage', combatantId: target, amount: 1 });
      if (done.ok) long = done.encounter;
    }),
  );
  const back = Array.from({ length: 400 }, () =>
    time(() => {
      const redone = redo(undo(long));
      if (redone.ok) long = redone.encounter;
    }),
  );
  console.log(`a GM step at ${size.toLocaleString('en')} events (20 combatants): dispatch median ${median(steps).toFixed(3)} ms; undo and redo median ${median(back).toFixed(3)} ms`);
}

const built = zonesBenchFight(20_000);
const zones = { events: built.events.slice(0, 20_000), decideMs: built.decideMs };
console.log(`zones, 200 characters in 4 factions: decide one command, median ${median(zones.decideMs).toFixed(3)} ms, slowest ${Math.max(...zones.decideMs).toFixed(1)} ms`);
for (const size of [1_000, 10_000, 20_000]) {
  const log = zones.events.slice(0, size);
  const ms = median(Array.from({ length: 5 }, () => time(() => replay(log, BUILTIN_RULESETS))));
  console.log(`zones replay ${size.toLocaleString('en')} events: ${ms.toFixed(1)} ms (${((ms * 1000) / size).toFixed(2)} µs per event)`);
}

// The player window re-renders from a projection after every step: the 200-character fight above
// (mid-fight, after its 20,000 events) laid out on a 40-zone map with a few zones hidden, every
// character placed, one in ten concealed and one in ten waiting for their first turn.
{
  let state = replay(zones.events, BUILTIN_RULESETS);
  const apply = (command: Command) => {
    const result = decide(state, command, ZONES);
    if (!result.ok) throw new Error(`${command.type}: ${result.message}`);
    for (const event of result.value) state = applyEvent(state, event, ZONES);
  };
  const zonesOnMap: MapZone[] = Array.from({ length: 40 }, (_, i) => {
    const x = (i % 8) * 100;
    const y = Math.floor(i / 8) * 100;
    return { id: `z${i}`, name: `Zone ${i}`, colour: '#557799', points: [[x, y], [x + 100, y], [x + 100, y + 100], [x, y + 100]], hazard: null, difficult: false, concealment: false, cover: false, hidden: i % 13 === 12 };
  });
  apply({ type: 'set-map', mapId: 'bench', name: 'Bench', map: { width: 800, height: 500, background: null, zones: zonesOnMap, links: [], barriers: [], grid: 10 } });
  state.combatants.forEach((c, i) => {
    apply({ type: 'set-zone', combatantId: c.id, zoneId: `z${i % 40}` });
    if (i % 10 === 3) apply({ type: 'set-concealed', combatantId: c.id, concealed: true });
    if (i % 10 === 7 && c.id !== state.activeId) apply({ type: 'hide-until-turn', combatantId: c.id, hidden: true });
  });
  const fixed = state;
  const samples = Array.from({ length: 200 }, () => time(() => projectPlayerView(fixed, ZONES)));
  const shown = projectPlayerView(fixed, ZONES);
  const count = shown.status === 'waiting' ? 0 : shown.combatants.length;
  console.log(`project the player view of a 200-combatant encounter (40 zones, ${count} shown): median ${median(samples).toFixed(3)} ms`);
}

// Opening an encounter of a campaign folds its journal (one entry per GM step, undo and redo
// included) back into the history, then replays it: what the GM waits for after choosing "Resume".
// The journal holds a snapshot every SNAPSHOT_EVERY events, as the app writes it: opening starts
// from the newest and replays the tail; the whole history is replayed once the fight is on screen.
for (const size of [2_000, 20_000]) {
  const [first, ...rest] = zones.events.slice(0, size);
  if (!first) break;
  // Grown in place: the snapshots need only the state and how many events lead to it.
  const events = [first];
  let encounter: Encounter = { ruleset: ZONES, state: replay(events, BUILTIN_RULESETS), events, steps: [1], redoable: [], snapshots: [] };
  const marks: number[] = [];
  const journal: JournalLine[] = [...stepLines([first])];
  rest.forEach((event, i) => {
    events.push(event);
    encounter = { ...encounter, state: applyEvent(encounter.state, event, encounter.ruleset) };
    journal.push(...withSnapshot(encounter, stepLines([event]), marks));
    if (i % 50 === 49) journal.push({ type: 'journal/undo' }, { type: 'journal/redo' });
  });
  // Opening trusts the snapshots the app wrote itself.
  const trusted = new Set(journal.filter((line): line is SnapshotLine => line.type === 'journal/snapshot').map((line) => line.digest));
  const fast = median(Array.from({ length: 5 }, () => time(() => foldJournal(journal, 'bench', BUILTIN_RULESETS, { trusted }))));
  const whole = median(Array.from({ length: 5 }, () => time(() => foldJournal(journal, 'bench', BUILTIN_RULESETS))));
  console.log(
    `open an encounter: fold a ${journal.length.toLocaleString('en')}-line journal (${size.toLocaleString('en')} events, ${marks.length} snapshots): ` +
      `${fast.toFixed(1)} ms from the newest snapshot, ${whole.toFixed(1)} ms replaying everything (the check once it is on screen)`,
  );
}

// The encounter log: telling and exporting the first 5,000 events of the 200-character zones
// fight above (one GM step per event), for the GM and for the players.
{
  const size = 5_000;
  const events = zones.events.slice(0, size);
  const restored = restoreEncounter({ events, steps: events.map((_, i) => i + 1) }, BUILTIN_RULESETS);
  if (!restored.ok) throw new Error(restored.message);
  const enc = restored.value;
  const meta = { campaignName: 'Bench', exportedAt: '2025-01-01T00:00:00.000Z' };
  const gm: LogOptions = { audience: 'gm', dice: true, overrides: true };
  const players: LogOptions = { audience: 'players', dice: true, overrides: true };
  const json = exportJson(enc, meta);
  const runs: [string, () => unknown][] = [
    ['logEntries', () => logEntries(enc)],
    ['playerLog', () => playerLog(enc)],
    ['exportMarkdown (GM)', () => exportMarkdown(enc, meta, gm)],
    ["exportMarkdown (players')", () => exportMarkdown(enc, meta, players)],
    ['exportHtml (GM)', () => exportHtml(enc, meta, gm)],
    ["exportHtml (players')", () => exportHtml(enc, meta, players)],
    ['exportJson', () => exportJson(enc, meta)],
    ['importEncounterLog', () => importEncounterLog(json, BUILTIN_RULESETS)],
    ['exportDiceCsv (GM)', () => exportDiceCsv(enc, meta, gm)],
  ];
  const entries = logEntries(enc).length;
  for (const [name, fn] of runs) {
    const ms = median(Array.from({ length: 5 }, () => time(fn)));
    console.log(`encounter log, ${size.toLocaleString('en')} events (${entries.toLocaleString('en')} entries): ${name} ${ms.toFixed(1)} ms`);
  }
  console.log(`encounter log, ${size.toLocaleString('en')} events: JSON ${(json.length / 1024).toFixed(0)} KB, HTML ${(exportHtml(enc, meta, gm).length / 1024).toFixed(0)} KB`);
}
