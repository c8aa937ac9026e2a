import type { RandomSource, RandomState } from '../../dice/random';
import type { Roll } from '../../dice/roll';
import { playerFactionIds } from '../../core/display';
import type { EncounterEvent } from '../../core/events';
import { findPrompt, withoutPrompt, withPrompt } from '../../core/prompt-stack';
import type { PromptKind } from '../../core/prompt-kind';
import type { Combatant, EncounterState, Id, Prompt, Track } from '../../core/state';
import { isRecord } from '../../json';
import { failure, type Result } from '../../result';
import { hasTrait } from '../../core/fields';
import { markedOut } from '../../core/health';
import { withTrackValue } from '../../core/tracks';
import { personOf, withPerson, type Fallen } from './person';
import { twoDiceSettings, type TwoDiceSettings } from './settings';
import { rollTest, typedDice } from './test-roll';

// At 0 HP a character falls unconscious and gets one stabilisation test in each of the two rounds
// that follow: the first a normal test, the second at disadvantage. A success puts them back at
// 1 HP, still unconscious for the rest of the encounter; failing both kills them. The test is
// asked (a prompt) as their place in the order comes round, at the start or the end of where
// their turn would be (a setting), and holds the fight until the GM rolls it or lets it go.

export const STABILISE = 'two-dice/stabilise';

/** What the prompt holds: whose test, in which round, and whether it is the first or the second. */
export interface StabiliseDue {
  combatantId: Id;
  round: number;
  attempt: 1 | 2;
}

const promptId = (id: Id) => `stabilise-${id}`;

function dueOf(prompt: Prompt): StabiliseDue | null {
  const d = prompt.data;
  if (!isRecord(d) || typeof d.combatantId !== 'string' || typeof d.round !== 'number' || (d.attempt !== 1 && d.attempt !== 2)) return null;
  return { combatantId: d.combatantId, round: d.round, attempt: d.attempt };
}

/** Whether the rules give this character stabilisation tests (the players' characters; others if the setting says). */
export function stabilises(state: EncounterState, c: Combatant): boolean {
  return twoDiceSettings(state.settings).npcsStabilise || playerFactionIds(state).includes(c.factionId);
}

/** The bonus to their tests from their traits and a medic tending them, with the reasons. */
export function stabiliseBonus(c: Combatant, medic: Combatant | null, settings: TwoDiceSettings): { bonus: number; reasons: string[] } {
  const parts: [boolean, number, string][] = [
    [hasTrait(c, 'robust'), settings.robustBonus, 'Robust'],
    [hasTrait(c, 'hardToKill'), settings.hardToKillBonus, 'Hard to Kill'],
    [medic !== null, settings.medicBonus, `tended by ${medic?.name ?? 'a medic'}`],
  ];
  const counted = parts.filter(([has, n]) => has && n > 0);
  return { bonus: counted.reduce((s, [, n]) => s + n, 0), reasons: counted.map(([, n, why]) => `+${n} ${why}`) };
}

/** Those with the Medic trait who could tend the fallen: conscious, in the fight, on their side. */
export function medicsFor(state: EncounterState, fallen: Combatant): Combatant[] {
  return state.combatants.filter((c) => c.id !== fallen.id && c.factionId === fallen.factionId && hasTrait(c, 'medic') && markedOut(c) === null && (c.tracks.hp?.value ?? 0) > 0 && !personOf(c).stable);
}

/** The test due for this character in this round, or null: they fell one or two rounds ago, and it is not yet taken. */
function dueIn(state: EncounterState, c: Combatant, round: number): StabiliseDue | null {
  const p = personOf(c);
  const fallen: Fallen | null = p.fallen;
  if (!fallen || p.stable || markedOut(c) || !stabilises(state, c)) return null;
  const attempt = round - fallen.round;
  if (attempt !== 1 && attempt !== 2) return null;
  if (fallen.tests.some((t) => t.round === round || t.result === 'passed')) return null;
  return { combatantId: c.id, round, attempt };
}

// The pointer as one number: the round and the place in the order.
function position(state: EncounterState, size: number): number | null {
  if (state.status !== 'running') return null;
  const at = state.activeId === null ? -1 : state.order.indexOf(state.activeId);
  return state.round * size + at;
}

/**
 * The rounds in which the turn passed this character's place in the order going from `before` to
 * `after`: arriving there (their turn's start) or leaving it (its end).
 */
function passedPlace(before: EncounterState, after: EncounterState, id: Id, at: 'start' | 'end'): number[] {
  const size = after.order.length;
  const index = after.order.indexOf(id);
  if (size === 0 || index < 0 || before.order.length !== size) return [];
  const from = position(before, size);
  const to = position(after, size);
  if (from === null || to === null || to <= from) return [];
  const rounds: number[] = [];
  for (let round = before.round; round <= after.round; round++) {
    const moment = round * size + index;
    if (at === 'start' ? from < moment && moment <= to : from <= moment && moment < to) rounds.push(round);
  }
  return rounds;
}

/**
 * What falling and getting up change, noted after every event: someone dropping to 0 HP in the
 * fight has fallen this round (a stabilised character knocked down again too: "reduced to 0 HP"
 * starts the two chances afresh); someone back above 0 (healed) has not, and a test asked of them
 * goes; and as the turn passes a fallen character's place in a round after they fell, their test
 * is asked.
 */
export function noteFalls(before: EncounterState, after: EncounterState): EncounterState {
  if (after.status !== 'running') return after;
  let next = after;
  for (const c of after.combatants) {
    const was = before.combatants.find((x) => x.id === c.id);
    const hp = c.tracks.hp?.value ?? 1;
    const p = personOf(c);
    if (hp <= 0 && (was?.tracks.hp?.value ?? 1) > 0 && !p.fallen) next = withPerson(next, c.id, (q) => ({ ...q, stable: false, fallen: { round: after.round, tests: [] } }));
    else if (hp > 0 && p.fallen) next = withoutPrompt(withPerson(next, c.id, (q) => ({ ...q, fallen: null })), promptId(c.id));
  }
  const at = twoDiceSettings(after.settings).stabiliseAt;
  for (const c of next.combatants) {
    if (!personOf(c).fallen || findPrompt(next, promptId(c.id))) continue;
    for (const round of passedPlace(before, next, c.id, at)) {
      const due = dueIn(next, c, round);
      if (due) next = withPrompt(next, { id: promptId(c.id), kind: STABILISE, involves: [c.id], data: due });
    }
  }
  return next;
}

/** The stabilisation test as rolled. */
export type StabilisedEvent = {
  type: 'two-dice/stabilisation-rolled';
  combatantId: Id;
  round: number;
  attempt: 1 | 2;
  medicId: Id | null;
  bonus: number;
  reasons: string[];
  difficulty: number;
  roll: Roll;
  success: boolean;
  /** Their tracks after a success (1 HP); null after a failure. */
  tracks: Record<string, Track> | null;
  /** The second failure: they die. */
  dies: boolean;
  rng: RandomState;
};

export type StabiliseSkippedEvent = {
  type: 'two-dice/stabilisation-skipped';
  combatantId: Id;
  round: number;
};

function answerTest(state: EncounterState, prompt: Prompt, answer: unknown, random: () => RandomSource): Result<EncounterEvent[]> {
  const due = dueOf(prompt);
  const c = due ? state.combatants.find((x) => x.id === due.combatantId) : undefined;
  if (!due || !c) return failure('prompt/none', 'Nothing is waiting for a stabilisation test.');
  if (!personOf(c).fallen) return failure('two-dice/not-down', `${c.name} is no longer down; call the test off.`);
  const asked = isRecord(answer) ? answer : answer === 'roll' ? {} : null;
  if (!asked) return failure('two-dice/answer', 'Answer with "roll", or { medicId, dice } for a medic tending them or dice rolled at the table.');
  let medic: Combatant | null = null;
  if (asked.medicId !== undefined && asked.medicId !== null) {
    medic = medicsFor(state, c).find((m) => m.id === asked.medicId) ?? null;
    if (!medic) return failure('two-dice/no-medic', `Only a conscious ally of ${c.name} with the Medic trait can tend them.`);
  }
  const dice = typedDice(asked.dice);
  if (dice === 'bad') return failure('input/dice', 'Dice typed in are a list of whole numbers, one per die.');
  const settings = twoDiceSettings(state.settings);
  const { bonus, reasons } = stabiliseBonus(c, medic, settings);
  const source = random();
  const test = rollTest(source, { edge: due.attempt === 2 ? 'disadvantage' : 'normal', difficulty: settings.stabiliseDifficulty, bonus, dice }, settings);
  if (!test.ok) return test;
  const failures = (personOf(c).fallen?.tests ?? []).filter((t) => t.result === 'failed').length + (test.value.success ? 0 : 1);
  const event: StabilisedEvent = {
    type: 'two-dice/stabilisation-rolled',
    combatantId: c.id,
    round: due.round,
    attempt: due.attempt,
    medicId: medic?.id ?? null,
    bonus,
    reasons,
    difficulty: settings.stabiliseDifficulty,
    roll: test.value.roll,
    success: test.value.success,
    tracks: test.value.success ? withTrackValue(c, 'hp', () => 1) : null,
    dies: failures >= 2,
    rng: source.state(),
  };
  return { ok: true, value: [event] };
}

/** The prompt: the GM rolls (tended by a medic or not, or with the table's dice) or lets it go. */
export const STABILISE_PROMPT: PromptKind = {
  code: 'two-dice/stabilise-first',
  message(state, prompt) {
    const due = dueOf(prompt);
    const name = state.combatants.find((c) => c.id === due?.combatantId)?.name ?? 'Someone';
    return due?.attempt === 2
      ? `${name} is down: roll their second stabilisation test (at disadvantage) first.`
      : `${name} is down: roll their first stabilisation test first.`;
  },
  answer: answerTest,
  callOff(_state, prompt) {
    const due = dueOf(prompt);
    return due ? [{ type: 'two-dice/stabilisation-skipped', combatantId: due.combatantId, round: due.round } satisfies StabiliseSkippedEvent] : [];
  },
  choices(state, prompt) {
    const due = dueOf(prompt);
    const c = due ? state.combatants.find((x) => x.id === due.combatantId) : undefined;
    if (!c) return [];
    return [{ label: 'Roll the test', answer: 'roll' }, ...medicsFor(state, c).map((m) => ({ label: `Roll, tended by ${m.name}`, answer: { medicId: m.id } }))];
  },
  // The one down, and the allies with the Medic trait who may tend them.
  subjects(state, prompt) {
    const due = dueOf(prompt);
    const c = due ? state.combatants.find((x) => x.id === due.combatantId) : undefined;
    if (!c) return [];
    return [{ id: c.id, role: 'rolls to stabilise' }, ...medicsFor(state, c).map((m) => ({ id: m.id, role: 'may tend them' }))];
  },
};

/**
 * A new fight starts everyone afresh: nobody has fallen in it yet or been attacked, and
 * "unconscious for the rest of the encounter" ended with the last one.
 */
export function freshFight(state: EncounterState): EncounterState {
  return { ...state, combatants: state.combatants.map((c) => ({ ...c, rules: { ...personOf(c), fallen: null, stable: false, extricated: null, lastAttack: null } })) };
}

/** The test rolled: the prompt closes; a success stabilises them at 1 HP, a second failure kills them. */
export function applyStabilised(state: EncounterState, e: StabilisedEvent): EncounterState {
  const closed = withoutPrompt({ ...state, rng: e.rng }, promptId(e.combatantId));
  const tested = withPerson(closed, e.combatantId, (p) => ({
    ...p,
    stable: p.stable || e.success,
    fallen: e.success ? null : { round: p.fallen?.round ?? e.round - e.attempt, tests: [...(p.fallen?.tests ?? []), { round: e.round, result: 'failed' }] },
  }));
  return {
    ...tested,
    combatants: tested.combatants.map((c) => {
      if (c.id !== e.combatantId) return c;
      if (e.tracks) return { ...c, tracks: e.tracks };
      return e.dies && !c.marks.includes('dead') ? { ...c, marks: [...c.marks, 'dead'], rules: { ...personOf(c), fallen: null } } : c;
    }),
  };
}

/** The test let go: the prompt closes and it is not asked again this round. */
export function applySkipped(state: EncounterState, e: StabiliseSkippedEvent): EncounterState {
  const closed = withoutPrompt(state, promptId(e.combatantId));
  return withPerson(closed, e.combatantId, (p) => (p.fallen ? { ...p, fallen: { ...p.fallen, tests: [...p.fallen.tests, { round: e.round, result: 'skipped' }] } } : p));
}
