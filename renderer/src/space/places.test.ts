import { describe, expect, it } from 'vitest';
import { createEncounter, dispatch, type Encounter, BUILTIN_RULESETS } from '../../../engine/index';
import { placeText } from './places';

// A row says where its character stands in the space's own words, whatever kind the fight has.

function fight(): Encounter {
  const created = createEncounter({ id: 'e1', name: 'Mill race', rulesetId: 'freeform', seed: 3 }, BUILTIN_RULESETS);
  if (!created.ok) throw new Error(created.message);
  let enc = created.encounter;
  const run = (command: Parameters<typeof dispatch>[1]) => {
    const next = dispatch(enc, command);
    if (!next.ok) throw new Error(next.message);
    enc = next.encounter;
  };
  run({ type: 'set-zones', zones: [{ id: 'lane', name: 'Lane', neighbours: ['mill'] }, { id: 'mill', name: 'Mill', neighbours: ['lane'] }] });
  const faction = enc.state.factions[0]?.id ?? '';
  run({ type: 'add-combatant', name: 'Ada', factionId: faction, zoneId: 'lane' });
  run({ type: 'add-combatant', name: 'Bo', factionId: faction });
  return enc;
}

describe('placeText', () => {
  it('names the zone, the zone and the edge for someone on a border, and nothing for someone nowhere', () => {
    const enc = fight();
    const [ada, bo] = enc.state.combatants;
    if (!ada || !bo) throw new Error('two combatants');
    expect(placeText(enc.state, ada)).toBe('Lane');
    expect(placeText(enc.state, bo)).toBeNull();
    const border = enc.state.borders[0]?.id ?? '';
    const onEdge = dispatch(enc, { type: 'set-zone', combatantId: ada.id, zoneId: 'lane', borderId: border });
    if (!onEdge.ok) throw new Error(onEdge.message);
    expect(placeText(onEdge.encounter.state, onEdge.encounter.state.combatants[0] as typeof ada)).toBe('Lane, on the edge of Mill');
  });
});
