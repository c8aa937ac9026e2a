import { describe, expect, it } from 'vitest';
import { undo, type Command, type Encounter } from '../../index';
import { addZ, combatantNamed, ENEMIES, eventsOfType, goOf, HEROES, idOf, newZonesEncounter, refuse, run, step, stepWithDice } from '../../test-support';
import { zonesFight } from './index';

// The morale phase through the commands: when a check is due at the end of a round, what the
// phase blocks, the group WIT save with its outcomes, skipping, and the round that follows.

const PASS: Command = { type: 'pass' };

/** Ann and Bo against `n` bandits (WIT 10 each); the heroes hold the initiative. */
function band(n: number, extra: Command[] = []): Encounter {
  return run(
    newZonesEncounter(4),
    ...extra,
    addZ('Ann'),
    addZ('Bo'),
    addZ('Bandit', { factionId: ENEMIES, quantity: n }),
    { type: 'start-combat', initiativeFactionId: HEROES },
  );
}

const down = (enc: Encounter, ...names: string[]): Command[] =>
  names.map((n) => ({ type: 'damage', combatantId: idOf(enc, n), amount: 99 }) as Command);

/** Both factions pass, ending the round. */
function endRound(enc: Encounter): { encounter: Encounter; events: ReturnType<typeof step>['events'] } {
  const first = run(enc, PASS);
  return step(first, PASS);
}

describe('when a morale check is due', () => {
  it('a group checks once down to exactly half its original number', () => {
    let enc = band(4);
    enc = run(enc, ...down(enc, 'Bandit 1', 'Bandit 2'));
    // Not during the round: only at its end.
    expect(enc.state.turn?.phase).toBe('main');
    const ended = endRound(enc);
    expect(ended.events.map((e) => e.type)).toEqual(['faction-passed', 'go-moved', 'zones/morale-phase-started']);
    expect(ended.events[2]).toEqual({ type: 'zones/morale-phase-started', due: [ENEMIES] });
    expect(ended.encounter.state.turn).toMatchObject({ phase: 'morale', factionId: null });
    expect(zonesFight(ended.encounter.state).moraleDue).toEqual([ENEMIES]);
    expect(ended.encounter.state.round).toBe(1);
  });

  it('a group above half does not check: the next round starts at once', () => {
    let enc = band(4);
    enc = run(enc, ...down(enc, 'Bandit 1'));
    const ended = endRound(enc);
    expect(ended.events.some((e) => e.type === 'zones/morale-phase-started')).toBe(false);
    expect(ended.encounter.state.round).toBe(2);
    // Five: two down of five leaves three, more than half.
    let five = band(5);
    five = run(five, ...down(five, 'Bandit 1', 'Bandit 2'));
    expect(endRound(five).encounter.state.round).toBe(2);
    // Three down of five is below half.
    five = run(five, ...down(five, 'Bandit 3'));
    expect(zonesFight(endRound(five).encounter.state).moraleDue).toEqual([ENEMIES]);
  });

  it('counts those who surrendered or retreated as lost', () => {
    let enc = band(4);
    enc = run(
      enc,
      { type: 'set-mark', combatantId: idOf(enc, 'Bandit 1'), mark: 'surrendered', on: true },
      { type: 'set-mark', combatantId: idOf(enc, 'Bandit 2'), mark: 'retreated', on: true },
    );
    expect(zonesFight(endRound(enc).encounter.state).moraleDue).toEqual([ENEMIES]);
  });

  it('a character fighting alone checks at half health, not above', () => {
    const lone = (health: number) => {
      const enc = run(
        newZonesEncounter(4),
        addZ('Ogre', { factionId: ENEMIES, health: 10 }),
        addZ('Ann'),
        addZ('Bo'),
        { type: 'start-combat', initiativeFactionId: HEROES },
      );
      return run(enc, { type: 'damage', combatantId: idOf(enc, 'Ogre'), amount: 10 - health });
    };
    expect(endRound(lone(6)).encounter.state.round).toBe(2);
    const ended = endRound(lone(5)).encounter.state;
    expect(ended.turn).toMatchObject({ phase: 'morale' });
    expect(zonesFight(ended).moraleDue).toEqual([ENEMIES]);
  });

  it('is not due when everyone left standing is immune to fear', () => {
    let enc = band(4);
    enc = run(
      enc,
      ...down(enc, 'Bandit 1', 'Bandit 2'),
      { type: 'set-mark', combatantId: idOf(enc, 'Bandit 3'), mark: 'fear-immune', on: true },
      { type: 'set-mark', combatantId: idOf(enc, 'Bandit 4'), mark: 'fear-immune', on: true },
    );
    expect(endRound(enc).encounter.state.round).toBe(2);
  });
});

describe('the morale phase', () => {
  function inMorale(extra: Command[] = []): Encounter {
    let enc = band(6, extra);
    enc = run(enc, ...down(enc, 'Bandit 1', 'Bandit 2', 'Bandit 3'), { type: 'set-mark', combatantId: idOf(enc, 'Bandit 4'), mark: 'fear-immune', on: true });
    enc = endRound(enc).encounter;
    expect(enc.state.turn?.phase).toBe('morale');
    return enc;
  }

  it('blocks turns, passes, reactions and attacks until the checks are settled', () => {
    const enc = inMorale();
    expect(refuse(enc, { type: 'take-turn', combatantId: idOf(enc, 'Ann') }).message).toMatch(/It is the morale phase; settle the morale checks first/);
    expect(refuse(enc, PASS).code).toBe('turn/nobody');
    expect(refuse(enc, { type: 'react', combatantId: idOf(enc, 'Ann') }).code).toBe('turn/morale');
    expect(refuse(enc, { type: 'zones/declare-attack', attackerId: idOf(enc, 'Ann'), targetIds: [idOf(enc, 'Bandit 5')] }).code).toBe('turn/morale');
    expect(refuse(enc, { type: 'choose-first-faction', factionId: HEROES }).code).toBe('turn/morale');
  });

  it('rolls a WIT save for each character subject to morale; passes become immune, failures take the GM\'s outcome', () => {
    const enc = inMorale();
    const checked = stepWithDice(enc, [10, 11], { type: 'zones/morale-check', factionId: ENEMIES, outcomes: { [idOf(enc, 'Bandit 6')]: 'surrendered' } });
    const results = eventsOfType(checked.events, 'zones/morale-checked')[0]?.results ?? [];
    // Bandits 1–3 are down and Bandit 4 fears nothing: only 5 and 6 roll.
    expect(results.map((r) => [r.combatantId, r.save.roll.total, r.save.passed, r.outcome])).toEqual([
      [idOf(enc, 'Bandit 5'), 10, true, 'immune'],
      [idOf(enc, 'Bandit 6'), 11, false, 'surrendered'],
    ]);
    const after = checked.encounter;
    expect(combatantNamed(after, 'Bandit 5').marks).toEqual(['morale-immune']);
    expect(combatantNamed(after, 'Bandit 6').marks).toEqual(['surrendered']);
    expect(combatantNamed(after, 'Bandit 4').marks).toEqual(['fear-immune']);
    // No check left: round 2 begins.
    expect(after.state.round).toBe(2);
    expect(after.state.turn?.phase).toBe('main');
    expect(goOf(after)).toBe(HEROES);
    expect(checked.events.map((e) => e.type)).toEqual(['zones/morale-checked', 'phase-started']);
  });

  it('skips characters who already passed a morale check', () => {
    let enc = inMorale();
    enc = run(enc, { type: 'set-mark', combatantId: idOf(enc, 'Bandit 5'), mark: 'morale-immune', on: true });
    const checked = stepWithDice(enc, [3], { type: 'zones/morale-check', factionId: ENEMIES });
    expect(eventsOfType(checked.events, 'zones/morale-checked')[0]?.results.map((r) => r.combatantId)).toEqual([idOf(enc, 'Bandit 6')]);
  });

  it('frees those who held their nerve of morale until the next fight, or for as long as the GM says the stretch lasts', () => {
    // "Those who pass aren't subject to morale for the remainder of the stretch." The app knows
    // fights, not stretches: by default the stretch ends as the next fight starts.
    const nextFight = (enc: Encounter) => run(enc, { type: 'end-combat' }, { type: 'start-combat', initiativeFactionId: HEROES });
    const held = (enc: Encounter) => combatantNamed(enc, 'Bandit 5').marks;
    const byDefault = stepWithDice(inMorale(), [10, 11], { type: 'zones/morale-check', factionId: ENEMIES }).encounter;
    expect(held(byDefault)).toEqual(['morale-immune']);
    expect(held(nextFight(byDefault))).toEqual([]);
    // A longer stretch: the mark stays into the next fight, until the GM takes it off.
    const stretch = inMorale([{ type: 'set-setting', key: 'nerveLasts', value: 'stretch' }]);
    const checked = stepWithDice(stretch, [10, 11], { type: 'zones/morale-check', factionId: ENEMIES }).encounter;
    const again = nextFight(checked);
    expect(held(again)).toEqual(['morale-immune']);
    expect(held(run(again, { type: 'set-mark', combatantId: idOf(again, 'Bandit 5'), mark: 'morale-immune', on: false }))).toEqual([]);
    // A value the setting doesn't offer is refused, naming the ones it does.
    expect(refuse(inMorale(), { type: 'set-setting', key: 'nerveLasts', value: 'forever' })).toMatchObject({
      code: 'input/choice',
      message: 'Held nerve lasts must be one of: Until the next fight starts, Until the GM clears it (the stretch ends).',
    });
  });

  it('uses the Failed morale setting when the GM names no outcome', () => {
    const retreat = stepWithDice(inMorale(), [20, 20], { type: 'zones/morale-check', factionId: ENEMIES });
    expect(eventsOfType(retreat.events, 'zones/morale-checked')[0]?.results.map((r) => r.outcome)).toEqual(['retreated', 'retreated']);
    expect(combatantNamed(retreat.encounter, 'Bandit 5').marks).toEqual(['retreated']);

    const surrender = stepWithDice(inMorale([{ type: 'set-setting', key: 'moraleFailure', value: 'surrendered' }]), [20, 20], { type: 'zones/morale-check', factionId: ENEMIES });
    expect(eventsOfType(surrender.events, 'zones/morale-checked')[0]?.results.map((r) => r.outcome)).toEqual(['surrendered', 'surrendered']);
    // And the GM's choice wins over the setting.
    const enc = inMorale([{ type: 'set-setting', key: 'moraleFailure', value: 'surrendered' }]);
    const chosen = stepWithDice(enc, [20, 20], { type: 'zones/morale-check', factionId: ENEMIES, outcomes: { [idOf(enc, 'Bandit 5')]: 'retreated' } });
    expect(eventsOfType(chosen.events, 'zones/morale-checked')[0]?.results.map((r) => r.outcome)).toEqual(['retreated', 'surrendered']);
  });

  it('rolls from the seed and records the random state', () => {
    const checked = step(inMorale(), { type: 'zones/morale-check', factionId: ENEMIES });
    const event = eventsOfType(checked.events, 'zones/morale-checked')[0];
    expect(event?.results).toHaveLength(2);
    expect(event?.rng).not.toBeNull();
  });

  it('can be skipped by the GM, and the next round starts', () => {
    const skipped = step(inMorale(), { type: 'zones/skip-morale', factionId: ENEMIES });
    expect(skipped.events.map((e) => e.type)).toEqual(['zones/morale-skipped', 'phase-started']);
    expect(skipped.encounter.state.round).toBe(2);
    expect(combatantNamed(skipped.encounter, 'Bandit 5').marks).toEqual([]);
  });

  it('waits until every faction due has checked', () => {
    let enc = band(4);
    // The heroes lose Bo (one of two: half) and the bandits two of four.
    enc = run(enc, ...down(enc, 'Bo', 'Bandit 1', 'Bandit 2'));
    enc = endRound(enc).encounter;
    expect(zonesFight(enc.state).moraleDue).toEqual([HEROES, ENEMIES]);
    const first = stepWithDice(enc, [1], { type: 'zones/morale-check', factionId: HEROES });
    expect(first.events.map((e) => e.type)).toEqual(['zones/morale-checked']);
    expect(first.encounter.state.turn).toMatchObject({ phase: 'morale' });
    expect(zonesFight(first.encounter.state).moraleDue).toEqual([ENEMIES]);
    expect(refuse(first.encounter, { type: 'zones/morale-check', factionId: HEROES }).message).toMatch(/Heroes has no morale check due/);
    const second = step(first.encounter, { type: 'zones/skip-morale', factionId: ENEMIES });
    expect(second.encounter.state.round).toBe(2);
  });

  it('is refused outside the morale phase', () => {
    const enc = band(4);
    expect(refuse(enc, { type: 'zones/morale-check', factionId: ENEMIES }).code).toBe('morale/not-now');
    expect(refuse(enc, { type: 'zones/skip-morale', factionId: ENEMIES }).code).toBe('morale/not-now');
    expect(refuse(inMorale(), { type: 'zones/morale-check', factionId: 'f9' }).code).toBe('faction/unknown');
  });

  it('does not come back once everyone left standing passed', () => {
    let enc = stepWithDice(inMorale(), [2, 3], { type: 'zones/morale-check', factionId: ENEMIES }).encounter;
    expect(enc.state.round).toBe(2);
    const ended = endRound(enc);
    expect(ended.events.some((e) => e.type === 'zones/morale-phase-started')).toBe(false);
    expect(ended.encounter.state.round).toBe(3);
  });

  it('comes back the next round for those who were skipped', () => {
    const skipped = step(inMorale(), { type: 'zones/skip-morale', factionId: ENEMIES }).encounter;
    expect(endRound(skipped).encounter.state.turn).toMatchObject({ phase: 'morale' });
    expect(zonesFight(endRound(skipped).encounter.state).moraleDue).toEqual([ENEMIES]);
  });

  it('rolls the next round\'s threshold after the checks when fast/slow is on', () => {
    let enc = band(4, [{ type: 'set-setting', key: 'fastSlow', value: true }]);
    enc = run(enc, ...down(enc, 'Bandit 1', 'Bandit 2'));
    // End the round: pass through both phases.
    while (enc.state.turn?.phase !== 'morale') enc = run(enc, PASS);
    const checked = stepWithDice(enc, [1, 1, 7], { type: 'zones/morale-check', factionId: ENEMIES });
    expect(eventsOfType(checked.events, 'phase-started')[0]).toMatchObject({ round: 2, phase: 'fast', gate: expect.objectContaining({ total: 7 }) });
  });

  it('is undone in one step', () => {
    const enc = inMorale();
    const checked = stepWithDice(enc, [10, 11], { type: 'zones/morale-check', factionId: ENEMIES }).encounter;
    expect(undo(checked).state).toEqual(enc.state);
  });
});
