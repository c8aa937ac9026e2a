import { describe, expect, it } from 'vitest';
import type { Encounter } from '../../encounter/encounter';
import { replay } from '../../encounter/encounter';
import { logEntries } from '../../log/entries';
import { ENEMIES, goOf, HEROES, idOf, refuse, run, step, stepWithDice } from '../../test-support';
import { projectPlayerView } from '../../views/player-view';
import { openingDue } from './opening';
import { personOf } from './person';
import { addTA, isEvent, newThreeActions, turnOf } from './testing';
import { BUILTIN_RULESETS } from '../builtin';

// The fight's opening: "Whenever a character performs an action that leads to the beginning of
// combat, that character is setting their team at the highest initiative (first). The next
// initiative goes to the team being attacked, with every other team going next in whatever order
// the game master decides is appropriate." and "When that player takes their first turn in combat,
// they will start with their action to attack the guard."

const SPEAR = { name: 'Spear', kind: 'weapon', test: 'd6+d6+1', damage: 4, critDamage: 8, critOn: 19, damageType: 'physical', delivery: 'melee' };

/** The players (Roland with a spear, Clementine), the guards (Enemies, listed second) and the wolves (third), these two without stamina. */
function threeTeams(): Encounter {
  let e = run(newThreeActions(), { type: 'add-faction', name: 'Wolves', colour: '#888888' });
  const wolves = e.state.factions.find((f) => f.name === 'Wolves')?.id as string;
  e = run(
    e,
    { type: 'add-combatant', name: 'Roland', factionId: HEROES, stats: {}, tracks: { endurance: 12, health: 12, stamina: 3, focus: 3 }, rules: { gear: [SPEAR] } } as never,
    addTA('Clementine'),
    // No stamina to dodge with (a reaction for 1 stamina): a hit on them lands with the attack.
    addTA('Guard', { factionId: ENEMIES, stamina: 0 }),
    addTA('Wolf', { factionId: wolves, stamina: 0 }),
  );
  return e;
}

const goName = (e: Encounter) => e.state.factions.find((f) => f.id === goOf(e))?.name;
const factionOf = (e: Encounter, name: string) => e.state.factions.find((f) => f.name === name)?.id as string;
const spearOf = (e: Encounter) => personOf(e.state.combatants.find((c) => c.name === 'Roland')!).gear[0]!.id;
const starter = (e: Encounter, extra: Record<string, unknown> = {}) => run(e, { type: 'three-actions/set-starter', combatantId: idOf(e, 'Roland'), action: 'attacks a wolf', ...extra } as never);

describe('Three Actions: the team attacked goes second', () => {
  it('puts the team of whom the starter attacked next, whatever the encounter\'s order of factions', () => {
    let e = starter(threeTeams(), { attackedId: idOf(threeTeams(), 'Wolf') });
    e = run(e, { type: 'start-combat' });
    expect(goName(e)).toBe('Heroes');
    e = turnOf(e, 'Roland');
    // The wolves come before the guards though the guards are listed first.
    expect(goName(e)).toBe('Wolves');
    e = turnOf(e, 'Wolf');
    expect(goName(e)).toBe('Enemies');
    // The players' screen shows the order of goes.
    const view = projectPlayerView(e.state, e.ruleset);
    expect(view.status === 'waiting' ? [] : view.sideOrder.map((key) => view.factions.find((f) => f.key === key)?.name)).toEqual(['Heroes', 'Wolves', 'Enemies']);
  });

  it('refuses a GM\'s order moving the attacked team from second place, unless ruled; the others may be reordered', () => {
    const e = starter(threeTeams(), { attackedId: idOf(threeTeams(), 'Wolf') });
    const [heroes, enemies, wolves] = [HEROES, ENEMIES, factionOf(e, 'Wolves')];
    const refused = refuse(e, { type: 'set-team-order', factionIds: [heroes, enemies, wolves] });
    expect(refused.code).toBe('three-actions/attacked-second');
    expect(refused.message).toBe('Roland started the fight by attacking Wolf: Wolves go straight after Heroes. Order the others as you like.');
    expect(refused.overridable).toBe(true);
    // The GM rules otherwise: the order stands, and the log says it was their ruling.
    const ruled = step(e, { type: 'set-team-order', factionIds: [heroes, enemies, wolves], gmRuling: true } as never);
    expect(ruled.encounter.state.sideOrder).toEqual([heroes, enemies, wolves]);
    expect(logEntries(ruled.encounter).map((x) => x.text)).toContain("The teams take their goes in this order: Heroes, Enemies, Wolves (the GM's ruling).");
    // With the wolves still after the players, any order of the rest is the GM's.
    expect(run(e, { type: 'set-team-order', factionIds: [enemies, heroes, wolves] }).state.sideOrder).toEqual([enemies, heroes, wolves]);
  });

  it('takes the team of the starter\'s opening attack as the next when the GM named nobody', () => {
    let e = run(starter(threeTeams()), { type: 'start-combat' }, { type: 'take-turn', combatantId: idOf(threeTeams(), 'Roland') });
    e = stepWithDice(e, [10, 3, 3], { type: 'three-actions/attack', attackerId: idOf(e, 'Roland'), targetId: idOf(e, 'Wolf'), weaponId: spearOf(e) } as never).encounter;
    expect(e.state.sideOrder).toEqual([HEROES, factionOf(e, 'Wolves'), ENEMIES]);
    e = run(e, { type: 'end-turn' });
    expect(goName(e)).toBe('Wolves');
    // A later attack names nobody new.
    e = turnOf(e, 'Wolf');
    e = run(e, { type: 'take-turn', combatantId: idOf(e, 'Guard') }, { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(e, 'Clementine') }, { type: 'end-turn' });
    expect(e.state.sideOrder).toEqual([HEROES, factionOf(e, 'Wolves'), ENEMIES]);
  });

  it('refuses whom they attacked on their own team', () => {
    const e = threeTeams();
    expect(refuse(e, { type: 'three-actions/set-starter', combatantId: idOf(e, 'Roland'), attackedId: idOf(e, 'Clementine') }).code).toBe('three-actions/starter');
  });
});

describe('Three Actions: the starter opens with the action that started the fight', () => {
  const opened = (extra: Record<string, unknown> = {}) => run(starter(threeTeams(), extra), { type: 'start-combat' }, { type: 'take-turn', combatantId: idOf(threeTeams(), 'Roland') });

  it('refuses anything else first, saying what they open with; the GM may rule it anyway', () => {
    const e = opened();
    const id = idOf(e, 'Roland');
    const move = refuse(e, { type: 'use-action', combatantId: id, actionId: 'move' });
    expect(move.code).toBe('three-actions/opens-with');
    expect(move.message).toBe('Roland started the fight: their first action is attack (attacks a wolf). Take that first (or rule it anyway).');
    expect(move.overridable).toBe(true);
    expect(refuse(e, { type: 'use-action', combatantId: id, actionId: 'drop-prone' }).code).toBe('three-actions/opens-with');
    expect(refuse(e, { type: 'three-actions/command', commanderId: id, allyId: idOf(e, 'Clementine'), actionId: 'move' }).code).toBe('three-actions/opens-with');
    expect(refuse(e, { type: 'three-actions/extend', combatantId: id, name: 'a long climb', cost: 5 }).code).toBe('three-actions/opens-with');
    // Ready, Brandish and Drop item are the starter's own commands: the same holds of them.
    expect(refuse(e, { type: 'three-actions/ready', combatantId: id, actionId: 'move', trigger: 'the wolf howls' }).code).toBe('three-actions/opens-with');
    expect(refuse(e, { type: 'three-actions/brandish', combatantId: id, held: [] }).code).toBe('three-actions/opens-with');
    expect(refuse(e, { type: 'three-actions/drop', combatantId: id, itemId: spearOf(e) }).code).toBe('three-actions/opens-with');
    expect(step(e, { type: 'three-actions/brandish', combatantId: id, held: [], gmRuling: true } as never).events[0]).toMatchObject({ type: 'action-used', actionId: 'brandish', ruling: true });
    // A command ruled anyway goes, its action marked as the GM's ruling.
    const commanded = step(e, { type: 'three-actions/command', commanderId: id, allyId: idOf(e, 'Clementine'), actionId: 'move', gmRuling: true } as never);
    expect(commanded.events[0]).toMatchObject({ type: 'action-used', actionId: 'command', ruling: true });
    // Ruled anyway: the move is taken, marked as the GM's ruling, and the turn is free after it.
    const ruled = step(e, { type: 'use-action', combatantId: id, actionId: 'move', gmRuling: true } as never);
    expect(ruled.events[0]).toMatchObject({ type: 'action-used', actionId: 'move', ruling: true });
    expect(openingDue(ruled.encounter.state, { id })).toBeNull();
    expect(run(ruled.encounter, { type: 'use-action', combatantId: id, actionId: 'seek-cover' }).state.turn?.budget.action).toBe(2);
  });

  it('lets the opening action through, and the turn is free after it', () => {
    let e = opened();
    const id = idOf(e, 'Roland');
    expect(openingDue(e.state, { id })?.actionId).toBe('attack');
    e = stepWithDice(e, [10, 3, 3], { type: 'three-actions/attack', attackerId: id, targetId: idOf(e, 'Wolf'), weaponId: spearOf(e) } as never).encounter;
    expect(openingDue(e.state, { id })).toBeNull();
    e = run(e, { type: 'use-action', combatantId: id, actionId: 'move' });
    expect(e.state.turn?.budget.action).toBe(2);
  });

  it('opens with another action of the table when the GM names it', () => {
    const e = opened({ actionId: 'move', action: 'charges the wolves' });
    const id = idOf(e, 'Roland');
    expect(refuse(e, { type: 'three-actions/attack', attackerId: id, targetId: idOf(e, 'Wolf'), weaponId: spearOf(e) }).code).toBe('three-actions/opens-with');
    expect(run(e, { type: 'use-action', combatantId: id, actionId: 'move' }).state.turn?.budget.action).toBe(1);
    expect(refuse(threeTeams(), { type: 'three-actions/set-starter', combatantId: idOf(threeTeams(), 'Roland'), actionId: 'dodge' }).code).toBe('three-actions/starter');
  });

  it('asks nothing of later turns, nor of the rest of the team', () => {
    let e = opened();
    e = run(e, { type: 'end-turn' });
    e = turnOf(e, 'Guard');
    e = turnOf(e, 'Wolf');
    e = run(e, { type: 'take-turn', combatantId: idOf(e, 'Clementine') });
    expect(run(e, { type: 'use-action', combatantId: idOf(e, 'Clementine'), actionId: 'move' }).state.turn?.budget.action).toBe(1);
  });

  it('keeps an older fight\'s starter, named with words only, as it was: shown, not enforced', () => {
    const e = opened();
    // The starter as an older log holds it: no action of the table, nobody attacked.
    const old = e.events.map((ev) => (isEvent(ev, 'three-actions/starter-set') ? { type: ev.type, combatantId: ev.combatantId, action: 'attacks a wolf' } : ev));
    const state = replay(old, BUILTIN_RULESETS);
    const id = idOf(e, 'Roland');
    expect(openingDue(state, { id })).toBeNull();
    expect(run({ ...e, state, events: old }, { type: 'use-action', combatantId: id, actionId: 'move' }).state.turn?.budget.action).toBe(1);
  });
});
