import { describe, expect, it } from 'vitest';
import { createEncounter, dispatch, type Command, type Encounter, BUILTIN_RULESETS } from '../../../engine/index';
import { diceLog } from './dice-log';

function run(encounter: Encounter, ...commands: Command[]): Encounter {
  return commands.reduce((enc, command) => {
    const result = dispatch(enc, command);
    if (!result.ok) throw new Error(result.message);
    return result.encounter;
  }, encounter);
}

describe('diceLog', () => {
  it('lists rolls newest first, initiative in turn order, with every die', () => {
    const created = createEncounter({ id: 'e', name: 'Log', rulesetId: 'freeform', seed: 3 }, BUILTIN_RULESETS);
    if (!created.ok) throw new Error(created.message);
    const enc = run(
      created.encounter,
      { type: 'add-combatant', name: 'Goblin', quantity: 3, factionId: 'f2' },
      { type: 'start-combat' },
      { type: 'roll', notation: '4d6kh3', label: 'Stats' },
      { type: 'roll', notation: '2d6', manualDice: [3, 4] },
    );
    const log = diceLog(enc.events, enc.state);
    expect(log[0]?.roll).toMatchObject({ notation: '2d6', total: 7, manual: true });
    expect(log[1]?.label).toBe('Stats');
    expect(log[1]?.roll.terms[0]?.dice).toHaveLength(4);
    const initiative = log.filter((e) => e.label.endsWith('initiative')).map((e) => e.label.split(':')[0]);
    const order = enc.state.order.map((id) => enc.state.combatants.find((c) => c.id === id)?.name);
    expect(initiative).toEqual(order);
  });

  it("lists the dice rolled for a condition's number of rounds", () => {
    const created = createEncounter({ id: 'e', name: 'Log', rulesetId: 'freeform', seed: 3 }, BUILTIN_RULESETS);
    if (!created.ok) throw new Error(created.message);
    let enc = run(created.encounter, { type: 'add-combatant', name: 'Ann', factionId: 'f1' });
    const ann = enc.state.combatants[0]?.id ?? '';
    enc = run(enc, { type: 'add-condition', combatantId: ann, name: 'Blessed', duration: { rounds: '1d4', endsOn: 'round-end' } });
    const rounds = enc.state.combatants[0]?.conditions[0]?.timer?.remaining;
    expect(diceLog(enc.events, enc.state)[0]).toMatchObject({ label: 'Ann: rounds of Blessed', roll: { notation: 'd4', total: rounds } });
  });
});
