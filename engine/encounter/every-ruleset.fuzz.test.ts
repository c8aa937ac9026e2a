import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { BUILTIN_RULESET_ENTRIES, findRuleset } from '../rulesets/builtin';
import type { Ruleset } from '../core/ruleset';
import { playerLog } from '../log/player-log';
import { projectPlayerView } from '../views/player-view';
import type { Command } from '../core/commands';
import { canRedo, canUndo, createEncounter, dispatch, redo, replay, undo, type Encounter } from './encounter';
import type { EncounterState } from '../core/state';
import { BUILTIN_RULESETS } from '../rulesets/builtin';

// Issue 14: random command sequences against every built-in ruleset. Commands are drawn from the
// core's, the space's and the ruleset's own, aimed at the characters and conditions of the moment
// or deliberately wrong. After every command: a refused one changed nothing; at the end the log
// replays to the live state, and neither the player view nor the players' log holds a GM note.
// The number of commands tried per ruleset is printed.

const SECRET = 'NOTE-SECRET';
const tried: Record<string, { commands: number; refused: number }> = {};

afterAll(() => {
  console.log(`every-ruleset fuzz: ${Object.entries(tried).map(([id, t]) => `${id} ${t.commands} commands (${t.refused} refused)`).join('; ')}`);
});

function setup(ruleset: Ruleset, seed: number): Encounter {
  const created = createEncounter({ id: 'e1', name: 'Fuzz', rulesetId: ruleset.id, seed }, BUILTIN_RULESETS);
  if (!created.ok) throw new Error(created.message);
  let enc = created.encounter;
  const run = (command: Command) => {
    const next = dispatch(enc, command);
    if (next.ok) enc = next.encounter;
  };
  if (ruleset.space?.kinds.includes('zones')) run({ type: 'set-zones', zones: [{ id: 'gate', name: 'Gate', neighbours: ['yard'] }, { id: 'yard', name: 'Yard', neighbours: ['gate'] }] });
  const [heroes, enemies] = enc.state.factions;
  for (const [i, name] of ['Ann', 'Bo', 'Goblin', 'Orc'].entries()) {
    run({ type: 'add-combatant', name, factionId: (i < 2 ? heroes : enemies)?.id ?? '', notes: `${SECRET} ${name}`, ...(ruleset.space?.kinds.includes('zones') ? { zoneId: i % 2 ? 'yard' : 'gate' } : {}) });
  }
  return enc;
}

/** One command of the moment: `pick` chooses among the characters, conditions, factions and kinds. */
function commandFor(state: EncounterState, ruleset: Ruleset, pick: readonly number[]): Command | 'undo' | 'redo' {
  const at = <T>(list: readonly T[], i: number): T | undefined => (list.length ? list[(pick[i] ?? 0) % list.length] : undefined);
  const c = at(state.combatants, 1);
  const id = c?.id ?? 'nobody';
  const faction = at(state.factions, 2)?.id ?? 'f1';
  const track = at(ruleset.character.tracks, 3)?.key ?? 'hp';
  const own = Object.keys(ruleset.own?.commands ?? {});
  const kinds: (() => Command | 'undo' | 'redo')[] = [
    () => ({ type: 'start-combat' }),
    () => ({ type: 'next-turn' }),
    () => ({ type: 'previous-turn' }),
    () => ({ type: 'end-combat' }),
    () => ({ type: 'take-turn', combatantId: id }),
    () => ({ type: 'end-turn' }),
    () => ({ type: 'pass' }),
    () => ({ type: 'react', combatantId: id }),
    () => ({ type: 'damage', combatantId: id, amount: (pick[4] ?? 0) % 12 }),
    () => ({ type: 'heal', combatantId: id, amount: (pick[4] ?? 0) % 8 }),
    () => ({ type: 'set-track', combatantId: id, track, value: (pick[4] ?? 0) % 40 - 5 }),
    () => ({ type: 'add-condition', combatantId: id, name: 'Dazed', duration: { endsOn: 'round-end', rounds: 1 + ((pick[4] ?? 0) % 2) } }),
    () => ({ type: 'remove-condition', combatantId: id, conditionId: at(c?.conditions ?? [], 4)?.id ?? 'k1' }),
    () => ({ type: 'set-concealed', combatantId: id, concealed: (pick[4] ?? 0) % 2 === 0 }),
    () => ({ type: 'set-player-factions', factionIds: [faction] }),
    () => ({ type: 'set-faction', combatantId: id, factionId: faction }),
    () => ({ type: 'roll', notation: 'd20' }),
    () => ({ type: 'move', combatantId: id, zoneId: (pick[4] ?? 0) % 2 ? 'yard' : 'gate' }),
    () => ({ type: 'set-zone', combatantId: id, zoneId: (pick[4] ?? 0) % 3 === 0 ? null : 'yard' }),
    () => ({ type: 'use-action', combatantId: id, actionId: at(ruleset.turn.actions, 4)?.id ?? 'attack' }),
    () => ({ type: 'remove-combatant', combatantId: id }),
    // One of the ruleset's own commands, aimed at someone, mostly with fields it will refuse.
    () => ({ type: (at(own, 4) ?? `${ruleset.id}/nothing`) as `${string}/${string}`, combatantId: id, attackerId: id, factionId: faction, targetIds: [at(state.combatants, 5)?.id ?? id] }),
    () => ({ type: 'damage', combatantId: id, amount: -3 }),
    () => 'undo',
    () => 'redo',
  ];
  return (at(kinds, 0) ?? (() => 'undo' as const))();
}

const playerStrings = (enc: Encounter) => JSON.stringify([projectPlayerView(enc.state, enc.ruleset), playerLog(enc)]);

// Every ruleset the app ships (the built-in list registers them above).
const RULESET_IDS = BUILTIN_RULESET_ENTRIES.map((r) => r.id);

describe.each(RULESET_IDS)('random command sequences: %s', (rulesetId) => {
  it('refused commands change nothing, the log replays to the live state, and no GM note reaches the players', () => {
    const ruleset = findRuleset(rulesetId);
    if (!ruleset) throw new Error(`${rulesetId} is built in`);
    const count = (tried[rulesetId] ??= { commands: 0, refused: 0 });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.array(fc.array(fc.nat(), { minLength: 6, maxLength: 6 }), { minLength: 10, maxLength: 60 }), (seed, picks) => {
        let enc = setup(ruleset, seed);
        for (const pick of picks) {
          count.commands++;
          const command = commandFor(enc.state, ruleset, pick);
          if (command === 'undo') enc = canUndo(enc) ? undo(enc) : enc;
          else if (command === 'redo') enc = canRedo(enc) ? redo(enc).encounter : enc;
          else {
            const result = dispatch(enc, command);
            if (!result.ok) {
              count.refused++;
              expect(result.encounter).toBe(enc);
              expect(result.message.length).toBeGreaterThan(5);
            } else enc = result.encounter;
          }
        }
        expect(replay(enc.events, BUILTIN_RULESETS)).toEqual(enc.state);
        expect(playerStrings(enc)).not.toContain(SECRET);
      }),
      { numRuns: 150, seed: 14 },
    );
  });
});
