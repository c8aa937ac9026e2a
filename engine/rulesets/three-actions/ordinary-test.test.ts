import { describe, expect, it } from 'vitest';
import type { Encounter } from '../../encounter/encounter';
import { replay } from '../../encounter/encounter';
import type { EncounterEvent } from '../../core/events';
import { openPrompt } from '../../encounter/prompts';
import { logEntries } from '../../log/entries';
import { combatantNamed, ENEMIES, HEROES, idOf, refuse, run, stepWithDice } from '../../test-support';
import { personOf } from './person';
import { isEvent, newThreeActions } from './testing';

// "The luck die modifies an attack differently than a normal test. Instead of adding a +4 when the
// luck die rolls a 20 or greater…": an ordinary test rolls the luck die beside it and adds +4 at 20
// or more (the setting Luck bonus on a test from). The death test is itself a luck test.

const SWORD = { name: 'Sword', kind: 'weapon', test: 'd6+d6', damage: 0, critDamage: 0, critOn: 20, damageType: 'physical', delivery: 'melee' };
const CLUB = { name: 'Club', kind: 'weapon', test: 'd6', damage: 1, critDamage: 2, critOn: 20, damageType: 'physical', delivery: 'melee' };

/** An orc whose sword deals the test's total at Boudica (who may dodge); Roland lies unconscious, a goblin too. */
function fight(settings: Record<string, number | boolean> = {}): Encounter {
  const e = run(
    newThreeActions(),
    { type: 'add-combatant', name: 'Orc', factionId: ENEMIES, tracks: { endurance: 12, health: 12 }, rules: { gear: [SWORD] } },
    { type: 'add-combatant', name: 'Goblin', factionId: ENEMIES, stats: { constitution: 6 }, tracks: { endurance: 12, health: 12 } },
    { type: 'add-combatant', name: 'Boudica', factionId: HEROES, stats: { evasion: 0, constitution: 4 }, tracks: { endurance: 12, health: 12, stamina: 3 }, rules: { gear: [CLUB] } },
    { type: 'add-combatant', name: 'Roland', factionId: HEROES, tracks: { endurance: 12, health: 12, stamina: 3 } },
    ...Object.entries(settings).map(([key, value]) => ({ type: 'set-setting' as const, key, value })),
    { type: 'start-combat', initiativeFactionId: ENEMIES },
  );
  return run(e, { type: 'set-track', combatantId: idOf(e, 'Roland'), track: 'health', value: 0 } as never, { type: 'set-track', combatantId: idOf(e, 'Goblin'), track: 'health', value: 0 } as never);
}

/** The orc hits Boudica for 4 + 4 = 8 (luck 10). */
function hit(e: Encounter): Encounter {
  const orc = combatantNamed(e, 'Orc');
  const on = run(e, { type: 'take-turn', combatantId: orc.id });
  return stepWithDice(on, [10, 4, 4], { type: 'three-actions/attack', attackerId: orc.id, targetId: idOf(e, 'Boudica'), weaponId: personOf(orc).gear[0]!.id } as never).encounter;
}
const dodge = (e: Encounter, dice: number[]) => stepWithDice(e, dice, { type: 'answer-prompt', promptId: openPrompt(e.state)!.id, answer: { defence: 'dodge' } });
const texts = (e: Encounter) => logEntries(e).map((x) => x.text);

describe('Three Actions: the luck die beside an ordinary test', () => {
  it('adds +4 to a dodge when the luck die comes up 20 or more, and the log says so', () => {
    // 2 + 2 = 4 against the attack's 8: short, but luck 20 adds 4.
    const lucky = dodge(hit(fight()), [2, 2, 20]);
    expect(lucky.events.find((x) => x.type === ('three-actions/dodged' as never))).toMatchObject({ success: true, roll: { total: 4 }, luck: { bonus: 4, roll: { total: 20 } } });
    expect(texts(lucky.encounter)).toContain("Boudica dodges (4 +4 luck against 8) and gets out of the way of Orc's blow.");
    // 19: nothing added, the blow lands.
    const unlucky = dodge(hit(fight()), [2, 2, 19]);
    expect(unlucky.events.find((x) => x.type === ('three-actions/dodged' as never))).toMatchObject({ success: false, luck: { bonus: 0 } });
  });

  it('reads the threshold from the setting when the GM changes the luck die', () => {
    // A d12 luck die with the bonus from its top face, 12.
    const e = fight({ luckDie: 12, luckBonusFrom: 12 });
    expect(dodge(hit(e), [2, 2, 12]).events.find((x) => x.type === ('three-actions/dodged' as never))).toMatchObject({ success: true, luck: { bonus: 4 } });
  });

  it('adds it to a resuscitation, with the luck die typed as rolled at the table', () => {
    const e = fight();
    const on = run(e, { type: 'take-turn', combatantId: idOf(e, 'Orc') }, { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(e, 'Boudica') });
    // 3 + 3 = 6 against 10, luck 20: 10.
    const done = run(on, { type: 'three-actions/resuscitate', combatantId: idOf(e, 'Boudica'), targetId: idOf(e, 'Roland'), test: 'd6+d6', dice: [3, 3], luck: 20 } as never);
    expect(combatantNamed(done, 'Roland').marks).not.toContain('unconscious');
    expect(texts(done)).toContain('Boudica kneels by Roland and brings them round (6 +4 luck against 10).');
    expect(refuse(on, { type: 'three-actions/resuscitate', combatantId: idOf(e, 'Boudica'), targetId: idOf(e, 'Roland'), test: 'd6+d6', dice: [3, 3], luck: 25 }).code).toBe('input/luck');
  });

  it('adds it to the killing strike\'s test, and to a fortify', () => {
    const on = run(fight(), { type: 'take-turn', combatantId: idOf(fight(), 'Orc') }, { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(fight(), 'Boudica') });
    // d6 with advantage: 1 and 2 against constitution 6; luck 20 adds 4: 6.
    const struck = stepWithDice(on, [1, 2, 20], { type: 'three-actions/killing-strike', attackerId: idOf(on, 'Boudica'), targetId: idOf(on, 'Goblin'), weaponId: personOf(combatantNamed(on, 'Boudica')).gear[0]!.id, skill: 'd6' } as never);
    expect(struck.events.at(-1)).toMatchObject({ type: 'three-actions/killing-strike', result: 6, success: true, luck: { bonus: 4 } });
    // Boudica takes the orc's 8 twice: missing 4… then fortifies against 4 with 1 + 1 (+4 luck).
    let e = hit(fight());
    e = run(e, { type: 'answer-prompt', promptId: openPrompt(e.state)!.id, answer: { defence: 'none' } });
    e = run(e, { type: 'damage', combatantId: idOf(e, 'Boudica'), amount: 9 });
    const fortified = stepWithDice(e, [1, 1, 20], { type: 'answer-prompt', promptId: openPrompt(e.state)!.id, answer: { fortify: true } });
    expect(fortified.events.at(-1)).toMatchObject({ type: 'three-actions/fortified', difficulty: 5, success: true, luck: { bonus: 4 } });
  });

  it('rolls no luck die beside the death test, itself a luck test', () => {
    let e = hit(fight());
    e = run(e, { type: 'answer-prompt', promptId: openPrompt(e.state)!.id, answer: { defence: 'none' } }, { type: 'damage', combatantId: idOf(e, 'Boudica'), amount: 30 });
    const tested = stepWithDice(e, [12], { type: 'answer-prompt', promptId: openPrompt(e.state)!.id, answer: 'roll' });
    expect(tested.events.at(-1)).toMatchObject({ type: 'three-actions/death-tested', roll: { total: 12 }, cheated: true });
    expect(tested.events.at(-1)).not.toHaveProperty('luck');
  });

  it('replays an older dodge, rolled without the luck die, as it was', () => {
    const dodged = dodge(hit(fight()), [4, 4, 7]);
    const old = dodged.encounter.events.map((x) => (isEvent(x, 'three-actions/dodged') ? { ...x, luck: undefined } : x)).map((x) => JSON.parse(JSON.stringify(x)) as EncounterEvent);
    const state = replay(old);
    expect(state.prompts ?? []).toEqual([]);
    expect(texts({ ...dodged.encounter, state, events: old })).toContain("Boudica dodges (8 against 8) and gets out of the way of Orc's blow.");
  });
});
