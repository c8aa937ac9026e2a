import { describe, expect, it } from 'vitest';
import { createEncounter, dispatch, type Command, type Encounter, BUILTIN_RULESETS } from '../../../engine/index';
import { diceLog } from '../dice/dice-log';
import { zonesRuleRolls } from '../rulesets/zones/rule-rolls';
import { gearOf } from '../../../engine/rulesets/zones/index';

// The narration moved to the engine with its tests (engine/log/narrate.test.ts); the dice log
// beside it on the GM screen is a renderer module, tested here on the same fight.

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

describe('diceLog with rule rolls', () => {
  it('lists the damage die of an attack with who hit whom', () => {
    const enc = fight();
    const entry = diceLog(enc.events, enc.state, zonesRuleRolls)[0];
    expect(entry?.label).toBe('Ann → Goblin: damage');
    expect(entry?.roll.notation).toBe('d8');
  });
});
