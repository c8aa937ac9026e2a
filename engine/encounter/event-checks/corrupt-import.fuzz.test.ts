import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { exportDiceCsv } from '../../log/csv';
import { exportHtml } from '../../log/html';
import { exportJson, readEncounterLog } from '../../log/json';
import { exportMarkdown } from '../../log/markdown';
import { logEntries } from '../../log/entries';
import { playerLog } from '../../log/player-log';
import { findRuleset } from '../../rulesets/builtin';
import type { Ruleset } from '../../core/ruleset';
import { corrupt, corruption, rawHistory, type RawHistory } from '../../testing/corruptions';
import { STORED_FIGHTS } from '../../testing/stored-fights';
import { projectPlayerView } from '../../views/player-view';
import type { Failure, Result } from '../../result';
import { canRedo, dispatch, redo, restoreEncounter, type Encounter, type StoredHistory } from '../encounter';
import { CORE_EVENT_SCHEMAS } from './core-schemas';
import { BUILTIN_RULESETS } from '../../rulesets/builtin';

// Issue 40: a fight's stored history, damaged at random, is read the way the app reads it (a
// fight's log file through `readEncounterLog`, which folds its journal; a stored history through
// `restoreEncounter`, as the campaign's stores and the import's `fightUnder` do). Each is refused
// with a sentence, or opens to a fight every export and the players' view can read, that takes
// the next command (Next turn, a Damage) and a Redo, and whose history, stored and read back
// again, still opens to the same fight: a file accepted at the import never turns into a damaged
// fight later. One played fight per built-in ruleset (`stored-fights.ts`), with its own events in
// the log and in two undone steps; the counts are printed. Known and left to restoreEncounter: an
// empty undone step in a stored history (see forged.test.ts, "refuses a step with no events").

const META = { campaignName: 'Fuzz', exportedAt: '2026-11-29T07:00:00.000Z' };
const counts: Record<string, { refused: number; opened: number; redone: number; commands: number; commandsRefused: number }> = {};

afterAll(() => {
  const line = Object.entries(counts).map(([id, c]) => `${id} ${c.refused} refused / ${c.opened} opened (${c.redone} redone, ${c.commands - c.commandsRefused} of ${c.commands} commands applied)`);
  console.log(`corrupted-log fuzz: ${line.join('; ')}`);
});

/** A refusal the GM can read: a sentence, never a stack trace or a leaked `undefined`. */
function expectSentence(failed: Failure): void {
  expect(typeof failed.code).toBe('string');
  expect(failed.message).toMatch(/^[A-Z"“]/);
  expect(failed.message).toMatch(/[.!?)]$/);
  // The file's own values are quoted ("NaN" where it held that text); a bare one leaked from the code.
  expect(failed.message).not.toMatch(/(?<!")\b(undefined|NaN)\b(?!")|\[object Object\]|\n\s+at /);
}

/** What the state breaks that no command can make: shared ids, a track the ruleset lacks or past its bounds. */
function stateProblems(enc: Encounter, ruleset: Ruleset): string[] {
  const problems: string[] = [];
  const ids = enc.state.combatants.map((c) => c.id);
  if (new Set(ids).size !== ids.length) problems.push('two characters share an id');
  for (const c of enc.state.combatants) {
    for (const [key, t] of Object.entries(c.tracks)) {
      const def = ruleset.character.tracks.find((d) => d.key === key);
      if (!def) problems.push(`${c.name} has the track "${key}", which ${ruleset.name} lacks`);
      else if (!(Number.isInteger(t.value) && Number.isInteger(t.max) && t.value >= 0 && t.value <= t.max && t.max <= def.max)) problems.push(`${c.name}'s ${key} is ${t.value}/${t.max} (at most ${def.max})`);
    }
  }
  return problems;
}

/** The fight as a log file, as `exportJson` writes it (built by hand: a damaged history can't be exported). */
function logFile(history: RawHistory): string {
  const lines: unknown[] = [];
  let from = 0;
  for (const end of history.steps) {
    const body = history.events.slice(from, typeof end === 'number' ? end : from);
    lines.push({ type: 'journal/step', events: typeof end === 'number' ? end - from : end }, ...body);
    if (typeof end === 'number') from = end;
  }
  const undone = [...history.redoable].reverse();
  for (const step of undone) lines.push({ type: 'journal/step', events: Array.isArray(step) ? step.length : step }, ...(Array.isArray(step) ? step : []));
  for (let i = 0; i < undone.length; i++) lines.push({ type: 'journal/undo' });
  const first = history.events[0];
  const id = typeof first === 'object' && first !== null && !Array.isArray(first) && typeof first.id === 'string' ? first.id : 'e1';
  return JSON.stringify({ type: 'gm-screen/encounter-log', version: 1, exportedAt: META.exportedAt, campaign: META.campaignName, encounter: { id, name: 'Fuzz' }, journal: lines });
}

/** The history read back: through the log file, or as a stored history. */
function read(history: RawHistory, through: 'file' | 'store'): Result<Encounter> {
  if (through === 'store') return restoreEncounter(history as unknown as StoredHistory, BUILTIN_RULESETS);
  const read = readEncounterLog(logFile(history), BUILTIN_RULESETS);
  return read.ok ? { ok: true, value: read.value.encounter } : read;
}

/** Every export and view the GM or the players can open. */
function exportAll(enc: Encounter): void {
  for (const audience of ['gm', 'players'] as const) {
    exportHtml(enc, META, { audience, dice: true, overrides: true });
    exportMarkdown(enc, META, { audience, dice: true, overrides: true });
    exportDiceCsv(enc, META, { audience, dice: true, overrides: true });
  }
  exportJson(enc, META);
  logEntries(enc);
  playerLog(enc);
  projectPlayerView(enc.state, enc.ruleset);
}

/** Saved and opened again (the store and the log file): the same fight, no damage. */
function expectStoredAgain(enc: Encounter, ruleset: Ruleset, after: string): void {
  const stored = restoreEncounter({ events: enc.events, steps: enc.steps, redoable: enc.redoable }, BUILTIN_RULESETS);
  expect(stored.ok ? null : `${after}, the fight is damaged: ${stored.message}`).toBeNull();
  if (stored.ok) expect(stored.value.state).toEqual(enc.state);
  const file = readEncounterLog(exportJson(enc, META), BUILTIN_RULESETS);
  expect(file.ok ? null : `${after}, its log file is damaged: ${file.message}`).toBeNull();
  expect(stateProblems(enc, ruleset)).toEqual([]);
}

/** Next turn and a Damage of 1 on someone: applied, or refused with a sentence; never thrown. */
function nextCommands(enc: Encounter, who: number, count: (typeof counts)[string]): Encounter {
  const target = enc.state.combatants[who % Math.max(1, enc.state.combatants.length)]?.id ?? 'nobody';
  let out = enc;
  for (const command of [{ type: 'next-turn' as const }, { type: 'damage' as const, combatantId: target, amount: 1 }]) {
    count.commands++;
    const result = dispatch(out, command);
    if (result.ok) out = result.encounter;
    else {
      count.commandsRefused++;
      expectSentence(result);
    }
  }
  return out;
}

const FIGHTS = Object.entries(STORED_FIGHTS).map(([id, build]) => ({ id, ruleset: findRuleset(id), history: rawHistory(build()) }));

describe.each(FIGHTS)('a corrupted stored fight: $id', ({ id, ruleset, history }) => {
  it('is refused with a sentence, or opens, exports, shows the players\' view, takes the next command and a Redo, and stays whole', () => {
    if (!ruleset) throw new Error(`${id} is built in`);
    const count = (counts[id] ??= { refused: 0, opened: 0, redone: 0, commands: 0, commandsRefused: 0 });
    // Types this version knows in this fight (the core's, the map's, the ruleset's own), to retype an event to.
    const types = [...Object.keys(CORE_EVENT_SCHEMAS), ...Object.keys(ruleset.own?.events ?? {}), 'moved', 'walked', 'placed-on-grid', 'zone-set'];
    fc.assert(
      fc.property(fc.array(corruption, { minLength: 1, maxLength: 3 }), /* the file twice as often: the import */ fc.constantFrom('file' as const, 'file' as const, 'store' as const), fc.nat(), (damage, through, who) => {
        const damaged = damage.reduce((h, c) => corrupt(h, c, types), history);
        const opened = read(damaged, through);
        if (!opened.ok) {
          count.refused++;
          expectSentence(opened);
          return;
        }
        count.opened++;
        let enc = opened.value;
        expect(stateProblems(enc, ruleset)).toEqual([]);
        exportAll(enc);
        if (canRedo(enc)) {
          const redone = redo(enc);
          if (redone.ok) {
            enc = redone.encounter;
            count.redone++;
            exportAll(enc);
            expectStoredAgain(enc, ruleset, 'after Redo');
          } else expectSentence(redone);
        }
        enc = nextCommands(enc, who, count);
        exportAll(enc);
        expectStoredAgain(enc, ruleset, 'after the next commands');
      }),
      { numRuns: 150, seed: 40 },
    );
  });
});
