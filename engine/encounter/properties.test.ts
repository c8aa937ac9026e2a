import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canRedo, canUndo, dispatch, redo, replay, undo, type Command, type Encounter, type EncounterEvent, type EncounterState, type EventOf, BUILTIN_RULESETS } from '../index';
import { newEncounter } from '../test-support';

// Random command sequences against the Freeform ruleset. Commands are generated as "shapes" with
// indices and resolved against the state at the moment they run, so most of them hit real
// combatants and conditions; a share are deliberately invalid and must be refused.

type Shape =
  | { kind: 'add'; name: string; quantity: number; initMod: number; hp: number; enemy: boolean }
  | { kind: 'start' | 'next' | 'previous' | 'end' | 'undo' | 'redo' }
  | { kind: 'damage' | 'heal'; who: number; amount: number }
  | { kind: 'condition'; who: number; anchor: number; rounds: number; endsOn: 'turn-start' | 'turn-end'; timed: boolean }
  | { kind: 'uncondition'; who: number; which: number }
  | { kind: 'roll'; notation: string; manual: boolean }
  | { kind: 'remove'; who: number; active: boolean }
  | { kind: 'move'; who: number; index: number }
  | { kind: 'initiative'; who: number; total: number }
  | { kind: 'use'; who: number; which: number; amount: number; set: boolean }
  | { kind: 'invalid'; which: number; who: number };

const who = fc.nat(20);
const k = <K extends string>(kind: K) => fc.constant(kind);

const shapes = (kinds: readonly Shape['kind'][]): fc.Arbitrary<Shape> => {
  const all: Record<Shape['kind'], { weight: number; arbitrary: fc.Arbitrary<Shape> }> = {
    add: { weight: 3, arbitrary: fc.record({ kind: k('add'), name: fc.constantFrom('Goblin', 'Orc', 'Ann'), quantity: fc.integer({ min: 1, max: 4 }), initMod: fc.integer({ min: -2, max: 4 }), hp: fc.integer({ min: 1, max: 30 }), enemy: fc.boolean() }) },
    start: { weight: 2, arbitrary: fc.record({ kind: k('start') }) },
    next: { weight: 8, arbitrary: fc.record({ kind: k('next') }) },
    previous: { weight: 2, arbitrary: fc.record({ kind: k('previous') }) },
    end: { weight: 1, arbitrary: fc.record({ kind: k('end') }) },
    undo: { weight: 2, arbitrary: fc.record({ kind: k('undo') }) },
    redo: { weight: 2, arbitrary: fc.record({ kind: k('redo') }) },
    damage: { weight: 3, arbitrary: fc.record({ kind: k('damage'), who, amount: fc.integer({ min: 1, max: 15 }) }) },
    heal: { weight: 2, arbitrary: fc.record({ kind: k('heal'), who, amount: fc.integer({ min: 1, max: 15 }) }) },
    condition: { weight: 3, arbitrary: fc.record({ kind: k('condition'), who, anchor: who, rounds: fc.integer({ min: 1, max: 3 }), endsOn: fc.constantFrom('turn-start' as const, 'turn-end' as const), timed: fc.boolean() }) },
    uncondition: { weight: 1, arbitrary: fc.record({ kind: k('uncondition'), who, which: fc.nat(5) }) },
    roll: { weight: 1, arbitrary: fc.record({ kind: k('roll'), notation: fc.constantFrom('d20', '2d6+1', '4d6kh3'), manual: fc.boolean() }) },
    remove: { weight: 1, arbitrary: fc.record({ kind: k('remove'), who, active: fc.boolean() }) },
    move: { weight: 1, arbitrary: fc.record({ kind: k('move'), who, index: fc.nat(8) }) },
    initiative: { weight: 1, arbitrary: fc.record({ kind: k('initiative'), who, total: fc.integer({ min: -5, max: 30 }) }) },
    use: { weight: 2, arbitrary: fc.record({ kind: k('use'), who, which: fc.nat(3), amount: fc.integer({ min: 1, max: 3 }), set: fc.boolean() }) },
    invalid: { weight: 2, arbitrary: fc.record({ kind: k('invalid'), which: fc.nat(), who }) },
  };
  return fc.oneof(...kinds.map((kind) => all[kind]));
};

const ALL_KINDS = ['add', 'start', 'next', 'previous', 'end', 'undo', 'redo', 'damage', 'heal', 'condition', 'uncondition', 'roll', 'remove', 'move', 'initiative', 'use', 'invalid'] as const;

function pick<T>(list: readonly T[], i: number): T | undefined {
  return list.length === 0 ? undefined : list[i % list.length];
}

function invalidCommand(state: EncounterState, which: number, who: number): unknown {
  const id = pick(state.combatants, who)?.id ?? 'c999';
  const bad: unknown[] = [
    { type: 'damage', combatantId: id, amount: '5' },
    { type: 'heal', combatantId: id, amount: Number.NaN },
    { type: 'damage', combatantId: id, amount: 1.5 },
    { type: 'damage', combatantId: id, amount: -2 },
    { type: 'damage', combatantId: 'c999', amount: 3 },
    { type: 'add-combatant', name: 'X', factionId: 'f9' },
    { type: 'add-combatant', name: ' ', factionId: 'f1' },
    { type: 'roll', notation: '2d' },
    { type: 'set-initiative', combatantId: id, total: 5000 },
    { type: 'move-in-order', combatantId: id, index: 999 },
    { type: 'add-condition', combatantId: id, name: 'X', duration: { rounds: 0, endsOn: 'turn-end', anchorId: id } },
    { type: 'remove-condition', combatantId: id, conditionId: 'k999' },
    { type: 'use-resource', combatantId: id, resourceId: 'r999' },
    { type: 'set-resource-used', combatantId: id, resourceId: pick(state.combatants, who)?.resources[0]?.id ?? 'r999', used: -1 },
    { type: 'teleport' },
    null,
  ];
  return bad[which % bad.length];
}

/** The command a shape stands for in this state; `invalid` ones must be refused. */
function resolve(shape: Shape, state: EncounterState): Command | 'undo' | 'redo' | { invalid: unknown } {
  const idAt = (i: number) => pick(state.combatants, i)?.id ?? 'c999';
  switch (shape.kind) {
    case 'add':
      return {
        type: 'add-combatant',
        name: shape.name,
        factionId: shape.enemy ? 'f2' : 'f1',
        quantity: shape.quantity,
        stats: { initMod: shape.initMod },
        tracks: { hp: shape.hp },
        resources: [
          { name: 'Reaction', max: 1, reset: 'round' },
          { name: 'Rage', max: 2, reset: 'rest' },
        ],
      };
    case 'start': return { type: 'start-combat' };
    case 'next': return { type: 'next-turn' };
    case 'previous': return { type: 'previous-turn' };
    case 'end': return { type: 'end-combat' };
    case 'undo':
    case 'redo':
      return shape.kind;
    case 'damage':
    case 'heal':
      return { type: shape.kind, combatantId: idAt(shape.who), amount: shape.amount };
    case 'condition':
      return { type: 'add-condition', combatantId: idAt(shape.who), name: 'Dazed', ...(shape.timed ? { duration: { rounds: shape.rounds, endsOn: shape.endsOn, anchorId: idAt(shape.anchor) } } : {}) };
    case 'uncondition': {
      const c = pick(state.combatants, shape.who);
      return { type: 'remove-condition', combatantId: c?.id ?? 'c999', conditionId: pick(c?.conditions ?? [], shape.which)?.id ?? 'k999' };
    }
    case 'roll':
      return { type: 'roll', notation: shape.notation, ...(shape.manual ? { manualDice: shape.notation === '4d6kh3' ? [1, 6, 3, 3] : shape.notation === '2d6+1' ? [2, 5] : [20] } : {}) };
    // Half the removals take out whoever is acting: the case where the turn has to move on.
    case 'remove': return { type: 'remove-combatant', combatantId: (shape.active ? state.activeId : null) ?? idAt(shape.who) };
    case 'move': return { type: 'move-in-order', combatantId: idAt(shape.who), index: shape.index };
    case 'initiative': return { type: 'set-initiative', combatantId: idAt(shape.who), total: shape.total };
    // Uses may run out (refused, fine); the GM's setting back to 0 refills.
    case 'use': {
      const c = pick(state.combatants, shape.who);
      const resourceId = pick(c?.resources ?? [], shape.which)?.id ?? 'r999';
      return shape.set
        ? { type: 'set-resource-used', combatantId: c?.id ?? 'c999', resourceId, used: 0 }
        : { type: 'use-resource', combatantId: c?.id ?? 'c999', resourceId, amount: shape.amount };
    }
    case 'invalid': return { invalid: invalidCommand(state, shape.which, shape.who) };
  }
}

/** What must hold of every state the encounter is ever in. */
function checkState(state: EncounterState, emptiedThisFight: boolean): void {
  const ids = state.combatants.map((c) => c.id);
  expect(new Set(ids).size).toBe(ids.length);
  for (const c of state.combatants) {
    for (const track of Object.values(c.tracks)) {
      expect(Number.isInteger(track.value) && track.value >= 0 && track.value <= track.max).toBe(true);
    }
    for (const condition of c.conditions) if (condition.timer) expect(condition.timer.remaining).toBeGreaterThanOrEqual(1);
    for (const r of c.resources) expect(Number.isInteger(r.used) && r.used >= 0 && r.used <= r.max).toBe(true);
  }
  if (state.status === 'running') {
    expect(state.round).toBeGreaterThanOrEqual(1);
    expect(new Set(state.order).size).toBe(state.order.length);
    expect([...state.order].sort()).toEqual([...ids].sort());
    if (state.activeId !== null) expect(state.order).toContain(state.activeId);
    // Nobody acting only happens once everyone left the fight (a latecomer then waits for Next turn).
    else expect(state.order.length === 0 || emptiedThisFight).toBe(true);
  }
}

/** Whether the current fight ever lost its last combatant (read from the log, so undo can't fool it). */
function emptiedSinceStart(events: readonly EncounterEvent[]): boolean {
  const start = events.map((e) => e.type).lastIndexOf('combat-started');
  return events.slice(start + 1).some((e) => e.type === 'combatant-removed' && e.activeId === null);
}

const conditionIds = (state: EncounterState) => new Set(state.combatants.flatMap((c) => c.conditions.map((k) => k.id)));

/** Runs the shapes, checking every invariant after every step; returns the steps as resolved. */
function play(shapes: Shape[]): { encounter: Encounter; script: (Command | 'undo' | 'redo')[] } {
  let enc = newEncounter(17);
  const past: EncounterState[] = [];
  const future: EncounterState[] = [];
  const script: (Command | 'undo' | 'redo')[] = [];
  for (const shape of shapes) {
    const before = enc;
    const frozen = structuredClone(before.state);
    const step = resolve(shape, before.state);
    let roundMayDrop = false;
    if (step === 'undo' || step === 'redo') {
      script.push(step);
      const stack = step === 'undo' ? past : future;
      expect(step === 'undo' ? canUndo(before) : canRedo(before)).toBe(stack.length > 0);
      enc = step === 'undo' ? undo(before) : redo(before).encounter;
      const expected = stack.pop();
      if (expected === undefined) expect(enc).toBe(before);
      else {
        expect(enc.state).toEqual(expected);
        (step === 'undo' ? future : past).push(before.state);
      }
      const redone = step === 'redo' ? enc.events.slice(before.events.length) : [];
      roundMayDrop = step === 'undo' || redone.some((e) => e.type === 'turn-set' || e.type === 'combat-started');
    } else {
      const command = 'invalid' in step ? step.invalid : step;
      const result = dispatch(before, command as Command);
      if ('invalid' in step) expect(result.ok, JSON.stringify(command)).toBe(false);
      if (!result.ok) {
        expect(result.encounter).toBe(before);
      } else {
        script.push(command as Command);
        enc = result.encounter;
        past.push(before.state);
        future.length = 0;
        // Undo right after any command gives back exactly the state before it.
        const undone = undo(enc);
        expect(undone.state).toEqual(before.state);
        expect(undone.events).toEqual(before.events);
        roundMayDrop = result.events.some((e) => e.type === 'turn-set' || e.type === 'combat-started');
        // A turn change lists exactly the conditions that vanished with it.
        const advanced = result.events.filter((e): e is EventOf<'turn-advanced'> => e.type === 'turn-advanced');
        if (advanced.length > 0 && result.events.length === advanced.length) {
          const gone = [...conditionIds(before.state)].filter((id) => !conditionIds(enc.state).has(id));
          expect(advanced.flatMap((e) => e.expired.map((x) => x.conditionId)).sort()).toEqual(gone.sort());
        }
      }
    }
    // Nothing ever changes the encounter it was given.
    expect(before.state).toEqual(frozen);
    // The round only goes back through Previous turn, a new fight or undo.
    if (!roundMayDrop) expect(enc.state.round).toBeGreaterThanOrEqual(before.state.round);
    // A command that starts a new round gives every "round" resource its uses back (undo may
    // return to a later round as it was, uses spent and all).
    if (step !== 'undo' && step !== 'redo' && enc.state.round > before.state.round) {
      expect(enc.state.combatants.flatMap((c) => c.resources.filter((r) => r.reset === 'round' && r.used > 0))).toEqual([]);
    }
    expect(replay(enc.events, BUILTIN_RULESETS)).toEqual(enc.state);
    checkState(enc.state, emptiedSinceStart(enc.events));
  }
  return { encounter: enc, script };
}

const RUNS = { numRuns: 120 };

/**
 * A sequence that usually opens with a few combatants and Start combat (so most runs spend their
 * steps in a running fight), then 20–60 random steps. Without the length bounds fast-check keeps
 * arrays short, and most commands would be refused before combat starts.
 */
function sequences(kinds: readonly Shape['kind'][], maxLength = 60): fc.Arbitrary<Shape[]> {
  const adds = fc.array(shapes(['add']), { minLength: 0, maxLength: 3 });
  return fc
    .tuple(adds, fc.boolean(), fc.array(shapes(kinds), { minLength: 20, maxLength }))
    .map(([prelude, start, rest]) => [...prelude, ...(start ? [{ kind: 'start' as const }] : []), ...rest]);
}

describe('random command sequences', () => {
  it('keep every invariant: replay equals live state, undo restores, HP in bounds, order consistent', () => {
    fc.assert(
      fc.property(sequences(ALL_KINDS), (list) => {
        play(list);
      }),
      RUNS,
    );
  });

  it('are deterministic: the same commands on the same seed give the same encounter', () => {
    fc.assert(
      fc.property(sequences(ALL_KINDS, 40), (list) => {
        const { encounter, script } = play(list);
        let again = newEncounter(17);
        for (const step of script) {
          if (step === 'undo') again = undo(again);
          else if (step === 'redo') again = redo(again).encounter;
          else {
            const result = dispatch(again, step);
            if (!result.ok) throw new Error(result.message);
            again = result.encounter;
          }
        }
        expect(again).toEqual(encounter);
      }),
      { numRuns: 40 },
    );
  });

  it('never let anyone act twice in one round without a GM override', () => {
    // No reordering, going back or undo here: those are the GM's to use as they see fit.
    const kinds = ['add', 'start', 'next', 'end', 'damage', 'heal', 'condition', 'uncondition', 'roll', 'remove', 'invalid'] as const;
    fc.assert(
      fc.property(sequences(kinds, 80), (list) => {
        let enc = newEncounter(5);
        let acted = new Set<string>();
        for (const shape of list) {
          const step = resolve(shape, enc.state);
          if (typeof step === 'string' || 'invalid' in step) continue;
          const result = dispatch(enc, step);
          if (!result.ok) continue;
          const was = enc.state;
          enc = result.encounter;
          const now = enc.state;
          if (step.type === 'start-combat') acted = new Set();
          const newTurn = step.type === 'start-combat' || now.activeId !== was.activeId || now.round !== was.round;
          if (now.status === 'running' && now.activeId !== null && newTurn) {
            const key = `${now.round}:${now.activeId}`;
            expect(acted.has(key), `${key} acts a second time`).toBe(false);
            acted.add(key);
          }
        }
      }),
      RUNS,
    );
  });
});
