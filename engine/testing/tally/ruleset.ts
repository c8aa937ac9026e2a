import * as v from 'valibot';
import {
  eventId,
  failure,
  findPrompt,
  individualInitiative,
  roll,
  rngState,
  rollNotation,
  text,
  whole,
  told,
  type Combatant,
  type EncounterEvent,
  type EncounterState,
  type JsonValue,
  type Result,
  type Roll,
  type RandomSource,
  type Ruleset,
  type RulesetCommand,
  type RulesetEvent,
  withoutPrompt,
  withPrompt,
} from '../../index';

// "Tally", a ruleset that exists only to prove the ruleset interface: everything it is lives in
// this folder and reaches the engine through `engine/index.ts` alone. Characters act by a fixed
// speed; the GM gives tally marks (with a note for the GM's eyes only); at the end of each round
// a bell rings a d6 number of times, and the fight waits (an open prompt) until the GM has counted
// the rings or let them go. Its slice: the bells rung and the GM's notes for the encounter, the
// marks for each character. The players see the bells and who leads, never a note.

type TallyFight = { bells: number; notes: string[] };
const COUNT = 'tally/count';
type TallyMarks = { marks: number };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// The slices are plain JSON from the log: read them defensively, falling back to the start values.
function fightOf(state: EncounterState): TallyFight {
  const r = state.rules;
  if (!isRecord(r)) return { bells: 0, notes: [] };
  return {
    bells: typeof r.bells === 'number' ? r.bells : 0,
    notes: Array.isArray(r.notes) ? r.notes.filter((n): n is string => typeof n === 'string') : [],
  };
}

export function marksOf(c: Combatant): number {
  const r = c.rules;
  return isRecord(r) && typeof r.marks === 'number' ? r.marks : 0;
}

function mark(state: EncounterState, command: RulesetCommand): Result<EncounterEvent[]> {
  const c = state.combatants.find((x) => x.id === command.combatantId);
  if (!c) return failure('tally/unknown-combatant', 'There is nobody with that id to mark.');
  if (state.status !== 'running') return failure('tally/not-running', 'Tally marks are given during the fight; start it first.');
  const note = typeof command.note === 'string' ? command.note.slice(0, 80) : '';
  return { ok: true, value: [{ type: 'tally/marked', combatantId: c.id, marks: marksOf(c) + 1, note }] };
}

function bell(state: EncounterState, random: RandomSource): EncounterEvent[] {
  const rolled = rollNotation('d6', random);
  if (!rolled.ok) return [];
  const roll: Roll = rolled.value;
  return [{ type: 'tally/bell-rung', round: state.round, rings: roll.total, roll, rng: random.state() }];
}

const id = (event: RulesetEvent) => String(event.combatantId);

export const tally: Ruleset = {
  id: 'tally',
  name: 'Tally',
  summary: 'A test ruleset: tally marks and a bell at the end of each round.',
  settings: [],
  references: [],
  character: {
    stats: [{ key: 'speed', label: 'Speed', min: 0, max: 20, default: 5, hint: 'Higher acts first.' }],
    tracks: [{ key: 'hp', label: 'Hit points', shortLabel: 'HP', min: 1, max: 99, default: 5 }],
  },
  turn: {
    order: individualInitiative({
      score: (c) => ({ roll: null, total: c.stats.speed ?? 0 }),
      breakTie: (a, b) => a.name.localeCompare(b.name),
      tiebreak: (_c, random) => {
        const rolled = rollNotation('d6', random);
        if (!rolled.ok) throw new Error(rolled.message);
        return rolled.value;
      },
    }),
    actions: [],
    endOfRound: bell,
  },
  health: {
    damage: (c, amount) => ({ ...c.tracks, hp: { max: c.tracks.hp?.max ?? 0, value: Math.max(0, (c.tracks.hp?.value ?? 0) - amount) } }),
    heal: (c, amount) => ({ ...c.tracks, hp: { max: c.tracks.hp?.max ?? 0, value: Math.min(c.tracks.hp?.max ?? 0, (c.tracks.hp?.value ?? 0) + amount) } }),
    status: (c) => ((c.tracks.hp?.value ?? 1) <= 0 ? { level: 'down', how: 'down', why: 'at 0 HP' } : { level: 'fine', how: null, why: '' }),
  },
  own: {
    slice: { encounter: { bells: 0, notes: [] }, combatant: { marks: 0 } },
    commands: {
      'tally/mark': (state, command) => mark(state, command),
      'tally/count': (state) => (findPrompt(state, COUNT) ? { ok: true, value: [{ type: 'tally/counted' }] } : failure('tally/nothing-to-count', 'No bell has rung since the last count.')),
    },
    prompts: {
      [COUNT]: {
        code: 'tally/count-first',
        message: () => 'Count the bells first.',
        answer: (_state, _prompt, answer) => (answer === 'counted' ? { ok: true, value: [{ type: 'tally/counted' }] } : failure('tally/answer', 'Answer "counted" once the bells are counted.')),
        callOff: () => [{ type: 'tally/count-skipped' }],
        choices: () => [{ label: 'Counted', answer: 'counted' }],
      },
    },
    events: {
      'tally/marked': {
        kind: 'other',
        fightLog: true,
        schema: v.object({ combatantId: eventId, marks: whole(1, 1000), note: text(80) }),
        refers: (state, event) => (state.combatants.some((c) => c.id === event.combatantId) ? null : `nobody has the id "${String(event.combatantId)}"`),
        apply: (state, event) => ({
          ...state,
          rules: { ...fightOf(state), notes: [...fightOf(state).notes, String(event.note)] },
          combatants: state.combatants.map((c) => (c.id === id(event) ? { ...c, rules: { marks: Number(event.marks) } } : c)),
        }),
        tell(event, v) {
          const name = v.who(id(event));
          if (name === null) return null;
          const note = v.audience === 'gm' && event.note ? ` (GM's note: ${String(event.note)})` : '';
          return told(`${name} gets tally mark number ${Number(event.marks)}${note}.`, [id(event)], [], [`${name} marked`]);
        },
      },
      'tally/bell-rung': {
        kind: 'other',
        fightLog: true,
        schema: v.object({ round: whole(0, 10_000), rings: whole(1, 6), roll, rng: rngState }),
        apply: (state, event) =>
          withPrompt({ ...state, rules: { ...fightOf(state), bells: fightOf(state).bells + Number(event.rings) }, rng: event.rng as EncounterState['rng'] }, { id: COUNT, kind: COUNT, involves: [] }),
        tell: (event) => told(`The bell rings ${Number(event.rings)} times at the end of round ${Number(event.round)}.`),
      },
      'tally/counted': {
        kind: 'other',
        fightLog: true,
        schema: v.object({}),
        apply: (state) => withoutPrompt(state, COUNT),
        tell: () => told('The GM counts the bells.'),
      },
      'tally/count-skipped': {
        kind: 'other',
        fightLog: true,
        schema: v.object({}),
        apply: (state) => withoutPrompt(state, COUNT),
        tell: () => told('The bells go uncounted.'),
      },
    },
  },
  players: {
    view(state, keyOf) {
      const shown = state.combatants.filter((c) => keyOf(c.id) !== null);
      const leader = [...shown].sort((a, b) => marksOf(b) - marksOf(a))[0];
      return { bells: fightOf(state).bells, leader: leader && marksOf(leader) > 0 ? keyOf(leader.id) : null };
    },
  },
};
