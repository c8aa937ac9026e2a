// Campaign storage benchmarks: printed figures, never asserted. Run through scripts/bench.mjs.
//
// Builds one campaign in a temp folder (50 encounters of 2,000 zones events each, made by real
// engine commands), then times opening it and reading every log, appending one event at a time
// (fsynced, as the renderer does per GM step), and saving campaign.json with a 500-character
// roster. Reads hit the page cache the fixture just filled: the open figure is a warm one.
import { lstat, mkdtemp, open, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  appendEvents,
  closeCampaign,
  createCampaign,
  createEncounter,
  openCampaign,
  readEvents,
  saveCampaign,
  type CampaignRef,
  type OpenedCampaign,
} from '../electron/campaigns/index';
import type { Campaign, CampaignItem, Result } from '../engine/campaign/index';
import { zonesFight as zonesSlice } from '../engine/rulesets/zones/index';
import { createEncounter as newFight, dispatch, type Command, type Encounter, type EncounterEvent } from '../engine/index';
import { BUILTIN_RULESETS } from '../engine/all-rulesets';
import { gearOf } from '../engine/rulesets/zones/index';

const ENCOUNTERS = 50;
const EVENTS_PER_ENCOUNTER = 2_000;
/** Events per appendEvents call while building the fixture (one fsync per batch). */
const FIXTURE_BATCH = 250;
const OPEN_RUNS = 5;
const SINGLE_APPENDS = 500;
const ROSTER = 500;
const SAVES = 20;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** The nearest-rank percentile `p` (0–100). */
function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function unwrap<T>(result: Result<T>, what: string): T {
  if (!result.ok) throw new Error(`${what}: ${result.code}: ${result.message}`);
  return result.value;
}

const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const HEROES = ['Sybilla', 'Brannoc', 'Ilse', 'Tamsin'];

/**
 * A Zones & Factions fight at a table: four heroes against six bandits taking turns, attacking
 * (targets dodge or take the blow), passing, with the odd roll, played by real commands until the
 * log holds `count` events. Health is high so nobody drops and the fight never ends early.
 */
function zonesFight(id: string, seed: number, count: number): EncounterEvent[] {
  const created = newFight({
    id,
    name: 'Ambush at the ford',
    rulesetId: 'zones',
    seed,
    factions: [
      { id: 'f1', name: 'Heroes', colour: '#4f8fd9' },
      { id: 'f2', name: 'Bandits', colour: '#d94f4f' },
    ],
  }, BUILTIN_RULESETS);
  if (!created.ok) throw new Error(created.message);
  let fight: Encounter = created.encounter;
  const attempt = (command: Command): boolean => {
    const result = dispatch(fight, command);
    fight = result.encounter;
    return result.ok;
  };
  const must = (command: Command) => {
    const result = dispatch(fight, command);
    if (!result.ok) throw new Error(`zones fixture, ${command.type}: ${result.message}`);
    fight = result.encounter;
  };
  HEROES.forEach((name, i) => {
    must({
      type: 'add-combatant',
      name,
      factionId: 'f1',
      stats: { str: 10 + i, agi: 13 - i, wit: 11 + (i % 3) },
      tracks: { health: 999 },
      notes: `${name} owes the ferryman two silver and will not cross the river without paying.`,
      rules: {
        gear: [
          { name: 'Longsword', kind: 'weapon', damage: 'd8' },
          { name: 'Leather coat', kind: 'armour', protection: 1 },
        ],
      },
    });
  });
  must({ type: 'add-combatant', name: 'Bandit', quantity: 6, factionId: 'f2', tracks: { health: 999 }, rules: { gear: [{ name: 'Club', kind: 'weapon', damage: 'd6' }] } });
  must({ type: 'start-combat', initiativeFactionId: 'f1' });

  for (let i = 0; fight.events.length < count; i++) {
    if (i > count * 20) throw new Error(`zones fixture stalled at ${fight.events.length} events`);
    const state = fight.state;
    const pending = zonesSlice(state).pendingAttack;
    if (pending) {
      const target = pending.awaiting[0];
      const answered =
        target !== undefined &&
        ((i % 2 === 0 && attempt({ type: 'zones/react-to-attack', reactorId: target, targetId: target, reaction: { kind: 'dodge' } })) ||
          attempt({ type: 'zones/react-to-attack', reactorId: target, targetId: target, reaction: { kind: 'none' } }));
      if (!answered) must({ type: 'zones/cancel-attack' });
      continue;
    }
    if (state.activeId !== null) {
      must({ type: 'end-turn' });
      continue;
    }
    const go = state.turn?.factionId;
    const actor = state.combatants.find(
      (c) => c.factionId === go && (c.tracks.health?.value ?? 0) > 0 && !state.turn?.spent.includes(c.id),
    );
    if (!actor || i % 11 === 10) {
      must({ type: 'pass' });
      continue;
    }
    must({ type: 'take-turn', combatantId: actor.id });
    if (i % 5 === 4) attempt({ type: 'roll', notation: 'd20', label: 'Spot the ambush' });
    const enemies = fight.state.combatants.filter((c) => c.factionId !== actor.factionId && (c.tracks.health?.value ?? 0) > 0);
    const target = enemies[i % Math.max(1, enemies.length)];
    if (target && i % 3 !== 2) {
      attempt({ type: 'zones/declare-attack', attackerId: actor.id, weaponId: gearOf(actor)[0]?.id ?? null, targetIds: [target.id] });
    }
    // The turn ends on a later step, once any reactions are in.
  }
  return fight.events.slice(0, count);
}

/** A roster entry as the roster screen will store it: stats, tracks, gear and a paragraph of notes. */
function character(i: number): CampaignItem {
  const n = String(i + 1).padStart(3, '0');
  return {
    id: `pc-${n}`,
    name: `${HEROES[i % HEROES.length] ?? 'Hero'} of House ${n}`,
    data: {
      player: `Player ${(i % 6) + 1}`,
      stats: { str: 8 + (i % 9), agi: 9 + (i % 7), wit: 10 + (i % 5) },
      tracks: { health: { value: 10 + (i % 8), max: 18 } },
      gear: [
        { id: `g-${n}-1`, name: 'Longsword', kind: 'weapon', damage: 'd8', wear: 'fine' },
        { id: `g-${n}-2`, name: 'Round shield', kind: 'shield', protection: 1 },
        { id: `g-${n}-3`, name: 'Leather coat', kind: 'armour', protection: 1 },
      ],
      marks: i % 4 === 0 ? ['fear-immune'] : [],
      xp: i * 13,
      notes:
        'Grew up on the river barges and still counts in knots. Owes the ferryman two silver, distrusts anyone ' +
        'wearing the baron\'s colours, and keeps a pressed cornflower from the festival in the back of a prayer book.',
    },
  };
}

/** Bytes of the files under `dir` (as listed) and how many files. */
async function folderSize(dir: string): Promise<{ bytes: number; files: number }> {
  let bytes = 0;
  let files = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const inner = await folderSize(full);
      bytes += inner.bytes;
      files += inner.files;
    } else {
      bytes += (await lstat(full)).size;
      files++;
    }
  }
  return { bytes, files };
}

async function buildFixture(root: string): Promise<{ ref: CampaignRef; logBytes: number }> {
  const started = performance.now();
  let engineMs = 0;
  const created = unwrap(await createCampaign(root, { name: 'Bench campaign', rulesetId: 'zones' }), 'createCampaign');
  const opened = unwrap(await openCampaign(created), 'openCampaign');
  try {
    let campaign = opened.campaign;
    for (let e = 0; e < ENCOUNTERS; e++) {
      const added = unwrap(await createEncounter(opened, campaign, { name: `Fight ${e + 1}` }), 'createEncounter');
      campaign = added.campaign;
      const engineStart = performance.now();
      const events = zonesFight(added.encounter.id, e + 1, EVENTS_PER_ENCOUNTER);
      engineMs += performance.now() - engineStart;
      for (let at = 0; at < events.length; at += FIXTURE_BATCH) {
        unwrap(await appendEvents(opened, added.encounter.id, events.slice(at, at + FIXTURE_BATCH)), 'appendEvents');
      }
    }
    const finished = campaign.encounters.map((entry) => ({ ...entry, status: 'finished' as const }));
    unwrap(await saveCampaign(opened, { ...campaign, encounters: finished }), 'saveCampaign');
  } finally {
    await closeCampaign(opened);
  }
  const total = performance.now() - started;
  const size = await folderSize(path.join(root, created.folder));
  const logs = await folderSize(path.join(root, created.folder, 'encounters'));
  console.log(
    `campaign fixture: ${ENCOUNTERS} encounters × ${EVENTS_PER_ENCOUNTER.toLocaleString('en')} zones events built in ${seconds(total)} ` +
      `(engine ${seconds(engineMs)}, disk ${seconds(total - engineMs)}, ${FIXTURE_BATCH} events per append); ` +
      `folder ${mb(size.bytes)} in ${size.files} files (event logs ${mb(logs.bytes)}, ${(logs.bytes / (ENCOUNTERS * EVENTS_PER_ENCOUNTER)).toFixed(0)} bytes per event)`,
  );
  return { ref: { root, folder: created.folder }, logBytes: logs.bytes };
}

async function benchOpen(ref: CampaignRef, logBytes: number): Promise<void> {
  const runs: number[] = [];
  for (let run = 0; run < OPEN_RUNS; run++) {
    const start = performance.now();
    const opened = unwrap(await openCampaign(ref), 'openCampaign');
    let events = 0;
    try {
      for (const entry of opened.campaign.encounters) events += unwrap(await readEvents(ref, entry.id), 'readEvents').events.length;
      runs.push(performance.now() - start);
    } finally {
      await closeCampaign(opened);
    }
    if (events !== ENCOUNTERS * EVENTS_PER_ENCOUNTER) throw new Error(`read ${events} events, expected ${ENCOUNTERS * EVENTS_PER_ENCOUNTER}`);
  }
  console.log(
    `open campaign + read ${ENCOUNTERS} encounters × ${EVENTS_PER_ENCOUNTER.toLocaleString('en')} events (${mb(logBytes)}, warm cache): ` +
      `median ${median(runs).toFixed(0)} ms over ${OPEN_RUNS} runs (slowest ${Math.max(...runs).toFixed(0)} ms)`,
  );
}

async function benchAppend(opened: OpenedCampaign, campaign: Campaign): Promise<Campaign> {
  const added = unwrap(await createEncounter(opened, campaign, { name: 'Append bench' }), 'createEncounter');
  const events = zonesFight(added.encounter.id, 99, SINGLE_APPENDS);
  const times: number[] = [];
  for (const event of events) {
    const start = performance.now();
    unwrap(await appendEvents(opened, added.encounter.id, [event]), 'appendEvents');
    times.push(performance.now() - start);
  }
  console.log(
    `append one event with fsync: median ${median(times).toFixed(2)} ms, p99 ${percentile(times, 99).toFixed(2)} ms, ` +
      `slowest ${Math.max(...times).toFixed(1)} ms over ${times.length} appends`,
  );
  // The floor on the same disk: one line written to an open file and flushed, nothing else (no
  // checks, no tail repair, no lock), so the ratio shows what the store adds to the disk's cost.
  const bare = await bareAppends(opened.root, SINGLE_APPENDS);
  console.log(
    `bare write + fsync of one line, same disk: median ${median(bare).toFixed(2)} ms, p99 ${percentile(bare, 99).toFixed(2)} ms; ` +
      `the store's append is ${(percentile(times, 99) / percentile(bare, 99)).toFixed(1)}× that at p99`,
  );
  return added.campaign;
}

async function bareAppends(dir: string, count: number): Promise<number[]> {
  const file = path.join(dir, 'bare-append.bench');
  const handle = await open(file, 'a');
  const line = `${JSON.stringify({ type: 'dice-rolled', label: 'x'.repeat(200) })}\n`;
  const times: number[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const start = performance.now();
      await handle.write(line);
      await handle.sync();
      times.push(performance.now() - start);
    }
  } finally {
    await handle.close();
    await rm(file, { force: true });
  }
  return times;
}

async function benchSave(opened: OpenedCampaign, campaign: Campaign): Promise<void> {
  let current: Campaign = { ...campaign, roster: Array.from({ length: ROSTER }, (_, i) => character(i)) };
  // Two saves first, so every timed save writes a campaign of full size and rotates full backups.
  for (let i = 0; i < 2; i++) current = unwrap(await saveCampaign(opened, current), 'saveCampaign');
  const times: number[] = [];
  for (let i = 0; i < SAVES; i++) {
    const start = performance.now();
    current = unwrap(await saveCampaign(opened, current), 'saveCampaign');
    times.push(performance.now() - start);
  }
  const bytes = (await lstat(path.join(opened.root, opened.folder, 'campaign.json'))).size;
  console.log(
    `save campaign.json (${ROSTER} characters, ${current.encounters.length} encounters, ${kb(bytes)}), rotating backups: ` +
      `median ${median(times).toFixed(1)} ms over ${SAVES} saves (slowest ${Math.max(...times).toFixed(1)} ms)`,
  );
}

const root = await mkdtemp(path.join(tmpdir(), 'gm-bench-campaigns-'));
try {
  const { ref, logBytes } = await buildFixture(root);
  await benchOpen(ref, logBytes);
  const opened = unwrap(await openCampaign(ref), 'openCampaign');
  try {
    const campaign = await benchAppend(opened, opened.campaign);
    await benchSave(opened, campaign);
  } finally {
    await closeCampaign(opened);
  }
} finally {
  await rm(root, { recursive: true, force: true });
}
