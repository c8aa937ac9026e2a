import { describe, expect, it } from 'vitest';
import type { Encounter } from '../../encounter/encounter';
import { openPrompt } from '../../encounter/prompts';
import { logEntries } from '../../log/entries';
import { ENEMIES, HEROES, idOf, refuse, run, stepWithDice } from '../../test-support';
import { personOf } from './person';
import { newRanks, ranksEvent } from './testing';

// The text's readied attack, step by step: "a melee weapons attack is readied if an opponent moves
// within reach. An opponent uses their bonus action to move within reach, triggering the readied
// attack; the readied character then takes their action. After the readied action is resolved, the
// triggering character may finish their round."

const SHEET = [
  { name: 'Sword', kind: 'skill', skill: 'martial', dice: 3, bonus: 1, fixed: 11 },
  { name: 'Deflect', kind: 'skill', skill: 'deflect', dice: 3, bonus: 0, fixed: 10 },
  { name: 'Longsword', kind: 'weapon', category: 'martial', damage: 4, damageBonus: 0 },
];

function fight(settings: Record<string, string> = {}): Encounter {
  return run(
    newRanks(settings),
    { type: 'add-combatant', name: 'Ann', factionId: HEROES, stats: { awareness: 12 }, rules: { sheet: SHEET } },
    { type: 'add-combatant', name: 'Orc', factionId: ENEMIES, stats: { awareness: 8, strength: 10 }, rules: { sheet: SHEET } },
    { type: 'start-combat' },
  );
}

const who = (e: Encounter, name: string) => e.state.combatants.find((c) => c.name === name)!;
const sword = (e: Encounter, name: string) => personOf(who(e, name)).sheet.find((x) => x.kind === 'weapon')!.id;
const lines = (e: Encounter) => logEntries(e).map((l) => l.text);
/** Ann readies her longsword for an opponent coming within reach, and ends her turn. */
function readied(settings: Record<string, string> = {}): Encounter {
  const e = fight(settings);
  return run(e, { type: 'ranks/ready', combatantId: idOf(e, 'Ann'), action: 'attack', weaponId: sword(e, 'Ann'), trigger: 'an opponent moves within reach' } as never, { type: 'next-turn' });
}

describe('Skill Ranks: a readied attack', () => {
  it('strikes first when the orc\'s bonus move sets it off, then the orc finishes its round', () => {
    let e = readied();
    expect(who(e, 'Ann').conditions.map((k) => k.name)).toEqual(['Readied']);
    // The orc's bonus action: a move within reach. It waits for the GM's word.
    e = run(e, { type: 'ranks/move', combatantId: idOf(e, 'Orc'), how: 'half', note: 'closes in on Ann' } as never);
    expect(openPrompt(e.state, e.ruleset)?.message).toBe('Orc moves half their Move. Held ready: Ann (an attack, for when an opponent moves within reach). Does the move set it off? The readied action comes first.');
    expect(openPrompt(e.state, e.ruleset)?.choices.map((c) => c.label)).toEqual(['Ann strikes first', "It doesn't: the move goes on"]);
    // Ann's attack resolves first (18 against 10: two ranks, 5D of 20 against Strength 10: Hurt), then the move.
    const answered = stepWithDice(e, [6, 6, 5, 4, 4, 4, 4, 4], { type: 'answer-prompt', promptId: openPrompt(e.state, e.ruleset)!.id, answer: { readierId: idOf(e, 'Ann') } });
    const types = answered.events.map((x) => x.type);
    expect(types.indexOf('ranks/attacked')).toBeLessThan(types.indexOf('action-used'));
    expect(ranksEvent(answered.events, 'ranks/attacked').ranks).toBe(2);
    e = answered.encounter;
    expect(who(e, 'Orc').conditions.map((k) => k.name)).toEqual(['Hurt']);
    expect(who(e, 'Ann').conditions.map((k) => k.name)).toEqual([]);
    const told = lines(e);
    expect(told.findIndex((t) => t.startsWith("Ann's Longsword hits Orc"))).toBeLessThan(told.findIndex((t) => t.startsWith('Orc: move half')));
    // The orc's round goes on: its bonus action is spent on the move; its full action is left.
    expect(refuse(e, { type: 'use-action', combatantId: idOf(e, 'Orc'), actionId: 'interact' }).code).toBe('action/spent');
    // Hurt, it rolls a die fewer: 2D+1.
    e = stepWithDice(e, [1, 1], { type: 'ranks/attack', attackerId: idOf(e, 'Orc'), targetId: idOf(e, 'Ann'), weaponId: sword(e, 'Orc') } as never).encounter;
    expect(lines(e).at(-1)).toMatch(/^Orc's Longsword misses Ann/);
  });

  it('lets the move go on untouched when the GM says it doesn\'t set the attack off, the attack still held', () => {
    let e = run(readied(), { type: 'ranks/move', combatantId: idOf(readied(), 'Orc'), how: 'half' } as never);
    e = run(e, { type: 'answer-prompt', promptId: openPrompt(e.state, e.ruleset)!.id, answer: { readierId: null } });
    expect(openPrompt(e.state, e.ruleset)).toBeNull();
    expect(lines(e).at(-1)).toMatch(/^Orc: move half/);
    expect(who(e, 'Ann').conditions.map((k) => k.name)).toEqual(['Readied']);
  });

  it('lapses at the start of Ann\'s next turn, or (as set) at the end of the round; the bonus action stays spent', () => {
    let e = run(readied(), { type: 'next-turn' });
    expect(e.state.round).toBe(2);
    expect(who(e, 'Ann').conditions).toEqual([]);
    // Nothing asks when the orc moves now.
    e = run(e, { type: 'next-turn' }, { type: 'ranks/move', combatantId: idOf(e, 'Orc'), how: 'full' } as never);
    expect(openPrompt(e.state, e.ruleset)).toBeNull();
    const byRound = run(readied({ readiedLapse: 'round-end' }), { type: 'next-turn' });
    expect(who(byRound, 'Ann').conditions).toEqual([]);
    // In round 1, after readying, Ann had no bonus action left.
    const spent = fight();
    const again = run(spent, { type: 'ranks/ready', combatantId: idOf(spent, 'Ann'), action: 'attack', weaponId: null, trigger: 'someone comes near' } as never);
    expect(refuse(again, { type: 'use-action', combatantId: idOf(again, 'Ann'), actionId: 'interact' }).code).toBe('action/spent');
  });

  it('holds a readied defence: the greater of the fixed value and the check + 5, against the first attack', () => {
    let e = fight();
    e = run(e, { type: 'next-turn' });
    e = run(e, { type: 'ranks/ready', combatantId: idOf(e, 'Orc'), action: 'defend', trigger: 'Ann attacks' } as never, { type: 'next-turn' });
    // Ann's 14 against the orc's readied deflect: 3 + 5 = 8, so its fixed 10 stands.
    const low = stepWithDice(e, [4, 4, 5, 1, 1, 1, 4, 4, 4, 4], { type: 'ranks/attack', attackerId: idOf(e, 'Ann'), targetId: idOf(e, 'Orc'), weaponId: sword(e, 'Ann') } as never);
    expect(ranksEvent(low.events, 'ranks/attacked').resistance).toMatchObject({ kind: 'readied', value: 10 });
    const high = stepWithDice(e, [4, 4, 5, 6, 6, 6], { type: 'ranks/attack', attackerId: idOf(e, 'Ann'), targetId: idOf(e, 'Orc'), weaponId: sword(e, 'Ann') } as never);
    expect(ranksEvent(high.events, 'ranks/attacked')).toMatchObject({ resistance: { kind: 'readied', value: 23 }, success: false });
    expect(who(high.encounter, 'Orc').conditions).toEqual([]);
  });

  it('is readied on one\'s own turn only, with a trigger, and refuses a move the turn can\'t pay for before asking anyone', () => {
    const e = fight();
    expect(refuse(e, { type: 'ranks/ready', combatantId: idOf(e, 'Orc'), action: 'attack', trigger: 'x' }).code).toBe('turn/not-acting');
    expect(refuse(e, { type: 'ranks/ready', combatantId: idOf(e, 'Ann'), action: 'attack', trigger: ' ' }).code).toBe('ranks/ready');
    const winded = run(readied(), { type: 'ranks/inflict', combatantId: idOf(readied(), 'Orc'), track: 'fatigue', ranks: 2 } as never);
    expect(refuse(winded, { type: 'ranks/move', combatantId: idOf(winded, 'Orc'), how: 'half' }).message).toMatch(/Winded/);
    expect(openPrompt(winded.state, winded.ruleset)).toBeNull();
  });
});

describe('Skill Ranks: holding an action', () => {
  // "Holding an action is a general form of readying an action, allowing a character to have an
  // action available with which to respond to the actions of characters who are later in the
  // initiative order."
  it('lets Ann, unengaged, act once out of turn on the orc\'s, with the action she held', () => {
    let e = fight();
    expect(refuse(run(e, { type: 'next-turn' }), { type: 'ranks/attack', attackerId: idOf(e, 'Ann'), targetId: idOf(e, 'Orc'), weaponId: sword(e, 'Ann') }).code).toBe('ranks/not-engaged');
    e = run(e, { type: 'ranks/ready', combatantId: idOf(e, 'Ann'), action: 'hold', trigger: 'the orc shows its hand' } as never, { type: 'next-turn' });
    expect(lines(e)).toContain('Ann holds an action for when the orc shows its hand.');
    // On the orc's turn she attacks with the full action she still has; the hold is used up.
    e = stepWithDice(e, [1, 1, 1], { type: 'ranks/attack', attackerId: idOf(e, 'Ann'), targetId: idOf(e, 'Orc'), weaponId: sword(e, 'Ann') } as never).encounter;
    expect(who(e, 'Ann').conditions).toEqual([]);
  });
  it('answers only those later in the order: not the orc who comes before Ann next round, unless the GM rules it', () => {
    let e = fight();
    e = run(e, { type: 'ranks/ready', combatantId: idOf(e, 'Ann'), action: 'hold', trigger: 'the orc moves' } as never, { type: 'next-turn' });
    // The orc, later than Ann this round, gets sharper: next round it acts before her, and her hold
    // (lasting to the start of her next turn) is still there on its turn.
    e = run(e, { type: 'set-stat', combatantId: idOf(e, 'Orc'), stat: 'awareness', value: 14 }, { type: 'next-turn' });
    expect(e.state.round).toBe(2);
    expect(e.state.activeId).toBe(idOf(e, 'Orc'));
    expect(who(e, 'Ann').conditions.map((k) => k.name)).toEqual(['Readied']);
    const attack = { type: 'ranks/attack', attackerId: idOf(e, 'Ann'), targetId: idOf(e, 'Orc'), weaponId: sword(e, 'Ann') } as const;
    expect(refuse(e, attack as never)).toMatchObject({ code: 'ranks/hold-earlier', overridable: true, message: "Ann's held action answers only those after them in the initiative order, and Orc comes before them." });
    expect(refuse(e, { type: 'ranks/move', combatantId: idOf(e, 'Ann'), how: 'half' } as never).code).toBe('ranks/hold-earlier');
    const ruled = stepWithDice(e, [1, 1, 1], { ...attack, gmRuling: true } as never).encounter;
    expect(who(ruled, 'Ann').conditions).toEqual([]);
  });
});
