import { describe, expect, it } from 'vitest';
import type { Encounter } from '../../encounter/encounter';
import { combatantNamed, ENEMIES, HEROES, idOf, refuse, run, stepWithDice } from '../../test-support';
import { personOf } from './person';
import { eventOf, newThreeActions } from './testing';

// The actions whose effect lasts "until next turn", and the free ones. The action table: "Guard |
// End your turn but gain a +1 bonus to all defences and defence tests until next turn"; "Seek
// Cover | Give ranged attackers disadvantage while behind cover until next turn"; "Wait | End your
// turn but gain an extra reaction until next turn"; "Ready an Action | End your turn declaring an
// action as a reaction with a trigger condition. Lasts until next turn or when triggered"; "Drop
// Prone | Become prone, giving ranged attackers disadvantage and melee attackers advantage";
// "Step | Once per turn, take a 1m step instead of a move action".

const BOW = { name: 'Bow', kind: 'weapon', test: 'd6+d6', damage: 3, critDamage: 6, critOn: 20, damageType: 'physical', delivery: 'projectile' };
const CLUB = { name: 'Club', kind: 'weapon', test: 'd6+d6', damage: 3, critDamage: 6, critOn: 20, damageType: 'physical', delivery: 'melee' };
const SHIELD = { name: 'Shield', kind: 'item', block: 3, parry: 1, durability: 10 };

/** Ada (heroes, bow and club) and Orc (enemies, club and shield); Ada's turn first. */
function fight(settings: Record<string, string | number | boolean> = {}): Encounter {
  let e = run(
    newThreeActions(),
    { type: 'add-combatant', name: 'Ada', factionId: HEROES, stats: { evasion: 6, deflection: 2 }, tracks: { endurance: 12, health: 12, stamina: 3 }, rules: { gear: [BOW, CLUB] } },
    { type: 'add-combatant', name: 'Orc', factionId: ENEMIES, stats: { evasion: 6, deflection: 2 }, tracks: { endurance: 12, health: 12, stamina: 3 }, rules: { gear: [CLUB, SHIELD] } },
    ...Object.entries(settings).map(([key, value]) => ({ type: 'set-setting' as const, key, value })),
    { type: 'start-combat', initiativeFactionId: HEROES },
  );
  e = run(e, { type: 'take-turn', combatantId: idOf(e, 'Ada') });
  return e;
}

const use = (e: Encounter, name: string, actionId: string) => ({ type: 'use-action' as const, combatantId: idOf(e, name), actionId });
const weapon = (e: Encounter, who: string, name: string) => personOf(combatantNamed(e, who)).gear.find((g) => g.name === name)!.id;

function attack(e: Encounter, who: string, at: string, with_: string, dice: number[], extra: Record<string, unknown> = {}) {
  const step = stepWithDice(e, dice, { type: 'three-actions/attack', attackerId: idOf(e, who), targetId: idOf(e, at), weaponId: weapon(e, who, with_), ...extra } as never);
  const event = eventOf(step.events, 'three-actions/attacked');
  return { encounter: step.encounter, event };
}

const conditions = (e: Encounter, who: string) => combatantNamed(e, who).conditions.map((k) => k.name);

describe('Three Actions: Guard', () => {
  it('ends the turn with +1 to evasion and deflection against attacks until Ada\'s next turn', () => {
    let e = run(fight(), use(fight(), 'Ada', 'guard'));
    expect(conditions(e, 'Ada')).toEqual(['Guarding']);
    e = run(e, { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(e, 'Orc') });
    // The Orc's 6 (3 + 3) would tie evasion 6 and hit; against 7 it misses. Luck 5.
    const missed = attack(e, 'Orc', 'Ada', 'Club', [5, 3, 3]);
    expect(missed.event).toMatchObject({ result: 6, evasion: 7, hit: false });
    // 7 hits: 7 + 3 = 10 less deflection 3 (2 + 1) = 7, once she takes it (she could dodge).
    const hit = attack(e, 'Orc', 'Ada', 'Club', [5, 3, 4]);
    expect(hit.event).toMatchObject({ result: 7, evasion: 7, hit: true, deflection: 3, awaitsDefence: true });
    const taken = run(hit.encounter, { type: 'answer-prompt', promptId: hit.encounter.state.prompts![0]!.id, answer: { defence: 'none' } });
    expect(combatantNamed(taken, 'Ada').tracks.endurance?.value).toBe(5);
    // "+1 … to defence tests": her fortify after the GM's 20 damage (missing 8 of health) adds 1.
    const hurt = run(e, { type: 'damage', combatantId: idOf(e, 'Ada'), amount: 20 });
    const prompt = hurt.state.prompts?.[0];
    if (!prompt) throw new Error('no fortify asked');
    const fortified = stepWithDice(hurt, [5, 7], { type: 'answer-prompt', promptId: prompt.id, answer: { fortify: true, test: 'd6' } });
    expect(fortified.events.at(-1)).toMatchObject({ type: 'three-actions/fortified', difficulty: 8, success: false, roll: { total: 6 } });
    // Ada's next turn: the guard is down.
    e = run(missed.encounter, { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(e, 'Ada') });
    expect(conditions(e, 'Ada')).toEqual([]);
  });
});

describe('Three Actions: Seek cover and lying prone', () => {
  it('gives a shot at someone behind cover disadvantage: the test rolled twice, the worse kept', () => {
    let e = fight();
    e = run(e, { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(e, 'Orc') }, use(e, 'Orc', 'seek-cover'), { type: 'end-turn' });
    e = run(e, { type: 'take-turn', combatantId: idOf(e, 'Ada') });
    expect(conditions(e, 'Orc')).toEqual(['Behind cover']);
    // Luck 5; the bow's tests 6+6 and 2+2: the 4 is kept and misses.
    const shot = attack(e, 'Ada', 'Orc', 'Bow', [5, 6, 6, 2, 2]);
    expect(shot.event).toMatchObject({ kept: 1, result: 4, hit: false });
    // A melee blow doesn't care for cover: one roll.
    const blow = attack(e, 'Ada', 'Orc', 'Club', [5, 2, 2]);
    expect(blow.event.tests).toHaveLength(1);
  });

  it('drops prone for free: shots at disadvantage, blows at advantage, until they stand up', () => {
    let e = fight();
    e = run(e, { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(e, 'Orc') }, use(e, 'Orc', 'drop-prone'));
    // Free: all three actions are still there.
    e = run(e, use(e, 'Orc', 'interact'), use(e, 'Orc', 'interact'), use(e, 'Orc', 'interact'), { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(e, 'Ada') });
    expect(conditions(e, 'Orc')).toEqual(['Prone']);
    expect(attack(e, 'Ada', 'Orc', 'Bow', [5, 6, 6, 1, 1]).event).toMatchObject({ kept: 1, result: 2 });
    expect(attack(e, 'Ada', 'Orc', 'Club', [5, 1, 1, 6, 6]).event).toMatchObject({ kept: 1, result: 12 });
    // Advantage as +2 (the setting): 2 + 2 = 4.
    const plus = fight({ advantage: 'plus-two' });
    let p = run(plus, { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(plus, 'Orc') }, use(plus, 'Orc', 'drop-prone'), { type: 'end-turn' });
    p = run(p, { type: 'take-turn', combatantId: idOf(p, 'Ada') });
    expect(attack(p, 'Ada', 'Orc', 'Club', [5, 1, 1]).event).toMatchObject({ modifier: 2, result: 4 });
    // Standing up takes an action and ends it.
    p = run(p, { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(p, 'Orc') }, use(p, 'Orc', 'stand-up'));
    expect(conditions(p, 'Orc')).toEqual([]);
  });
});

describe('Three Actions: Wait and Ready', () => {
  it('waits for an extra reaction until the next turn: two dodges in one round', () => {
    let e = run(fight(), use(fight(), 'Ada', 'wait'));
    expect(conditions(e, 'Ada')).toEqual(['Waiting']);
    e = run(e, { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(e, 'Orc') });
    e = run(e, use(e, 'Ada', 'dodge'), use(e, 'Ada', 'dodge'));
    expect(refuse(e, use(e, 'Ada', 'dodge')).message).toContain('no reaction left');
    expect(combatantNamed(e, 'Ada').tracks.stamina?.value).toBe(1);
  });

  it('readies an attack: taken out of turn as the reaction, counted for the multiple-attack penalty', () => {
    // Ada shoots on her turn (luck 5, 1 + 1: a miss), then readies a blow.
    let e = attack(fight(), 'Ada', 'Orc', 'Bow', [5, 1, 1]).encounter;
    e = run(e, { type: 'three-actions/ready', combatantId: idOf(e, 'Ada'), actionId: 'attack', trigger: 'the orc steps up' } as never);
    expect(conditions(e, 'Ada')).toEqual(['Action readied']);
    e = run(e, { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(e, 'Orc') });
    const readied = attack(e, 'Ada', 'Orc', 'Club', [5, 1, 2]);
    // One earlier attack this round: −2.
    expect(readied.event).toMatchObject({ paid: 'reaction', modifier: -2, result: 1, hit: false });
    expect(conditions(readied.encounter, 'Ada')).toEqual([]);
    // The reaction is spent and the readied action gone: no second one.
    expect(refuse(readied.encounter, { type: 'three-actions/attack', attackerId: idOf(e, 'Ada'), targetId: idOf(e, 'Orc'), weaponId: weapon(e, 'Ada', 'Club') }).code).toBe('three-actions/not-acting');
    expect(refuse(readied.encounter, use(e, 'Ada', 'dodge')).message).toContain('no reaction left');
  });
});

describe('Three Actions: a step, or a move', () => {
  it('takes a free 1 m step once a turn, instead of a move (a setting)', () => {
    let e = run(fight(), use(fight(), 'Ada', 'step'));
    expect(refuse(e, use(e, 'Ada', 'step')).message).toBe('Step is taken at most once a turn.');
    expect(refuse(e, use(e, 'Ada', 'move')).message).toBe('Ada took a step this turn, which is instead of a move.');
    // Three actions still to spend.
    e = run(e, use(e, 'Ada', 'interact'), use(e, 'Ada', 'interact'), use(e, 'Ada', 'interact'));
    const both = fight({ stepExcludesMove: false });
    run(both, use(both, 'Ada', 'move'), use(both, 'Ada', 'step'));
    const moved = run(fight(), use(fight(), 'Ada', 'move'));
    expect(refuse(moved, use(moved, 'Ada', 'step')).message).toBe('Ada moved this turn; a step is instead of a move.');
  });
});

describe('Three Actions: when the reaction comes back (a setting)', () => {
  // "During each round, characters may also take up to one reaction … recovered at the start of each turn."
  it('once a round: a reaction spent before one\'s own turn is not back at it', () => {
    const start = (reactionBack: string) => {
      const e = fight({ reactionBack });
      // Ada ends her turn; on the Orc's she dodges; round 1 ends and round 2 starts with the Orc.
      const orcTurn = run(e, { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(e, 'Orc') }, use(e, 'Ada', 'dodge'), { type: 'end-turn' });
      return orcTurn;
    };
    const perTurn = run(start('turn'), { type: 'take-turn', combatantId: idOf(start('turn'), 'Ada') });
    expect(perTurn.state.round).toBe(2);
    run(perTurn, use(perTurn, 'Ada', 'dodge'));
    // Once a round: spent in round 1, so it came back with round 2 all the same.
    const perRound = run(start('round'), { type: 'take-turn', combatantId: idOf(start('round'), 'Ada') });
    run(perRound, use(perRound, 'Ada', 'dodge'));
    // But spent on her own turn in round 2, it stays spent through the Orc's turn in that round.
    const spent = run(perRound, use(perRound, 'Ada', 'dodge'), { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(perRound, 'Orc') });
    expect(refuse(spent, use(spent, 'Ada', 'dodge')).message).toContain('no reaction left');
  });
});
