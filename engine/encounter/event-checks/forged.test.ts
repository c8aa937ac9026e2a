import { describe, expect, it } from 'vitest';
import { add, ENEMIES, newEncounter, run } from '../../test-support';
import { exportHtml } from '../../log/html';
import { isHistoryDamage, restoreEncounter, undo, type Encounter } from '../encounter';
import type { EncounterEvent } from '../../core/events';
import { foldJournal, historyLines, isJournalDamage, stepLines } from '../journal';

// Issue 14: a stored log's events were trusted blindly. Each forged event below was accepted
// before (the replay then crashed, or kept a state no rule allows: HP −50 of 20, a turn passed to
// nobody, a "__proto__" track); now the log is refused as damaged, naming the step and the
// problem, and the steps before the forged one still open.

function fight(): Encounter {
  return run(newEncounter(7), add('Ann', { hp: 20, initMod: 2 }), add('Goblin', { hp: 7, factionId: ENEMIES }), { type: 'start-combat' });
}

const ids = (enc: Encounter) => ({ ann: enc.state.combatants[0]?.id ?? '', goblin: enc.state.combatants[1]?.id ?? '' });

/** The fight's history with one more step holding `forged`. */
function withForged(enc: Encounter, forged: unknown): { events: EncounterEvent[]; steps: number[] } {
  const events = [...enc.events, forged as EncounterEvent];
  return { events, steps: [...enc.steps, events.length] };
}

const enc = fight();
const { ann, goblin } = ids(enc);
const hp = (value: number, max = 20) => ({ hp: { value, max } });
/** A genuine roll of the dice in this fight, as stored. */
const rolled = run(enc, { type: 'roll', label: 'd20', notation: 'd20' } as never).events.at(-1);

const FORGED: [string, unknown, RegExp][] = [
  ['HP below zero', { type: 'combatant-damaged', combatantId: ann, amount: 70, tracks: hp(-50) }, /tracks\.hp\.value is below 0/],
  ['damage to an unknown id', { type: 'combatant-damaged', combatantId: 'c99', amount: 1, tracks: hp(19) }, /names the character "c99", who is not in the encounter/],
  ['HP of a billion', { type: 'track-set', combatantId: ann, track: 'hp', value: { value: 1e9, max: 1e9 } }, /value\.value is above 1000000/],
  ['HP above its maximum', { type: 'combatant-healed', combatantId: ann, amount: 5, tracks: hp(25) }, /tracks\.hp has a value above its maximum/],
  ['a maximum past the ruleset\'s bounds', { type: 'track-set', combatantId: ann, track: 'hp', value: { value: 50000, max: 50000 } }, /Hit points maximum 50000 is above Freeform's 9999/],
  ['uses of a billion', { type: 'resource-set', combatantId: ann, resourceId: 'r1', name: 'Rage', max: 1e9, used: 1e9 }, /max is above 10000/],
  ['the turn passed to an unknown id', { type: 'turn-advanced', round: 1, activeId: 'nobody', expired: [] }, /the acting character is "nobody", who is not in the encounter/],
  ['round −5', { type: 'turn-set', round: -5, activeId: ann }, /round is below 0/],
  ['a "__proto__" track', { type: 'track-set', combatantId: ann, track: '__proto__', value: { value: 1, max: 1 } }, /track is a name reserved by JavaScript/],
  ['removing an unknown id', { type: 'combatant-removed', combatantId: 'ghost', order: [ann, goblin], activeId: ann }, /it names the character "ghost", who is not in the encounter/],
  ['damage without HP data', { type: 'combatant-damaged', combatantId: ann, amount: 3 }, /tracks is missing/],
  ['a combatant with no fields', { type: 'combatant-added' }, /combatant is missing/],
  ['a second character with the same id', { type: 'combatant-added', combatant: { ...enc.state.combatants[0] }, order: [ann, goblin], initiative: null, rng: null }, /the character id "[a-z0-9]+" is already taken/],
  ['the fight created again midway', { ...enc.events[0] }, /a second "encounter-created"/],
  ['a number as a name', { type: 'combatant-renamed', combatantId: ann, name: 42 }, /name should be string, not 42/],
  // Issue 40: a dice state of all zeros made every later die show the same number.
  ['a random state of all zeros', { ...rolled, rng: [0, 0, 0, 0] }, /rng is a random source state of all zeros/],
  // Issue 40: a go passed on without the sides it skipped stopped the replay on a JavaScript error.
  ['a go moved on without its skipped sides', { type: 'go-moved', factionId: 'f1' }, /skipped is missing/],
  // Issue 40: round 1,000,000 was within the schema's bounds, and the next Next turn wrote a round past them.
  ['a turn in round 1,000,000', { type: 'turn-set', round: 1_000_000, activeId: ann }, /round 1000000 does not follow round 1/],
  ['a round skipped ahead', { type: 'turn-advanced', round: 3, activeId: goblin, expired: [] }, /round 3 does not follow round 1/],
  ['a faction that does not exist', { type: 'faction-changed', combatantId: ann, factionId: 'f9' }, /it names the faction "f9", which is not in the encounter/],
];

describe('a stored log with a forged event', () => {
  it('replays the genuine fight', () => {
    expect(restoreEncounter({ events: enc.events, steps: enc.steps }).ok).toBe(true);
  });

  it.each(FORGED)('%s: refused as damaged, naming the step and the problem', (_label, forged, problem) => {
    const restored = restoreEncounter(withForged(enc, forged));
    expect(restored.ok).toBe(false);
    if (restored.ok) return;
    expect(isHistoryDamage(restored)).toBe(true);
    if (!isHistoryDamage(restored)) return;
    expect(restored.step).toBe(enc.steps.length + 1);
    expect(restored.goodSteps).toBe(enc.steps.length);
    expect(restored.message).toMatch(new RegExp(`^Step ${enc.steps.length + 1} of this fight can't be read: in its event ${enc.events.length + 1} \\("[a-z-]+"\\), `));
    expect(restored.message).toMatch(problem);
    // The steps before it open as they were.
    const good = restoreEncounter({ events: enc.events.slice(0, enc.steps[restored.goodSteps - 1]), steps: enc.steps.slice(0, restored.goodSteps) });
    expect(good.ok && good.value.state).toEqual(enc.state);
  });

  it('refuses a forged damage event before the log export can crash on it', () => {
    const restored = restoreEncounter(withForged(enc, { type: 'combatant-damaged', combatantId: ann, amount: 3 }));
    expect(restored.ok).toBe(false);
    // The genuine fight still exports.
    expect(exportHtml(enc, { campaignName: 'Test', exportedAt: '2025-01-01T00:00:00.000Z' }, { audience: 'gm', dice: true, overrides: true })).toContain('Ann');
  });

  it('refuses a journal whose step is repeated, which gave two characters the same id', () => {
    const added = enc.steps.findIndex((end) => enc.events[end - 1]?.type === 'combatant-added');
    const from = added === 0 ? 1 : (enc.steps[added - 1] ?? 1);
    const repeated = enc.events.slice(from, enc.steps[added]);
    const events = [...enc.events.slice(0, enc.steps[added]), ...repeated];
    const restored = restoreEncounter({ events, steps: [...enc.steps.slice(0, added + 1), events.length] });
    expect(restored.ok).toBe(false);
    expect(!restored.ok && restored.message).toMatch(/is already taken/);
  });
});

describe('a stored history with a forged undone step', () => {
  const undone = undo(run(enc, { type: 'next-turn' }));

  // Issue 40: an undone step's event without a type made reading the history throw (a TypeError
  // in the check of its type), where the same event in the log itself is refused with a sentence.
  it('refuses an event without a type with a sentence instead of throwing', () => {
    const restored = restoreEncounter({ events: undone.events, steps: undone.steps, redoable: [[{ combatantId: ann, amount: 1 } as unknown as EncounterEvent]] });
    expect(restored.ok).toBe(false);
    expect(!restored.ok && restored.message).toMatch(/^The step Redo would put back can't be read: in its event 1 \("undefined"\), the type "undefined" is not one this version knows\./);
  });

  // An empty undone step would be stored by Redo as a step of nothing, which the next open
  // refuses ("The step list does not match …"). Only a stored history can hold one (a log file's
  // step of no events is refused as it is read).
  it('refuses a step with no events, which Redo would store as a step of nothing', () => {
    const restored = restoreEncounter({ events: undone.events, steps: undone.steps, redoable: [[]] });
    expect(restored.ok).toBe(false);
    expect(!restored.ok && restored.message).toBe("The step Redo would put back can't be read: it holds no events. Every step of the fight itself reads cleanly.");
  });

  it.each([[[null]], [['x']], ['str'], [{}]])('refuses undone steps stored as %j with a sentence instead of throwing', (redoable) => {
    const restored = restoreEncounter({ events: undone.events, steps: undone.steps, redoable: redoable as never });
    expect(restored.ok).toBe(false);
    expect(!restored.ok && restored.message).toBe("This encounter's undone steps are not lists of events; it is damaged.");
  });

  it('reads a history stored without undone steps as one with none to redo', () => {
    expect(restoreEncounter({ events: undone.events, steps: undone.steps }).ok).toBe(true);
  });

  it('refuses an undone step holding something that is not an event, with a sentence instead of throwing', () => {
    const restored = restoreEncounter({ events: undone.events, steps: undone.steps, redoable: [[null as unknown as EncounterEvent]] });
    expect(restored.ok).toBe(false);
    expect(!restored.ok && restored.message).toMatch(/^The step Redo would put back can't be read: in its event 1 \("undefined"\), it is not an event\./);
  });
});

describe('a journal with a forged step', () => {
  it('gives the damage and the fight up to its last good step, to open read-only or copy', () => {
    const lines = [...historyLines(enc), ...stepLines([{ type: 'combatant-damaged', combatantId: ann, amount: 3 } as unknown as EncounterEvent])];
    const folded = foldJournal(lines, 'the log of "Test fight"');
    expect(folded.ok).toBe(false);
    if (folded.ok || !isJournalDamage(folded)) throw new Error('expected a damaged journal');
    expect(folded.message).toMatch(/^The log of "Test fight": Step \d+ of this fight can't be read: in its event \d+ \("combatant-damaged"\), tracks is missing\.$/);
    expect(folded.readable.state).toEqual(enc.state);
    expect(folded.readable.steps).toEqual(enc.steps);
  });

  it('has no readable part when the damage is in its first step', () => {
    const created = enc.events[0] as EncounterEvent;
    const folded = foldJournal(stepLines([created, { type: 'turn-set', round: 1, activeId: 'nobody' } as EncounterEvent]), 'the log');
    expect(folded.ok).toBe(false);
    expect(!folded.ok && isJournalDamage(folded)).toBe(false);
    expect(!folded.ok && folded.code).toBe('history/damaged');
  });
});
