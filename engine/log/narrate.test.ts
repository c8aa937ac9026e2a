import { describe, expect, it } from 'vitest';
import { createEncounter, dispatch, undo, type Command, type Encounter, BUILTIN_RULESETS } from '../index';
import { isZonesEvent } from '../rulesets/zones/index';
import { fightLog } from './narrate';
import { gearOf } from '../rulesets/zones/index';

function run(encounter: Encounter, ...commands: Command[]): Encounter {
  return commands.reduce((enc, command) => {
    const result = dispatch(enc, command);
    if (!result.ok) throw new Error(`${command.type}: ${result.message}`);
    return result.encounter;
  }, encounter);
}

// A short Zones & Factions fight: the heroes hold the initiative, Ann hits a goblin with an axe.
function fight(): Encounter {
  const created = createEncounter({ id: 'e', name: 'Ford', rulesetId: 'zones', seed: 11 }, BUILTIN_RULESETS);
  if (!created.ok) throw new Error(created.message);
  let enc = run(
    created.encounter,
    { type: 'add-combatant', name: 'Ann', factionId: 'f1', rules: { gear: [{ name: 'Axe', kind: 'weapon', damage: 'd8' }] } },
    { type: 'add-combatant', name: 'Goblin', factionId: 'f2', tracks: { health: 30 }, rules: { gear: [{ name: 'Mail', kind: 'armour', protection: 1 }] } },
    { type: 'start-combat', initiativeFactionId: 'f1' },
  );
  const ann = enc.state.combatants[0];
  const goblin = enc.state.combatants[1];
  if (!ann || !goblin) throw new Error('combatants missing');
  enc = run(
    enc,
    { type: 'take-turn', combatantId: ann.id },
    { type: 'zones/declare-attack', attackerId: ann.id, weaponId: gearOf(ann)[0]?.id, targetIds: [goblin.id], situation: { targetsAware: false } },
  );
  return enc;
}

describe('fightLog', () => {
  it('tells the fight newest first, with damage after armour and the health left', () => {
    const enc = fight();
    const lines = fightLog(enc.events, enc.state, enc.ruleset).map((l) => l.text);
    const blow = enc.events.flatMap((e) => (isZonesEvent(e, 'zones/attack-resolved') ? e.blows : []))[0];
    if (!blow) throw new Error('no blow');
    const left = enc.state.combatants[1]?.tracks.health?.value;
    expect(lines[0]).toBe(`Ann hits Goblin for ${blow.damage} (${blow.raw} − 1 armour) (${left} health left).`);
    expect(lines.slice(1)).toEqual(["Ann attacks Goblin. Goblin can't react: they are taken by surprise.", 'Ann takes their turn.', 'Round 1.', 'Heroes hold the initiative.']);
  });

  it('loses the lines of an undone step, since it is built from the events', () => {
    const undone = undo(fight());
    expect(fightLog(undone.events, undone.state, undone.ruleset)[0]?.text).toBe('Ann takes their turn.');
  });
});

describe('fightLog of limited-use abilities', () => {
  it('tells each use and each GM change with the uses left at the time', () => {
    const created = createEncounter({ id: 'e', name: 'Ford', rulesetId: 'freeform', seed: 3 }, BUILTIN_RULESETS);
    if (!created.ok) throw new Error(created.message);
    let enc = run(created.encounter, {
      type: 'add-combatant',
      name: 'Ann',
      factionId: 'f1',
      resources: [
        { name: 'Rage', max: 1, reset: 'rest' },
        { name: 'Spell slot', max: 3, reset: 'encounter' },
      ],
    });
    const ann = enc.state.combatants[0];
    const [rage, slot] = ann?.resources ?? [];
    if (!ann || !rage || !slot) throw new Error('resources missing');
    enc = run(
      enc,
      { type: 'use-resource', combatantId: ann.id, resourceId: rage.id },
      { type: 'use-resource', combatantId: ann.id, resourceId: slot.id, amount: 2 },
      { type: 'set-resource-used', combatantId: ann.id, resourceId: rage.id, used: 0 },
    );
    expect(fightLog(enc.events, enc.state, enc.ruleset).map((l) => l.text)).toEqual([
      "Ann's Rage is set to 1 of 1 left.",
      'Ann uses Spell slot ×2 (1 of 3 left).',
      'Ann uses Rage (0 of 1 left).',
    ]);
  });
});

describe('fightLog of maps and borders', () => {
  const square = (x: number): [number, number][] => [[x, 0], [x + 100, 0], [x + 100, 100], [x, 100]];
  const zone = (id: string, name: string, x: number) => ({ id, name, colour: '#557799', points: square(x), hazard: null, difficult: false, concealment: false, cover: false, hidden: false });
  const castle = { width: 300, height: 100, background: null, zones: [zone('gate', 'Gate', 0), zone('yard', 'Yard', 100)], links: [], barriers: [], grid: 0 };

  it('tells the map laid out, steps onto and off borders, and who lost their place', () => {
    const created = createEncounter({ id: 'e', name: 'Keep', rulesetId: 'zones', seed: 4 }, BUILTIN_RULESETS);
    if (!created.ok) throw new Error(created.message);
    let enc = run(
      created.encounter,
      { type: 'set-map', mapId: 'castle', name: 'Castle', map: castle },
      { type: 'add-combatant', name: 'Ann', factionId: 'f1', zoneId: 'gate' },
      { type: 'add-combatant', name: 'Goblin', factionId: 'f2', zoneId: 'yard' },
      { type: 'start-combat', initiativeFactionId: 'f1' },
    );
    const ann = enc.state.combatants[0]?.id ?? '';
    enc = run(
      enc,
      { type: 'take-turn', combatantId: ann },
      { type: 'move', combatantId: ann, borderId: 'gate~yard' },
      { type: 'move', combatantId: ann, zoneId: 'yard' },
      { type: 'set-map', mapId: 'castle', name: 'Castle', map: { ...castle, zones: castle.zones.slice(0, 1) } },
      { type: 'set-zone', combatantId: ann, zoneId: 'gate' },
      { type: 'clear-map' },
    );
    expect(fightLog(enc.events, enc.state, enc.ruleset).map((l) => l.text).slice(0, 5)).toEqual([
      'The map is taken away; Ann no longer stands in any zone.',
      'The map "Castle" is laid out: 1 zone. Ann, Goblin no longer stand in any zone.',
      'Ann steps off the border between Gate and Yard into Yard.',
      'Ann steps onto the border between Gate and Yard.',
      'Ann takes their turn.',
    ]);
  });
});

describe('fightLog of what the players see', () => {
  it('tells each change to the player view', () => {
    const created = createEncounter({ id: 'e', name: 'Ford', rulesetId: 'freeform', seed: 2 }, BUILTIN_RULESETS);
    if (!created.ok) throw new Error(created.message);
    let enc = run(created.encounter, { type: 'add-combatant', name: 'Goblin', factionId: 'f2' });
    const goblin = enc.state.combatants[0]?.id ?? '';
    enc = run(
      enc,
      { type: 'set-player-factions', factionIds: ['f1', 'f2'] },
      { type: 'set-player-factions', factionIds: [] },
      { type: 'set-player-factions', factionIds: ['f1'] },
      { type: 'set-enemy-health', mode: 'none' },
      { type: 'set-enemy-health', mode: 'descriptors' },
      { type: 'set-player-name', combatantId: goblin, name: 'Hooded stranger' },
      { type: 'set-player-name', combatantId: goblin, name: null },
      { type: 'reveal-name', combatantId: goblin, revealed: true },
      { type: 'reveal-name', combatantId: goblin, revealed: false },
      { type: 'hide-until-turn', combatantId: goblin, hidden: true },
      { type: 'hide-until-turn', combatantId: goblin, hidden: false },
    );
    expect(fightLog(enc.events, enc.state, enc.ruleset).map((l) => l.text).reverse()).toEqual([
      'The players see Heroes, Enemies in full.',
      'The players see no faction in full.',
      'The players see Heroes in full.',
      'The players no longer see how hurt anyone else is.',
      'The players see how hurt everyone else looks.',
      'The players see Goblin as "Hooded stranger".',
      'The players see Goblin under the default name again.',
      "The players now see Goblin's real name.",
      "The players no longer see Goblin's real name.",
      "Goblin stays off the players' view until their first turn.",
      'Goblin is shown to the players.',
    ]);
  });
});

describe('fightLog of what the GM does by hand', () => {
  it('tells damage, healing (as much as it did), health set and conditions, none left untold', () => {
    const created = createEncounter({ id: 'e', name: 'Cellar', rulesetId: 'freeform', seed: 5 }, BUILTIN_RULESETS);
    if (!created.ok) throw new Error(created.message);
    let enc = run(created.encounter, { type: 'add-combatant', name: 'Corin', factionId: 'f1', tracks: { hp: 10 } });
    const corin = enc.state.combatants[0]?.id ?? '';
    enc = run(
      enc,
      { type: 'damage', combatantId: corin, amount: 1 },
      // One short of his maximum: 3 points of healing heal 1.
      { type: 'heal', combatantId: corin, amount: 3 },
      { type: 'set-track', combatantId: corin, track: 'hp', value: 7 },
      { type: 'add-condition', combatantId: corin, name: 'Stunned', duration: { rounds: 1, endsOn: 'turn-end', anchorId: corin } },
    );
    const stunned = enc.state.combatants[0]?.conditions[0]?.id ?? '';
    enc = run(enc, { type: 'remove-condition', combatantId: corin, conditionId: stunned });
    expect(fightLog(enc.events, enc.state, enc.ruleset).map((l) => l.text)).toEqual([
      'Corin is no longer Stunned.',
      'Corin is now Stunned (1 round).',
      "The GM sets Corin's hit points to 7 of 10.",
      'Corin heals 1 (10 hit points left).',
      'Corin takes 1 damage (9 hit points left).',
    ]);
  });
});

describe('fightLog: actions told at their own moment', () => {
  it('says "out of turn" only of an action taken out of turn, after the turn has passed on', async () => {
    const { newThreeActions, addTA } = await import('../rulesets/three-actions/testing');
    const { ENEMIES, HEROES, idOf } = await import('../test-support');
    let enc = run(newThreeActions(), addTA('Clementine'), addTA('Goblin', { factionId: ENEMIES }), { type: 'start-combat', initiativeFactionId: HEROES });
    const id = (name: string) => idOf(enc, name);
    enc = run(enc, { type: 'take-turn', combatantId: id('Clementine') }, { type: 'use-action', combatantId: id('Clementine'), actionId: 'guard' }, { type: 'end-turn' });
    enc = run(enc, { type: 'take-turn', combatantId: id('Goblin') }, { type: 'use-action', combatantId: id('Clementine'), actionId: 'dodge' });
    const lines = fightLog(enc.events, enc.state, enc.ruleset).map((l) => l.text);
    expect(lines).toContain('Clementine: guard.');
    expect(lines).toContain('Clementine, out of turn: dodge (1 stamina).');
  });
});
