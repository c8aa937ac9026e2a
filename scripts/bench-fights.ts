// The fights the benches play: built by real commands, so every event is one the app would write.
import { applyEvent, createEncounter, decide, replay, stepLines, withSnapshot, type Command, type Encounter, type EncounterEvent, type EncounterState, type JournalLine } from '../engine/index';
import { BUILTIN_RULESETS } from '../engine/all-rulesets';
import { gearOf, zonesFight as zonesSlice } from '../engine/rulesets/zones/index';

/** A fight's events, the GM steps they came in (event counts), and how long each command took to decide. */
export interface BenchFight {
  readonly events: EncounterEvent[];
  readonly steps: number[];
  readonly decideMs: number[];
}

/**
 * Zones & Factions: factions alternate, so every command scans who may still act (and an ended
 * turn may pass through several factions); attacks roll and resolve reactions. A fight of 200
 * characters in four factions, played round after round by real commands until it holds at least
 * `count` events. `id` is the encounter's.
 */
export function zonesBenchFight(count: number, id = 'bench-z'): BenchFight {
  const factions = [
    { id: 'f1', name: 'Heroes', colour: '#4f8fd9' },
    { id: 'f2', name: 'Bandits', colour: '#d94f4f' },
    { id: 'f3', name: 'Wolves', colour: '#4fbf6a' },
    { id: 'f4', name: 'Guards', colour: '#d9a94f' },
  ];
  const created = createEncounter({ id, name: 'Bench', rulesetId: 'zones', seed: 7, factions }, BUILTIN_RULESETS);
  if (!created.ok) throw new Error(created.message);
  const events: EncounterEvent[] = [...created.encounter.events];
  const steps: number[] = [events.length];
  const ruleset = created.encounter.ruleset;
  const decideMs: number[] = [];
  let state: EncounterState = created.encounter.state;
  const run = (command: Command) => {
    const start = performance.now();
    const result = decide(state, command, ruleset);
    decideMs.push(performance.now() - start);
    if (!result.ok) throw new Error(`${command.type}: ${result.message}`);
    for (const event of result.value) {
      state = applyEvent(state, event, ruleset);
      events.push(event);
    }
    if (result.value.length > 0) steps.push(result.value.length);
  };
  run({ type: 'set-setting', key: 'fastSlow', value: true });
  for (const f of factions) {
    run({ type: 'add-combatant', name: f.name, quantity: 50, factionId: f.id, tracks: { health: 999 }, rules: { gear: [{ name: 'Club', kind: 'weapon', damage: 'd6' }] } });
  }
  run({ type: 'start-combat', initiativeFactionId: 'f1' });
  for (let i = 0; events.length < count; i++) {
    const go = state.turn?.factionId;
    const standing = (c: (typeof state.combatants)[number]) => (c.tracks.health?.value ?? 0) > 0;
    const actor = state.combatants.find(
      (c) => c.factionId === go && standing(c) && !state.turn?.spent.includes(c.id) && (c.stats.wit ?? 0) >= (state.turn?.phase === 'fast' ? (state.turn.gate ?? 0) : 0),
    );
    if (!actor || i % 7 === 6) {
      run({ type: 'pass' });
      continue;
    }
    run({ type: 'take-turn', combatantId: actor.id });
    const enemies = state.combatants.filter((c) => c.factionId !== actor.factionId && standing(c));
    const target = enemies[i % Math.max(1, enemies.length)];
    if (target && i % 2 === 0) {
      run({ type: 'zones/declare-attack', attackerId: actor.id, weaponId: gearOf(actor)[0]?.id, targetIds: [target.id], situation: { targetsAware: false } });
      // An attack the target may answer waits for the reaction; they take the blow.
      for (let id = zonesSlice(state).pendingAttack?.awaiting[0]; id !== undefined; id = zonesSlice(state).pendingAttack?.awaiting[0]) {
        run({ type: 'zones/react-to-attack', reactorId: id, targetId: id, reaction: { kind: 'none' } });
      }
    }
    run({ type: 'end-turn' });
  }
  return { events, steps, decideMs };
}

/**
 * A Zones & Factions fight of `count` events as the encounter store writes its journal: each
 * step's lines, with a snapshot when one is due (or none, as before issue 14, when `snapshots` is
 * false), and how many events and snapshots it holds.
 */
export function zonesBenchJournal(count: number, id: string, snapshots = true): { lines: JournalLine[]; events: number; snapshots: number } {
  const fight = zonesBenchFight(count, id);
  const ruleset = BUILTIN_RULESETS.find('zones')!;
  const lines: JournalLine[] = [];
  const marks: number[] = [];
  // Grown in place: a snapshot needs only the state and how many events lead to it.
  const events: EncounterEvent[] = [];
  let state: EncounterState | null = null;
  let from = 0;
  for (const size of fight.steps) {
    const step = fight.events.slice(from, from + size);
    for (const event of step) state = state ? applyEvent(state, event, ruleset) : replay([event], BUILTIN_RULESETS);
    events.push(...step);
    from += size;
    if (!state) continue;
    const after: Encounter = { ruleset, state, events, steps: [], redoable: [], snapshots: [] };
    lines.push(...(snapshots ? withSnapshot(after, stepLines(step), marks) : stepLines(step)));
  }
  return { lines, events: from, snapshots: marks.length };
}
