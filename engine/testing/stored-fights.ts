/**
 * One played fight per built-in ruleset, as a GM's file would hold it (test support, not exported
 * from `index.ts`): characters on both sides with the ruleset's tracks, combat started, turns of
 * the ruleset's own commands with entered dice (attacks, damage, a condition, moves on the map
 * where the ruleset has one), and the last two steps undone, so they wait in `redoable`. The
 * corrupted-log fuzz test forges these.
 */
import type { Command } from '../core/commands';
import { createEncounter, dispatch, undo, type Encounter } from '../encounter/encounter';
import type { RandomSource } from '../dice/random';
import { openPrompt } from '../encounter/prompts';
import { ENEMIES, HEROES, idOf, run } from '../test-support';
import { drawnMap } from './grids';
import { goldenZonesFight } from './log-fixtures';
import { personOf as threeActionsPerson } from '../rulesets/three-actions/person';
import { personOf as ranksPerson } from '../rulesets/ranks/person';
import { addS, newSides, startWith, SWORD as SIDES_SWORD, weaponId as sidesWeapon } from '../rulesets/sides/testing';
import { addT, GREATSWORD, newTwoDice, SWORD as TWO_DICE_SWORD, SWORDS } from '../rulesets/two-dice/testing';
import { newThreeActions } from '../rulesets/three-actions/testing';
import { ANN_SHEET, newRanks, ORC_SHEET } from '../rulesets/ranks/testing';
import { BUILTIN_RULESETS } from '../all-rulesets';

const YARD = drawnMap(['..........', '..........', '..........', '..........']);

/**
 * One command with the dice the GM enters, in order (each kept within its die, the last repeated
 * when the command rolls more): the fight is the same to the die every time it is built.
 */
function rolled(e: Encounter, dice: number[], command: Command): Encounter {
  let next = 0;
  const source: RandomSource = {
    int: (min, max) => Math.min(max, Math.max(min, dice[Math.min(next++, dice.length - 1)] ?? min)),
    state: () => e.state.rng,
  };
  const result = dispatch(e, command, () => source);
  if (!result.ok) throw new Error(`${command.type} was refused: ${result.code} ${result.message}`);
  return result.encounter;
}

/** The fight with its last `n` steps undone. */
function undone(e: Encounter, n = 2): Encounter {
  let out = e;
  for (let i = 0; i < n; i++) out = undo(out);
  return out;
}

/** Ann and Bo against a goblin and an orc on a grid, with hit points: damage, a condition, a roll, moves. */
function freeformFight(): Encounter {
  const created = createEncounter({ id: 'ff', name: 'Cellar', rulesetId: 'freeform', seed: 11 }, BUILTIN_RULESETS);
  if (!created.ok) throw new Error(created.message);
  let e = run(
    created.encounter,
    { type: 'add-combatant', name: 'Ann', factionId: HEROES, stats: { initMod: 3 }, tracks: { hp: 20 } },
    { type: 'add-combatant', name: 'Bo', factionId: HEROES, stats: { initMod: 1 }, tracks: { hp: 12 } },
    { type: 'add-combatant', name: 'Goblin', factionId: ENEMIES, tracks: { hp: 7 } },
    { type: 'add-combatant', name: 'Orc', factionId: ENEMIES, tracks: { hp: 15 } },
    { type: 'set-grid', mapId: 'yard', name: 'Yard', map: YARD },
  );
  const id = (name: string) => idOf(e, name);
  e = run(e, { type: 'place-on-grid', combatantId: id('Ann'), x: 0, y: 0 }, { type: 'place-on-grid', combatantId: id('Goblin'), x: 3, y: 0 }, { type: 'place-on-grid', combatantId: id('Orc'), x: 5, y: 2 });
  e = rolled(e, [15, 9, 4, 12], { type: 'start-combat' });
  e = run(
    e,
    { type: 'damage', combatantId: id('Goblin'), amount: 4 },
    { type: 'add-condition', combatantId: id('Orc'), name: 'Stunned', duration: { rounds: 1, endsOn: 'turn-start', anchorId: id('Orc') } },
    { type: 'next-turn' },
    { type: 'heal', combatantId: id('Goblin'), amount: 1 },
    { type: 'next-turn' },
  );
  e = rolled(e, [3, 5], { type: 'roll', notation: '2d6', label: 'Orc bites' });
  e = run(e, { type: 'damage', combatantId: id('Ann'), amount: 8 }, { type: 'next-turn' }, { type: 'damage', combatantId: id('Orc'), amount: 6 });
  return undone(e);
}

/** Ann (sword) and Bo against an orc on a grid: attacks with entered dice, a test, a walk. */
function twoDiceFight(): Encounter {
  let e = run(
    newTwoDice(5),
    addT('Ann', { kit: { armour: 'none', weapons: [TWO_DICE_SWORD, GREATSWORD], proficiencies: [SWORDS] } }),
    addT('Bo', { hp: 3 }),
    addT('Orc', { factionId: ENEMIES, hp: 6, traits: ['armorTraining', 'strong'], kit: { armour: 'none', weapons: [GREATSWORD] } }),
    { type: 'set-grid', mapId: 'yard', name: 'Yard', map: YARD },
  );
  const id = (name: string) => idOf(e, name);
  e = run(e, { type: 'place-on-grid', combatantId: id('Ann'), x: 0, y: 0 }, { type: 'place-on-grid', combatantId: id('Bo'), x: 0, y: 2 }, { type: 'place-on-grid', combatantId: id('Orc'), x: 1, y: 1 });
  // Ann 12, Bo 7, Orc 2.
  e = rolled(e, [6, 6, 3, 4, 1, 1], { type: 'start-combat' });
  const weapon = (who: string, name: string) => (e.state.combatants.find((c) => c.name === who)?.rules as { weapons: { id: string; name: string }[] }).weapons.find((w) => w.name === name)?.id ?? null;
  e = rolled(e, [4, 4, 1, 1], { type: 'two-dice/attack', attackerId: id('Ann'), targetId: id('Orc'), weaponId: weapon('Ann', 'Sword') } as Command);
  e = run(e, { type: 'add-condition', combatantId: id('Orc'), name: 'Bleeding', duration: { rounds: 2, endsOn: 'round-end' } }, { type: 'next-turn' });
  e = rolled(e, [5, 4], { type: 'two-dice/test', combatantId: id('Bo'), test: 'sneak' } as Command);
  e = run(e, { type: 'next-turn' });
  e = rolled(e, [6, 5, 2, 3], { type: 'two-dice/attack', attackerId: id('Orc'), targetId: id('Bo'), weaponId: weapon('Orc', 'Greatsword') } as Command);
  e = run(e, { type: 'next-turn' });
  e = rolled(e, [3, 3], { type: 'two-dice/attack', attackerId: id('Ann'), targetId: id('Orc'), weaponId: weapon('Ann', 'Sword') } as Command);
  e = run(e, { type: 'damage', combatantId: id('Orc'), amount: 1 });
  return undone(e);
}

const SPEAR = { name: 'Spear', kind: 'weapon', test: 'd6+d6+1', damage: 4, critDamage: 8, critOn: 19, damageType: 'physical', delivery: 'melee' };

/** A hero with a spear and Bo against an enemy: attacks with entered dice (blows that land), turns, a condition. */
function threeActionsFight(): Encounter {
  let e = run(
    newThreeActions(5),
    { type: 'add-combatant', name: 'Hero', factionId: HEROES, stats: { size: 4 }, tracks: { endurance: 12, health: 12, stamina: 0, focus: 3 }, rules: { gear: [SPEAR] } },
    { type: 'add-combatant', name: 'Bo', factionId: HEROES, stats: { evasion: 4 }, tracks: { endurance: 12, health: 12, stamina: 0, focus: 2 } },
    { type: 'add-combatant', name: 'Enemy', factionId: ENEMIES, stats: { evasion: 6, deflection: 8, size: 4 }, tracks: { endurance: 12, health: 12, stamina: 0, focus: 1 }, rules: { gear: [SPEAR] } },
    { type: 'set-grid', mapId: 'yard', name: 'Yard', map: YARD },
  );
  const id = (name: string) => idOf(e, name);
  const spear = (who: string) => threeActionsPerson(e.state.combatants.find((c) => c.name === who)!).gear[0]!.id;
  e = run(e, { type: 'place-on-grid', combatantId: id('Hero'), x: 0, y: 0 }, { type: 'place-on-grid', combatantId: id('Bo'), x: 0, y: 1 }, { type: 'place-on-grid', combatantId: id('Enemy'), x: 1, y: 0 });
  e = run(e, { type: 'start-combat', initiativeFactionId: HEROES }, { type: 'take-turn', combatantId: id('Hero') });
  e = rolled(e, [5, 2, 3], { type: 'three-actions/attack', attackerId: id('Hero'), targetId: id('Enemy'), weaponId: spear('Hero') } as Command);
  e = rolled(e, [19, 2, 3], { type: 'three-actions/attack', attackerId: id('Hero'), targetId: id('Enemy'), weaponId: spear('Hero') } as Command);
  e = run(e, { type: 'add-condition', combatantId: id('Enemy'), name: 'Shaken', duration: { rounds: 1, endsOn: 'round-end' } }, { type: 'end-turn' });
  e = run(e, { type: 'take-turn', combatantId: id('Enemy') }, { type: 'damage', combatantId: id('Enemy'), amount: 2 });
  e = rolled(e, [10, 4, 4], { type: 'three-actions/attack', attackerId: id('Enemy'), targetId: id('Hero'), weaponId: spear('Enemy') } as Command);
  return undone(e);
}

/** Ann and Bo against an orc, no map (Skill Ranks keeps distances in feet): attacks that wound, a defence, turns. */
function ranksFight(): Encounter {
  let e = run(
    newRanks({}, 5),
    { type: 'add-combatant', name: 'Ann', factionId: HEROES, stats: { awareness: 12 }, rules: { sheet: ANN_SHEET } },
    { type: 'add-combatant', name: 'Bo', factionId: HEROES, stats: { awareness: 11 } },
    { type: 'add-combatant', name: 'Orc', factionId: ENEMIES, stats: { awareness: 8, strength: 10, armour: 2 }, rules: { sheet: ORC_SHEET } },
    { type: 'start-combat' },
  );
  const id = (name: string) => idOf(e, name);
  const weapon = (who: string) => ranksPerson(e.state.combatants.find((c) => c.name === who)!).sheet.find((x) => x.kind === 'weapon')?.id ?? null;
  e = rolled(e, [6, 6, 5, 4, 4, 4, 4, 4], { type: 'ranks/attack', attackerId: id('Ann'), targetId: id('Orc'), weaponId: weapon('Ann') } as Command);
  e = run(e, { type: 'next-turn' }, { type: 'use-action', combatantId: id('Bo'), actionId: 'defend' }, { type: 'next-turn' });
  e = rolled(e, [5, 6, 3, 3, 3, 3, 3], { type: 'ranks/attack', attackerId: id('Orc'), targetId: id('Ann'), weaponId: weapon('Orc') } as Command);
  e = run(e, { type: 'next-turn' });
  e = rolled(e, [6, 6, 2, 1, 1, 1, 1], { type: 'ranks/attack', attackerId: id('Ann'), targetId: id('Orc'), weaponId: weapon('Ann') } as Command);
  e = run(e, { type: 'add-condition', combatantId: id('Orc'), name: 'Winded', duration: { rounds: 1, endsOn: 'round-end' } });
  return undone(e);
}

/** Ann (sword) and Bo against an orc on a grid: attacks with entered dice, blows landed, a walk. */
function sidesFight(): Encounter {
  let e = run(
    newSides(5),
    addS('Ann', { str: 1, gear: [SIDES_SWORD], hp: 12 }),
    addS('Bo', { hp: 8 }),
    addS('Orc', { factionId: ENEMIES, hp: 20, gear: [SIDES_SWORD] }),
    { type: 'set-grid', mapId: 'yard', name: 'Yard', map: YARD },
  );
  const id = (name: string) => idOf(e, name);
  e = run(e, { type: 'place-on-grid', combatantId: id('Ann'), x: 0, y: 0 }, { type: 'place-on-grid', combatantId: id('Bo'), x: 0, y: 2 }, { type: 'place-on-grid', combatantId: id('Orc'), x: 1, y: 0 });
  e = startWith(e, [8, 1]);
  const land = (dice: number[] = []) => {
    e = rolled(e, dice, { type: 'answer-prompt', promptId: openPrompt(e.state, e.ruleset)?.id ?? '', answer: { respond: 'land' } } as Command);
  };
  const swing = (from: string, at: string, d20: number, damage: number[]) =>
    ({ type: 'sides/attack', attackerId: id(from), targetId: id(at), weaponId: sidesWeapon(e, from, 'Sword'), dice: { attack: d20, damage } }) as unknown as Command;
  e = run(e, { type: 'take-turn', combatantId: id('Ann') }, swing('Ann', 'Orc', 15, [5]));
  land();
  e = run(e, { type: 'add-condition', combatantId: id('Orc'), name: 'Dazed', duration: { rounds: 1, endsOn: 'round-end' } }, { type: 'end-turn' });
  e = run(e, { type: 'take-turn', combatantId: id('Bo') }, { type: 'use-action', combatantId: id('Bo'), actionId: 'run' }, { type: 'walk', combatantId: id('Bo'), x: 1, y: 1 } as Command, { type: 'end-turn' });
  e = run(e, { type: 'take-turn', combatantId: id('Orc') }, swing('Orc', 'Ann', 16, [6]));
  land();
  e = run(e, { type: 'end-turn' });
  e = run(e, { type: 'take-turn', combatantId: id('Ann') }, swing('Ann', 'Orc', 14, [3]));
  land();
  return undone(e);
}

/** The Zones & Factions golden fight (moves, attacks, a blast, morale, gear wear) with its last two steps undone. */
function zonesFight(): Encounter {
  return undone(goldenZonesFight());
}

/** A played fight of each built-in ruleset, by its id. */
export const STORED_FIGHTS: Readonly<Record<string, () => Encounter>> = {
  zones: zonesFight,
  freeform: freeformFight,
  'two-dice': twoDiceFight,
  'three-actions': threeActionsFight,
  ranks: ranksFight,
  sides: sidesFight,
};
