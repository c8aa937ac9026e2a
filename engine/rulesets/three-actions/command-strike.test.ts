import { describe, expect, it } from 'vitest';
import type { Encounter } from '../../encounter/encounter';
import { combatantNamed, ENEMIES, HEROES, idOf, refuse, run, stepWithDice } from '../../test-support';
import { personOf } from './person';
import { newThreeActions } from './testing';

// Command, resuscitate and the killing strike: the actions that name someone else.

const CLUB = { name: 'Club', kind: 'weapon', test: 'd6+d6', damage: 3, critDamage: 6, critOn: 20, damageType: 'physical', delivery: 'melee' };

/** Roland and Clementine (players), a goblin and a guard (enemies); Clementine's turn first. */
function fight(settings: Record<string, number | string> = {}): Encounter {
  let e = run(
    newThreeActions(),
    { type: 'add-combatant', name: 'Clementine', factionId: HEROES, stats: { constitution: 4 }, tracks: { endurance: 12, health: 12, stamina: 3, focus: 5 }, rules: { gear: [CLUB] } },
    { type: 'add-combatant', name: 'Roland', factionId: HEROES, stats: { constitution: 4 }, tracks: { endurance: 12, health: 12, stamina: 3, focus: 3 }, rules: { gear: [CLUB] } },
    { type: 'add-combatant', name: 'Goblin', factionId: ENEMIES, stats: { constitution: 3, evasion: 5, deflection: 0, size: 3 }, tracks: { endurance: 20, health: 6 }, rules: { gear: [CLUB] } },
    { type: 'add-combatant', name: 'Guard', factionId: ENEMIES, stats: { constitution: 4 }, tracks: { endurance: 12, health: 12 } },
    ...Object.entries(settings).map(([key, value]) => ({ type: 'set-setting' as const, key, value })),
    { type: 'start-combat', initiativeFactionId: HEROES },
  );
  e = run(e, { type: 'take-turn', combatantId: idOf(e, 'Clementine') });
  return e;
}

const club = (e: Encounter, who: string) => personOf(combatantNamed(e, who)).gear[0]!.id;
const command = (e: Encounter, ally: string, actionId: string) => ({ type: 'three-actions/command', commanderId: idOf(e, 'Clementine'), allyId: idOf(e, ally), actionId }) as never;
const knockOut = (e: Encounter, who: string) => run(e, { type: 'set-track', combatantId: idOf(e, who), track: 'health', value: 0 } as never);

describe('Three Actions: Command', () => {
  // "Command | Once per turn per target, spend 2 focus to give an ally one action during your turn"
  it('gives Roland one action now for 1 action and 2 focus, once a turn for him', () => {
    const e = run(fight(), command(fight(), 'Roland', 'seek-cover'));
    const clementine = combatantNamed(e, 'Clementine');
    expect(clementine.tracks.focus?.value).toBe(3);
    expect(combatantNamed(e, 'Roland').conditions.map((k) => k.name)).toEqual(['Behind cover']);
    expect(refuse(e, command(e, 'Roland', 'move')).message).toBe('Clementine has already commanded Roland this turn: once a turn for each ally.');
    expect(refuse(e, command(e, 'Goblin', 'move')).message).toBe("Goblin isn't on Clementine's team; a command goes to an ally.");
    expect(refuse(e, command(e, 'Roland', 'guard')).code).toBe('three-actions/commanded');
    expect(refuse(fight(), command(fight(), 'Roland', 'guard')).message).toContain('A command gives one action of the table that takes one action');
    // The bare action from the table is refused: it doesn't say whom.
    expect(refuse(fight(), { type: 'use-action', combatantId: idOf(e, 'Clementine'), actionId: 'command' }).code).toBe('three-actions/own-command');
  });

  it('lets a commanded attack be made out of Roland\'s turn, once, during Clementine\'s', () => {
    const e = run(fight(), command(fight(), 'Roland', 'attack'));
    // Luck 5, 3 + 3 = 6 against the goblin's evasion 5 (size: 4 against 3 makes it 6): a hit for 9, off its endurance.
    const step = stepWithDice(e, [5, 3, 3], { type: 'three-actions/attack', attackerId: idOf(e, 'Roland'), targetId: idOf(e, 'Goblin'), weaponId: club(e, 'Roland') } as never);
    expect(step.events[0]).toMatchObject({ type: 'three-actions/attacked', paid: 'order', evasion: 6, hit: true });
    // The goblin could dodge or have the guard step in; it takes the blow.
    const taken = run(step.encounter, { type: 'answer-prompt', promptId: step.encounter.state.prompts![0]!.id, answer: { defence: 'none' } });
    expect(refuse(taken, { type: 'three-actions/attack', attackerId: idOf(e, 'Roland'), targetId: idOf(e, 'Goblin'), weaponId: club(e, 'Roland') }).code).toBe('three-actions/not-acting');
    // Clementine spent one action on the command and has two left.
    expect(step.encounter.state.turn?.budget.action).toBe(1);
  });

  it('gives no Sprint (it needs a move and stamina of its own), nothing from someone unconscious, and nothing left over for the next fight', () => {
    expect(refuse(fight(), command(fight(), 'Roland', 'sprint')).code).toBe('three-actions/command-action');
    const out = knockOut(fight(), 'Clementine');
    expect(refuse(out, command(out, 'Roland', 'move')).message).toBe('Clementine is unconscious.');
    // Ordered to attack, then the fight ends and another starts: no order, no command remembered.
    let e = run(fight(), command(fight(), 'Roland', 'attack'), { type: 'end-combat' }, { type: 'start-combat', initiativeFactionId: HEROES });
    e = run(e, { type: 'take-turn', combatantId: idOf(e, 'Clementine') });
    expect(personOf(combatantNamed(e, 'Roland')).order).toBeNull();
    run(e, command(e, 'Roland', 'attack'));
  });

  it('takes 2 focus, and refuses a commander with less', () => {
    const low = run(fight(), { type: 'set-track', combatantId: idOf(fight(), 'Clementine'), track: 'focus', value: 1 } as never);
    expect(refuse(low, command(low, 'Roland', 'move')).message).toBe('A command takes 2 focus; Clementine has 1.');
  });
});

describe('Three Actions: conditions that take or give actions', () => {
  it('count for Command, Attack and the killing strike as for the table\'s actions', () => {
    const put = (e: Encounter, name: string, effects: object[]) => run(e, { type: 'add-condition', combatantId: idOf(e, 'Clementine'), name, effects } as never);
    const stunned = put(fight(), 'Stunned', [{ kind: 'no-slot', slot: 'action' }]);
    expect(refuse(stunned, command(stunned, 'Roland', 'move')).code).toBe('action/spent');
    expect(refuse(stunned, { type: 'three-actions/attack', attackerId: idOf(stunned, 'Clementine'), targetId: idOf(stunned, 'Guard'), weaponId: club(stunned, 'Clementine') }).code).toBe('action/spent');
    // One more action: after three, a command still fits.
    let quick = put(fight(), 'Quickened', [{ kind: 'more-slot', slot: 'action', amount: 1 }]);
    quick = run(quick, ...['interact', 'interact', 'interact'].map((actionId) => ({ type: 'use-action' as const, combatantId: idOf(quick, 'Clementine'), actionId })));
    run(quick, command(quick, 'Roland', 'move'));
  });
});

describe('Three Actions: Resuscitate', () => {
  // "Resuscitate | (Two actions) Go prone, then make a test to return someone to consciousness"
  it('brings Roland round with two actions and a test against the set difficulty, going prone', () => {
    const e = knockOut(fight(), 'Roland');
    // The test, then the luck die beside it (7: nothing added).
    const failed = stepWithDice(e, [3, 4, 7], { type: 'three-actions/resuscitate', combatantId: idOf(e, 'Clementine'), targetId: idOf(e, 'Roland'), test: 'd6+d6' } as never);
    expect(failed.events.at(-1)).toMatchObject({ success: false, difficulty: 10 });
    expect(combatantNamed(failed.encounter, 'Clementine').conditions.map((k) => k.name)).toEqual(['Prone']);
    // With one action left another try is begun and carried over (carry-over.test.ts); with none, nothing can be begun.
    const none = run(failed.encounter, { type: 'use-action', combatantId: idOf(e, 'Clementine'), actionId: 'interact' });
    expect(refuse(none, { type: 'three-actions/resuscitate', combatantId: idOf(e, 'Clementine'), targetId: idOf(e, 'Roland'), test: 'd6+d6' }).message).toBe('Clementine has no actions left this turn to begin resuscitating.');
    const easier = knockOut(fight({ resuscitateDifficulty: 7 }), 'Roland');
    const done = stepWithDice(easier, [3, 4, 7], { type: 'three-actions/resuscitate', combatantId: idOf(e, 'Clementine'), targetId: idOf(e, 'Roland'), test: 'd6+d6' } as never);
    const roland = combatantNamed(done.encounter, 'Roland');
    expect(roland.tracks.health?.value).toBe(1);
    expect(roland.marks).not.toContain('unconscious');
    expect(refuse(fight(), { type: 'three-actions/resuscitate', combatantId: idOf(e, 'Clementine'), targetId: idOf(e, 'Roland'), test: 'd6+d6' }).code).toBe('three-actions/not-unconscious');
  });
});

describe('Three Actions: the killing strike', () => {
  // "This requires making a test (with advantage) using the combat skill against their
  // constitution. If it fails, then a sneak attack is made instead … this requires taking the
  // activity action (which takes three actions)."
  const strike = (e: Encounter, dice: number[]) => stepWithDice(e, dice, { type: 'three-actions/killing-strike', attackerId: idOf(e, 'Clementine'), targetId: idOf(e, 'Goblin'), weaponId: club(e, 'Clementine'), skill: 'd6' } as never);

  it('kills someone unconscious with a test with advantage reaching their constitution, for the whole turn', () => {
    const e = knockOut(fight(), 'Goblin');
    // d6 twice (advantage): 1 and 3, the 3 kept, against constitution 3; the luck die 7 adds nothing.
    const done = strike(e, [1, 3, 7]);
    expect(done.events.at(-1)).toMatchObject({ type: 'three-actions/killing-strike', kept: 1, result: 3, success: true });
    expect(combatantNamed(done.encounter, 'Goblin').marks).toContain('dead');
    expect(done.encounter.state.turn?.budget.action).toBe(3);
  });

  it('fails into a sneak attack: advantage, the same weapon, no more actions spent', () => {
    const e = knockOut(fight(), 'Goblin');
    // 1 and 2 against 3 (luck 7: nothing added): failed. Then the sneak attack: luck 5, tests 2+2 and 6+6 (advantage), 12 kept.
    const done = strike(e, [1, 2, 7, 5, 2, 2, 6, 6]);
    const attacked = done.events.find((x) => x.type === 'three-actions/attacked');
    expect(attacked).toMatchObject({ paid: 'strike', kept: 1, result: 12, hit: true });
    expect(done.encounter.state.turn?.budget.action).toBe(3);
  });

  it('needs the whole turn and someone unconscious', () => {
    const e = knockOut(fight(), 'Goblin');
    // "Any other action which takes more actions than you have left in a turn can be taken the same
    // as any other action": with one or two left it is begun and carried over (carry-over.test.ts);
    // with none left, nothing can be begun.
    const spent = run(e, ...['interact', 'interact', 'interact'].map((actionId) => ({ type: 'use-action' as const, combatantId: idOf(e, 'Clementine'), actionId })));
    expect(refuse(spent, { type: 'three-actions/killing-strike', attackerId: idOf(e, 'Clementine'), targetId: idOf(e, 'Goblin'), weaponId: club(e, 'Clementine'), skill: 'd6' }).message).toBe('Clementine has no actions left this turn to begin a killing strike.');
    expect(refuse(fight(), { type: 'three-actions/killing-strike', attackerId: idOf(e, 'Clementine'), targetId: idOf(e, 'Guard'), weaponId: club(e, 'Clementine'), skill: 'd6' }).code).toBe('three-actions/not-unconscious');
  });
});
