import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { exportHtml } from '../../log/html';
import { exportMarkdown } from '../../log/markdown';
import { logEntries } from '../../log/entries';
import { playerLog } from '../../log/player-log';
import { projectPlayerView } from '../../views/player-view';
import { goldenFreeformFight, goldenZonesFight } from '../../testing/log-fixtures';
import { restoreEncounter, type Encounter } from '../encounter';
import type { EncounterEvent } from '../../core/events';

// Issue 14: stored logs are forged at random, one event of every type in two genuine fights
// (Freeform and Zones & Factions) changed at a random place to a random JSON value, deleted,
// doubled or given a prototype key. Restoring never throws: it gives a clear refusal, or a fight
// whose state keeps every rule the replay checks (tracks within bounds, ids unique) and that every
// export and the player view can read. The count of forged logs is printed.

const META = { campaignName: 'Fuzz', exportedAt: '2025-01-01T00:00:00.000Z' };
const FIGHTS: readonly Encounter[] = [goldenFreeformFight(), goldenZonesFight()];
let tried = 0;
let refused = 0;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every path into a JSON value, the value itself first. */
function paths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  const here = [at];
  if (Array.isArray(value)) return [...here, ...value.flatMap((v, i) => paths(v, [...at, i]))];
  if (typeof value === 'object' && value !== null) return [...here, ...Object.entries(value).flatMap(([k, v]) => paths(v, [...at, k]))];
  return here;
}

/** A deep copy of `value` with the thing at `path` replaced (or deleted, for `undefined`). */
function replaced(value: unknown, path: readonly (string | number)[], by: unknown): unknown {
  if (path.length === 0) return by;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? replaced(v, rest, by) : v)).filter((v) => v !== undefined);
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  const next = replaced(copy[head], rest, by);
  if (next === undefined) delete copy[head];
  else copy[head] = next;
  return copy;
}

const forgery = fc.record({
  fight: fc.nat(FIGHTS.length - 1),
  event: fc.nat(),
  where: fc.nat(),
  how: fc.oneof(
    { weight: 5, arbitrary: fc.record({ kind: fc.constant('value' as const), value: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json> }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('number' as const), value: fc.oneof(fc.integer(), fc.double({ noNaN: true }), fc.constantFrom(-1, 0, 1e9, -1e300, 2 ** 53)) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('double' as const) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('proto' as const), key: fc.constantFrom('__proto__', 'constructor', 'prototype') }) },
  ),
});

type Forgery = typeof forgery extends fc.Arbitrary<infer T> ? T : never;

function forge(f: Forgery): { events: EncounterEvent[]; steps: number[] } {
  const enc = FIGHTS[f.fight] as Encounter;
  // The creation stays: forging it is refused before replay, which other tests show.
  const index = 1 + (f.event % (enc.events.length - 1));
  const original = enc.events[index] as EncounterEvent;
  const events = [...enc.events];
  const steps = [...enc.steps];
  if (f.how.kind === 'double') {
    events.splice(index, 0, original);
    return { events, steps: steps.map((end) => (end > index ? end + 1 : end)) };
  }
  const where = paths(original).filter((p) => p.length > 0 && p[0] !== 'type');
  const path = where[f.where % where.length] ?? ['extra'];
  const how = f.how;
  const by = how.kind === 'delete' ? undefined : how.kind === 'proto' ? (JSON.parse(`{"${how.key}": {"polluted": true}}`) as unknown) : how.value;
  events[index] = replaced(original, path, by) as EncounterEvent;
  return { events, steps };
}

function stateProblems(enc: Encounter): string[] {
  const problems: string[] = [];
  const ids = enc.state.combatants.map((c) => c.id);
  if (new Set(ids).size !== ids.length) problems.push('two characters share an id');
  for (const c of enc.state.combatants) {
    for (const [key, t] of Object.entries(c.tracks)) {
      if (!(Number.isInteger(t.value) && Number.isInteger(t.max) && t.value >= 0 && t.value <= t.max)) problems.push(`${c.name}'s ${key} is ${t.value}/${t.max}`);
    }
  }
  if ((Object.prototype as Record<string, unknown>).polluted !== undefined) problems.push('Object.prototype was polluted');
  return problems;
}

describe('stored logs forged at random', () => {
  afterAll(() => {
    console.log(`stored-log fuzz: ${tried} forged logs tried, ${refused} refused as damaged or wrong, ${tried - refused} replayed and exported`);
  });

  it('are refused with a sentence, or replay to a fight every export and the player view can read', () => {
    fc.assert(
      fc.property(forgery, (f) => {
        tried++;
        const restored = restoreEncounter(forge(f));
        if (!restored.ok) {
          refused++;
          expect(restored.message.length).toBeGreaterThan(10);
          return;
        }
        const enc = restored.value;
        expect(stateProblems(enc)).toEqual([]);
        for (const audience of ['gm', 'players'] as const) {
          exportHtml(enc, META, { audience, dice: true, overrides: true });
          exportMarkdown(enc, META, { audience, dice: true, overrides: true });
        }
        logEntries(enc);
        playerLog(enc);
        projectPlayerView(enc.state);
      }),
      { numRuns: 400, seed: 14 },
    );
  });
});
