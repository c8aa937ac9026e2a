import { openPrompt, type Command, type Encounter } from '../../engine/index';
import { idNamed, playedFight, type PlayStep } from '../../engine/testing/journals';
import { drawnMap } from '../../engine/testing/grids';
import { BONFIRE_YARD } from '../../engine/testing/zone-maps';
import { stepWithDice } from '../../engine/test-support';

// Running fights with a map, one for each ruleset whose fights use one (issue 42: a fight with a
// map fits one screen): eight characters in two factions, everyone on the map, the fight started
// and the acting character's turn under way. But for Freeform (whose fights ask no questions: it
// declares no prompts), each has a second fight in which a question waits for the GM's answer.
// The dice a step rolls are typed in, so the fights don't turn on a seed.

/** The heroes' and the enemies' factions (every new encounter has these two). */
const HEROES = 'f1';
const ENEMIES = 'f2';

/** A field of 20 × 14 squares, a few of them solid, difficult or hazardous. */
const FIELD = [
  '....................',
  '....................',
  '...##...............',
  '...##.........~~~...',
  '..............~~~...',
  '....................',
  '....................',
  '.........#..........',
  '.........#..........',
  '....................',
  '......!!............',
  '....................',
  '....................',
  '....................',
];

/** Where everyone stands on the field: Ann (A) with Orc 1 on the square east of her, the rest spread out. */
const SQUARES: Readonly<Record<string, { x: number; y: number }>> = {
  Ann: { x: 5, y: 6 },
  Bo: { x: 5, y: 8 },
  Cai: { x: 4, y: 4 },
  Dru: { x: 2, y: 7 },
  'Orc 1': { x: 6, y: 6 },
  'Orc 2': { x: 12, y: 6 },
  'Orc 3': { x: 13, y: 9 },
  'Orc 4': { x: 15, y: 5 },
};
const HERO_NAMES = ['Ann', 'Bo', 'Cai', 'Dru'] as const;

/** The four heroes, then four orcs (Orc 1 … Orc 4), each added by `add`. */
const eight = (add: (name: string, factionId: string, quantity: number) => Command): Command[] => [...HERO_NAMES.map((name) => add(name, HEROES, 1)), add('Orc', ENEMIES, 4)];

/** Lays the field out (its squares `cellSize` `unit` a side) and places everyone on their square. */
function onTheField(cellSize = 5, unit: 'ft' | 'm' = 'ft'): PlayStep[] {
  return [
    { type: 'set-grid', mapId: 'field', name: 'Field', map: drawnMap(FIELD, { cellSize, unit }) },
    ...Object.entries(SQUARES).map(([name, at]): PlayStep => (e) => ({ type: 'place-on-grid', combatantId: idNamed(e, name), ...at })),
  ];
}

/** The fight played on by one more step, the dice it rolls typed in (none: it must roll none). */
function then(encounter: Encounter, play: PlayStep, dice: readonly number[] = []): Encounter {
  return stepWithDice(encounter, dice, typeof play === 'function' ? play(encounter) : play).encounter;
}

/** The fight, once the question of `kind` is open; throws if it isn't (the fixture would test nothing). */
function asking(encounter: Encounter, kind: string): Encounter {
  const open = openPrompt(encounter.state, encounter.ruleset);
  if (open?.kind !== kind) throw new Error(`The fixture's question (${kind}) did not open: ${open ? `${open.kind} is open` : 'none is open'}.`);
  return encounter;
}

const act = (who: string, actionId: string): PlayStep => (e) => ({ type: 'use-action', combatantId: idNamed(e, who), actionId });
const takeTurn = (who: string): PlayStep => (e) => ({ type: 'take-turn', combatantId: idNamed(e, who) });

// Zones & Factions on a drawn zone map (the yard with its bonfire, and the hall beside it): Ann's
// turn in the yard among the four orcs and their axes, her friends in the hall. The question: Ann
// moves to the hall, away from the orcs, who may strike first.

const AXE = { name: 'Axe', kind: 'weapon', damage: 'd6' };

function zonesFight(id: string): Encounter {
  return playedFight({ id, rulesetId: 'zones' }, [
    { type: 'set-map', mapId: 'bonfire-yard', name: 'Bonfire yard', map: BONFIRE_YARD },
    ...eight((name, factionId, quantity) => ({ type: 'add-combatant', name, factionId, quantity, zoneId: name === 'Ann' || factionId === ENEMIES ? 'yard' : 'hall', rules: { gear: [AXE] } })),
    { type: 'start-combat', initiativeFactionId: HEROES },
    takeTurn('Ann'),
  ]);
}

// Sides & Shock on the field: the party's side won the initiative (its d8 an 8 to the orcs' 1),
// Ann's turn, sword in hand, Orc 1 and its sword beside her. The question: Ann runs (a Move) out
// of Orc 1's reach, and its attack of opportunity waits.

const SWORD = { name: 'Sword', kind: 'weapon', damage: '1d8', attribute: 'either', skill: 'stab', use: 'melee', shock: 2, shockAc: 13 };

function sidesFight(id: string): Encounter {
  const placed = playedFight({ id, rulesetId: 'sides' }, [
    ...eight((name, factionId, quantity) => ({ type: 'add-combatant', name, factionId, quantity, stats: { ac: 10, attack: 0, str: 0, dex: 0, stab: 1, dexScore: 10 }, tracks: { hp: 10 }, rules: { gear: [SWORD] } })),
    ...onTheField(),
  ]);
  return then(then(placed, { type: 'start-combat' }, [8, 1]), takeTurn('Ann'));
}

// Three Actions on the field in 1 m squares: the orcs hold the initiative, Orc 1's turn beside Ann.
// The question: Orc 1's sword hits Ann (luck 10, then 3 and 4), and she (with stamina to spend)
// or a friend may defend.

const ORC_SWORD = { name: 'Sword', kind: 'weapon', test: 'd6+d6', damage: 0, critDamage: 0, critOn: 20, damageType: 'physical', delivery: 'melee' };

function threeActionsFight(id: string): Encounter {
  return playedFight({ id, rulesetId: 'three-actions' }, [
    ...eight((name, factionId, quantity) => ({
      type: 'add-combatant',
      name,
      factionId,
      quantity,
      stats: { constitution: 4 },
      tracks: { endurance: 12, health: 12, stamina: 3, focus: 3 },
      ...(factionId === ENEMIES ? { rules: { gear: [ORC_SWORD] } } : {}),
    })),
    ...onTheField(1, 'm'),
    { type: 'start-combat', initiativeFactionId: ENEMIES },
    takeTurn('Orc 1'),
  ]);
}

/** Orc 1 strikes Ann with its sword. */
const orcStrikesAnn: PlayStep = (e) => {
  const orc = e.state.combatants.find((c) => c.name === 'Orc 1');
  const sword = (orc?.rules as { gear?: { id: string }[] } | undefined)?.gear?.[0]?.id ?? '';
  return { type: 'three-actions/attack', attackerId: orc?.id ?? '', targetId: idNamed(e, 'Ann'), weaponId: sword };
};

// 2d6 & Vigilant on the field: initiative by 2d6 each (Ann 12, Orc 1 11, Bo 10, Orc 2 9, Cai 8,
// Orc 3 7, Dru 6, Orc 4 5, rolled in the order they were added), Ann's turn first. The question:
// Ann drops to 0 HP on her turn; when her place comes round in round 2, her first stabilisation
// test is due.

const TWO_DICE_KIT = {
  armour: 'none',
  weapons: [{ name: 'Sword', kind: 'weapon', category: 'light-melee', subclass: 'One-handed swords' }],
  proficiencies: [{ name: 'One-handed swords', kind: 'proficiency', category: 'light-melee', level: 'proficient' }],
};
/** The 2d6 each rolls for initiative, in the order they were added (Ann, Bo, Cai, Dru, Orc 1 … 4). */
const TWO_DICE_INITIATIVE = [6, 6, 5, 5, 4, 4, 3, 3, 5, 6, 4, 5, 3, 4, 2, 3];

function twoDiceFight(id: string): Encounter {
  const placed = playedFight({ id, rulesetId: 'two-dice' }, [
    ...eight((name, factionId, quantity) => ({ type: 'add-combatant', name, factionId, quantity, stats: { move: 30 }, tracks: { hp: 4 }, rules: TWO_DICE_KIT })),
    ...onTheField(),
  ]);
  return then(placed, { type: 'start-combat' }, TWO_DICE_INITIATIVE);
}

function twoDiceDropped(id: string): Encounter {
  let e = then(twoDiceFight(id), (x) => ({ type: 'damage', combatantId: idNamed(x, 'Ann'), amount: 4 }));
  // Round 1 goes round (Ann, down, is passed over when it comes back to her place in round 2, to
  // roll her test).
  for (let turn = 0; turn < 8; turn++) e = then(e, { type: 'next-turn' });
  return e;
}

// Freeform on the field: initiative by d20 (Ann's 20 the highest), Ann's turn. Freeform has no
// attack form and asks no questions (it declares no prompts): it has only this fight.

function freeformFight(id: string): Encounter {
  const placed = playedFight({ id, rulesetId: 'freeform' }, [...eight((name, factionId, quantity) => ({ type: 'add-combatant', name, factionId, quantity })), ...onTheField()]);
  return then(placed, { type: 'start-combat' }, [20, 15, 12, 9, 18, 14, 10, 5]);
}

/** A ruleset whose fights use a map, with its fights for the layout tests. */
export interface MapFight {
  rulesetId: 'zones' | 'sides' | 'three-actions' | 'two-dice' | 'freeform';
  /** The ruleset's name, as the app lists it. */
  ruleset: string;
  /** Whether its turn has an attack form that T opens. */
  attackForm: boolean;
  /** A running fight on the map, the acting character's turn under way. */
  turn: () => Encounter;
  /** The same kind of fight with a question waiting for the GM's answer, or null where the ruleset asks none. */
  question: (() => Encounter) | null;
}

export const MAP_FIGHTS: readonly MapFight[] = [
  {
    rulesetId: 'zones',
    ruleset: 'Zones & Factions',
    attackForm: true,
    turn: () => zonesFight('map-zones'),
    question: () => asking(then(zonesFight('map-zones-q'), (e) => ({ type: 'move', combatantId: idNamed(e, 'Ann'), zoneId: 'hall' })), 'zones/leaving'),
  },
  {
    rulesetId: 'sides',
    ruleset: 'Sides & Shock',
    attackForm: true,
    turn: () => sidesFight('map-sides'),
    question: () => asking(then(then(sidesFight('map-sides-q'), act('Ann', 'run')), (e) => ({ type: 'walk', combatantId: idNamed(e, 'Ann'), x: 3, y: 6 })), 'sides/opportunity'),
  },
  {
    rulesetId: 'three-actions',
    ruleset: 'Three Actions',
    attackForm: true,
    turn: () => threeActionsFight('map-three-actions'),
    question: () => asking(then(threeActionsFight('map-three-actions-q'), orcStrikesAnn, [10, 3, 4]), 'three-actions/defend'),
  },
  {
    rulesetId: 'two-dice',
    ruleset: '2d6 & Vigilant',
    attackForm: true,
    turn: () => twoDiceFight('map-two-dice'),
    question: () => asking(twoDiceDropped('map-two-dice-q'), 'two-dice/stabilise'),
  },
  { rulesetId: 'freeform', ruleset: 'Freeform', attackForm: false, turn: () => freeformFight('map-freeform'), question: null },
];
