import { describe, expect, it } from 'vitest';
import { restoreEncounter, type Encounter } from '../../encounter/encounter';
import { logEntries } from '../../log/entries';
import { combatantNamed, ENEMIES, HEROES, idOf, refuse, run, stepWithDice } from '../../test-support';
import { personOf } from './person';
import { newThreeActions } from './testing';
import { BUILTIN_RULESETS } from '../builtin';

// "Extended actions and any other action which takes more actions than you have left in a turn can
// be taken the same as any other action, but you must wait until the full action time has occurred
// before you can perform the effects of that action. If during a future turn you wish to abandon an
// action that you have already started, you may do so at no extra cost and take your turn as
// normal." Resuscitate ("(Two actions) Go prone, then make a test …"), the killing strike ("the
// activity action (which takes three actions)") and the table's Short task ("(Three actions)").

const CLUB = { name: 'Club', kind: 'weapon', test: 'd6+d6', damage: 3, critDamage: 6, critOn: 20, damageType: 'physical', delivery: 'melee' };

/** Clementine and Roland (players), a goblin and a guard (enemies); Clementine's turn first. */
function fight(): Encounter {
  const e = run(
    newThreeActions(),
    { type: 'add-combatant', name: 'Clementine', factionId: HEROES, stats: { constitution: 4 }, tracks: { endurance: 12, health: 12, stamina: 3, focus: 3 }, rules: { gear: [CLUB] } },
    { type: 'add-combatant', name: 'Roland', factionId: HEROES, stats: { constitution: 4 }, tracks: { endurance: 12, health: 12 } },
    { type: 'add-combatant', name: 'Goblin', factionId: ENEMIES, stats: { constitution: 3 }, tracks: { endurance: 12, health: 6 } },
    { type: 'add-combatant', name: 'Guard', factionId: ENEMIES, stats: { constitution: 4 }, tracks: { endurance: 12, health: 12 } },
    { type: 'start-combat', initiativeFactionId: HEROES },
  );
  return run(e, { type: 'take-turn', combatantId: idOf(e, 'Clementine') });
}

const knockOut = (e: Encounter, who: string) => run(e, { type: 'set-track', combatantId: idOf(e, who), track: 'health', value: 0 } as never);
const use = (e: Encounter, ...actionIds: string[]) => run(e, ...actionIds.map((actionId) => ({ type: 'use-action' as const, combatantId: idOf(e, 'Clementine'), actionId })));
const resuscitate = (e: Encounter) => ({ type: 'three-actions/resuscitate', combatantId: idOf(e, 'Clementine'), targetId: idOf(e, 'Roland'), test: 'd6+d6' }) as never;
const strike = (e: Encounter) => ({ type: 'three-actions/killing-strike', attackerId: idOf(e, 'Clementine'), targetId: idOf(e, 'Goblin'), weaponId: personOf(combatantNamed(e, 'Clementine')).gear[0]!.id, skill: 'd6' }) as never;
const goOn = (e: Encounter) => ({ type: 'three-actions/extend', combatantId: idOf(e, 'Clementine') }) as never;
const underWay = (e: Encounter) => personOf(combatantNamed(e, 'Clementine')).extended;
const spent = (e: Encounter) => e.state.turn?.budget.action ?? 0;

/** Everyone else standing takes a turn and ends it; then Clementine's next turn. */
function nextTurn(e: Encounter, others: string[]): Encounter {
  let x = run(e, { type: 'end-turn' });
  for (const name of others) x = run(x, { type: 'take-turn', combatantId: idOf(x, name) }, { type: 'end-turn' });
  return run(x, { type: 'take-turn', combatantId: idOf(x, 'Clementine') });
}

describe('Three Actions: Resuscitate with one action left', () => {
  /** Roland down; Clementine spends two actions and begins resuscitating him with her last. */
  function begun(): Encounter {
    const e = use(knockOut(fight(), 'Roland'), 'interact', 'interact');
    return run(e, resuscitate(e));
  }

  it('goes prone at once, carries the test over, and rolls it as the second action first thing next turn', () => {
    let e = begun();
    // Going prone is the first part, done now; the test waits for the full two actions.
    expect(combatantNamed(e, 'Clementine').conditions.map((k) => k.name)).toEqual(['Prone']);
    expect(underWay(e)).toEqual({ name: 'resuscitating Roland', cost: 2, done: 1, what: { kind: 'resuscitate', targetId: idOf(e, 'Roland'), test: 'd6+d6' } });
    expect(spent(e)).toBe(3);
    expect(e.events.some((x) => x.type === 'three-actions/resuscitated')).toBe(false);
    e = nextTurn(e, ['Goblin', 'Guard']);
    // Nothing else before it is finished.
    expect(refuse(e, { type: 'use-action', combatantId: idOf(e, 'Clementine'), actionId: 'interact' }).code).toBe('three-actions/extended');
    expect(refuse(e, resuscitate(e)).message).toBe('Clementine is in the middle of resuscitating Roland (1 of 2 actions): finish it or give it up first.');
    // Finished: the test rolled now (5 + 6 = 11 against 10), one action spent on it.
    // The luck die beside the test (7: nothing added).
    const done = stepWithDice(e, [5, 6, 7], goOn(e));
    expect(done.events.map((x) => x.type)).toEqual(['three-actions/extended', 'three-actions/resuscitated']);
    expect(done.events[1]).toMatchObject({ success: true, difficulty: 10 });
    expect(combatantNamed(done.encounter, 'Roland').tracks.health?.value).toBe(1);
    expect(underWay(done.encounter)).toBeNull();
    expect(spent(done.encounter)).toBe(1);
    expect(logEntries(done.encounter).map((l) => l.text)).toEqual(
      expect.arrayContaining(['Clementine starts resuscitating Roland: 1 of 2 actions, 1 more on the next turn.', 'Clementine finishes resuscitating Roland (1 action, 2 in all).', 'Clementine kneels by Roland and brings them round (11 against 10).']),
    );
  });

  it('takes a test typed at the finish instead of the one given when it was begun', () => {
    const e = nextTurn(begun(), ['Goblin', 'Guard']);
    const done = stepWithDice(e, [4, 7], { type: 'three-actions/extend', combatantId: idOf(e, 'Clementine'), test: 'd6+2' } as never);
    expect(done.events[1]).toMatchObject({ type: 'three-actions/resuscitated', success: false });
  });

  it('is given up at no cost: three actions, Roland still down', () => {
    let e = nextTurn(begun(), ['Goblin', 'Guard']);
    e = run(e, { type: 'three-actions/abandon', combatantId: idOf(e, 'Clementine') } as never);
    expect(underWay(e)).toBeNull();
    e = use(e, 'interact', 'interact', 'interact');
    expect(combatantNamed(e, 'Roland').tracks.health?.value).toBe(0);
  });

  it('says so when Roland was brought round meanwhile, spending nothing; she gives it up and acts as usual', () => {
    // The GM heals Roland on the goblin's turn.
    let e = run(begun(), { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(begun(), 'Goblin') });
    e = run(e, { type: 'set-track', combatantId: idOf(e, 'Roland'), track: 'health', value: 5 } as never, { type: 'end-turn' });
    e = run(e, ...['Roland', 'Guard'].flatMap((name) => [{ type: 'take-turn' as const, combatantId: idOf(e, name) }, { type: 'end-turn' as const }]), { type: 'take-turn', combatantId: idOf(e, 'Clementine') });
    const refused = refuse(e, goOn(e));
    expect(refused.code).toBe('three-actions/not-unconscious');
    expect(refused.message).toBe("Roland isn't lying unconscious any more: there is nobody to bring round. Give the resuscitation up (it costs nothing).");
    expect(spent(e)).toBe(0);
    e = run(e, { type: 'three-actions/abandon', combatantId: idOf(e, 'Clementine') } as never);
    use(e, 'interact', 'interact', 'interact');
  });
});

describe('Three Actions: the killing strike with two actions left', () => {
  it('is begun with the two and finished after one more next turn, the test rolled then', () => {
    let e = use(knockOut(fight(), 'Goblin'), 'interact');
    e = run(e, strike(e));
    expect(underWay(e)).toMatchObject({ name: 'a killing strike at Goblin', cost: 3, done: 2, what: { kind: 'strike', targetId: idOf(e, 'Goblin'), skill: 'd6' } });
    e = nextTurn(e, ['Guard', 'Roland']);
    // d6 twice (advantage): 1 and 3, the 3 kept, against constitution 3.
    const done = stepWithDice(e, [1, 3, 7], goOn(e));
    expect(done.events.map((x) => x.type)).toEqual(['three-actions/extended', 'three-actions/killing-strike']);
    expect(done.events[0]).toMatchObject({ spent: 1, done: 3 });
    expect(combatantNamed(done.encounter, 'Goblin').marks).toContain('dead');
    expect(spent(done.encounter)).toBe(1);
  });

  it('is not made at someone no longer lying unconscious', () => {
    let e = use(knockOut(fight(), 'Goblin'), 'interact');
    e = run(e, strike(e), { type: 'set-track', combatantId: idOf(e, 'Goblin'), track: 'health', value: 3 } as never);
    e = nextTurn(e, ['Goblin', 'Roland', 'Guard']);
    expect(refuse(e, goOn(e)).message).toBe("Goblin isn't lying unconscious any more: the killing strike can't be made. Give it up (it costs nothing).");
  });
});

describe('Three Actions: finishing what was carried over', () => {
  it('takes the dice rolled at the table as it is finished: the test\'s and the luck die\'s', () => {
    let e = use(knockOut(fight(), 'Goblin'), 'interact');
    e = run(e, strike(e));
    e = nextTurn(e, ['Guard', 'Roland']);
    // Typed: the first roll 2, and a luck roll of 20 (+4); only the advantage's second d6 is rolled (1): 2 + 4 = 6 against 3.
    const done = stepWithDice(e, [1], { ...(goOn(e) as object), dice: [2], luck: 20 } as never);
    expect(done.events.find((x) => x.type === 'three-actions/killing-strike')).toMatchObject({ result: 6, luck: { bonus: 4 } });
  });

  it('goes on with nothing while the one who began it lies unconscious', () => {
    let e = use(knockOut(fight(), 'Goblin'), 'interact');
    e = run(e, strike(e));
    e = nextTurn(e, ['Guard', 'Roland']);
    e = knockOut(e, 'Clementine');
    expect(refuse(e, goOn(e))).toMatchObject({ code: 'three-actions/unconscious' });
  });

  it('keeps the name stored short enough to restore, however long the name of whom it is done to', () => {
    const goblin = idOf(fight(), 'Goblin');
    const at = strike(fight());
    let e = run(knockOut(fight(), 'Goblin'), { type: 'rename', combatantId: goblin, name: 'Captain of the Guard of the Northern Watch' });
    e = use(e, 'interact');
    e = run(e, at);
    expect(underWay(e)?.name.length).toBeLessThanOrEqual(60);
    expect(restoreEncounter({ events: e.events, steps: e.steps }, BUILTIN_RULESETS).ok).toBe(true);
  });
});

describe('Three Actions: the table\'s longer actions carried over', () => {
  // "Short Task | (Three actions) Perform a short task that requires making a test"
  it('begins a short task with one action left and finishes it after two more next turn', () => {
    let e = use(fight(), 'interact', 'interact');
    // The bare action can't be paid for with one action; begun as an extended action it can.
    expect(refuse(e, { type: 'use-action', combatantId: idOf(e, 'Clementine'), actionId: 'short-task' }).code).toBe('action/spent');
    e = run(e, { type: 'three-actions/extend', combatantId: idOf(e, 'Clementine'), actionId: 'short-task' } as never);
    expect(underWay(e)).toEqual({ name: 'short task', cost: 3, done: 1, what: { kind: 'action', actionId: 'short-task' } });
    e = run(nextTurn(e, ['Goblin', 'Roland', 'Guard']), goOn(e));
    expect(underWay(e)).toBeNull();
    expect(spent(e)).toBe(2);
    expect(logEntries(e).map((l) => l.text)).toContain('Clementine finishes short task (2 actions, 3 in all).');
  });

  it('takes "something else" in words at the GM\'s cost, and refuses what is not a longer action of the table', () => {
    let e = use(fight(), 'interact');
    e = run(e, { type: 'three-actions/extend', combatantId: idOf(e, 'Clementine'), actionId: 'other', name: 'prising the gate', cost: 3 } as never);
    expect(underWay(e)).toMatchObject({ name: 'prising the gate', cost: 3, done: 2 });
    const fresh = fight();
    expect(refuse(fresh, { type: 'three-actions/extend', combatantId: idOf(fresh, 'Clementine'), actionId: 'short-task' }).message).toBe('Clementine has 3 actions left: take it as a 3-action action now.');
    expect(refuse(fresh, { type: 'three-actions/extend', combatantId: idOf(fresh, 'Clementine'), actionId: 'attack' }).code).toBe('three-actions/not-extended');
    expect(refuse(fresh, { type: 'three-actions/extend', combatantId: idOf(fresh, 'Clementine'), actionId: 'resuscitate' }).code).toBe('three-actions/own-command');
    // What is carried over is stored: a test longer than the log keeps is refused when begun.
    const down = use(knockOut(fight(), 'Roland'), 'interact', 'interact');
    expect(refuse(down, { type: 'three-actions/resuscitate', combatantId: idOf(down, 'Clementine'), targetId: idOf(down, 'Roland'), test: 'd6+'.repeat(14) + '1' }).code).toBe('input/test');
  });
});
