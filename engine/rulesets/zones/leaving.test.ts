import { describe, expect, it } from 'vitest';
import { openPrompt, undo, type Command, type Encounter } from '../../index';
import { logEntries } from '../../log/entries';
import { playerLog } from '../../log/player-log';
import { gearOf } from './index';
import { combatantNamed, ENEMIES, eventsOfType, HEROES, addZ, idOf, newZonesEncounter, refuse, run, step, stepWithDice } from '../../test-support';

// Issue 15, item 5. The rule text: "Characters can make an opportunity attack as a reaction against
// nearby enemies moving away. The target's movement is interrupted and the attack is resolved,
// after which their turn resumes if they are still alive and conscious." A move away from enemies
// beside the mover waits while they may strike; then the GM lets it go on, or the mover stays.

const ZONES = [
  { id: 'yard', name: 'Yard', neighbours: ['hall'] },
  { id: 'hall', name: 'Hall', neighbours: [] },
];

/** Ann and Bo in the yard with two bandits; it is Ann's turn. */
function yard(): Encounter {
  const enc = run(
    newZonesEncounter(2),
    { type: 'set-zones', zones: ZONES },
    addZ('Ann', { zoneId: 'yard', health: 10 }),
    addZ('Bo', { zoneId: 'yard' }),
    addZ('Bandit', { factionId: ENEMIES, zoneId: 'yard', quantity: 2, gear: [{ name: 'Axe', kind: 'weapon', damage: 'd6' }] }),
    { type: 'start-combat', initiativeFactionId: HEROES },
  );
  return run(enc, { type: 'take-turn', combatantId: idOf(enc, 'Ann') });
}

const toHall = (enc: Encounter, who = 'Ann'): Command => ({ type: 'move', combatantId: idOf(enc, who), zoneId: 'hall' });
const answer = (value: string): Command => ({ type: 'answer-prompt', promptId: 'zones/leaving', answer: value });
/** Ann takes the opportunity attack's blow: she is asked (issue 39), but normally can't react. */
const takes = (enc: Encounter): Command => ({ type: 'zones/react-to-attack', reactorId: idOf(enc, 'Ann'), targetId: idOf(enc, 'Ann'), reaction: { kind: 'none' } });
const strike = (enc: Encounter, by: string, intent: 'damage' | 'grapple' = 'damage'): Command => ({
  type: 'zones/declare-attack',
  attackerId: idOf(enc, by),
  weaponId: intent === 'grapple' ? null : (gearOf(combatantNamed(enc, by))[0]?.id ?? null),
  targetIds: [idOf(enc, 'Ann')],
  intent,
});

describe('Zones & Factions: moving away from enemies nearby', () => {
  it('holds the move while the enemies beside the mover may strike, and asks the GM', () => {
    const enc = yard();
    const asked = step(enc, toHall(enc));
    expect(asked.events).toEqual([{ type: 'zones/leaving-asked', moverId: idOf(enc, 'Ann'), to: { zoneId: 'hall' }, strikers: [idOf(enc, 'Bandit 1'), idOf(enc, 'Bandit 2')] }]);
    expect(combatantNamed(asked.encounter, 'Ann').zoneId).toBe('yard');
    expect(openPrompt(asked.encounter.state, asked.encounter.ruleset)).toMatchObject({
      kind: 'zones/leaving',
      message: 'Ann is moving away: Bandit 1, Bandit 2 may strike first (it spends their turn); then Ann moves on or stays.',
      choices: [
        { label: 'Ann moves on', answer: 'go' },
        { label: 'They stay', answer: 'stay' },
      ],
    });
    // The turn waits for the answer.
    expect(refuse(asked.encounter, { type: 'end-turn' }).code).toBe('move/leaving');
    expect(logEntries(asked.encounter).map((e) => e.text)).toContain('Ann moves away from Bandit 1, Bandit 2, who may strike first.');
  });

  it('moves at once where no enemy stands beside the mover, or all of them have used their turn', () => {
    let enc = yard();
    enc = run(enc, { type: 'set-zone', combatantId: idOf(enc, 'Bandit 1'), zoneId: 'hall' }, { type: 'set-zone', combatantId: idOf(enc, 'Bandit 2'), zoneId: 'hall' });
    expect(step(enc, toHall(enc)).events.map((e) => e.type)).toEqual(['moved']);
    // Once Bandit 1 has struck (which spends their turn), only Bandit 2 may still strike.
    let spent = yard();
    spent = run(spent, toHall(spent), strike(spent, 'Bandit 1'), takes(spent));
    expect(openPrompt(spent.state, spent.ruleset)?.message).toBe('Ann is moving away: Bandit 2 may strike first (it spends their turn); then Ann moves on or stays.');
  });

  it('goes on when the GM says so, and the mover stays when the GM says that or calls it off', () => {
    const enc = run(yard(), toHall(yard()));
    const went = step(enc, answer('go'));
    expect(went.events.map((e) => e.type)).toEqual(['zones/leaving-decided', 'moved']);
    expect(combatantNamed(went.encounter, 'Ann').zoneId).toBe('hall');
    expect(went.encounter.state.turn?.budget.movement).toBe(2);
    const stayed = step(enc, answer('stay'));
    expect(stayed.events).toEqual([{ type: 'zones/leaving-decided', moverId: idOf(enc, 'Ann'), goes: false }]);
    expect(combatantNamed(stayed.encounter, 'Ann').zoneId).toBe('yard');
    expect(stayed.encounter.state.turn?.budget.movement ?? 0).toBe(0);
    expect(logEntries(stayed.encounter).map((e) => e.text)).toContain('Ann stays.');
    expect(step(enc, { type: 'call-off-prompt', promptId: 'zones/leaving' }).events).toEqual(stayed.events);
    expect(refuse(enc, answer('run')).code).toBe('move/answer');
    // Undo takes the held move back as one step.
    expect(openPrompt(undo(enc).state, undo(enc).ruleset)).toBeNull();
  });

  it('lets a striker\'s blow land first; a mover it takes down stays, one it grabs is held', () => {
    const enc = run(yard(), toHall(yard()));
    // Bandit 1 strikes as Ann goes: 6 on the axe, and she normally can't react to an opportunity attack (she takes it).
    const struck = step(enc, strike(enc, 'Bandit 1'));
    expect(eventsOfType(struck.events, 'zones/attack-declared')[0]).toMatchObject({ asReaction: true });
    const hit = stepWithDice(struck.encounter, [6], takes(enc));
    expect(combatantNamed(hit.encounter, 'Ann').tracks.health?.value).toBe(4);
    expect(openPrompt(hit.encounter.state, hit.encounter.ruleset)?.kind).toBe('zones/leaving');

    // Downed: her turn doesn't resume, and she stays where she fell.
    const downed = run(enc, { type: 'damage', combatantId: idOf(enc, 'Ann'), amount: 10 });
    expect(step(downed, answer('go')).events).toEqual([{ type: 'zones/leaving-decided', moverId: idOf(enc, 'Ann'), goes: false }]);

    // Grabbed (a STR save of 20 fails): she can't move away until she is free.
    const grabbed = stepWithDice(run(enc, strike(enc, 'Bandit 2', 'grapple')), [20], takes(enc)).encounter;
    expect(refuse(grabbed, answer('go'))).toMatchObject({ code: 'move/held', message: expect.stringMatching(/Answer that Ann stays\.$/) });
    expect(step(grabbed, answer('stay')).events.map((e) => e.type)).toEqual(['zones/leaving-decided']);
  });

  it('tells the players who moves away and who may strike, but only the names they know', () => {
    const enc = run(yard(), toHall(yard()));
    const players = playerLog(run(enc, answer('stay'))).map((e) => e.text);
    expect(players).toContain('Ann moves away from Enemies 1, Enemies 2, who may strike first.');
    expect(players).toContain('Ann stays.');
  });

  // "nearby enemies moving away": only a move out of the zone leaves them behind.
  it('waits only for a move out of the zone: onto a border of it, or back off one into it, keeps the enemies beside them', () => {
    const enc = yard();
    const edge = { type: 'move', combatantId: idOf(enc, 'Ann'), borderId: 'hall~yard' } as Command;
    const onto = step(enc, edge);
    expect(onto.events.map((e) => e.type)).toEqual(['moved']);
    expect(step(onto.encounter, { type: 'move', combatantId: idOf(enc, 'Ann'), zoneId: 'yard' }).events.map((e) => e.type)).toEqual(['moved']);
    expect(step(onto.encounter, toHall(enc)).events.map((e) => e.type)).toEqual(['zones/leaving-asked']);
  });

  it('never lists the enemy carried along, nor anyone but the ambushers during the ambush, nor strikes at a concealed mover', () => {
    let enc = yard();
    enc = run(enc, { type: 'zones/set-grabbed', combatantId: idOf(enc, 'Bandit 1'), grabbedBy: idOf(enc, 'Ann') });
    expect(step(enc, toHall(enc)).events[0]).toMatchObject({ type: 'zones/leaving-asked', strikers: [idOf(enc, 'Bandit 2')] });
    // Concealed: the enemies "realistically ignore concealed" characters.
    const hidden = run(yard(), { type: 'set-concealed', combatantId: idOf(yard(), 'Ann'), concealed: true });
    // Nobody strikes: the move is made at once. Made without sneaking, it asks whether it gives them
    // away ("moving without sneaking" may reveal a character; see reveal.test.ts).
    expect(step(hidden, toHall(hidden)).events.map((e) => e.type)).toEqual(['moved', 'zones/reveal-asked']);
    // The ambush: Ann takes her bonus turn hidden and is seen before she moves. The bandit beside
    // her is no ambusher, and only they act in the ambush, so he can't strike.
    let ambush = run(
      newZonesEncounter(2),
      { type: 'set-zones', zones: ZONES },
      addZ('Ann', { zoneId: 'yard', concealed: true }),
      addZ('Bandit', { factionId: ENEMIES, zoneId: 'yard' }),
      { type: 'start-combat', initiativeFactionId: HEROES },
    );
    ambush = run(ambush, { type: 'take-turn', combatantId: idOf(ambush, 'Ann') }, { type: 'set-concealed', combatantId: idOf(ambush, 'Ann'), concealed: false });
    expect(ambush.state.turn?.phase).toBe('ambush');
    expect(step(ambush, toHall(ambush)).events.map((e) => e.type)).toEqual(['moved']);
  });

  it('lets nobody but the strikers act while the move waits: the mover can\'t attack meanwhile', () => {
    const enc = run(yard(), toHall(yard()));
    const own = refuse(enc, { type: 'zones/declare-attack', attackerId: idOf(enc, 'Ann'), targetIds: [idOf(enc, 'Bandit 1')] });
    expect(own.code).toBe('move/leaving');
  });

  it('leaves an opportunity attack to the GM where the map can\'t tell: no zones, no waiting move, no ruling', () => {
    let enc = run(newZonesEncounter(2), addZ('Ann'), addZ('Bandit', { factionId: ENEMIES, gear: [{ name: 'Axe', kind: 'weapon', damage: 'd6' }] }), { type: 'start-combat', initiativeFactionId: HEROES });
    enc = run(enc, { type: 'take-turn', combatantId: idOf(enc, 'Ann') });
    const struck = step(enc, strike(enc, 'Bandit'));
    expect(eventsOfType(struck.events, 'zones/attack-declared')[0]).toMatchObject({ asReaction: true });
    expect(eventsOfType(struck.events, 'zones/attack-declared')[0]).not.toHaveProperty('ruling');
  });
});
