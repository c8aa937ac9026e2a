import { describe, expect, it } from 'vitest';
import { costAllowed, dispatch, gateEntryOpen, openPrompts, undo, type Command, type Encounter, type TurnBudget } from '../../index';
import { type ZonesCommandOf } from './index';
import { zonesTurns, ZONES_ECONOMY } from './index';
import {
  addZ,
  ENEMIES,
  eventsOfType,
  gearNamed,
  goOf,
  HEROES,
  idOf,
  moveOn,
  newZonesEncounter,
  refuse,
  run,
  step,
  stepWithDice,
} from '../../test-support';
import { zonesFight, zonesPerson } from './index';
import type { Combatant } from '../../core/state';

/** Who holds the character grabbed (undefined: no such character). */
const heldOf = (c: Combatant | undefined) => (c ? zonesPerson(c).grabbedBy : undefined);

// The Zones & Factions turn procedure, driven through commands only: factions alternate one
// character at a time or pass, the round ends when every faction has passed in a row, the
// initiative, the ambush, fast and slow phases, reactions, the action budget and movement.

const MONSTERS = 'f3';
const take = (enc: Encounter, name: string): Command => ({ type: 'take-turn', combatantId: idOf(enc, name) });
const END: Command = { type: 'end-turn' };
const PASS: Command = { type: 'pass' };

/** Two heroes against two bandits; the heroes hold the initiative. */
function twoOnTwo(seed = 3): Encounter {
  return run(
    newZonesEncounter(seed),
    addZ('Ann'),
    addZ('Bo'),
    addZ('Bandit', { factionId: ENEMIES, quantity: 2 }),
    { type: 'start-combat', initiativeFactionId: HEROES },
  );
}

/** Acts with `name`: takes the turn and ends it. */
function act(enc: Encounter, name: string): Encounter {
  return run(enc, take(enc, name), END);
}

describe('factions alternate', () => {
  it('one character at a time, starting with the faction holding the initiative', () => {
    let enc = twoOnTwo();
    expect(enc.state.round).toBe(1);
    expect(enc.state.turn?.phase).toBe('main');
    expect(goOf(enc)).toBe(HEROES);

    enc = run(enc, take(enc, 'Ann'));
    expect(enc.state.activeId).toBe(idOf(enc, 'Ann'));
    // Still the heroes' go while Ann acts: Bo can't jump in.
    expect(refuse(enc, take(enc, 'Bo')).message).toMatch(/Ann is still taking their turn; end it first/);
    enc = run(enc, END);
    expect(goOf(enc)).toBe(ENEMIES);
    expect(refuse(enc, take(enc, 'Bo')).message).toMatch(/It is Enemies' go; Bo has to wait for theirs/);

    enc = act(enc, 'Bandit 1');
    expect(goOf(enc)).toBe(HEROES);
    enc = act(enc, 'Bo');
    expect(goOf(enc)).toBe(ENEMIES);
    expect(enc.state.round).toBe(1);
  });

  it('lets each character take only one turn a round', () => {
    let enc = act(twoOnTwo(), 'Ann');
    enc = act(enc, 'Bandit 1');
    const again = refuse(enc, take(enc, 'Ann'));
    expect(again.code).toBe('turn/not-eligible');
    expect(again.message).toMatch(/Ann has already used their turn this round/);
    expect(again.encounter).toBe(enc);
  });

  it('ends the round when every faction has passed in a row, and starts the next with fresh turns', () => {
    let enc = act(twoOnTwo(), 'Ann');
    enc = run(enc, PASS);
    expect(enc.state.round).toBe(1);
    expect(goOf(enc)).toBe(HEROES);
    const passed = step(enc, PASS);
    enc = passed.encounter;
    expect(passed.events.map((e) => e.type)).toEqual(['faction-passed', 'go-moved', 'phase-started']);
    expect(passed.events[1]).toMatchObject({ type: 'go-moved', factionId: null });
    expect(passed.events[2]).toMatchObject({ type: 'phase-started', round: 2, phase: 'main', factionId: HEROES });
    expect(enc.state.round).toBe(2);
    expect(enc.state.turn?.spent).toEqual([]);
    // Ann acted in round 1 and may act again in round 2.
    expect(step(enc, take(enc, 'Ann')).encounter.state.activeId).toBe(idOf(enc, 'Ann'));
  });

  it('ends the round when both factions pass straight away', () => {
    let enc = run(twoOnTwo(), PASS);
    expect(goOf(enc)).toBe(ENEMIES);
    enc = run(enc, PASS);
    expect(enc.state.round).toBe(2);
    expect(goOf(enc)).toBe(HEROES);
  });

  it('does not end the round when a pass is followed by the other faction acting', () => {
    let enc = run(twoOnTwo(), PASS);
    enc = act(enc, 'Bandit 1');
    // The heroes' pass was broken by the bandit's turn: it is their go again, same round.
    expect(enc.state.round).toBe(1);
    expect(goOf(enc)).toBe(HEROES);
    enc = run(enc, PASS);
    expect(enc.state.round).toBe(1);
    expect(goOf(enc)).toBe(ENEMIES);
    // The bandits act again, so the heroes' second pass doesn't count either.
    enc = act(enc, 'Bandit 2');
    expect(enc.state.round).toBe(1);
    expect(goOf(enc)).toBe(HEROES);
    enc = run(enc, PASS, PASS);
    expect(enc.state.round).toBe(2);
  });

  it('passes by itself for a faction with nobody left to act (go-moved.skipped)', () => {
    let enc = run(
      newZonesEncounter(3),
      addZ('Ann'),
      addZ('Bandit', { factionId: ENEMIES, quantity: 2 }),
      { type: 'start-combat', initiativeFactionId: HEROES },
    );
    enc = act(enc, 'Ann');
    const first = step(run(enc, take(enc, 'Bandit 1')), END);
    // Ann is spent, so the heroes pass at once and the go comes back to the bandits.
    expect(first.events.find((e) => e.type === 'go-moved')).toMatchObject({ factionId: ENEMIES, skipped: [HEROES] });
    enc = first.encounter;
    expect(goOf(enc)).toBe(ENEMIES);
    expect(enc.state.round).toBe(1);
    const last = step(run(enc, take(enc, 'Bandit 2')), END);
    // Now both have nobody: both pass by themselves and the round ends.
    expect(last.events.find((e) => e.type === 'go-moved')).toMatchObject({ factionId: null, skipped: [HEROES, ENEMIES] });
    expect(last.encounter.state.round).toBe(2);
  });

  it('skips the faction holding the initiative at the start of a phase if it has nobody who can act', () => {
    let enc = run(newZonesEncounter(3), addZ('Ann'), addZ('Bandit', { factionId: ENEMIES }));
    enc = run(enc, { type: 'set-track', combatantId: idOf(enc, 'Ann'), track: 'health', value: 0 });
    const started = step(enc, { type: 'start-combat', initiativeFactionId: HEROES });
    expect(eventsOfType(started.events, 'phase-started')[0]).toMatchObject({ factionId: ENEMIES, skipped: [HEROES] });
  });
});

describe('initiative', () => {
  const setUp = () => run(newZonesEncounter(11), addZ('Ann'), addZ('Bandit', { factionId: ENEMIES }));

  it('is held by the faction named at start-combat, without a roll', () => {
    const started = step(setUp(), { type: 'start-combat', initiativeFactionId: ENEMIES });
    expect(started.events[0]).toEqual({ type: 'initiative-held', factionId: ENEMIES, roll: null, rng: null });
    expect(started.encounter.state.initiativeFactionId).toBe(ENEMIES);
    expect(goOf(started.encounter)).toBe(ENEMIES);
  });

  it('is held by the faction preset with set-initiative-faction', () => {
    const enc = run(setUp(), { type: 'set-initiative-faction', factionId: ENEMIES });
    const started = step(enc, { type: 'start-combat' });
    expect(started.events[0]).toEqual({ type: 'initiative-held', factionId: ENEMIES, roll: null, rng: null });
    expect(goOf(started.encounter)).toBe(ENEMIES);
  });

  it('is drawn at random when unclear: a seeded roll in the initiative-held event', () => {
    const started = stepWithDice(setUp(), [2], { type: 'start-combat' });
    const held = eventsOfType(started.events, 'initiative-held')[0];
    expect(held?.factionId).toBe(ENEMIES);
    expect(held?.roll?.total).toBe(2);
    expect(held?.roll?.notation).toBe('d2');
    expect(goOf(started.encounter)).toBe(ENEMIES);
    const other = stepWithDice(setUp(), [1], { type: 'start-combat' });
    expect(goOf(other.encounter)).toBe(HEROES);

    // From the seed: the roll is logged with the random state after it, and the same seed draws the same.
    const seeded = step(setUp(), { type: 'start-combat' });
    const rolled = eventsOfType(seeded.events, 'initiative-held')[0];
    expect(rolled?.roll).not.toBeNull();
    expect(rolled?.rng).not.toBeNull();
    expect(step(setUp(), { type: 'start-combat' }).events).toEqual(seeded.events);
  });

  it('is drawn again for a fight started after the last one ended, unless the GM set it', () => {
    const first = stepWithDice(setUp(), [2], { type: 'start-combat' }).encounter;
    expect(first.state.initiativeFactionId).toBe(ENEMIES);
    const ended = run(first, { type: 'end-combat' });
    const again = stepWithDice(ended, [1], { type: 'start-combat' });
    expect(eventsOfType(again.events, 'initiative-held')[0]).toMatchObject({ factionId: HEROES, roll: { total: 1 } });

    // A holder the GM set in setup stays theirs from fight to fight.
    const preset = run(setUp(), { type: 'set-initiative-faction', factionId: ENEMIES });
    const replayed = run(preset, { type: 'start-combat' }, { type: 'end-combat' });
    expect(step(replayed, { type: 'start-combat' }).events[0]).toEqual({ type: 'initiative-held', factionId: ENEMIES, roll: null, rng: null });
  });

  it('morale immunity lasts one fight: a new fight makes everyone subject to morale again', () => {
    let enc = run(setUp(), { type: 'start-combat', initiativeFactionId: HEROES });
    enc = run(enc, { type: 'set-mark', combatantId: idOf(enc, 'Ann'), mark: 'morale-immune', on: true }, { type: 'set-mark', combatantId: idOf(enc, 'Bandit'), mark: 'fear-immune', on: true });
    enc = run(enc, { type: 'end-combat' }, { type: 'start-combat', initiativeFactionId: HEROES });
    expect(enc.state.combatants.find((c) => c.name === 'Ann')?.marks).toEqual([]);
    // Fearlessness is who they are, not how one fight went.
    expect(enc.state.combatants.find((c) => c.name === 'Bandit')?.marks).toEqual(['fear-immune']);
  });

  it('refuses a named faction with nobody in the fight', () => {
    const enc = run(newZonesEncounter(1), addZ('Ann'));
    expect(refuse(enc, { type: 'start-combat', initiativeFactionId: ENEMIES }).code).toBe('initiative/faction');
    expect(refuse(enc, { type: 'set-initiative-faction', factionId: 'f9' }).code).toBe('faction/unknown');
  });

  it('numbers three factions for the random draw', () => {
    const enc = run(
      newZonesEncounter(1),
      { type: 'add-faction', name: 'Monsters', colour: '#22aa22' },
      addZ('Ann'),
      addZ('Bandit', { factionId: ENEMIES }),
      addZ('Ogre', { factionId: MONSTERS }),
    );
    const started = stepWithDice(enc, [3], { type: 'start-combat' });
    expect(eventsOfType(started.events, 'initiative-held')[0]).toMatchObject({ factionId: MONSTERS, roll: { notation: 'd3', total: 3 } });
  });
});

describe('choose-first-faction', () => {
  it('picks who goes first at the start of each phase, and is refused once someone acted or passed', () => {
    let enc = twoOnTwo();
    enc = run(enc, { type: 'choose-first-faction', factionId: ENEMIES });
    expect(goOf(enc)).toBe(ENEMIES);
    // Changing one's mind before anything happened is fine.
    enc = run(enc, { type: 'choose-first-faction', factionId: HEROES }, { type: 'choose-first-faction', factionId: ENEMIES });
    expect(goOf(enc)).toBe(ENEMIES);

    const acted = run(enc, take(enc, 'Bandit 1'));
    expect(refuse(acted, { type: 'choose-first-faction', factionId: HEROES }).message).toMatch(/already acted or passed in this phase/);
    const ended = run(acted, END);
    expect(refuse(ended, { type: 'choose-first-faction', factionId: ENEMIES }).code).toBe('turn/begun');

    const passed = run(enc, PASS);
    expect(refuse(passed, { type: 'choose-first-faction', factionId: ENEMIES }).code).toBe('turn/begun');

    // The next round is a new phase: the choice is open again.
    const round2 = run(passed, PASS);
    expect(round2.state.round).toBe(2);
    expect(goOf(run(round2, { type: 'choose-first-faction', factionId: ENEMIES }))).toBe(ENEMIES);
  });

  it('is refused for a faction with nobody who can act in the phase, or an unknown faction', () => {
    let enc = run(
      newZonesEncounter(3),
      addZ('Ann'),
      addZ('Bandit', { factionId: ENEMIES }),
      { type: 'start-combat', initiativeFactionId: HEROES },
    );
    expect(refuse(enc, { type: 'choose-first-faction', factionId: 'f9' }).code).toBe('faction/unknown');
    enc = run(enc, { type: 'set-mark', combatantId: idOf(enc, 'Bandit'), mark: 'dead', on: true });
    expect(refuse(enc, { type: 'choose-first-faction', factionId: ENEMIES }).code).toBe('turn/nobody-eligible');
  });
});

describe('three factions', () => {
  function threeWay(): Encounter {
    return run(
      newZonesEncounter(5),
      { type: 'add-faction', name: 'Monsters', colour: '#22aa22' },
      addZ('Ann'),
      addZ('Bo'),
      addZ('Bandit', { factionId: ENEMIES, quantity: 2 }),
      addZ('Ogre', { factionId: MONSTERS, quantity: 2 }),
      { type: 'start-combat', initiativeFactionId: ENEMIES },
    );
  }

  it('go round in faction order from the initiative holder', () => {
    let enc = threeWay();
    expect(goOf(enc)).toBe(ENEMIES);
    enc = act(enc, 'Bandit 1');
    expect(goOf(enc)).toBe(MONSTERS);
    enc = act(enc, 'Ogre 1');
    expect(goOf(enc)).toBe(HEROES);
    enc = act(enc, 'Ann');
    expect(goOf(enc)).toBe(ENEMIES);
  });

  it('end the round only when all three pass in a row', () => {
    let enc = run(threeWay(), PASS, PASS);
    expect(goOf(enc)).toBe(HEROES);
    // Two passes and then the heroes act: no end.
    enc = act(enc, 'Ann');
    expect(enc.state.round).toBe(1);
    enc = run(enc, PASS, PASS);
    expect(enc.state.round).toBe(1);
    expect(goOf(enc)).toBe(HEROES);
    enc = run(enc, PASS);
    expect(enc.state.round).toBe(2);
    expect(goOf(enc)).toBe(ENEMIES);
  });
});

describe('take-turn refusals', () => {
  it('says to start combat first', () => {
    const enc = run(newZonesEncounter(1), addZ('Ann'));
    expect(refuse(enc, take(enc, 'Ann')).message).toMatch(/press Start combat first/);
  });

  it('refuses an unknown character', () => {
    expect(refuse(twoOnTwo(), { type: 'take-turn', combatantId: 'c99' }).code).toBe('combatant/unknown');
  });

  it('refuses characters out of the fight: health 0, dead, surrendered, retreated', () => {
    const base = twoOnTwo();
    const ann = idOf(base, 'Ann');
    const outs: Command[] = [
      { type: 'set-track', combatantId: ann, track: 'health', value: 0 },
      { type: 'set-mark', combatantId: ann, mark: 'dead', on: true },
      { type: 'set-mark', combatantId: ann, mark: 'surrendered', on: true },
      { type: 'set-mark', combatantId: ann, mark: 'retreated', on: true },
    ];
    for (const out of outs) {
      const enc = run(base, out);
      const refused = refuse(enc, take(enc, 'Ann'));
      expect(refused.code).toBe('turn/not-eligible');
      expect(refused.message).toMatch(/Ann is out of the fight and can't take a turn/);
    }
  });

  it('refuses while an attack waits for reactions', () => {
    let enc = twoOnTwo();
    enc = run(enc, take(enc, 'Ann'), { type: 'zones/declare-attack', attackerId: idOf(enc, 'Ann'), targetIds: [idOf(enc, 'Bandit 1')] });
    expect(zonesFight(enc.state).pendingAttack).not.toBeNull();
    expect(refuse(enc, END).code).toBe('attack/pending');
    expect(refuse(enc, PASS).code).toBe('attack/pending');
  });
});

describe('end-turn and pass refusals', () => {
  it('end-turn needs someone acting; pass needs nobody acting', () => {
    let enc = twoOnTwo();
    expect(refuse(enc, END).message).toMatch(/Nobody is taking a turn. Pick someone from Heroes to act, or pass/);
    enc = run(enc, take(enc, 'Ann'));
    expect(refuse(enc, PASS).message).toMatch(/end it before the faction passes/);
  });

  it('has no previous turn to step back to', () => {
    expect(refuse(twoOnTwo(), { type: 'previous-turn' }).message).toMatch(/use Undo/);
  });
});

describe('the ambush', () => {
  function ambush(): Encounter {
    return run(
      newZonesEncounter(9),
      addZ('Archer', { concealed: true, gear: [{ name: 'Bow', kind: 'weapon', reach: 'ranged', range: 4, damage: 'd6' }] }),
      addZ('Knight'),
      addZ('Bandit', { factionId: ENEMIES, quantity: 2 }),
    );
  }

  it('gives concealed characters a bonus phase before round 1, in which only they act', () => {
    const started = step(ambush(), { type: 'start-combat', initiativeFactionId: ENEMIES });
    let enc = started.encounter;
    const phases = eventsOfType(started.events, 'phase-started');
    expect(phases).toHaveLength(1);
    // The bandits hold the initiative but nobody of theirs is concealed: they pass by themselves.
    expect(phases[0]).toMatchObject({ round: 0, phase: 'ambush', factionId: HEROES, skipped: [ENEMIES] });
    expect(enc.state.round).toBe(0);
    expect(refuse(enc, take(enc, 'Knight')).message).toMatch(/Only concealed characters act in the ambush; Knight waits for round 1/);

    enc = run(enc, take(enc, 'Archer'));
    // Enemies attacked by a concealed character can't react.
    const shot = step(enc, { type: 'zones/declare-attack', attackerId: idOf(enc, 'Archer'), weaponId: gearNamed(enc, 'Archer', 'Bow').id, targetIds: [idOf(enc, 'Bandit 1')] });
    expect(eventsOfType(shot.events, 'zones/attack-declared')[0]?.attack.awaiting).toEqual([]);
    expect(eventsOfType(shot.events, 'zones/attack-resolved')).toHaveLength(1);
    // Concealed characters "might be revealed when they make noise or become visible, for example
    // by attacking": the GM is asked, and here the archer stays hidden (issue 15, item 9).
    const asked = openPrompts(shot.encounter.state)[0];
    expect(asked?.kind).toBe('zones/reveal');
    const hidden = run(shot.encounter, { type: 'answer-prompt', promptId: asked?.id ?? '', answer: 'hidden' });
    const ended = step(hidden, END);
    enc = ended.encounter;
    // Nobody else may act in the ambush: round 1 opens with everyone, the initiative holder first.
    expect(eventsOfType(ended.events, 'phase-started')).toEqual([expect.objectContaining({ round: 1, phase: 'main', factionId: ENEMIES })]);
    expect(enc.state.turn?.spent).toEqual([]);
    enc = act(enc, 'Bandit 1');
    // The ambusher acts again in round 1.
    expect(step(enc, take(enc, 'Archer')).encounter.state.activeId).toBe(idOf(enc, 'Archer'));
  });

  it('does not happen without concealed characters', () => {
    const enc = run(newZonesEncounter(9), addZ('Knight'), addZ('Bandit', { factionId: ENEMIES }));
    const started = step(enc, { type: 'start-combat', initiativeFactionId: HEROES });
    expect(eventsOfType(started.events, 'phase-started')).toEqual([expect.objectContaining({ round: 1, phase: 'main' })]);
    expect(started.events.some((e) => e.type === 'phase-started' && e.phase === 'ambush')).toBe(false);
  });

  it('does not happen when the only concealed character is already out of the fight', () => {
    const base = ambush();
    const enc = run(base, { type: 'set-mark', combatantId: idOf(base, 'Archer'), mark: 'dead', on: true });
    const started = step(enc, { type: 'start-combat', initiativeFactionId: HEROES });
    expect(started.encounter.state.turn?.phase).toBe('main');
    expect(started.encounter.state.round).toBe(1);
  });
});

describe('fast and slow activation', () => {
  function quickAndSlow(fast: boolean): Encounter {
    return run(
      newZonesEncounter(21),
      ...(fast ? [{ type: 'set-setting', key: 'fastSlow', value: true } as Command] : []),
      addZ('Quick', { wit: 15 }),
      addZ('Slow', { wit: 5 }),
      addZ('Bandit', { factionId: ENEMIES, wit: 12 }),
      addZ('Dullard', { factionId: ENEMIES, wit: 4 }),
    );
  }

  it('is off by default: one main phase, no threshold', () => {
    const enc = quickAndSlow(false);
    expect(enc.state.settings.fastSlow).toBe(false);
    const started = step(enc, { type: 'start-combat', initiativeFactionId: HEROES });
    expect(eventsOfType(started.events, 'phase-started')).toEqual([expect.objectContaining({ phase: 'main', gate: null, rng: null })]);
    expect(started.encounter.state.turn?.gate).toBeNull();
    // The slow thinker acts at once.
    expect(step(started.encounter, take(started.encounter, 'Slow')).encounter.state.activeId).toBe(idOf(enc, 'Slow'));
  });

  it('rolls a d20 threshold each round; only WIT at or above it act in the fast phase', () => {
    const started = stepWithDice(quickAndSlow(true), [10], { type: 'start-combat', initiativeFactionId: HEROES });
    let enc = started.encounter;
    const opened = eventsOfType(started.events, 'phase-started')[0];
    expect(opened).toMatchObject({ round: 1, phase: 'fast', gate: { notation: 'd20', total: 10 } });
    expect(enc.state.turn).toMatchObject({ phase: 'fast', gate: 10 });
    expect(refuse(enc, take(enc, 'Slow')).message).toMatch(/Slow's WIT 5 is below the fast action threshold 10; they act in the slow phase/);
    enc = act(enc, 'Quick');
    expect(refuse(enc, take(enc, 'Dullard')).code).toBe('turn/not-eligible');
    enc = act(enc, 'Bandit');
    // Nobody left for the fast phase: both pass by themselves and the slow phase opens, same round.
    expect(enc.state.turn).toMatchObject({ phase: 'slow', gate: 10 });
    expect(enc.state.round).toBe(1);
    expect(goOf(enc)).toBe(HEROES);
    expect(refuse(enc, take(enc, 'Quick')).message).toMatch(/already used their turn/);
    enc = act(enc, 'Slow');
    const last = stepWithDice(run(enc, take(enc, 'Dullard')), [3], END);
    // A new round rolls a new threshold.
    expect(last.encounter.state.round).toBe(2);
    expect(eventsOfType(last.events, 'phase-started')).toEqual([expect.objectContaining({ round: 2, phase: 'fast', gate: expect.objectContaining({ total: 3 }) })]);
    expect(last.encounter.state.turn?.gate).toBe(3);
    // Rolled from the seed, the threshold event carries the random state.
    const seeded = step(quickAndSlow(true), { type: 'start-combat', initiativeFactionId: HEROES });
    expect(eventsOfType(seeded.events, 'phase-started')[0]?.rng).not.toBeNull();
  });

  it('goes straight to the slow phase when nobody reaches the threshold', () => {
    const started = stepWithDice(quickAndSlow(true), [20], { type: 'start-combat', initiativeFactionId: HEROES });
    const phases = eventsOfType(started.events, 'phase-started');
    expect(phases.map((p) => [p.phase, p.factionId])).toEqual([
      ['fast', null],
      ['slow', HEROES],
    ]);
    expect(started.encounter.state.turn).toMatchObject({ phase: 'slow', gate: 20 });
  });

  it('lets a faction pass the fast phase while it still has fast characters, who then act in the slow phase', () => {
    let enc = stepWithDice(quickAndSlow(true), [10], { type: 'start-combat', initiativeFactionId: HEROES }).encounter;
    enc = run(enc, PASS, PASS);
    expect(enc.state.turn?.phase).toBe('slow');
    expect(enc.state.round).toBe(1);
    enc = act(enc, 'Quick');
    expect(goOf(enc)).toBe(ENEMIES);
  });

  it('allows reactions in either phase whatever the WIT', () => {
    let enc = stepWithDice(quickAndSlow(true), [10], { type: 'start-combat', initiativeFactionId: HEROES }).encounter;
    enc = run(enc, take(enc, 'Quick'));
    const reacted = step(enc, { type: 'react', combatantId: idOf(enc, 'Dullard'), what: 'dodges the blow' });
    expect(reacted.events[0]).toEqual({ type: 'reaction-taken', combatantId: idOf(enc, 'Dullard'), what: 'dodges the blow' });
    enc = run(reacted.encounter, END, take(reacted.encounter, 'Bandit'));
    // In the slow phase, the slow hero reacts too.
    expect(step(enc, { type: 'react', combatantId: idOf(enc, 'Slow') }).encounter.state.turn?.spent).toContain(idOf(enc, 'Slow'));
  });

  it('takes the GM\'s own d20 for the threshold before anyone acts, and refuses it afterwards', () => {
    let enc = stepWithDice(quickAndSlow(true), [10], { type: 'start-combat', initiativeFactionId: HEROES }).encounter;
    const entered = step(enc, { type: 'set-gate', value: 13 });
    expect(entered.events).toEqual([
      expect.objectContaining({ type: 'phase-started', round: 1, phase: 'fast', gate: expect.objectContaining({ total: 13, manual: true }), rng: null }),
    ]);
    enc = entered.encounter;
    expect(enc.state.turn?.gate).toBe(13);
    // At 13 only Quick may act fast.
    expect(refuse(enc, take(enc, 'Bandit')).message).toMatch(/below the fast action threshold 13/);
    expect(refuse(enc, { type: 'set-gate', value: 0 }).code).toBe('dice/manual-range');
    expect(refuse(enc, { type: 'set-gate', value: 21 }).code).toBe('dice/manual-range');
    expect(refuse(enc, { type: 'set-gate', value: 2.5 }).code).toBe('dice/manual-range');

    const acted = run(enc, take(enc, 'Quick'));
    expect(refuse(acted, { type: 'set-gate', value: 2 }).message).toMatch(/only at the start of the fast phase, before anyone acts or passes/);
    expect(refuse(run(acted, END), { type: 'set-gate', value: 2 }).code).toBe('gate/not-now');
    expect(refuse(run(enc, PASS), { type: 'set-gate', value: 2 }).code).toBe('gate/not-now');
  });

  it('waits for the GM\'s d20 each round when the threshold is rolled at the table, drawing nothing itself', () => {
    const byHand = run(quickAndSlow(true), { type: 'set-setting', key: 'thresholdByHand', value: true });
    // No dice at all: initiative is named and the threshold is left to the GM.
    let enc = stepWithDice(byHand, [], { type: 'start-combat', initiativeFactionId: HEROES }).encounter;
    expect(enc.state.turn).toMatchObject({ phase: 'fast', gate: null, factionId: null });
    expect(refuse(enc, take(enc, 'Quick')).message).toMatch(/Enter the fast action threshold first/);
    expect(refuse(enc, PASS).code).toBe('turn/nobody');
    expect(refuse(enc, PASS).message).toMatch(/Enter the fast action threshold first: roll the d20 at the table and type it in\./);
    expect(refuse(enc, END).message).toMatch(/Enter the fast action threshold first/);
    expect(refuse(enc, END).message).not.toMatch(/nobody's go|from nobody/i);

    enc = run(enc, { type: 'set-gate', value: 12 });
    expect(enc.state.turn).toMatchObject({ phase: 'fast', gate: 12, factionId: HEROES });
    // Quick and Bandit act fast; after everyone has acted the next round waits again.
    enc = act(act(enc, 'Quick'), 'Bandit');
    enc = act(act(enc, 'Slow'), 'Dullard');
    expect(enc.state.round).toBe(2);
    expect(enc.state.turn).toMatchObject({ phase: 'fast', gate: null, factionId: null });
  });

  it('takes the GM\'s d20 even when the rolled threshold left the fast phase empty, as long as nobody has acted', () => {
    let enc = stepWithDice(quickAndSlow(true), [20], { type: 'start-combat', initiativeFactionId: HEROES }).encounter;
    expect(enc.state.turn?.phase).toBe('slow');
    const entered = step(enc, { type: 'set-gate', value: 12 });
    enc = entered.encounter;
    expect(enc.state.turn).toMatchObject({ phase: 'fast', gate: 12 });
    expect(enc.state.round).toBe(1);
    expect(goOf(enc)).toBe(HEROES);
    // Once someone acted in the slow phase, it is too late.
    const late = stepWithDice(quickAndSlow(true), [20], { type: 'start-combat', initiativeFactionId: HEROES }).encounter;
    const acted = run(late, take(late, 'Slow'));
    expect(refuse(acted, { type: 'set-gate', value: 12 }).code).toBe('gate/not-now');
  });

  it('refuses a threshold when fast/slow is off', () => {
    const enc = run(quickAndSlow(false), { type: 'start-combat', initiativeFactionId: HEROES });
    expect(refuse(enc, { type: 'set-gate', value: 10 }).code).toBe('gate/not-now');
  });

  it('lets the first faction be chosen again at the start of the slow phase', () => {
    let enc = stepWithDice(quickAndSlow(true), [10], { type: 'start-combat', initiativeFactionId: HEROES }).encounter;
    enc = run(enc, PASS, PASS);
    expect(enc.state.turn?.phase).toBe('slow');
    expect(goOf(run(enc, { type: 'choose-first-faction', factionId: ENEMIES }))).toBe(ENEMIES);
  });
});

describe('reactions spend the turn', () => {
  it('a character who reacted can\'t take a turn later in the round, nor react again', () => {
    let enc = twoOnTwo();
    enc = run(enc, take(enc, 'Ann'), { type: 'react', combatantId: idOf(enc, 'Bandit 1'), what: 'opportunity attack' });
    expect(refuse(enc, { type: 'react', combatantId: idOf(enc, 'Bandit 1') }).message).toMatch(/already used their turn this round and can't react/);
    expect(refuse(enc, { type: 'react', combatantId: idOf(enc, 'Ann') }).code).toBe('turn/reacting-self');
    enc = run(enc, END);
    expect(refuse(enc, take(enc, 'Bandit 1')).message).toMatch(/Bandit 1 has already used their turn this round/);
    expect(step(enc, take(enc, 'Bandit 2')).encounter.state.activeId).toBe(idOf(enc, 'Bandit 2'));
  });

  it('refuses a reaction from someone out of the fight', () => {
    let enc = twoOnTwo();
    enc = run(enc, { type: 'set-mark', combatantId: idOf(enc, 'Bandit 1'), mark: 'surrendered', on: true });
    expect(refuse(enc, { type: 'react', combatantId: idOf(enc, 'Bandit 1') }).code).toBe('turn/out');
  });

  it('moves the go on when the last character of the faction whose go it is reacts while nobody acts', () => {
    let enc = run(
      newZonesEncounter(3),
      addZ('Ann'),
      addZ('Bandit', { factionId: ENEMIES, quantity: 2 }),
      { type: 'start-combat', initiativeFactionId: HEROES },
    );
    expect(goOf(enc)).toBe(HEROES);
    const reacted = step(enc, { type: 'react', combatantId: idOf(enc, 'Ann') });
    expect(reacted.events.map((e) => e.type)).toEqual(['reaction-taken', 'go-moved']);
    expect(reacted.events[1]).toMatchObject({ factionId: ENEMIES });
    enc = reacted.encounter;
    expect(goOf(enc)).toBe(ENEMIES);
    // A bandit reacting leaves the other one to act: the go stays.
    const other = step(enc, { type: 'react', combatantId: idOf(enc, 'Bandit 1') });
    expect(other.events.map((e) => e.type)).toEqual(['reaction-taken']);
    expect(goOf(other.encounter)).toBe(ENEMIES);
  });

  it('counts an opportunity attack as the attacker\'s turn: a faction left with nobody passes by itself', () => {
    let enc = run(
      newZonesEncounter(3),
      { type: 'set-zones', zones: [{ id: 'gate', name: 'Gate', neighbours: ['yard'] }, { id: 'yard', name: 'Yard', neighbours: [] }] },
      addZ('Ann', { zoneId: 'gate' }),
      addZ('Bo', { zoneId: 'gate' }),
      addZ('Bandit', { factionId: ENEMIES, zoneId: 'gate' }),
      { type: 'start-combat', initiativeFactionId: HEROES },
    );
    enc = run(enc, take(enc, 'Ann'), { type: 'move', combatantId: idOf(enc, 'Ann'), zoneId: 'yard' });
    // Ann moves away; the bandit strikes at her out of turn.
    const attacked = step(enc, { type: 'zones/declare-attack', attackerId: idOf(enc, 'Bandit'), targetIds: [idOf(enc, 'Ann')] });
    expect(eventsOfType(attacked.events, 'zones/attack-declared')[0]).toMatchObject({ asReaction: true });
    // Ann normally can't react to it, and takes the blow (issue 39).
    enc = run(attacked.encounter, { type: 'zones/react-to-attack', reactorId: idOf(enc, 'Ann'), targetId: idOf(enc, 'Ann'), reaction: { kind: 'none' } });
    enc = run(enc, { type: 'answer-prompt', promptId: 'zones/leaving', answer: 'go' });
    expect(enc.state.turn?.spent).toContain(idOf(enc, 'Bandit'));
    const ended = step(enc, END);
    expect(eventsOfType(ended.events, 'go-moved')[0]).toMatchObject({ factionId: HEROES, skipped: [ENEMIES] });
    // Nobody may attack out of turn while nobody acts.
    expect(refuse(ended.encounter, { type: 'zones/declare-attack', attackerId: idOf(enc, 'Bo'), targetIds: [idOf(enc, 'Bandit')] }).code).toBe('attack/not-opportunity');
  });

  it('moves the go on when the GM takes the last character of that faction out while nobody acts', () => {
    let enc = run(
      newZonesEncounter(3),
      addZ('Ann'),
      addZ('Bandit', { factionId: ENEMIES, quantity: 2 }),
      { type: 'start-combat', initiativeFactionId: HEROES },
    );
    const downed = step(enc, { type: 'damage', combatantId: idOf(enc, 'Ann'), amount: 10 });
    expect(downed.events.map((e) => e.type)).toEqual(['combatant-damaged', 'go-moved']);
    enc = downed.encounter;
    expect(goOf(enc)).toBe(ENEMIES);
  });
});

describe('the action budget', () => {
  const use = (enc: Encounter, who: string, actionId: string, extra: Partial<Extract<Command, { type: 'use-action' }>> = {}): Command => ({
    type: 'use-action',
    combatantId: idOf(enc, who),
    actionId,
    ...extra,
  });

  function acting(): Encounter {
    const enc = twoOnTwo();
    return run(enc, take(enc, 'Ann'));
  }

  it('holds a bonus and a main action, in either order; a third is refused', () => {
    let enc = acting();
    enc = run(enc, use(enc, 'Ann', 'speak'), use(enc, 'Ann', 'interact', { spends: 'main' }));
    expect(enc.state.turn?.budget).toEqual({ bonus: 1, main: 1, moved: false, movement: 0 });
    const third = refuse(enc, use(enc, 'Ann', 'speak'));
    expect(third.code).toBe('action/spent');
    expect(third.message).toMatch(/no actions left this turn/);

    let other = acting();
    other = run(other, use(other, 'Ann', 'other', { spends: 'main' }), use(other, 'Ann', 'pick-up'));
    expect(refuse(other, use(other, 'Ann', 'pick-up')).code).toBe('action/spent');
  });

  it('holds two bonus actions instead, after which no main action is left', () => {
    let enc = acting();
    enc = run(enc, use(enc, 'Ann', 'pick-up'));
    expect(refuse(enc, use(enc, 'Ann', 'swap')).message).toMatch(/a main action or a bonus action left/);
    enc = run(enc, use(enc, 'Ann', 'consumable'));
    expect(refuse(enc, use(enc, 'Ann', 'interact', { spends: 'main' })).code).toBe('action/spent');
    expect(refuse(enc, { type: 'zones/declare-attack', attackerId: idOf(enc, 'Ann'), targetIds: [idOf(enc, 'Bandit 1')] }).message).toMatch(/no main action left/);
  });

  it('counts a swap as two bonus actions', () => {
    let enc = acting();
    const swapped = step(enc, use(enc, 'Ann', 'swap'));
    expect(swapped.events[0]).toMatchObject({ type: 'action-used', spends: 'two-bonus' });
    enc = swapped.encounter;
    expect(enc.state.turn?.budget.bonus).toBe(2);
    expect(refuse(enc, use(enc, 'Ann', 'speak')).code).toBe('action/spent');
  });

  it('counts an attack as the main action', () => {
    let enc = acting();
    enc = run(enc, { type: 'zones/declare-attack', attackerId: idOf(enc, 'Ann'), targetIds: [idOf(enc, 'Bandit 1')] });
    enc = run(enc, { type: 'zones/react-to-attack', reactorId: idOf(enc, 'Bandit 1'), targetId: idOf(enc, 'Bandit 1'), reaction: { kind: 'none' } });
    expect(refuse(enc, use(enc, 'Ann', 'interact', { spends: 'main' })).code).toBe('action/spent');
    expect(refuse(enc, { type: 'zones/declare-attack', attackerId: idOf(enc, 'Ann'), targetIds: [idOf(enc, 'Bandit 2')] }).code).toBe('action/spent');
    // The bonus action is still there.
    expect(step(enc, use(enc, 'Ann', 'speak')).encounter.state.turn?.budget).toEqual({ bonus: 1, main: 1, moved: false, movement: 0 });
  });

  it('makes surrender the whole turn and marks the character surrendered', () => {
    let enc = acting();
    const gaveUp = step(enc, use(enc, 'Ann', 'surrender'));
    expect(gaveUp.events).toEqual([
      expect.objectContaining({ type: 'action-used', spends: 'turn' }),
      { type: 'mark-set', combatantId: idOf(enc, 'Ann'), mark: 'surrendered', on: true },
    ]);
    enc = gaveUp.encounter;
    // Surrendered, Ann is out of the fight: nothing more this turn but ending it.
    expect(refuse(enc, use(enc, 'Ann', 'speak')).code).toBe('turn/out');
    expect(refuse(enc, { type: 'move', combatantId: idOf(enc, 'Ann'), zoneId: 'z1' }).code).toBe('turn/out');
    expect(enc.state.turn?.budget).toEqual({ bonus: 2, main: 1, moved: true, movement: 2 });
    expect(enc.state.combatants.find((c) => c.name === 'Ann')?.marks).toEqual(['surrendered']);
    // Not after anything else: surrendering takes the turn whole.
    let busy = acting();
    busy = run(busy, use(busy, 'Ann', 'speak'));
    expect(refuse(busy, use(busy, 'Ann', 'surrender')).code).toBe('action/spent');
  });

  it('refuses actions from someone who isn\'t acting, and unknown actions', () => {
    const enc = acting();
    expect(refuse(enc, use(enc, 'Bo', 'speak')).message).toMatch(/It isn't Bo's turn; pick them to act first/);
    expect(refuse(enc, use(enc, 'Ann', 'fly')).code).toBe('action/unknown');
    // 'move' is in the catalogue but has its own command.
    expect(refuse(enc, use(enc, 'Ann', 'move')).code).toBe('action/unknown');
  });
});

describe('movement', () => {
  const ZONES = [
    { id: 'gate', name: 'Gate', neighbours: ['yard'] },
    { id: 'yard', name: 'Yard', neighbours: ['gate', 'hall'] },
    { id: 'hall', name: 'Hall', neighbours: ['yard'] },
  ];

  function placed(): Encounter {
    return run(
      newZonesEncounter(3),
      { type: 'set-zones', zones: ZONES },
      addZ('Ann', { zoneId: 'gate' }),
      addZ('Bandit', { factionId: ENEMIES, zoneId: 'gate', quantity: 2 }),
      { type: 'start-combat', initiativeFactionId: HEROES },
    );
  }
  const move = (enc: Encounter, who: string, zoneId: string): Command => ({ type: 'move', combatantId: idOf(enc, who), zoneId });

  it('is one zone a turn, only to a neighbouring zone, around the actions', () => {
    let enc = placed();
    enc = run(enc, take(enc, 'Ann'));
    expect(refuse(enc, move(enc, 'Ann', 'hall')).message).toMatch(/Hall doesn't border Gate; a turn's movement is one zone/);
    expect(refuse(enc, move(enc, 'Ann', 'gate')).code).toBe('move/same-zone');
    expect(refuse(enc, move(enc, 'Ann', 'cellar')).code).toBe('zone/unknown');
    enc = run(enc, { type: 'use-action', combatantId: idOf(enc, 'Ann'), actionId: 'speak' });
    enc = moveOn(enc, move(enc, 'Ann', 'yard')).encounter;
    expect(enc.state.combatants.find((c) => c.name === 'Ann')?.zoneId).toBe('yard');
    expect(refuse(enc, move(enc, 'Ann', 'hall')).message).toMatch(/already moved a zone this turn/);
    // Actions are still allowed after moving.
    enc = run(enc, { type: 'use-action', combatantId: idOf(enc, 'Ann'), actionId: 'other', spends: 'main' });
    expect(enc.state.turn?.budget).toEqual({ bonus: 1, main: 1, moved: true, movement: 2 });
  });

  it('is refused to someone who isn\'t acting', () => {
    const enc = placed();
    expect(refuse(enc, move(enc, 'Ann', 'yard')).code).toBe('turn/not-acting');
  });

  it('is refused to a grabbed character, and the grabber carries them along', () => {
    let enc = placed();
    enc = run(enc, take(enc, 'Ann'));
    // Ann grapples Bandit 1, who fails the STR save (20 > 10).
    enc = run(enc, { type: 'zones/declare-attack', attackerId: idOf(enc, 'Ann'), targetIds: [idOf(enc, 'Bandit 1')], intent: 'grapple' });
    enc = stepWithDice(enc, [20], { type: 'zones/react-to-attack', reactorId: idOf(enc, 'Bandit 1'), targetId: idOf(enc, 'Bandit 1'), reaction: { kind: 'none' } }).encounter;
    expect(heldOf(enc.state.combatants.find((c) => c.name === 'Bandit 1'))).toBe(idOf(enc, 'Ann'));
    const moved = moveOn(enc, move(enc, 'Ann', 'yard'));
    expect(moved.events[0]).toEqual({ type: 'moved', combatantId: idOf(enc, 'Ann'), from: 'gate', to: 'yard', fromBorder: null, toBorder: null, halves: 2, carried: [idOf(enc, 'Bandit 1')] });
    enc = run(moved.encounter, END);
    expect(enc.state.combatants.filter((c) => c.zoneId === 'yard').map((c) => c.name)).toEqual(['Ann', 'Bandit 1']);
    enc = run(enc, take(enc, 'Bandit 1'));
    expect(refuse(enc, move(enc, 'Bandit 1', 'gate')).message).toMatch(/Bandit 1 is held by Ann and can't move away/);
  });

  it('keeps the hold while the grabber attacks the held one, and lets go when they do anything else', () => {
    // Ann grabs Bandit 1 (STR save 20 fails), then next round acts with the hold.
    const grabbed = (): Encounter => {
      let enc = placed();
      enc = run(enc, take(enc, 'Ann'), { type: 'zones/declare-attack', attackerId: idOf(enc, 'Ann'), targetIds: [idOf(enc, 'Bandit 1')], intent: 'grapple' });
      enc = stepWithDice(enc, [20], { type: 'zones/react-to-attack', reactorId: idOf(enc, 'Bandit 1'), targetId: idOf(enc, 'Bandit 1'), reaction: { kind: 'none' } }).encounter;
      // The bandits pass; Ann has acted, so the heroes pass by themselves and round 2 opens.
      enc = run(enc, END, PASS);
      return run(enc, take(enc, 'Ann'));
    };
    const heldBy = (enc: Encounter) => heldOf(enc.state.combatants.find((c) => c.name === 'Bandit 1')) ?? null;
    expect(heldBy(grabbed())).toBe(idOf(grabbed(), 'Ann'));

    // Striking the held bandit keeps the hold.
    let enc = grabbed();
    enc = run(enc, { type: 'zones/declare-attack', attackerId: idOf(enc, 'Ann'), targetIds: [idOf(enc, 'Bandit 1')], situation: { targetsAware: false } });
    expect(heldBy(enc)).toBe(idOf(enc, 'Ann'));

    // Striking the other bandit lets go first, in the log.
    enc = grabbed();
    const other = step(enc, { type: 'zones/declare-attack', attackerId: idOf(enc, 'Ann'), targetIds: [idOf(enc, 'Bandit 2')], situation: { targetsAware: false } });
    expect(other.events[0]).toEqual({ type: 'zones/grab-set', combatantId: idOf(enc, 'Bandit 1'), grabbedBy: null });
    expect(heldBy(other.encounter)).toBeNull();

    // So does any action, even a few words.
    enc = grabbed();
    expect(heldBy(run(enc, { type: 'use-action', combatantId: idOf(enc, 'Ann'), actionId: 'speak' }))).toBeNull();
  });

  it('frees a grabbed character whose grabber is out of the fight', () => {
    let enc = placed();
    enc = run(enc, take(enc, 'Ann'), { type: 'zones/declare-attack', attackerId: idOf(enc, 'Ann'), targetIds: [idOf(enc, 'Bandit 1')], intent: 'grapple' });
    enc = stepWithDice(enc, [20], { type: 'zones/react-to-attack', reactorId: idOf(enc, 'Bandit 1'), targetId: idOf(enc, 'Bandit 1'), reaction: { kind: 'none' } }).encounter;
    enc = run(enc, END, { type: 'set-mark', combatantId: idOf(enc, 'Ann'), mark: 'dead', on: true });
    enc = run(enc, take(enc, 'Bandit 1'));
    expect(step(enc, move(enc, 'Bandit 1', 'yard')).encounter.state.combatants.find((c) => c.name === 'Bandit 1')?.zoneId).toBe('yard');
  });
});

describe('undo', () => {
  it('takes back a whole command in one step, however many events it made', () => {
    let enc = act(twoOnTwo(), 'Ann');
    enc = run(enc, PASS);
    const before = enc;
    // This pass ends the round: faction-passed, go-moved and phase-started in one step.
    const after = step(enc, PASS).encounter;
    expect(after.events.length - before.events.length).toBe(3);
    const undone = undo(after);
    expect(undone.state).toEqual(before.state);
    expect(undone.events).toEqual(before.events);
  });

  it('takes back a reaction and the go it moved', () => {
    const enc = run(newZonesEncounter(3), addZ('Ann'), addZ('Bandit', { factionId: ENEMIES }), { type: 'start-combat', initiativeFactionId: HEROES });
    const reacted = step(enc, { type: 'react', combatantId: idOf(enc, 'Ann') }).encounter;
    expect(goOf(reacted)).toBe(ENEMIES);
    expect(undo(reacted).state).toEqual(enc.state);
  });

  it('takes back the start of a fast/slow fight with its threshold', () => {
    const enc = run(newZonesEncounter(3), { type: 'set-setting', key: 'fastSlow', value: true }, addZ('Ann'), addZ('Bandit', { factionId: ENEMIES }));
    const started = step(enc, { type: 'start-combat' }).encounter;
    expect(undo(started).state).toEqual(enc.state);
  });
});

describe('a character taken out during their own turn', () => {
  const ZONES = [
    { id: 'gate', name: 'Gate', neighbours: ['yard'] },
    { id: 'yard', name: 'Yard', neighbours: ['gate'] },
  ];

  it('can only end the turn: no moving, no actions, no attacks', () => {
    let enc = run(
      newZonesEncounter(3),
      { type: 'set-zones', zones: ZONES },
      addZ('Ann', { zoneId: 'gate' }),
      addZ('Bandit', { factionId: ENEMIES, zoneId: 'gate' }),
      { type: 'start-combat', initiativeFactionId: HEROES },
    );
    enc = run(enc, take(enc, 'Ann'));
    const ann = idOf(enc, 'Ann');
    const outs: Command[] = [
      { type: 'damage', combatantId: ann, amount: 10 },
      { type: 'set-mark', combatantId: ann, mark: 'dead', on: true },
      { type: 'set-mark', combatantId: ann, mark: 'surrendered', on: true },
      { type: 'set-mark', combatantId: ann, mark: 'retreated', on: true },
    ];
    for (const out of outs) {
      const down = run(enc, out);
      expect(down.state.activeId).toBe(ann);
      const moving = refuse(down, { type: 'move', combatantId: ann, zoneId: 'yard' });
      expect(moving.code).toBe('turn/out');
      expect(moving.message).toMatch(/Ann is out of the fight and can't go on acting; end their turn/);
      expect(refuse(down, { type: 'use-action', combatantId: ann, actionId: 'speak' }).code).toBe('turn/out');
      expect(refuse(down, { type: 'zones/declare-attack', attackerId: ann, targetIds: [idOf(enc, 'Bandit')] }).code).toBe('attack/out');
      const ended = step(down, END).encounter;
      expect(ended.state.activeId).toBeNull();
      expect(goOf(ended)).toBe(ENEMIES);
    }
  });
});

describe('only the ambushers act during the ambush', () => {
  function ambushed(): Encounter {
    return run(
      newZonesEncounter(9),
      addZ('Archer', { concealed: true, gear: [{ name: 'Bow', kind: 'weapon', reach: 'ranged', range: 4, damage: 'd6' }] }),
      addZ('Knight'),
      addZ('Bandit', { factionId: ENEMIES, quantity: 2 }),
      { type: 'start-combat', initiativeFactionId: HEROES },
    );
  }

  it('refuses reactions and opportunity attacks from anyone else', () => {
    let enc = ambushed();
    expect(enc.state.turn?.phase).toBe('ambush');
    const knight = refuse(enc, { type: 'react', combatantId: idOf(enc, 'Knight') });
    expect(knight.code).toBe('turn/ambush');
    expect(knight.message).toBe('Only the ambushers act during the ambush.');
    expect(refuse(enc, { type: 'react', combatantId: idOf(enc, 'Bandit 1') }).code).toBe('turn/ambush');
    enc = run(enc, take(enc, 'Archer'));
    expect(refuse(enc, { type: 'zones/declare-attack', attackerId: idOf(enc, 'Bandit 1'), targetIds: [idOf(enc, 'Archer')] }).code).toBe('turn/ambush');
  });

  it('lets a target answer a stunt but not react, and nobody guard them', () => {
    let enc = run(ambushed(), take(ambushed(), 'Archer'));
    enc = run(enc, {
      type: 'zones/declare-attack',
      attackerId: idOf(enc, 'Archer'),
      weaponId: gearNamed(enc, 'Archer', 'Bow').id,
      targetIds: [idOf(enc, 'Bandit 1')],
      intent: 'stunt',
      stunt: 'pin their cloak to the door',
    });
    expect(zonesFight(enc.state).pendingAttack?.awaiting).toEqual([idOf(enc, 'Bandit 1')]);
    const react = (reactor: string, reaction: ZonesCommandOf<'zones/react-to-attack'>['reaction']): Command => ({
      type: 'zones/react-to-attack',
      reactorId: idOf(enc, reactor),
      targetId: idOf(enc, 'Bandit 1'),
      reaction,
    });
    expect(refuse(enc, react('Bandit 2', { kind: 'guard', guardId: idOf(enc, 'Bandit 2') })).code).toBe('turn/ambush');
    expect(refuse(enc, react('Knight', { kind: 'guard', guardId: idOf(enc, 'Knight') })).code).toBe('turn/ambush');
    expect(refuse(enc, react('Bandit 1', { kind: 'dodge' })).code).toBe('turn/ambush');
    expect(zonesFight(step(enc, react('Bandit 1', { kind: 'accept-stunt' })).encounter.state).pendingAttack).toBeNull();
  });
});

describe('a faction left with nobody to act', () => {
  function oneOnTwo(extra: Command[] = []): Encounter {
    const enc = run(newZonesEncounter(3), addZ('Ann'), addZ('Bandit', { factionId: ENEMIES, quantity: 2 }));
    return run(enc, ...extra, { type: 'start-combat', initiativeFactionId: ENEMIES });
  }

  it('counts as passing: when the other faction has passed already, the round ends', () => {
    let enc = run(oneOnTwo(), PASS);
    expect(goOf(enc)).toBe(HEROES);
    const downed = step(enc, { type: 'damage', combatantId: idOf(enc, 'Ann'), amount: 10 });
    expect(downed.events.map((e) => e.type)).toEqual(['combatant-damaged', 'go-moved', 'phase-started']);
    expect(downed.events[1]).toMatchObject({ type: 'go-moved', factionId: null, skipped: [HEROES] });
    enc = downed.encounter;
    expect(enc.state.round).toBe(2);
    expect(goOf(enc)).toBe(ENEMIES);
  });

  it('counts as passing, and the morale phase opens at the end of the round if a check is due', () => {
    const base = oneOnTwo();
    let enc = run(base, { type: 'set-track', combatantId: idOf(base, 'Bandit 2'), track: 'health', value: 0 });
    enc = run(enc, PASS);
    const downed = step(enc, { type: 'damage', combatantId: idOf(enc, 'Ann'), amount: 10 });
    expect(downed.events.map((e) => e.type)).toEqual(['combatant-damaged', 'go-moved', 'zones/morale-phase-started']);
    expect(downed.encounter.state.turn).toMatchObject({ phase: 'morale' });
    expect(zonesFight(downed.encounter.state).moraleDue).toEqual([ENEMIES]);
  });

  it('moves the go on without ending the round when the other faction hasn\'t passed', () => {
    const enc = oneOnTwo();
    const bandits = run(enc, take(enc, 'Bandit 1'), END);
    expect(goOf(bandits)).toBe(HEROES);
    const downed = step(bandits, { type: 'damage', combatantId: idOf(enc, 'Ann'), amount: 10 });
    expect(downed.events[1]).toMatchObject({ type: 'go-moved', factionId: ENEMIES, skipped: [HEROES] });
    expect(downed.encounter.state.round).toBe(1);
  });
});

describe('a round where nobody can act', () => {
  function stalled(): Encounter {
    let enc = run(newZonesEncounter(3), addZ('Ann'), addZ('Bandit', { factionId: ENEMIES }));
    enc = run(enc, { type: 'set-track', combatantId: idOf(enc, 'Ann'), track: 'health', value: 0 }, { type: 'set-track', combatantId: idOf(enc, 'Bandit'), track: 'health', value: 0 });
    enc = run(enc, { type: 'start-combat', initiativeFactionId: HEROES });
    expect(enc.state.turn).toMatchObject({ phase: 'main', factionId: null });
    return enc;
  }

  it('says so instead of naming nobody\'s go', () => {
    const enc = stalled();
    for (const refused of [refuse(enc, END), refuse(enc, PASS), refuse(enc, { type: 'next-turn' })]) {
      expect(refused.message).toMatch(/No one left can take a turn: heal someone, bring someone in, or end the fight\./);
      expect(refused.message).not.toMatch(/nobody's go|from nobody/i);
    }
  });

  it('opens again, same round and phase, once someone can act: healed', () => {
    const enc = stalled();
    const healed = step(enc, { type: 'heal', combatantId: idOf(enc, 'Bandit'), amount: 3 });
    expect(healed.events.map((e) => e.type)).toEqual(['combatant-healed', 'phase-started']);
    // The heroes hold the initiative but can't act: they pass by themselves.
    expect(healed.events[1]).toMatchObject({ round: 1, phase: 'main', factionId: ENEMIES, skipped: [HEROES], gate: null });
    expect(step(healed.encounter, take(enc, 'Bandit')).encounter.state.activeId).toBe(idOf(enc, 'Bandit'));
  });

  it('opens again for a newcomer, or a mark taken off', () => {
    const enc = stalled();
    const joined = step(enc, addZ('Bo'));
    expect(eventsOfType(joined.events, 'phase-started')).toEqual([expect.objectContaining({ round: 1, phase: 'main', factionId: HEROES })]);

    let fled = run(newZonesEncounter(3), addZ('Ann'), addZ('Bandit', { factionId: ENEMIES }));
    fled = run(
      fled,
      { type: 'set-mark', combatantId: idOf(fled, 'Ann'), mark: 'dead', on: true },
      { type: 'set-mark', combatantId: idOf(fled, 'Bandit'), mark: 'retreated', on: true },
      { type: 'start-combat', initiativeFactionId: HEROES },
    );
    expect(goOf(fled)).toBeNull();
    const back = step(fled, { type: 'set-mark', combatantId: idOf(fled, 'Bandit'), mark: 'retreated', on: false });
    expect(eventsOfType(back.events, 'phase-started')).toEqual([expect.objectContaining({ round: 1, factionId: ENEMIES })]);
  });

  it('keeps a fast phase waiting for the GM\'s threshold die as it is', () => {
    let enc = run(
      newZonesEncounter(3),
      { type: 'set-setting', key: 'fastSlow', value: true },
      { type: 'set-setting', key: 'thresholdByHand', value: true },
      addZ('Ann'),
      addZ('Bandit', { factionId: ENEMIES }),
      { type: 'start-combat', initiativeFactionId: HEROES },
    );
    expect(enc.state.turn).toMatchObject({ phase: 'fast', gate: null, factionId: null });
    const hurt = step(enc, { type: 'damage', combatantId: idOf(enc, 'Ann'), amount: 1 });
    expect(hurt.events.map((e) => e.type)).toEqual(['combatant-damaged']);
    enc = hurt.encounter;
    expect(enc.state.turn).toMatchObject({ phase: 'fast', gate: null, factionId: null });
  });
});

describe('refusals say what the round is waiting for', () => {
  it('in the morale phase', () => {
    let enc = run(newZonesEncounter(3), addZ('Ann'), addZ('Bandit', { factionId: ENEMIES, quantity: 2 }), { type: 'start-combat', initiativeFactionId: HEROES });
    enc = run(enc, { type: 'set-track', combatantId: idOf(enc, 'Bandit 2'), track: 'health', value: 0 }, PASS, PASS);
    expect(enc.state.turn?.phase).toBe('morale');
    const morale = "It's the morale phase: roll or skip the morale checks, then the next round starts.";
    expect(refuse(enc, PASS).message).toMatch(morale);
    expect(refuse(enc, END).message).toMatch(morale);
    expect(refuse(enc, { type: 'next-turn' }).message).toMatch(morale);
  });
});

describe('the initiative preset', () => {
  it('can be set back to unclear, so it is drawn at random when combat starts', () => {
    let enc = run(newZonesEncounter(11), addZ('Ann'), addZ('Bandit', { factionId: ENEMIES }), { type: 'set-initiative-faction', factionId: ENEMIES });
    const cleared = step(enc, { type: 'set-initiative-faction', factionId: null });
    expect(cleared.events).toEqual([{ type: 'initiative-faction-set', factionId: null }]);
    enc = cleared.encounter;
    expect(enc.state.initiativeFactionId).toBeNull();
    const started = stepWithDice(enc, [1], { type: 'start-combat' });
    expect(eventsOfType(started.events, 'initiative-held')[0]).toMatchObject({ factionId: HEROES, roll: { notation: 'd2', total: 1 } });
  });
});

describe('gateEntryOpen', () => {
  it('is true exactly when set-threshold is accepted', () => {
    const base = run(
      newZonesEncounter(21),
      { type: 'set-setting', key: 'fastSlow', value: true },
      addZ('Quick', { wit: 15 }),
      addZ('Slow', { wit: 5 }),
      addZ('Bandit', { factionId: ENEMIES, wit: 12 }),
    );
    const rolled = stepWithDice(base, [10], { type: 'start-combat', initiativeFactionId: HEROES }).encounter;
    const emptied = stepWithDice(base, [20], { type: 'start-combat', initiativeFactionId: HEROES }).encounter;
    const byHand = run(base, { type: 'set-setting', key: 'thresholdByHand', value: true }, { type: 'start-combat', initiativeFactionId: HEROES });
    const states = [
      base,
      rolled,
      run(rolled, take(rolled, 'Quick')),
      run(rolled, PASS),
      run(rolled, take(rolled, 'Quick'), { type: 'zones/declare-attack', attackerId: idOf(rolled, 'Quick'), targetIds: [idOf(rolled, 'Bandit')] }),
      emptied,
      run(emptied, take(emptied, 'Slow')),
      byHand,
      run(twoOnTwo(), PASS),
    ];
    const open = states.map((enc) => gateEntryOpen(zonesTurns, enc.state));
    expect(open).toEqual(states.map((enc) => dispatch(enc, { type: 'set-gate', value: 12 }).ok));
    expect(open).toEqual([false, true, false, false, false, true, false, true, false]);
  });
});

describe("Zones & Factions' action economy", () => {
  const b = (bonus: number, main: number, moved = false): TurnBudget => ({ bonus, main, moved, movement: moved ? 2 : 0 });

  it('holds a bonus and a main action, or two bonus actions; a whole-turn action comes alone', () => {
    expect(costAllowed(ZONES_ECONOMY, b(0, 0), 'bonus')).toBe(true);
    expect(costAllowed(ZONES_ECONOMY, b(1, 0), 'bonus')).toBe(true);
    expect(costAllowed(ZONES_ECONOMY, b(0, 1), 'bonus')).toBe(true);
    expect(costAllowed(ZONES_ECONOMY, b(1, 1), 'bonus')).toBe(false);
    expect(costAllowed(ZONES_ECONOMY, b(2, 0), 'bonus')).toBe(false);
    expect(costAllowed(ZONES_ECONOMY, b(1, 0), 'main')).toBe(true);
    expect(costAllowed(ZONES_ECONOMY, b(2, 0), 'main')).toBe(false);
    expect(costAllowed(ZONES_ECONOMY, b(0, 1), 'main')).toBe(false);
    expect(costAllowed(ZONES_ECONOMY, b(0, 0), 'two-bonus')).toBe(true);
    expect(costAllowed(ZONES_ECONOMY, b(1, 0), 'two-bonus')).toBe(false);
    expect(costAllowed(ZONES_ECONOMY, b(0, 0), 'turn')).toBe(true);
    expect(costAllowed(ZONES_ECONOMY, b(0, 0, true), 'turn')).toBe(false);
    // Moving never costs an action.
    expect(costAllowed(ZONES_ECONOMY, b(0, 0, true), 'main')).toBe(true);
  });
});

describe('removing a combatant while factions alternate', () => {
  it('ends the acting character\'s turn first, so end-of-turn timers run out, then passes the go on', () => {
    let enc = twoOnTwo();
    enc = run(enc, {
      type: 'add-condition',
      combatantId: idOf(enc, 'Bandit 1'),
      name: 'Dazed',
      duration: { rounds: 1, endsOn: 'turn-end', anchorId: idOf(enc, 'Ann') },
    });
    enc = run(enc, take(enc, 'Ann'));
    const removed = step(enc, { type: 'remove-combatant', combatantId: idOf(enc, 'Ann') });
    expect(removed.events.map((e) => e.type)).toEqual(['turn-ended', 'combatant-removed', 'go-moved']);
    expect(removed.events[0]).toMatchObject({ combatantId: idOf(enc, 'Ann'), expired: [expect.objectContaining({ name: 'Dazed' })] });
    expect(removed.events[2]).toMatchObject({ factionId: ENEMIES });
    enc = removed.encounter;
    expect(enc.state.activeId).toBeNull();
    expect(enc.state.combatants.find((c) => c.name === 'Bandit 1')?.conditions).toEqual([]);
    expect(goOf(enc)).toBe(ENEMIES);
  });

  it('moves the go on when the last of the faction whose go it is goes', () => {
    const enc = run(newZonesEncounter(3), addZ('Ann'), addZ('Bandit', { factionId: ENEMIES, quantity: 2 }), { type: 'start-combat', initiativeFactionId: HEROES });
    const removed = step(enc, { type: 'remove-combatant', combatantId: idOf(enc, 'Ann') });
    expect(removed.events.map((e) => e.type)).toEqual(['combatant-removed', 'go-moved']);
    expect(goOf(removed.encounter)).toBe(ENEMIES);
  });

  it('leaves the go alone when someone else goes', () => {
    const enc = twoOnTwo();
    const removed = step(enc, { type: 'remove-combatant', combatantId: idOf(enc, 'Bandit 2') });
    expect(removed.events.map((e) => e.type)).toEqual(['combatant-removed']);
    expect(goOf(removed.encounter)).toBe(HEROES);
  });
});
