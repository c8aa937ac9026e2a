import { describe, expect, it } from 'vitest';
import { restoreEncounter, type Encounter } from '../../encounter/encounter';
import type { EncounterEvent } from '../../core/events';
import { openPrompt } from '../../encounter/prompts';
import { logEntries } from '../../log/entries';
import { ENEMIES, HEROES, idOf, refuse, run, stepWithDice } from '../../test-support';
import { personOf } from './person';
import { isRanksEvent, newRanks, ranksEvents } from './testing';

// "A character may use their bonus action to prepare a single ability check in response to a
// conditional action … a melee weapons attack may be readied if an opponent moves within reach, or
// a sprint may be readied if an opponent moves out of reach." Any check may be readied, with what
// sets it off: an opponent's move, or their attack; it resolves "immediately prior to the
// triggering action".

const SHEET = [
  { name: 'Sword', kind: 'skill', skill: 'martial', dice: 3, bonus: 1, fixed: 11 },
  { name: 'Sprint', kind: 'skill', skill: 'sprint', dice: 3, bonus: 0, fixed: 9 },
  { name: 'Deflect', kind: 'skill', skill: 'deflect', dice: 3, bonus: 0, fixed: 10 },
  { name: 'Longsword', kind: 'weapon', category: 'martial', damage: 4, damageBonus: 0 },
];

/** Ann (12) and Bo (10) against the orc (8); Ann readies something and the turn passes to the orc. */
function readied(ready: Record<string, unknown>): Encounter {
  let e = run(
    newRanks(),
    { type: 'add-combatant', name: 'Ann', factionId: HEROES, stats: { awareness: 12 }, rules: { sheet: SHEET } },
    { type: 'add-combatant', name: 'Bo', factionId: HEROES, stats: { awareness: 10 } },
    { type: 'add-combatant', name: 'Orc', factionId: ENEMIES, stats: { awareness: 8, strength: 10 }, rules: { sheet: SHEET } },
    { type: 'start-combat' },
  );
  e = run(e, { type: 'ranks/ready', combatantId: idOf(e, 'Ann'), ...ready } as never, { type: 'next-turn' }, { type: 'next-turn' });
  expect(e.state.activeId).toBe(idOf(e, 'Orc'));
  return e;
}
const who = (e: Encounter, name: string) => e.state.combatants.find((c) => c.name === name)!;
const sword = (e: Encounter, name: string) => personOf(who(e, name)).sheet.find((x) => x.kind === 'weapon')!.id;
const lines = (e: Encounter) => logEntries(e).map((l) => l.text);
const orcAttacksBo = (e: Encounter) => ({ type: 'ranks/attack', attackerId: idOf(e, 'Orc'), targetId: idOf(e, 'Bo'), weaponId: sword(e, 'Orc') }) as never;
const answer = (e: Encounter, dice: number[], readierId: string | null) => stepWithDice(e, dice, { type: 'answer-prompt', promptId: openPrompt(e.state)!.id, answer: { readierId } });

describe('Skill Ranks: any check readied, set off by a move or an attack', () => {
  it('rolls Ann\'s readied sprint before the orc\'s move, then the orc moves', () => {
    let e = readied({ action: 'check', skill: 'sprint', difficulty: 10, movement: true, trigger: 'an opponent moves out of reach', on: 'move' });
    expect(lines(e)).toContain('Ann readies an Athletics: sprint check (against 10) for when an opponent moves out of reach.');
    e = run(e, { type: 'ranks/move', combatantId: idOf(e, 'Orc'), how: 'half' } as never);
    expect(openPrompt(e.state)?.message).toBe('Orc moves half their Move. Held ready: Ann (an Athletics: sprint check (against 10), for when an opponent moves out of reach). Does the move set it off? The readied action comes first.');
    const step = answer(e, [6, 5, 1], idOf(e, 'Ann'));
    expect(step.events.map((x) => x.type)).toEqual(['ranks/trigger-settled', 'condition-removed', 'ranks/checked', 'action-used']);
    expect(lines(step.encounter)).toContain('Ann rolls Athletics: sprint 12 against 10 (readied, for when an opponent moves out of reach): success, 1 rank.');
    expect(who(step.encounter, 'Ann').conditions).toEqual([]);
  });

  it('strikes with Ann\'s attack readied for an attack before the orc\'s attack on Bo lands, which then goes on', () => {
    let e = readied({ action: 'attack', weaponId: null, trigger: 'the orc swings at Bo', on: 'attack' });
    e = run(e, orcAttacksBo(e));
    expect(openPrompt(e.state)?.message).toBe('Orc attacks Bo. Held ready: Ann (an attack, for when the orc swings at Bo). Does the attack set it off? The readied action comes first.');
    // Nothing rolled yet, and the orc's full action is still its own.
    expect(e.state.combatants.find((c) => c.name === 'Orc')!.conditions).toEqual([]);
    // Ann's bare-handed 1D first (1, against the orc's block), then the orc's 3D+1 at Bo and its damage.
    const step = answer(e, [1, 1, 1, 1, 1, 1, 1, 1], idOf(e, 'Ann'));
    const attacks = ranksEvents(step.events, 'ranks/attacked');
    expect(attacks.map((a) => [a.attackerId, a.targetId])).toEqual([
      [idOf(e, 'Ann'), idOf(e, 'Orc')],
      [idOf(e, 'Orc'), idOf(e, 'Bo')],
    ]);
    expect(who(step.encounter, 'Ann').conditions).toEqual([]);
  });

  it('lets the attack go on when the GM says it doesn\'t set Ann\'s off, and Ann keeps it ready', () => {
    let e = readied({ action: 'attack', weaponId: null, trigger: 'the orc swings at Bo', on: 'attack' });
    e = run(e, orcAttacksBo(e));
    const step = answer(e, [1, 1, 1, 1, 1, 1, 1], null);
    const attacks = ranksEvents(step.events, 'ranks/attacked');
    expect(attacks.map((a) => a.attackerId)).toEqual([idOf(e, 'Orc')]);
    expect(who(step.encounter, 'Ann').conditions.map((k) => k.name)).toEqual(['Readied']);
  });

  it('asks only those whose trigger is that kind of step: an attack readied for a move is not asked on an attack', () => {
    const e = readied({ action: 'attack', weaponId: null, trigger: 'an opponent moves within reach' });
    const step = stepWithDice(e, [1, 1, 1, 1, 1, 1, 1], orcAttacksBo(e));
    expect(openPrompt(step.encounter.state)).toBeNull();
    expect(step.events.some((x) => x.type === 'ranks/attacked')).toBe(true);
  });

  it('reads a readied attack from a log kept before triggers had a kind as set off by a move', () => {
    const e = readied({ action: 'attack', weaponId: null, trigger: 'an opponent moves within reach' });
    const events = e.events.map((x): EncounterEvent => {
      if (!isRanksEvent(x, 'ranks/readied')) return x;
      const { on: _on, ...old } = x;
      return old;
    });
    const restored = restoreEncounter({ events, steps: e.steps });
    if (!restored.ok) throw new Error(restored.message);
    expect(personOf(who(restored.value, 'Ann')).readied?.on).toBeUndefined();
    const moved = run(restored.value, { type: 'ranks/move', combatantId: idOf(e, 'Orc'), how: 'half' } as never);
    expect(openPrompt(moved.state)?.message).toMatch(/^Orc moves half their Move\. Held ready: Ann \(an attack/);
    expect(openPrompt(stepWithDice(restored.value, [1, 1, 1, 1, 1, 1, 1], orcAttacksBo(e)).encounter.state)).toBeNull();
  });

  it('refuses a readied check without a skill or difficulty, and a trigger that is neither a move nor an attack', () => {
    const e = run(newRanks(), { type: 'add-combatant', name: 'Ann', factionId: HEROES, stats: { awareness: 12 } }, { type: 'add-combatant', name: 'Orc', factionId: ENEMIES, stats: { awareness: 8 } }, { type: 'start-combat' });
    const ready = (extra: Record<string, unknown>) => ({ type: 'ranks/ready', combatantId: idOf(e, 'Ann'), trigger: 'the orc runs', ...extra });
    expect(refuse(e, ready({ action: 'check', difficulty: 10 })).code).toBe('ranks/skill');
    expect(refuse(e, ready({ action: 'check', skill: 'sprint' })).code).toBe('input/number');
    expect(refuse(e, ready({ action: 'attack', on: 'speaks' })).code).toBe('ranks/ready');
    expect(refuse(e, ready({ action: 'dance' })).message).toBe('A readied action is an attack, a check, a defence, or an action held for later.');
  });
});
