import { describe, expect, it } from 'vitest';
import { add, ENEMIES, idOf, newEncounter, run, stepWithDice } from '../../test-support';
import { addT, newTwoDice, SWORD, SWORDS } from '../../rulesets/two-dice/testing';
import { canRedo, isHistoryDamage, redo, restoreEncounter, undo, type Encounter } from '../encounter';
import type { EncounterEvent } from '../../core/events';
import { foldJournal, historyLines, isJournalDamage } from '../journal';
import { itRedoesGenuineUndoneStep } from '../../testing/forged-steps';

// Issue 40. (1) A ruleset's event could leave a track past the ruleset's bounds, or add one it
// doesn't have: the field checks passed, the reducer copied the tracks in, and the fight broke on
// the GM's next save. (2) An undone step was only shape-checked when read; Redo then applied a
// forged event in it, saved it, and the fight opened as damaged from then on.

/** A 2d6 & Vigilant fight in which Ann's sword hits the Orc (4 HP → 3): its last event is the attack. */
function twoDiceHit(): Encounter {
  const setUp = run(
    newTwoDice(),
    addT('Ann', { kit: { armour: 'none', weapons: [SWORD], proficiencies: [SWORDS] } }),
    addT('Orc', { factionId: ENEMIES, hp: 4, kit: { armour: 'none' } }),
  );
  const started = stepWithDice(setUp, [6, 6, 1, 1], { type: 'start-combat' }).encounter;
  const ann = started.state.combatants[0];
  const sword = (ann?.rules as { weapons: { id: string }[] }).weapons[0]?.id ?? '';
  return stepWithDice(started, [4, 4, 1, 1], { type: 'two-dice/attack', attackerId: idOf(started, 'Ann'), targetId: idOf(started, 'Orc'), weaponId: sword }).encounter;
}

/** The fight with its last event's fields replaced by `forged`'s. */
function withLast(enc: Encounter, forged: Record<string, unknown>): { events: EncounterEvent[]; steps: number[] } {
  const last = enc.events.at(-1) as unknown as Record<string, unknown>;
  return { events: [...enc.events.slice(0, -1), { ...last, ...forged } as unknown as EncounterEvent], steps: [...enc.steps] };
}

describe("a ruleset's event is held to the ruleset's limits as it is replayed", () => {
  const enc = twoDiceHit();
  const attacked = enc.events.at(-1) as unknown as { type: string; tracks: Record<string, { value: number; max: number }> };

  it('the genuine hit writes the Orc\'s hit points, and replays', () => {
    expect(attacked.type).toBe('two-dice/attacked');
    expect(attacked.tracks).toEqual({ hp: { value: 3, max: 4 } });
    expect(restoreEncounter({ events: enc.events, steps: enc.steps }).ok).toBe(true);
  });

  it.each([
    ['a million hit points', { hp: { value: 1_000_000, max: 1_000_000 } }, /it leaves Orc's Hit points maximum at 1000000, above 2d6 & Vigilant's \d+/],
    ['a track the ruleset does not have', { hp: { value: 3, max: 4 }, mana: { value: 5, max: 5 } }, /it gives Orc the track "mana", which is not one of 2d6 & Vigilant's/],
  ])('%s is refused when the file is read, naming the step, and the steps before it open', (_label, tracks, problem) => {
    const restored = restoreEncounter(withLast(enc, { tracks }));
    expect(restored.ok).toBe(false);
    if (restored.ok || !isHistoryDamage(restored)) throw new Error('expected a damaged history');
    expect(restored.message).toMatch(/^Step \d+ of this fight can't be read: in its event \d+ \("two-dice\/attacked"\), /);
    expect(restored.message).toMatch(problem);
    expect(restored.goodSteps).toBe(enc.steps.length - 1);
  });
});

describe('an undone step is checked when it is read, and again by Redo', () => {
  const undone = undo(twoDiceHit());
  const forgedStep = (forged: Record<string, unknown>): EncounterEvent[] => [{ ...(undone.redoable[0]?.[0] as unknown as Record<string, unknown>), ...forged } as unknown as EncounterEvent];

  itRedoesGenuineUndoneStep('a genuine undone step reads back and redoes to the same fight', twoDiceHit);

  it.each([
    ['an attack on someone not in the fight', { targetId: 'c99' }, /"two-dice\/attacked"\), .*"c99"/],
    ['an attack that leaves a million hit points', { tracks: { hp: { value: 1_000_000, max: 1_000_000 } } }, /Hit points maximum at 1000000/],
  ])('%s: the file is refused as damaged, every step of the fight itself readable', (_label, forged, problem) => {
    const restored = restoreEncounter({ events: undone.events, steps: undone.steps, redoable: [forgedStep(forged)] });
    if (restored.ok || !isHistoryDamage(restored)) throw new Error('expected a damaged history');
    expect(restored.message).toMatch(/^The step Redo would put back can't be read: in its event 1 /);
    expect(restored.message).toMatch(problem);
    expect(restored.goodSteps).toBe(undone.steps.length);
  });

  it('a core event forged in an undone step (the turn passed to nobody) is refused too, and the journal offers the whole fight', () => {
    const fight = run(newEncounter(3), add('Ann', { hp: 10 }), add('Goblin', { hp: 5, factionId: ENEMIES }), { type: 'start-combat' }, { type: 'next-turn' });
    const back = undo(fight);
    const forged = back.redoable.map((step) => step.map((e) => (e.type === 'turn-advanced' ? ({ ...e, activeId: 'nobody' } as EncounterEvent) : e)));
    const lines = historyLines({ ...back, redoable: forged });
    const folded = foldJournal(lines, 'the log of Test fight');
    expect(folded.ok).toBe(false);
    if (folded.ok || !isJournalDamage(folded)) throw new Error('expected a damaged journal with a readable part');
    expect(folded.message).toMatch(/The step Redo would put back can't be read: .*"turn-advanced".*the acting character is "nobody", who is not in the encounter/);
    // Copying the readable part keeps every step the GM made; only the forged undone one is left.
    expect(folded.readable.events).toEqual(back.events);
    expect(folded.readable.state).toEqual(back.state);
  });

  it('an undone step further down the stack is checked on the state the ones above it leave', () => {
    const twice = undo(undo(run(newEncounter(3), add('Ann', { hp: 10 }), add('Goblin', { hp: 5, factionId: ENEMIES }))));
    // Redo puts back the last undone step first. Here both undone steps add the Goblin: the first
    // reads cleanly on the fight as it is, the second only fails on the state the first leaves.
    const goblinStep = twice.redoable[0];
    if (!goblinStep) throw new Error('an undone step expected');
    const restored = restoreEncounter({ events: twice.events, steps: twice.steps, redoable: [goblinStep, goblinStep] });
    if (restored.ok || !isHistoryDamage(restored)) throw new Error('expected a damaged history');
    expect(restored.message).toMatch(/^Undone step 2 \(counting from the one Redo would put back first\) can't be read: .*already taken/);
  });

  it('Redo re-checks the step it puts back: a forged one is refused with what is wrong and stays undone', () => {
    const forged: Encounter = { ...undone, redoable: [forgedStep({ targetId: 'c99' })] };
    const result = redo(forged);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.code).toBe('history/redo');
    expect(result.message).toMatch(/^The undone step can't be redone: in its event 1 \("two-dice\/attacked"\), .*"c99"/);
    expect(result.encounter).toBe(forged);
    expect(canRedo(result.encounter)).toBe(true);
  });
});

describe("a character's own gear keeps one id per piece", () => {
  it('a stored character carrying two weapons with the same id is refused when the file is read', () => {
    const enc = twoDiceHit();
    const at = enc.events.findIndex((e) => e.type === 'combatant-added');
    const added = enc.events[at] as unknown as { combatant: { rules: { weapons: unknown[] } } };
    const weapon = added.combatant.rules.weapons[0];
    const forged = { ...added, combatant: { ...added.combatant, rules: { ...added.combatant.rules, weapons: [weapon, weapon] } } } as unknown as EncounterEvent;
    const restored = restoreEncounter({ events: enc.events.map((e, i) => (i === at ? forged : e)), steps: [...enc.steps] });
    if (restored.ok || !isHistoryDamage(restored)) throw new Error('expected a damaged history');
    expect(restored.message).toMatch(/\("combatant-added"\), it gives Ann two pieces with the id "[a-z0-9]+"\.$/);
  });
});

describe('gear sent with one id twice', () => {
  it('keeps the first piece under the id and gives the copy a new one, so the fight reads back', () => {
    const enc = twoDiceHit();
    const ann = enc.state.combatants[0];
    const sword = (ann?.rules as { weapons: { id: string }[] }).weapons[0]?.id ?? '';
    const kit = { weapons: [{ id: sword, ...SWORD }, { id: sword, ...SWORD, name: 'Sword 2' }] };
    const sent = run(enc, { type: 'two-dice/set-kit', combatantId: idOf(enc, 'Ann'), kit } as never);
    const ids = (sent.state.combatants[0]?.rules as { weapons: { id: string; name: string }[] }).weapons.map((w) => [w.name, w.id]);
    expect(ids[0]).toEqual(['Sword', sword]);
    expect(ids[1]?.[1]).not.toBe(sword);
    expect(restoreEncounter({ events: sent.events, steps: sent.steps }).ok).toBe(true);
  });
});
