import * as v from 'valibot';
import { checkCombatant, isFailure } from '../../core/checks';
import { eventId, text } from '../../core/stored-event-parts';
import type { EncounterEvent } from '../../core/events';
import type { EncounterState, Id } from '../../core/state';
import { parseNotation } from '../../dice/notation';
import { isRecord } from '../../json';
import { told, type Told } from '../../core/told';
import type { Voice } from '../../core/voice';
import { failure, type Failure, type Result } from '../../result';
import { withPerson } from './person';

// A character's own defence tests, from their sheet: fortify (attribute, athletics, fortitude:
// Boudica's d6+d4+1) and dodge. The questions after a hit roll them unless the GM types others.

export interface OwnTests {
  fortify: string | null;
  dodge: string | null;
}

export const NO_TESTS: OwnTests = { fortify: null, dodge: null };

/** Two dice a test rolls when the character has none of their own. */
export const PLAIN_TEST = 'd6+d6';

const LONGEST = 40;

/** The tests as sent: each dice notation, or empty (none). */
export function checkOwnTests(input: unknown): OwnTests | Failure {
  if (input === undefined || input === null) return NO_TESTS;
  if (!isRecord(input)) return failure('three-actions/tests', 'A character\'s tests are { fortify, dodge }, each dice such as d6+d4+1.');
  const out: Record<keyof OwnTests, string | null> = { fortify: null, dodge: null };
  for (const key of ['fortify', 'dodge'] as const) {
    const raw = input[key];
    if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) continue;
    if (typeof raw !== 'string' || raw.length > LONGEST) return failure('three-actions/tests', `The ${key} test is dice such as d6+d4+1, at most ${LONGEST} characters.`);
    const parsed = parseNotation(raw.trim());
    if (!parsed.ok) return failure('three-actions/tests', `The ${key} test: ${parsed.message}`);
    out[key] = raw.trim();
  }
  return out;
}

/** The tests as the log holds them, whatever it holds. */
export function ownTestsOf(raw: unknown): OwnTests {
  if (!isRecord(raw)) return NO_TESTS;
  const one = (x: unknown) => (typeof x === 'string' && x.trim() !== '' ? x : null);
  return { fortify: one(raw.fortify), dodge: one(raw.dodge) };
}

export type TestsSetEvent = {
  type: 'three-actions/tests-set';
  combatantId: Id;
  tests: OwnTests;
};

/** The GM gives a character's own tests, each dice notation, or empty or null for none. */
export type SetTestsCommand = { type: 'three-actions/set-tests'; combatantId: Id; tests: { fortify?: string | null; dodge?: string | null } };

/** Decides `three-actions/set-tests`: the GM gives a character's own fortify and dodge tests. */
export function decideSetTests(state: EncounterState, cmd: SetTestsCommand): Result<EncounterEvent[]> {
  const c = checkCombatant(state, cmd.combatantId);
  if (isFailure(c)) return c;
  const tests = checkOwnTests(cmd.tests);
  if (isFailure(tests)) return tests;
  const event: TestsSetEvent = { type: 'three-actions/tests-set', combatantId: c.id, tests };
  return { ok: true, value: [event] };
}

export const TESTS_SET_SCHEMA = v.object({ combatantId: eventId, tests: v.object({ fortify: v.nullable(text(LONGEST)), dodge: v.nullable(text(LONGEST)) }) });

export const applyTestsSet = (state: EncounterState, e: TestsSetEvent): EncounterState => withPerson(state, e.combatantId, (p) => ({ ...p, tests: e.tests }));

export function tellTestsSet(e: TestsSetEvent, v: Voice): Told | null {
  const who = v.who(e.combatantId);
  if (who === null || !v.exact(e.combatantId)) return null;
  const parts = [e.tests.fortify ? `fortifies with ${e.tests.fortify}` : null, e.tests.dodge ? `dodges with ${e.tests.dodge}` : null].filter((p) => p !== null);
  return told(`${who} ${parts.length > 0 ? parts.join(' and ') : `has no tests of their own (${PLAIN_TEST})`}.`, [e.combatantId]);
}
